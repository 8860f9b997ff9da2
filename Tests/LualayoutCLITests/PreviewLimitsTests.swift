import Foundation
import TestExpectations
import Testing
import TestSupport

/// The preview server under hostile clients (issue #10 item 8), over loopback against a real
/// `watch --serve` with its default limits: heads up to 32768 bytes, bodies up to 65536 bytes,
/// 10 s for a request to arrive. Time bounds here only detect a hang.
@Suite("Live preview limits", .serialized)
struct PreviewLimitsTests {
    private func startPreview() throws -> PreviewTests.Preview {
        let script = try temporaryFile("layout.lua", "return flow{ itemSize = {100, 100} }\n")
        let preview = try PreviewTests.Preview(script: script, arguments: ["--items", "6", "--bounds", "320x480"])
        try require(preview.port > 0, "no preview URL in: \(preview.errors.text)")
        return preview
    }

    /// GET /state on a fresh connection, as another client would.
    private func state(_ port: Int) -> RawConnection.Response? {
        guard let client = RawConnection(port: port) else { return nil }
        client.send("GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        return client.response(timeout: 5)
    }

    private func request(withHeaderOf size: Int) -> [UInt8] {
        Array("GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ".utf8) + [UInt8](repeating: 97, count: size)
            + Array("\r\n\r\n".utf8)
    }

    /// A 100 KB and a 10 MB header are refused with 431 as soon as the limit is passed (before
    /// the 10 MB are even sent), and another client's /state is answered meanwhile.
    @Test func oversizedHeadersAre431AndOthersAreServed() throws {
        let preview = try startPreview()
        let huge = try require(RawConnection(port: preview.port))
        huge.sendInBackground(request(withHeaderOf: 10 * 1024 * 1024))
        let large = try require(RawConnection(port: preview.port))
        large.sendInBackground(request(withHeaderOf: 100 * 1024))

        let other = state(preview.port)
        expectEqual(other?.status, 200)
        expectEqual(other?.body.hasPrefix("{\"version\": 1, \"error\": null"), true)
        for client in [large, huge] {
            let answer = client.response(timeout: 20)
            expectEqual(answer?.status, 431)
            expectEqual(answer?.body, "request header fields too large (limit 32768 bytes)\n")
            expect(client.closes(within: 20))
        }
        expectEqual(state(preview.port)?.status, 200)
    }

    /// A body over 65536 bytes is refused with 413 from its Content-Length, and the server
    /// goes on serving.
    @Test func oversizedBodyIs413() throws {
        let preview = try startPreview()
        let client = try require(RawConnection(port: preview.port))
        let body = 10 * 1024 * 1024
        client.sendInBackground(
            Array("GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(body)\r\n\r\n".utf8)
                + [UInt8](repeating: 98, count: body))
        let answer = client.response(timeout: 20)
        expectEqual(answer?.status, 413)
        expectEqual(answer?.body, "request body too large (limit 65536 bytes)\n")
        expect(client.closes(within: 20))
        expectEqual(state(preview.port)?.status, 200)
    }

    /// A slowloris client (a partial request, one more byte every 0.2 s) and a silent one hold
    /// only their own connections: /state is answered meanwhile, every time. Once the 10 s
    /// request timeout passes, the trickling client gets 408 and is closed; the silent one is
    /// closed without an answer.
    @Test func slowAndSilentClientsAreDroppedWithoutDelayingOthers() throws {
        let preview = try startPreview()
        let silent = try require(RawConnection(port: preview.port))
        let slow = try require(RawConnection(port: preview.port))
        slow.send("GET /state HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        let trickling = Thread {
            for _ in 0..<150 {
                guard slow.send(Array("X".utf8)) else { return }
                Thread.sleep(forTimeInterval: 0.2)
            }
        }
        trickling.start()
        for _ in 0..<5 {
            expectEqual(state(preview.port)?.status, 200)
            Thread.sleep(forTimeInterval: 0.5)
        }
        let answer = slow.response(timeout: 20)
        expectEqual(answer?.status, 408)
        expectEqual(answer?.body, "request timeout: the request did not arrive within 10 s\n")
        expect(slow.closes(within: 5))
        expect(silent.closes(within: 20))
        expect(silent.responses(1, timeout: 0).isEmpty)
    }
}
