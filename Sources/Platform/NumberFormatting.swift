/// Numbers as the outputs print them. `format`: the shortest decimal that reads back as the
/// same double, integers without a fraction (JSON, and messages that quote a value exactly).
/// `rounded`: the one formatter for numbers people read (the table, watch lines, the preview,
/// snapshot diffs, check, the timeline page). Both spell the non-finite values as the
/// engine's messages do: `nan`, `inf`, `-inf`.
package enum NumberFormatting {
    package static func format(_ value: Double) -> String {
        // Whole numbers by a round trip through Int (no call to round); -0 prints 0.
        if abs(value) < 1e15, case let whole = Int(value), Double(whole) == value { return String(whole) }
        guard value.isFinite else { return value.isNaN ? "nan" : value > 0 ? "inf" : "-inf" }
        return String(value)
    }

    /// For people: at most `decimals` decimals, trailing zeros dropped.
    /// Huge values are left exact (scaling them could overflow and they have no fraction anyway).
    package static func rounded(_ value: Double, decimals: Int = 3) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return format(value) }
        if case let whole = Int(value), Double(whole) == value { return String(whole) }  // its own rounding
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        return format((value * scale).rounded() / scale)
    }
}
