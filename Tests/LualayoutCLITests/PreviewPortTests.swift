import TestExpectations
import Testing
@testable import LivePreview

@Suite("Preview port", .serialized)
struct PreviewPortTests {
    /// A second server on a port in use fails at once with the system's reason; `watch
    /// --serve` says so and exits 2.
    @Test func aPortInUseFailsAtOnce() throws {
        let server = try HTTPServer(port: 0) { _ in .response(.text(200, "ok")) }
        defer { server.stop() }
        #expect(throws: SocketError.system("Address already in use")) {
            try HTTPServer(port: server.port) { _ in .response(.text(200, "ok")) }
        }
        let script = try temporaryFile("layout.lua", "return flow{ itemSize = {100, 100} }\n")
        let result = lualayout("watch", script, "--serve", "--port", "\(server.port)", "--items", "3")
        expectEqual(result.status, 2)
        expect(
            result.err.contains(
                "preview: cannot listen on 127.0.0.1:\(server.port) (Address already in use) — choose another --port"))
    }
}
