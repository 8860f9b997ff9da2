import LayoutEngine

/// Numbers as every output prints them: the shortest decimal that reads back as the same
/// double; integers without a fraction.
public enum NumberFormatting {
    public static func format(_ value: Double) -> String {
        if value == 0 { return "0" }  // also folds -0
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        guard value.isFinite else { return value.isNaN ? "NaN" : (value > 0 ? "Infinity" : "-Infinity") }
        return String(value)
    }

    /// For people (the table, tooltips): at most `decimals` decimals, trailing zeros dropped.
    /// Huge values are left exact (scaling them could overflow and they have no fraction anyway).
    public static func rounded(_ value: Double, decimals: Int = 3) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return format(value) }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        return format((value * scale).rounded() / scale)
    }
}
