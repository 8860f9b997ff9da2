/// `NumberFormatting`'s numbers written straight into an output buffer, byte for byte the same
/// text: whole numbers and values with a few decimals by integer arithmetic, the rest by
/// Swift's own shortest round-trip `description`.
extension OutputBytes {
    /// Exactly `NumberFormatting.format(value)`.
    func appendNumber(_ value: Double) {
        if value == 0 {  // also folds -0
            append(UInt8(ascii: "0"))
            return
        }
        let magnitude = abs(value)
        if magnitude < 1e15 {
            if value == value.rounded(.towardZero) {
                append(Int(value))
                return
            }
            if magnitude >= 1e-3, appendShortDecimal(value) { return }
        }
        append(NumberFormatting.format(value))
    }

    /// Exactly `NumberFormatting.rounded(value)` (at most 3 decimals).
    func appendRounded(_ value: Double) {
        guard value.isFinite, abs(value) < 1e12 else { return appendNumber(value) }
        appendNumber((value * 1000).rounded() / 1000)
    }

    /// The shortest decimal m·10⁻ᵏ that reads back as `value`, for 10⁻³ ≤ |value| < 10¹⁵:
    /// Swift prints such values without an exponent, and the fewest decimals is the fewest
    /// significant digits. m / 10ᵏ of two exact doubles is correctly rounded, so it equals
    /// `value` exactly when the decimal reads back as `value`. Neighbours m ± 1 are tried too
    /// (the product value·10ᵏ is rounded); when two candidates read back, Swift picks the closer
    /// one, so that case goes to the general algorithm. Returns false when no fit is found.
    private func appendShortDecimal(_ value: Double) -> Bool {
        let magnitude = abs(value)
        let unit = magnitude.ulp
        for k in 1..<Self.powersOfTen.count {
            let scale = Self.powersOfTen[k]
            let scaled = magnitude * scale
            guard scaled < 9.007_199_254_740_992e15 else { return false }  // m must be exact (< 2⁵³)
            let m = scaled.rounded()
            var found = m / scale == magnitude ? m : -1
            // Only when the values reading back as `value` span about a unit (scaled) can a
            // neighbour of the rounded product fit too.
            if unit * scale >= 0.5 {
                for neighbour in stride(from: m - 1, through: m + 1, by: 2) where neighbour > 0 && neighbour / scale == magnitude {
                    if found >= 0 { return false }  // two fits: leave the choice to Swift
                    found = neighbour
                }
            }
            guard found >= 0 else { continue }
            writeDecimal(UInt64(found), decimals: k, negative: value < 0)
            return true
        }
        return false
    }

    /// `digits` with a decimal point `decimals` places from the right ("0.05", "12.5").
    private func writeDecimal(_ digits: UInt64, decimals: Int, negative: Bool) {
        var text: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)  // 32 bytes of scratch
        withUnsafeMutableBytes(of: &text) { scratch in
            var position = scratch.count
            var rest = digits
            var written = 0
            while rest > 0 || written <= decimals {
                if written == decimals && written > 0 {
                    position -= 1
                    scratch[position] = UInt8(ascii: ".")
                }
                position -= 1
                scratch[position] = 48 + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
                written += 1
            }
            if negative {
                position -= 1
                scratch[position] = UInt8(ascii: "-")
            }
            append(UnsafeRawBufferPointer(rebasing: scratch[position...]))
        }
    }

    private static let powersOfTen: [Double] = (0...17).map { k in (0..<k).reduce(1.0) { value, _ in value * 10 } }
}
