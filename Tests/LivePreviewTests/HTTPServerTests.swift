import Foundation
import TestExpectations
import Testing
@testable import LivePreview
import TestSupport

/// The preview's HTTP server in-process, with small limits so timeouts and caps show quickly.
@Suite("Preview HTTP server", .serialized)
struct HTTPServerTests {
    private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    /// FIPS 180-2 appendix A vectors, the empty message, and one of exactly 64 bytes (the
    /// padding then fills a block of its own).
    @Test func sha1MatchesTheStandardVectors() {
        expectEqual(hex(SHA1.digest([])), "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        expectEqual(hex(SHA1.digest(Array("abc".utf8))), "a9993e364706816aba3e25717850c26c9cd0d89d")
        expect(
            hex(SHA1.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        expect(
            hex(SHA1.digest([UInt8](repeating: 97, count: 1_000_000))) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    /// RFC 4648 §10.
    @Test func base64MatchesTheStandardVectors() {
        let vectors = [
            "": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=",
            "foobar": "Zm9vYmFy",
        ]
        for (input, output) in vectors { expectEqual(Base64.encode(Array(input.utf8)), output) }
        expectEqual(Base64.encode([0xff, 0xfe, 0xfd]), "//79")
    }

    /// The end of a head is found from where the last scan stopped, across reads.
    @Test func endOfHeadAcceptsCRLFAndLF() {
        expectEqual(HTTPServer.endOfHead(Array("GET / HTTP/1.1\r\n\r\nrest".utf8), from: 0), 18)
        expectEqual(HTTPServer.endOfHead(Array("GET / HTTP/1.1\n\n".utf8), from: 0), 16)
        expect(HTTPServer.endOfHead(Array("GET / HTTP/1.1\r\nA: b\r\n".utf8), from: 0) == nil)
        expect(HTTPServer.endOfHead(Array("GET / HTTP/1.1\r\nA: b\r\n\r".utf8), from: 0) == nil)
        expectEqual(HTTPServer.endOfHead(Array("GET / HTTP/1.1\r\nA: b\r\n\r\n".utf8), from: 20), 24)
    }

    private func webSocketServer(_ hub: WebSocketHub, limits: HTTPLimits) throws -> HTTPServer {
        let server = try HTTPServer(port: 0, limits: limits) { request in
            request.path == "/socket" ? .webSocket(hub) : .response(.text(200, "ok"))
        }
        server.start()
        return server
    }

    private func waitUntil(_ seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition()
    }

    private let upgrade =
        "GET /socket HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"

    /// A page that never reads while states keep coming: broadcasting never waits for it,
    /// another page goes on getting messages, and the stuck one is dropped once a write has
    /// waited 2 s.
    @Test func aStuckWebSocketPeerStallsNobody() throws {
        let hub = WebSocketHub()
        var limits = HTTPLimits()
        limits.writeTimeout = 2
        let server = try webSocketServer(hub, limits: limits)
        defer { server.stop() }
        let stuck = try require(RawConnection(port: Int(server.port)))
        stuck.send(upgrade)
        expectEqual(stuck.response(timeout: 10)?.status, 101)
        let reader = try require(RawConnection(port: Int(server.port)))
        reader.send(upgrade)
        expectEqual(reader.response(timeout: 10)?.status, 101)
        expect(waitUntil(10) { hub.count == 2 })

        let received = Collector()
        let reading = Thread {
            while let message = reader.textMessage(timeout: 30), message != "after" { received.append(".") }
            received.append("after")
        }
        reading.start()
        // 64 KB states every 2 ms until the stuck page's socket buffers are full and it is dropped.
        let filler = String(repeating: "x", count: 64 * 1024)
        let deadline = Date().addingTimeInterval(30)
        var sent = 0
        while hub.count == 2, Date() < deadline {
            hub.broadcast("\(sent) \(filler)")
            sent += 1
            Thread.sleep(forTimeInterval: 0.002)
        }
        expectEqual(hub.count, 1)
        expect(!received.text.isEmpty)
        hub.broadcast("after")
        expect(waitUntil(10) { received.text.hasSuffix("after") })
    }

    /// Masked client frames: a ping is answered with a pong of the same payload, a close with
    /// a close echoing its code; an unmasked frame closes with 1002 (RFC 6455 §5.1).
    @Test func webSocketAnswersPingsAndCloses() throws {
        let hub = WebSocketHub()
        let server = try webSocketServer(hub, limits: HTTPLimits())
        defer { server.stop() }
        let mask: [UInt8] = [1, 2, 3, 4]
        func masked(_ opcode: UInt8, _ payload: [UInt8]) -> [UInt8] {
            [0x80 | opcode, 0x80 | UInt8(payload.count)] + mask
                + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        }
        let client = try require(RawConnection(port: Int(server.port)))
        client.send(upgrade)
        expectEqual(client.response(timeout: 10)?.status, 101)
        client.send(masked(9, Array("hi".utf8)))
        expectEqual(client.bytes(4, timeout: 10), [0x8a, 2] + Array("hi".utf8))
        client.send(masked(8, [0x03, 0xe8]))
        expectEqual(client.bytes(4, timeout: 10), [0x88, 2, 0x03, 0xe8])
        expect(client.closes(within: 10))

        let rude = try require(RawConnection(port: Int(server.port)))
        rude.send(upgrade)
        expectEqual(rude.response(timeout: 10)?.status, 101)
        rude.send([0x81, 2] + Array("hi".utf8))
        expectEqual(rude.bytes(4, timeout: 10), [0x88, 2, 0x03, 0xea])
        expect(rude.closes(within: 10))
    }

    /// With room for two connections, a third is answered 503 at once; once the two silent
    /// ones are dropped (after the 1 s request timeout), new connections are served again.
    @Test func connectionsPastTheCapAre503() throws {
        var limits = HTTPLimits()
        limits.maxConnections = 2
        limits.requestTimeout = 1
        let server = try HTTPServer(port: 0, limits: limits) { _ in .response(.text(200, "ok")) }
        server.start()
        defer { server.stop() }
        let first = try require(RawConnection(port: Int(server.port)))
        let second = try require(RawConnection(port: Int(server.port)))
        // Both admitted (counted by the server), not merely queued by the kernel.
        let deadline = DispatchTime.now() + 10
        while server.connectionCount < 2, DispatchTime.now() < deadline { usleep(1000) }
        try require(server.connectionCount == 2)
        let third = try require(RawConnection(port: Int(server.port)))
        let refused = third.response(timeout: 10)
        expectEqual(refused?.status, 503)
        expectEqual(refused?.body, "too many connections (limit 2)\n")
        expect(first.closes(within: 10) && second.closes(within: 10))
        let fourth = try require(RawConnection(port: Int(server.port)))
        fourth.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        expectEqual(fourth.response(timeout: 10)?.status, 200)
    }

}
