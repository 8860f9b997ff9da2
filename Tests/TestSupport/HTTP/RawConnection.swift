import Foundation

/// A TCP client on 127.0.0.1 that sends exact bytes and reads exactly what comes back, for the
/// tests of the preview server's limits (URLSession would fix up or refuse bad requests).
package final class RawConnection: @unchecked Sendable {
    package struct Response {
        package var status: Int
        package var head: String
        package var body: String
    }

    package let descriptor: Int32
    private var received: [UInt8] = []

    package init?(port: Int) {
        guard let fd = connectToLoopback(port: port) else { return nil }
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Sends `bytes` until done or the server stops taking them; false if it stopped.
    @discardableResult
    package func send(_ bytes: [UInt8]) -> Bool {
        #if os(Linux)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes {
                Foundation.send(descriptor, $0.baseAddress! + sent, bytes.count - sent, flags)
            }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    package func send(_ text: String) { send(Array(text.utf8)) }

    /// Sends on a thread of its own, so the caller can read the answer meanwhile (a server
    /// that refuses a huge request answers before it is all sent).
    package func sendInBackground(_ bytes: [UInt8]) {
        Thread { [self] in send(bytes) }.start()
    }

    /// Reads until `count` whole responses arrived, the server closed, or `timeout` seconds.
    package func responses(_ count: Int, timeout: Double = 20) -> [Response] {
        let deadline = Date().addingTimeInterval(timeout)
        var result: [Response] = []
        while result.count < count {
            if let response = takeResponse() {
                result.append(response)
                continue
            }
            guard receive(until: deadline) == .data else { break }
        }
        return result
    }

    package func response(timeout: Double = 20) -> Response? { responses(1, timeout: timeout).first }

    /// Whether the server closes the connection (end of stream or reset) within `timeout`
    /// seconds; bytes that arrive meanwhile are kept for `responses`.
    package func closes(within timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            switch receive(until: deadline) {
            case .data: continue
            case .closed: return true
            case .timedOut: return false
            }
        }
    }

    private enum Received { case data, closed, timedOut }

    /// Appends what arrives before `deadline`.
    private func receive(until deadline: Date) -> Received {
        let milliseconds = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, milliseconds) > 0 else { return .timedOut }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return .closed }
        received += chunk[0..<count]
        return .data
    }

    package var bufferedBytes: [UInt8] { received }
    package func consume(_ count: Int) { received.removeFirst(count) }
    package func fillBuffer(until deadline: Date) -> Bool { receive(until: deadline) == .data }

    /// The first complete response in what was received, if there is one.
    private func takeResponse() -> Response? {
        let terminator: [UInt8] = [13, 10, 13, 10]
        guard
            let end = (0..<max(0, received.count - 3)).first(where: { received[$0..<$0 + 4].elementsEqual(terminator) })
        else {
            return nil
        }
        let head = String(decoding: received[0..<end], as: UTF8.self)
        let lines = head.components(separatedBy: "\r\n")
        let length =
            lines.dropFirst().compactMap { line -> Int? in
                let parts = line.split(separator: ":", maxSplits: 1)
                return parts.count == 2 && parts[0].lowercased() == "content-length"
                    ? Int(parts[1].trimmingCharacters(in: .whitespaces)) : nil
            }.first ?? 0
        guard received.count >= end + 4 + length else { return nil }
        let body = String(decoding: received[(end + 4)..<(end + 4 + length)], as: UTF8.self)
        received.removeFirst(end + 4 + length)
        let status = Int(lines[0].split(separator: " ").dropFirst().first ?? "") ?? 0
        return Response(status: status, head: head, body: body)
    }
}

extension RawConnection {
    /// The next `count` raw bytes (WebSocket frames), or fewer if they do not come in time.
    package func bytes(_ count: Int, timeout: Double) -> [UInt8] {
        var result = [UInt8]()
        let deadline = Date().addingTimeInterval(timeout)
        while result.count < count, Date() < deadline {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(max(0, deadline.timeIntervalSinceNow * 1000))) > 0 else { break }
            var byte: UInt8 = 0
            guard recv(descriptor, &byte, 1, 0) == 1 else { break }
            result.append(byte)
        }
        return result
    }
}

extension RawConnection {
    /// The next WebSocket text message from the server (unmasked frames; other frames are
    /// skipped), or nil if none comes within `timeout` seconds.
    package func textMessage(timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let (opcode, payload) = takeFrame() {
                if opcode == 1 { return String(decoding: payload, as: UTF8.self) }
                continue
            }
            guard fillBuffer(until: deadline) else { return nil }
        }
    }

    private func takeFrame() -> (UInt8, [UInt8])? {
        let bytes = bufferedBytes
        guard bytes.count >= 2 else { return nil }
        var length = Int(bytes[1] & 0x7f), offset = 2
        if length == 126 || length == 127 {
            let size = length == 126 ? 2 : 8
            guard bytes.count >= 2 + size else { return nil }
            length = bytes[2..<(2 + size)].reduce(0) { $0 << 8 | Int($1) }
            offset += size
        }
        guard bytes.count >= offset + length else { return nil }
        consume(offset + length)
        return (bytes[0] & 0x0f, Array(bytes[offset..<(offset + length)]))
    }
}

/// A TCP socket connected to 127.0.0.1:`port`, or nil.
package func connectToLoopback(port: Int) -> Int32? {
    #if os(Linux)
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let fd = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard fd >= 0 else { return nil }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard connected == 0 else {
        close(fd)
        return nil
    }
    return fd
}
