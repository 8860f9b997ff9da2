import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

/// Why a socket operation stopped.
enum SocketError: Error, Equatable {
    /// The deadline passed before the bytes arrived or could be sent.
    case timedOut
    /// The peer closed or reset the connection.
    case closed
    /// A system call failed (its `strerror` text).
    case system(String)

    static func last(_ call: String) -> SocketError { .system("\(call): \(String(cString: strerror(errno)))") }
}

/// A listening TCP socket on 127.0.0.1.
struct ListeningSocket {
    let descriptor: Int32
    let port: UInt16

    /// Binds and listens at once, so a port in use is reported by the caller straight away.
    init(port: UInt16) throws(SocketError) {
        let fd = socket(AF_INET, Self.streamType, 0)
        guard fd >= 0 else { throw .last("socket") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 128) == 0 else {
            let error = SocketError.system(String(cString: strerror(errno)))
            close(fd)
            throw error
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        descriptor = fd
        self.port = UInt16(bigEndian: address.sin_port)
    }

    /// The next connection, or nil once the socket is shut down.
    func accept() -> Connection? {
        while true {
            let fd = systemAccept(descriptor)
            if fd >= 0 { return Connection(descriptor: fd) }
            if errno == EINTR || errno == ECONNABORTED || errno == EMFILE || errno == ENFILE {
                // Out of descriptors: wait a little instead of spinning.
                if errno == EMFILE || errno == ENFILE { usleep(50_000) }
                continue
            }
            return nil
        }
    }

    /// Wakes `accept`, which then returns nil. The accepting thread closes the descriptor, so
    /// its number cannot be reused under a pending `accept`.
    func shutDown() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    func release() { close(descriptor) }

    #if os(Linux)
    static let streamType = Int32(SOCK_STREAM.rawValue)
    #else
    static let streamType = SOCK_STREAM
    #endif
}

/// One accepted connection: reads into a buffer, each read bounded by a deadline, so a peer
/// that sends slowly or not at all holds nothing past it. Used by one thread at a time (handed
/// from the accepting thread to the one that serves it).
final class Connection: @unchecked Sendable {
    let descriptor: Int32
    /// Bytes received and not consumed yet.
    var buffer: [UInt8] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
        #if !os(Linux)
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    deinit { close(descriptor) }

    /// Waits until the socket is readable or `deadline` passes.
    func waitReadable(until deadline: DispatchTime) throws(SocketError) {
        try waitFor(Int16(POLLIN), until: deadline)
    }

    /// Appends what arrives next (at most `limit` bytes) to `buffer`.
    func fill(until deadline: DispatchTime, limit: Int = 16 * 1024) throws(SocketError) {
        try waitReadable(until: deadline)
        var chunk = [UInt8](repeating: 0, count: limit)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, limit, 0) }
        if count > 0 {
            buffer.append(contentsOf: chunk[0..<count])
        } else if count == 0 || errno != EINTR && errno != EAGAIN {
            throw .closed
        }
    }

    /// Takes the first `count` bytes of the buffer, reading more until they are there.
    func read(_ count: Int, until deadline: DispatchTime) throws(SocketError) -> [UInt8] {
        while buffer.count < count { try fill(until: deadline, limit: max(16 * 1024, count - buffer.count)) }
        let bytes = Array(buffer[0..<count])
        buffer.removeFirst(count)
        return bytes
    }

    /// Sends every byte, or fails when the peer does not take them before `deadline`.
    func write(_ bytes: [UInt8], until deadline: DispatchTime) throws(SocketError) {
        var sent = 0
        while sent < bytes.count {
            try waitFor(Int16(POLLOUT), until: deadline)
            let count = bytes.withUnsafeBytes {
                send(descriptor, $0.baseAddress! + sent, bytes.count - sent, Self.sendFlags)
            }
            if count > 0 {
                sent += count
            } else if count < 0, errno != EINTR, errno != EAGAIN {
                throw .closed
            }
        }
    }

    /// No more bytes from this side; the peer sees the end of the response.
    func shutDownWriting() { shutdown(descriptor, Int32(SHUT_WR)) }

    private func waitFor(_ events: Int16, until deadline: DispatchTime) throws(SocketError) {
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline.uptimeNanoseconds else { throw .timedOut }
            let milliseconds = Int32(min(UInt64(Int32.max), (deadline.uptimeNanoseconds - now + 999_999) / 1_000_000))
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, milliseconds)
            if ready > 0 { return }
            if ready < 0, errno != EINTR { throw .last("poll") }
        }
    }

    #if os(Linux)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    private static let sendFlags: Int32 = 0
    #endif
}

/// The system's `accept`, which `ListeningSocket.accept` hides by name.
private func systemAccept(_ descriptor: Int32) -> Int32 { accept(descriptor, nil, nil) }
