import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

/// The server side of the preview's WebSockets (RFC 6455): every open page gets each message
/// `broadcast` sends. Pages only listen; what they send is read for pings and closes.
final class WebSocketHub: @unchecked Sendable {
    private let lock = Lock()
    private var peers: [ObjectIdentifier: Peer] = [:]

    /// Queues `text` for every page and returns at once: a page that does not read holds up
    /// only itself, and a newer message replaces one it has not taken yet (each is a full state).
    func broadcast(_ text: String) {
        let frame = Self.frame(opcode: 1, Array(text.utf8))
        for peer in lock.withLock({ Array(peers.values) }) { peer.post(frame) }
    }

    var count: Int { lock.withLock { peers.count } }

    /// `Sec-WebSocket-Accept` for a valid upgrade request, or nil when it is not one.
    static func acceptKey(for request: HTTPRequest) -> String? {
        guard request.method == "GET", request.version == "HTTP/1.1",
            request.header("Upgrade")?.lowercased() == "websocket",
            request.header("Connection")?.lowercased().split(separator: ",")
                .contains(where: { $0.trimmingWhitespace() == "upgrade" }) == true,
            request.header("Sec-WebSocket-Version") == "13",
            let key = request.header("Sec-WebSocket-Key"), !key.isEmpty
        else { return nil }
        return Base64.encode(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8)))
    }

    /// Runs one page's socket on the caller's thread until it closes, errs or stops reading.
    /// The page is one of the hub's before `handshake` (the 101 response) is written, so a
    /// page that has read the handshake gets every later broadcast: the handshake is the
    /// page's readiness signal (frames posted meanwhile wait for the loop, after it).
    func serve(_ connection: Connection, limits: HTTPLimits, handshake: [UInt8]) {
        guard let peer = Peer() else { return }
        lock.withLock { peers[ObjectIdentifier(peer)] = peer }
        defer { _ = lock.withLock { peers.removeValue(forKey: ObjectIdentifier(peer)) } }
        do {
            try connection.write(handshake, until: .now() + limits.writeTimeout)
            while true {
                let (readable, woken) = try peer.wait(for: connection)
                if woken, let frame = peer.take() {
                    try connection.write(frame, until: .now() + limits.writeTimeout)
                }
                // A frame that has begun must arrive in full within the request timeout.
                if readable, try !answer(connection, until: .now() + limits.requestTimeout, limits: limits) { return }
            }
        } catch {
            return
        }
    }

    /// Reads one frame from the page and answers it; false once the socket should close.
    private func answer(
        _ connection: Connection, until deadline: DispatchTime, limits: HTTPLimits
    ) throws(SocketError) -> Bool {
        let start = try connection.read(2, until: deadline)
        let opcode = start[0] & 0x0f
        var length = Int(start[1] & 0x7f)
        if length >= 126 {
            let bytes = try connection.read(length == 126 ? 2 : 8, until: deadline)
            // An 8-byte length of 2^32 or more is over any limit (and may not fit an Int).
            guard bytes.count == 2 || bytes[0..<4].allSatisfy({ $0 == 0 }) else { return try close(connection, 1009) }
            length = bytes.reduce(0) { $0 << 8 | Int($1) }
        }
        // Pages must mask what they send (§5.1); nothing large is expected from them.
        guard start[1] & 0x80 != 0 else { return try close(connection, 1002) }
        guard length <= limits.maxWebSocketFrame else { return try close(connection, 1009) }
        let mask = try connection.read(4, until: deadline)
        var payload = try connection.read(length, until: deadline)
        for i in payload.indices { payload[i] ^= mask[i % 4] }
        switch opcode {
        case 8:
            try connection.write(Self.frame(opcode: 8, Array(payload.prefix(2))), until: deadline)
            return false
        case 9:
            try connection.write(Self.frame(opcode: 10, payload), until: deadline)
            return true
        default:
            return true  // text, binary, continuation and pongs are not used
        }
    }

    private func close(_ connection: Connection, _ code: UInt16) throws(SocketError) -> Bool {
        try? connection.write(Self.frame(opcode: 8, [UInt8(code >> 8), UInt8(code & 0xff)]), until: .now() + 1)
        return false
    }

    /// An unmasked, unfragmented server frame.
    static func frame(opcode: UInt8, _ payload: [UInt8]) -> [UInt8] {
        var frame: [UInt8] = [0x80 | opcode]
        switch payload.count {
        case 0..<126: frame.append(UInt8(payload.count))
        case 126...0xffff: frame += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xff)]
        default:
            frame.append(127)
            frame += (0..<8).reversed().map { UInt8(truncatingIfNeeded: payload.count >> ($0 * 8)) }
        }
        return frame + payload
    }
}

/// One open page: its next message, and a pipe that wakes its thread when one is posted.
private final class Peer: @unchecked Sendable {
    private let lock = Lock()
    private var pending: [UInt8]?
    private let wakeRead: Int32, wakeWrite: Int32

    init?() {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        (wakeRead, wakeWrite) = (fds[0], fds[1])
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
    }

    deinit {
        close(wakeRead)
        close(wakeWrite)
    }

    func post(_ frame: [UInt8]) {
        lock.withLock { pending = frame }
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)  // a full pipe already means "wake up"
    }

    func take() -> [UInt8]? {
        lock.withLock {
            defer { pending = nil }
            return pending
        }
    }

    /// Blocks until the page sent something or a message was posted (an open page may stay
    /// silent for hours).
    func wait(for connection: Connection) throws(SocketError) -> (readable: Bool, woken: Bool) {
        if !connection.buffer.isEmpty { return (true, false) }
        var entries = [
            pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
        ]
        while poll(&entries, 2, -1) < 0 {
            guard errno == EINTR else { throw .last("poll") }
        }
        var drain = [UInt8](repeating: 0, count: 64)
        while read(wakeRead, &drain, 64) > 0 {}
        return (entries[0].revents != 0, entries[1].revents != 0)
    }
}
