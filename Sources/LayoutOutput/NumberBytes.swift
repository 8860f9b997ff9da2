import Platform

/// `NumberFormatting`'s numbers written straight into an output buffer, byte for byte the same
/// text: whole numbers and values with a few decimals by integer arithmetic, the rest by
/// Swift's own shortest round-trip `description`.
extension OutputBytes {
    /// Exactly `NumberFormatting.format(value)`.
    @inline(__always)
    func appendNumber(_ value: Double) {
        withCursor(reserving: ByteCursor.numberRoom) { $0.writeNumber(value) }
    }

    /// A number that is not whole (or 10¹⁵ and beyond, or not finite) written at `position`,
    /// which has `ByteCursor.numberRoom` bytes of room; returns where it ends.
    @inline(never)
    static func writeFraction(_ value: Double, at position: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8>
    {
        let magnitude = abs(value)
        if magnitude < 1e15, magnitude >= 1e-3, let end = writeShortDecimal(value, at: position) { return end }
        var text = NumberFormatting.format(value)
        return text.withUTF8 { utf8 in
            position.update(from: utf8.baseAddress!, count: utf8.count)
            return position + utf8.count
        }
    }

    /// Exactly `NumberFormatting.rounded(value)` (at most 3 decimals).
    @inline(__always)
    func appendRounded(_ value: Double) {
        withCursor(reserving: ByteCursor.numberRoom) { $0.writeRounded(value) }
    }

    /// The shortest decimal m·10⁻ᵏ that reads back as `value`, for 10⁻³ ≤ |value| < 10¹⁵:
    /// Swift prints such values without an exponent, and the fewest decimals is the fewest
    /// significant digits. m / 10ᵏ of two exact doubles is correctly rounded, so it equals
    /// `value` exactly when the decimal reads back as `value`. Neighbours m ± 1 are tried too
    /// (the product value·10ᵏ is rounded); when two candidates read back, Swift picks the closer
    /// one, so that case goes to the general algorithm. Returns nil when no fit is found.
    private static func writeShortDecimal(
        _ value: Double, at position: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8>? {
        let magnitude = abs(value)
        let unit = magnitude.ulp
        for k in 1..<Self.powersOfTen.count {
            let scale = Self.powersOfTen[k]
            let scaled = magnitude * scale
            guard scaled < 9.007_199_254_740_992e15 else { return nil }  // m must be exact (< 2⁵³)
            let m = scaled.rounded()
            var found = m / scale == magnitude ? m : -1
            // Only when the values reading back as `value` span about a unit (scaled) can a
            // neighbour of the rounded product fit too.
            if unit * scale >= 0.5 {
                for neighbour in stride(from: m - 1, through: m + 1, by: 2)
                where neighbour > 0 && neighbour / scale == magnitude {
                    if found >= 0 { return nil }  // two fits: leave the choice to Swift
                    found = neighbour
                }
            }
            guard found >= 0 else { continue }
            return writeDecimal(UInt64(found), decimals: k, negative: value < 0, at: position)
        }
        return nil
    }

    /// `digits` with a decimal point `decimals` places from the right ("0.05", "12.5").
    private static func writeDecimal(
        _ digits: UInt64, decimals: Int, negative: Bool,
        at start: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        let count = max(ByteCursor.digitCount(digits), decimals + 1)  // at least decimals + 1 (a leading 0)
        var position = start
        if negative {
            position.pointee = UInt8(ascii: "-")
            position += 1
        }
        let end = position + count + 1
        var cursor = end
        var rest = digits
        for written in 0..<count {
            if written == decimals {
                cursor -= 1
                cursor.pointee = UInt8(ascii: ".")
            }
            cursor -= 1
            cursor.pointee = 48 + UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
        return end
    }

    /// 10⁰ … 10¹⁷, written out (a literal array needs no lazy initialisation).
    private static let powersOfTen: [Double] = [
        1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17,
    ]
}
