import Platform

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
        if value < 0 { write(UInt8(ascii: "-")) }
        let magnitude = UInt64(value.magnitude)
        writeDigits(magnitude, count: Self.digitCount(magnitude))
    }

    /// How many decimal digits `value` has (1 for 0): the bit length gives a first guess
    /// (log10 2 ≈ 1233/4096) that is at most one short.
    @inline(__always) static func digitCount(_ value: UInt64) -> Int {
        let bits = 64 - (value | 1).leadingZeroBitCount
        let guess = (bits &* 1233) >> 12
        return guess &+ ((value | 1) >= powersOfTen[guess] ? 1 : 0)  // value | 1: 0 has one digit
    }

    /// `value`'s `count` digits (its `digitCount`), filled from the right two at a time.
    @inline(__always) mutating func writeDigits(_ value: UInt64, count: Int) {
        var magnitude = value
        let pairs = Self.digitPairs.utf8Start
        var end = position + count
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

    /// A whole number right-aligned in `width` bytes (no padding when it is wider).
    @inline(__always) mutating func write(_ value: Int, rightAlignedIn width: Int) {
        let magnitude = UInt64(value.magnitude)
        let digits = Self.digitCount(magnitude)
        writeSpaces(width - digits - (value < 0 ? 1 : 0))
        if value < 0 { write(UInt8(ascii: "-")) }
        writeDigits(magnitude, count: digits)
    }

    /// Exactly `NumberFormatting.format(value)`: whole numbers here (found by a round trip
    /// through Int, no call to trunc), the rest out of line.
    @inline(__always) mutating func writeNumber(_ value: Double) {
        if abs(value) < 1e15 {
            let whole = Int(value)
            if Double(whole) == value { return write(whole) }  // 0 and -0 both print 0
        }
        position = OutputBytes.writeFraction(value, at: position)
    }

    /// A number as JSON has it: non-finite values are null.
    @inline(__always) mutating func writeJSONNumber(_ value: Double) {
        if value.isFinite { writeNumber(value) } else { write("null") }
    }

    /// Exactly `NumberFormatting.rounded(value)` (at most 3 decimals). A whole number is its
    /// own rounding (·1000 and back is exact below 10¹²), so it skips the call to round.
    @inline(__always) mutating func writeRounded(_ value: Double) {
        if abs(value) < 1e12 {  // false for NaN and the infinities
            let whole = Int(value)
            if Double(whole) == value { return write(whole) }
            writeNumber((value * 1000).rounded() / 1000)
        } else {
            writeNumber(value)
        }
    }

    /// `writeRounded` right-aligned in `width` bytes.
    @inline(__always) mutating func writeRounded(_ value: Double, rightAlignedIn width: Int) {
        if abs(value) < 1e12 {
            let whole = Int(value)
            if Double(whole) == value { return write(whole, rightAlignedIn: width) }
        }
        let start = position
        writeRounded(value)
        alignRight(from: start, width: width)
    }

    /// Spaces; wide stores for short runs, so up to 15 bytes past the last space may be
    /// overwritten (inside `OutputBytes.slack`).
    @inline(__always) mutating func writeSpaces(_ count: Int) {
        guard count > 0 else { return }
        if count <= 16 {
            let raw = UnsafeMutableRawPointer(position)
            raw.storeBytes(of: Self.eightSpaces, as: UInt64.self)
            if count > 8 { raw.storeBytes(of: Self.eightSpaces, toByteOffset: 8, as: UInt64.self) }
        } else {
            position.update(repeating: UInt8(ascii: " "), count: count)
        }
        position += count
    }

    /// Moves what was written since `start` right, behind spaces, to fill `width` bytes.
    @inline(__always) mutating func alignRight(from start: UnsafeMutablePointer<UInt8>, width: Int) {
        let length = position - start
        guard length < width else { return }
        let padding = width - length
        var index = length
        while index > 0 {  // a number's few bytes, last first (the ranges overlap)
            index -= 1
            start[padding + index] = start[index]
        }
        start.update(repeating: UInt8(ascii: " "), count: padding)
        position += padding
    }

    private static let eightSpaces = UInt64(0x2020_2020_2020_2020)

    /// 10⁰ … 10¹⁹ (`digitCount`'s guess is at most 19).
    /// (Written out: a literal array is laid out at compile time, with no lazy initialisation
    /// to check on every use.)
    private static let powersOfTen: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
        100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
        10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
    ]

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
