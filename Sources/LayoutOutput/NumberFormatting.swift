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
}
