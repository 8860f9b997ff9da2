import Foundation
import TestExpectations
import Testing
import TestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `lualayout watch --serve`: the live preview server, over real HTTP on 127.0.0.1.
@Suite("Live preview", .serialized)
struct PreviewTests {
    /// A running `watch --serve` and the port it serves on.
    final class Preview {
        let process = Process()
        let errors = Collector()
        let script: String
        var port = 0

        init(script: String, arguments: [String]) throws {
            self.script = script
            let binary = lualayoutBinary
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["watch", script, "--serve", "--port", "0", "--idle-timeout", "30"] + arguments
            let errorPipe = Pipe()
            process.standardError = errorPipe
            process.standardOutput = Pipe()
            errorPipe.fileHandleForReading.readabilityHandler = { [errors] handle in
                errors.append(String(decoding: handle.availableData, as: UTF8.self))
            }
            try process.run()
            let deadline = Date().addingTimeInterval(15)
            while Date() < deadline, port == 0 {
                Thread.sleep(forTimeInterval: 0.05)
                if let range = errors.text.range(of: "preview at http://127.0.0.1:") {
                    port = Int(errors.text[range.upperBound...].prefix { $0.isNumber }) ?? 0
                }
            }
        }

        func get(_ path: String) throws -> String {
            let url = URL(string: "http://127.0.0.1:\(port)\(path)")!
            let done = DispatchSemaphore(value: 0)
            let box = Collector()
            let task = URLSession.shared.dataTask(with: url) { data, _, _ in
                box.append(String(decoding: data ?? Data(), as: UTF8.self))
                done.signal()
            }
            task.resume()
            _ = done.wait(timeout: .now() + 30)
            return box.text
        }

        deinit {
            if process.isRunning { process.interrupt() }
            process.waitUntilExit()
        }
    }

    private func elementCount(_ svg: String) -> Int { svg.components(separatedBy: "data-index-path=").count - 1 }

    /// 30 items of 100×100 in a 320×480 viewport (rows every 110 points). At offset y 300 the
    /// viewport (y 300…780) meets rows 2 (220…320) through 7 (770…870): 18 items. A save that
    /// halves the items' height is pushed as version 2; a broken save as version 3, with the
    /// error, while the last good layout is still served.
    @Test func servesTheViewportAndPublishesSaves() throws {
        let script = try temporaryFile("layout.lua", "return flow{ itemSize = {100, 100} }\n")
        let preview = try Preview(script: script, arguments: ["--items", "30", "--bounds", "320x480"])
        try require(preview.port > 0, "no preview URL in: \(preview.errors.text)")
        expect(try preview.get("/state").hasPrefix("{\"version\": 1, \"error\": null"))
        expectEqual(elementCount(try preview.get("/render.svg?x=0&y=300")), 18)
        expect(try preview.get("/").contains("new WebSocket('ws://' + location.host + '/socket')"))

        try "return flow{ itemSize = {100, 50} }\n".write(toFile: script, atomically: true, encoding: .utf8)
        let event = try preview.get("/events?after=1")
        expect(event.hasPrefix("{\"version\": 2, \"error\": null"))
        // Rows every 60 (50 + 10): 10 rows, content 590 high, so offsets stop at 590 − 480 = 110
        // (as a scroll view clamps them): y 300 becomes 110, and the viewport 110…590 meets
        // rows 2 (120…170) through 9 (540…590) — row 1 (60…110) only touches it: 24 items.
        expectEqual(elementCount(try preview.get("/render.svg?x=0&y=300")), 24)
        expectEqual(elementCount(try preview.get("/render.svg?x=1e308&y=1e308")), 24)

        try "return flow{ itemSize = {100, 50 }\n".write(toFile: script, atomically: true, encoding: .utf8)
        let broken = try preview.get("/events?after=2")
        expectContains(broken, "\"version\": 3, \"error\": \"\(script):2: '}' expected")
        // The last good layout is still served.
        expectEqual(elementCount(try preview.get("/render.svg?x=0&y=300")), 24)
    }

    /// Scrolling the preview is a bounds change: a layout that asks to be invalidated is
    /// prepared again at the new offset. This one places a single cell at the top of the
    /// viewport each time it is prepared.
    @Test func scrollingReprepareWhenTheLayoutAsks() throws {
        let script = try temporaryFile(
            "layout.lua",
            """
            return {
              prepare = function(cv, out)
                out:cell(0, 0, 0, cv.bounds.y, 50, 50)
                out:contentSize(320, 2000)
              end,
              shouldInvalidateLayoutForBoundsChange = function(cv, newBounds) return true end,
            }
            """)
        let preview = try Preview(script: script, arguments: ["--items", "1", "--bounds", "320x480"])
        try require(preview.port > 0)
        #expect(try preview.get("/render.svg?x=0&y=700").contains(#"<rect x="0" y="700" width="50" height="50"/>"#))
    }

    /// The page itself in headless Chromium: it fetches the state, renders the viewport and
    /// records what it shows on <body>.
    @Test(.enabled(if: chromiumPath != nil, "Chromium is not installed"))
    func thePageRendersTheLayout() throws {
        let script = try temporaryFile(
            "layout.lua", "return flow{ itemSize = {100, 100}, headerReferenceSize = {0, 30} }\n")
        let preview = try Preview(script: script, arguments: ["--sections", "8,8", "--bounds", "320x480"])
        try require(preview.port > 0)
        let browser = Process()
        browser.executableURL = URL(fileURLWithPath: chromiumPath!)
        browser.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000", "--dump-dom",
            "http://127.0.0.1:\(preview.port)/",
        ]
        let output = Pipe()
        browser.standardOutput = output
        browser.standardError = FileHandle.nullDevice
        try browser.run()
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        browser.waitUntilExit()
        // Section 0: header 0…30, rows at 30, 140, 250 (8 items: 3 + 3 + 2), ends at 350;
        // section 1: header 350…380, rows at 380, 490. The viewport 0…480 shows header 0, 8
        // items, header 1 and the first row of section 1 (3 items): 13 elements.
        expectContains(dom, "data-version=\"1\"")
        expectContains(dom, "data-elements=\"13\"")
    }
}

/// A minimal WebSocket client (RFC 6455, text frames from the server only), enough to listen
/// to the preview's pushes the way the page does.
final class WebSocketListener {
    private let descriptor: Int32

    init?(port: Int, path: String) {
        guard let fd = connectToLoopback(port: port) else { return nil }
        descriptor = fd
        let request =
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        _ = request.withCString { send(fd, $0, strlen($0), 0) }
        // Response headers end with an empty line.
        var headers = [UInt8]()
        while !headers.suffix(4).elementsEqual([13, 10, 13, 10]) {
            guard let byte = readByte() else { return nil }
            headers.append(byte)
        }
        guard String(decoding: headers, as: UTF8.self).hasPrefix("HTTP/1.1 101") else { return nil }
    }

    deinit { close(descriptor) }

    private func readByte() -> UInt8? {
        var byte: UInt8 = 0
        return recv(descriptor, &byte, 1, 0) == 1 ? byte : nil
    }

    /// The next text message (server frames are not masked).
    func nextText(timeout seconds: Int = 10) -> String? {
        var time = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        guard let first = readByte(), let second = readByte() else { return nil }
        var length = Int(second & 0x7f)
        if length == 126 {
            guard let a = readByte(), let b = readByte() else { return nil }
            length = Int(a) << 8 | Int(b)
        } else if length == 127 {
            length = 0
            for _ in 0..<8 {
                guard let byte = readByte() else { return nil }
                length = length << 8 | Int(byte)
            }
        }
        var payload = [UInt8]()
        for _ in 0..<length {
            guard let byte = readByte() else { return nil }
            payload.append(byte)
        }
        return first & 0x0f == 1 ? String(decoding: payload, as: UTF8.self) : nextText(timeout: seconds)
    }
}

@Suite("Live preview pushes", .serialized)
struct PreviewPushTests {
    /// The page's channel: a save arrives on the WebSocket as the new state.
    @Test func aSaveIsPushedToTheWebSocket() throws {
        let script = try temporaryFile("layout.lua", "return flow{ itemSize = {100, 100} }\n")
        let preview = try PreviewTests.Preview(script: script, arguments: ["--items", "6", "--bounds", "320x480"])
        try require(preview.port > 0)
        // The handshake is the readiness signal: the server counts the page before it answers.
        let socket = try require(WebSocketListener(port: preview.port, path: "/socket"))
        try "return flow{ itemSize = {100, 60} }\n".write(toFile: script, atomically: true, encoding: .utf8)
        let message = try require(socket.nextText())
        expect(message.hasPrefix("{\"version\": 2, \"error\": null, \"summary\": \"+0 −0 elements, 3 moved"))
    }
}
