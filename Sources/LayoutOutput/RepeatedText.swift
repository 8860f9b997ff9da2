/// The text of the last row's trailing fields, kept so the next rows copy it while the values
/// repeat (a grid's cells share size, alpha, zIndex and visibility): one comparison and one
/// copy instead of formatting five numbers per element.
struct RepeatedText {
    /// The values the kept text shows, bit for bit (so -0 and 0 never share a text).
    struct Key: Equatable {
        var width: UInt64, height: UInt64, alpha: UInt64
        var zIndex: Int
        var hidden: Bool

        @inline(__always) init(width: Double, height: Double, alpha: Double, zIndex: Int, hidden: Bool) {
            (self.width, self.height, self.alpha) = (width.bitPattern, height.bitPattern, alpha.bitPattern)
            (self.zIndex, self.hidden) = (zIndex, hidden)
        }
    }

    static let capacity = 512
    private var key: Key?
    private var count = 0
    /// Owned: `deallocate()` when done (a struct, so the hot loop has no reference counting).
    private let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)

    func deallocate() { bytes.deallocate() }

    /// Writes the text for `key`: the kept copy when it shows the same values, else what `body`
    /// writes, which is then kept.
    @inline(__always) mutating func write(_ key: Key, to out: inout ByteCursor, _ body: (inout ByteCursor) -> Void) {
        if key == self.key {
            out.position.update(from: bytes, count: count)
            out.position += count
            return
        }
        let start = out.position
        body(&out)
        let written = out.position - start
        guard written <= Self.capacity else {
            self.key = nil
            return
        }
        bytes.update(from: start, count: written)
        count = written
        self.key = key
    }
}
