/// An output that takes bytes as they are (a file, a byte collector): writers hand it their
/// buffer in large chunks instead of building Strings.
package protocol ByteOutputStream: AnyObject {
    func write(bytes: UnsafeRawBufferPointer)
}

/// The buffer the writers fill: raw bytes appended without per-piece allocation, handed to the
/// output when about `chunk` bytes have collected (always between two whole pieces of text,
/// so a chunk is valid UTF-8 on its own).
final class OutputBytes {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int
    let chunk: Int

    /// Bytes allocated past `capacity`, so a cursor's wide stores may run over what it reserved.
    static let slack = 64

    init(chunk: Int = 1 << 20) {
        self.chunk = chunk
        capacity = chunk + 4096
        base = .allocate(capacity: capacity + Self.slack)
    }

    deinit { base.deallocate() }

    /// Room for `more` bytes (most appends need a few dozen; strings may need more).
    @inline(__always) func reserve(_ more: Int) {
        if count + more > capacity { grow(count + more) }
    }

    @inline(never) private func grow(_ needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity + Self.slack)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always) func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always) func append(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        reserve(length)
        (base + count).update(from: text.utf8Start, count: length)
        count += length
    }

    func append(text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    func append(_ bytes: UnsafeRawBufferPointer) {
        reserve(bytes.count)
        if let source = bytes.baseAddress {
            UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: bytes.count)
        }
        count += bytes.count
    }

    /// A whole number in decimal.
    @inline(__always) func append(_ value: Int) {
        withCursor(reserving: 20) { $0.write(value) }
    }

    /// Where the next byte goes (for a `ByteCursor`).
    var end: UnsafeMutablePointer<UInt8> { base + count }

    /// Keeps the bytes a cursor wrote up to `position`.
    @inline(__always) func advance(to position: UnsafeMutablePointer<UInt8>) { count = position - base }

    /// The bytes written since `start` (for measuring and moving a cell the writer just wrote).
    func bytes(from start: Int) -> UnsafeMutableBufferPointer<UInt8> {
        UnsafeMutableBufferPointer(start: base + start, count: count - start)
    }

    /// Drops everything after `newCount` (a trailing space, a failed attempt).
    func truncate(to newCount: Int) { count = min(count, newCount) }

    /// Inserts `padding` spaces before the bytes written since `start` (right alignment).
    func padLeft(from start: Int, by padding: Int) {
        guard padding > 0 else { return }
        reserve(padding)
        let length = count - start
        (base + start + padding).update(from: base + start, count: length)  // overlapping: moves forward
        (base + start).update(repeating: UInt8(ascii: " "), count: padding)
        count += padding
    }

    func appendSpaces(_ n: Int) {
        guard n > 0 else { return }
        reserve(n)
        (base + count).update(repeating: UInt8(ascii: " "), count: n)
        count += n
    }

    /// Hands the bytes to `output` once a chunk has collected.
    @inline(__always) func flushIfFull(to output: inout some TextOutputStream) {
        if count >= chunk { flush(to: &output) }
    }

    /// Hands every byte collected so far to `output`.
    func flush(to output: inout some TextOutputStream) {
        guard count > 0 else { return }
        let bytes = UnsafeRawBufferPointer(start: base, count: count)
        if let sink = output as? any ByteOutputStream {
            sink.write(bytes: bytes)
        } else {
            output.write(String(decoding: bytes, as: UTF8.self))
        }
        count = 0
    }

    /// Everything collected, as text (short outputs: one element, a number).
    var string: String { String(decoding: UnsafeRawBufferPointer(start: base, count: count), as: UTF8.self) }
}
