import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayoutOutput
import Platform

/// A small HTTP/1.1 server on 127.0.0.1 for the live preview, with hard limits (`HTTPLimits`).
/// Each connection has a thread of its own and every read and write has a deadline, so a slow,
/// silent or hostile peer only ever holds its own connection, and only until its deadline.
final class HTTPServer: @unchecked Sendable {
    enum Reply {
        case response(HTTPResponse)
        /// Upgrade to a WebSocket whose messages `hub` sends.
        case webSocket(WebSocketHub)
    }

    let limits: HTTPLimits
    private let listener: ListeningSocket
    private let handler: @Sendable (HTTPRequest) -> Reply
    private let lock = Lock()
    private var openConnections = 0

    var port: UInt16 { listener.port }

    /// The connections being served now (admitted, not yet closed).
    var connectionCount: Int { lock.withLock { openConnections } }

    /// Listens at once: a port in use throws here, with the system's reason.
    init(
        port: UInt16, limits: HTTPLimits = HTTPLimits(), handler: @escaping @Sendable (HTTPRequest) -> Reply
    ) throws(SocketError) {
        listener = try ListeningSocket(port: port)
        self.limits = limits
        self.handler = handler
    }

    /// Accepts connections on a thread of its own until `stop`.
    func start() {
        DetachedThread.start { [self] in
            while let connection = listener.accept() { admit(connection) }
            listener.release()
        }
    }

    func stop() { listener.shutDown() }

    private func admit(_ connection: Connection) {
        let admitted = lock.withLock {
            guard openConnections < limits.maxConnections else { return false }
            openConnections += 1
            return true
        }
        guard admitted else {
            // A fresh socket's send buffer is empty: this write does not wait.
            let refusal = HTTPResponse.text(503, "too many connections (limit \(limits.maxConnections))")
            try? connection.write(refusal.serialized(keepAlive: false), until: .now() + 0.1)
            connection.shutDownWriting()
            return
        }
        DetachedThread.start { [self] in
            serve(connection)
            lock.withLock { openConnections -= 1 }
        }
    }

    /// Answers requests on one connection until it closes, errs or times out.
    private func serve(_ connection: Connection) {
        while true {
            let deadline = DispatchTime.now() + limits.requestTimeout
            do {
                guard let head = try readHead(connection, until: deadline) else { return }
                let request = try HTTPRequest(head: head, limits: limits)
                do {
                    _ = try connection.read(request.contentLength, until: deadline)  // no route reads a body
                } catch .timedOut {
                    throw HTTPRefusal(status: 408, message: timeoutMessage)
                } catch {
                    return
                }
                switch handler(request) {
                case .response(let response):
                    try connection.write(
                        response.serialized(keepAlive: request.keepsAlive), until: .now() + limits.writeTimeout)
                    if !request.keepsAlive { return linger(connection) }
                case .webSocket(let hub):
                    guard let accept = WebSocketHub.acceptKey(for: request) else {
                        throw HTTPRefusal(
                            status: 400,
                            message: "bad WebSocket handshake (needs Upgrade: websocket, "
                                + "Sec-WebSocket-Version: 13 and a Sec-WebSocket-Key)")
                    }
                    let head =
                        "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        + "Sec-WebSocket-Accept: \(accept)\r\n\r\n"
                    return hub.serve(connection, limits: limits, handshake: Array(head.utf8))
                }
            } catch let refusal as HTTPRefusal {
                let response = HTTPResponse.text(refusal.status, refusal.message)
                try? connection.write(response.serialized(keepAlive: false), until: .now() + limits.writeTimeout)
                return linger(connection)
            } catch {
                return  // the peer left or stopped reading
            }
        }
    }

    private var timeoutMessage: String {
        "request timeout: the request did not arrive within \(NumberFormatting.rounded(limits.requestTimeout)) s"
    }

    /// The next request head (up to the blank line), or nil when the peer closed or stayed
    /// silent. Blank lines before a request are skipped (RFC 9112 §2.2); the head counts from the
    /// request line through the blank line that ends it. Each byte is scanned once, and at most
    /// `maxHeadBytes` are ever held.
    private func readHead(_ connection: Connection, until deadline: DispatchTime) throws(HTTPRefusal) -> [UInt8]? {
        var scanned = 0
        while true {
            let blank = connection.buffer.prefix { $0 == 13 || $0 == 10 }.count
            if blank > 0 {
                connection.buffer.removeFirst(blank)
                scanned = 0
            }
            if let end = Self.endOfHead(connection.buffer, from: scanned) {
                guard end <= limits.maxHeadBytes else { throw tooLarge }
                let head = Array(connection.buffer[0..<end])
                connection.buffer.removeFirst(end)
                return head
            }
            guard connection.buffer.count < limits.maxHeadBytes else { throw tooLarge }
            scanned = max(0, connection.buffer.count - 2)
            do {
                try connection.fill(until: deadline, limit: limits.maxHeadBytes - connection.buffer.count)
            } catch .timedOut {
                if connection.buffer.isEmpty { return nil }
                throw HTTPRefusal(status: 408, message: timeoutMessage)
            } catch {
                return nil
            }
        }
    }

    private var tooLarge: HTTPRefusal {
        HTTPRefusal(status: 431, message: "request header fields too large (limit \(limits.maxHeadBytes) bytes)")
    }

    /// Where the head ends: just past the first empty line (CRLF CRLF, or LF LF).
    static func endOfHead(_ bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        while i < bytes.count {
            if bytes[i] == 10 {
                if i + 1 < bytes.count, bytes[i + 1] == 10 { return i + 2 }
                if i + 2 < bytes.count, bytes[i + 1] == 13, bytes[i + 2] == 10 { return i + 3 }
            }
            i += 1
        }
        return nil
    }

    /// Closes after an answer the way RFC 9112 §9.6 asks: stop writing, then read and drop what
    /// the peer is still sending (briefly), so the answer is not lost to a reset.
    private func linger(_ connection: Connection) {
        connection.shutDownWriting()
        let deadline = DispatchTime.now() + 2
        while true {
            do {
                try connection.fill(until: deadline, limit: 256 * 1024)
                connection.buffer.removeAll(keepingCapacity: true)
            } catch {
                return
            }
        }
    }
}
