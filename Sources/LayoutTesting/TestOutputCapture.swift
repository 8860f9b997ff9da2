#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

/// What a worker's tests print, attributed to each run: every worker of a lane writes its
/// standard error (where a script's `print` goes) to the lane's file (`test-worker --output
/// FILE`), and the parent reads what each run added once it reports — or crashes, so the
/// lines printed just before a crash are kept too.
package final class TestOutputCapture {
    /// The lane's file.
    package let path: String
    private var offset: UInt64 = 0

    /// At most this much of one run's output is kept; the rest is counted.
    package static let maxBytes = 1 << 20

    /// A new empty file in the temporary folder (`TMPDIR`, else /tmp), or nil when none can be
    /// made (the output then goes to standard error, unattributed).
    package init?() {
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((folder + "/lualayout-test-output-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        close(descriptor)
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit { unlink(path) }

    /// What was written since the last call, as text (at most `maxBytes`, then a count of the rest).
    package func takeNew() -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        let end = lseek(descriptor, 0, SEEK_END)
        guard end > offset, lseek(descriptor, off_t(offset), SEEK_SET) == off_t(offset) else { return "" }
        let length = Int(end) - Int(offset)
        var bytes = [UInt8](repeating: 0, count: min(length, Self.maxBytes))
        var filled = 0
        while filled < bytes.count {
            let count = bytes[filled...].withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            filled += count
        }
        offset = UInt64(end)
        var text = String(decoding: bytes[..<filled], as: UTF8.self)
        if length > filled { text += "\n… (\(length - filled) more bytes)" }
        return text
    }

    /// In the worker: standard error goes to `path` from now on (appended).
    package static func redirectStandardError(to path: String) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        dup2(descriptor, 2)
        close(descriptor)
    }
}
