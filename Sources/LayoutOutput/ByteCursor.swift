/// Writes into room already reserved in an `OutputBytes` through a pointer kept in a
/// register: the hot loops reserve once per element and write every piece without checks.
struct ByteCursor {
    var position: UnsafeMutablePointer<UInt8>

    /// Bytes the longest number takes ("-2.2250738585072014e-308" is 24).
    static let numberRoom = 32

    @inline(__always) mutating func write(_ byte: UInt8) {
        position.pointee = byte
        position += 1
    }

    @inline(__always) mutating func write(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        position.update(from: text.utf8Start, count: length)
        position += length
    }

    /// A whole number in decimal, two digits at a time.
    @inline(__always) mutating func write(_ value: Int) {
        var magnitude = UInt64(value.magnitude)
        if value < 0 { write(UInt8(ascii: "-")) }
        if magnitude < 10 {
            write(48 + UInt8(truncatingIfNeeded: magnitude))
            return
        }
        var digits = 2
        var limit: UInt64 = 100
        while digits < 20 && magnitude >= limit {
            digits += 1
            limit = digits == 20 ? .max : limit &* 10
        }
        let pairs = Self.digitPairs.utf8Start
        var end = position + digits
        position = end
        while magnitude >= 100 {
            let pair = Int(magnitude % 100) &* 2
            magnitude /= 100
            end -= 2
            end[0] = pairs[pair]
            end[1] = pairs[pair + 1]
        }
        if magnitude >= 10 {
            let pair = Int(magnitude) &* 2
            end[-2] = pairs[pair]
            end[-1] = pairs[pair + 1]
        } else {
            end[-1] = 48 + UInt8(truncatingIfNeeded: magnitude)
        }
    }

    /// Exactly `NumberFormatting.format(value)`: whole numbers here, the rest out of line.
    @inline(__always) mutating func writeNumber(_ value: Double) {
        if abs(value) < 1e15, value == value.rounded(.towardZero) {
            write(Int(value))  // 0 and -0 both print 0
        } else {
            position = OutputBytes.writeFraction(value, at: position)
        }
    }

    /// A number as JSON has it: non-finite values are null.
    @inline(__always) mutating func writeJSONNumber(_ value: Double) {
        if value.isFinite { writeNumber(value) } else { write("null") }
    }

    /// Exactly `NumberFormatting.rounded(value)` (at most 3 decimals).
    @inline(__always) mutating func writeRounded(_ value: Double) {
        if value.isFinite && abs(value) < 1e12 {
            writeNumber((value * 1000).rounded() / 1000)
        } else {
            writeNumber(value)
        }
    }

    @inline(__always) mutating func writeSpaces(_ count: Int) {
        guard count > 0 else { return }
        position.update(repeating: UInt8(ascii: " "), count: count)
        position += count
    }

    /// Moves what was written since `start` right, behind spaces, to fill `width` bytes.
    @inline(__always) mutating func alignRight(from start: UnsafeMutablePointer<UInt8>, width: Int) {
        let length = position - start
        guard length < width else { return }
        let padding = width - length
        (start + padding).update(from: start, count: length)  // forward, overlapping: memmove
        start.update(repeating: UInt8(ascii: " "), count: padding)
        position += padding
    }

    private static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
}

extension OutputBytes {
    /// Runs `body` with a cursor over `room` reserved bytes, then keeps what it wrote.
    @inline(__always) func withCursor(reserving room: Int, _ body: (inout ByteCursor) -> Void) {
        reserve(room)
        var cursor = ByteCursor(position: end)
        body(&cursor)
        advance(to: cursor.position)
    }
}
