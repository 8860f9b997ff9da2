import Platform
import LayoutOutput

/// Where a command writes: standard output and standard error, or strings in tests.
package final class CommandIO {
    package var out: any TextOutputStream
    package var err: any TextOutputStream

    package init(out: any TextOutputStream, err: any TextOutputStream) {
        self.out = out
        self.err = err
    }

    /// The process's standard streams (buffered; flushed by `flush()`).
    package static func standard() -> CommandIO {
        CommandIO(out: FileStream(descriptor: 1), err: FileStream(descriptor: 2))
    }

    package func flush() {
        (out as? FileStream)?.flush()
        (err as? FileStream)?.flush()
    }

    /// Why writing to standard output failed (its errno), unless the reader closed the pipe
    /// (EPIPE: `| head` has read enough, which is no error).
    package var outputError: Int32? {
        guard let error = (out as? FileStream)?.errorNumber, error != EPIPE else { return nil }
        return error
    }

    /// Whether output is being dropped: a failed write, a closed pipe included.
    package var outputFailed: Bool { (out as? FileStream)?.failed ?? false }

    /// Flushes both streams and returns the exit status of a command that ended with
    /// `status`: 2 when standard output could not be written (a full disk, an I/O error),
    /// said on standard error, since the output is incomplete. A closed pipe ends quietly
    /// with the command's own status.
    package func finish(_ status: Int32) -> Int32 {
        flush()
        guard let error = outputError else { return status }
        err.write("lualayout: cannot write to standard output: \(String(cString: strerror(error)))\n")
        (err as? FileStream)?.flush()
        return 2
    }
}

/// A buffered `TextOutputStream` over a file descriptor; writers' byte chunks go straight through.
package final class FileStream: TextOutputStream, ByteOutputStream {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// The errno of the first write that failed (a full disk, a closed pipe): from then on
    /// everything is dropped.
    package private(set) var errorNumber: Int32?
    /// Whether a write failed: what followed was dropped.
    package var failed: Bool { errorNumber != nil }

    package init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 16)
    }

    package func write(_ string: String) {
        buffer.append(contentsOf: string.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    package func write(bytes: UnsafeRawBufferPointer) {
        flush()
        writeAll(bytes)
    }

    package func flush() {
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { writeAll($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) {
        guard errorNumber == nil, let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Glue.write(descriptor, base + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            if written <= 0 {  // closed pipe, full disk: drop the rest
                errorNumber = written < 0 ? errno : EIO
                break
            }
            offset += written
        }
    }

    deinit { flush() }
}

/// Collects output in memory (tests, `-o FILE`).
package final class StringStream: TextOutputStream {
    package private(set) var text = ""
    package init() {}
    package func write(_ string: String) { text += string }
}

private enum Glue {
    static func write(_ fd: Int32, _ pointer: UnsafePointer<UInt8>, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(fd, pointer, count)
        #else
        Darwin.write(fd, pointer, count)
        #endif
    }
}
