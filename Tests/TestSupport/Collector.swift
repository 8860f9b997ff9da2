import Foundation

/// Output gathered from a pipe on another thread.
package final class Collector: @unchecked Sendable {
    private let lock = NSLock()
    private var buffer = ""

    package init() {}

    package func append(_ text: String) {
        lock.lock()
        buffer += text
        lock.unlock()
    }

    package var text: String {
        lock.lock()
        defer { lock.unlock() }
        return buffer
    }

    package var lines: [String] { text.split(separator: "\n").map(String.init) }
}
