/// What a valid attribute value is, decided in one place for every way a value enters the
/// engine (a custom prepare's `out:*`, the attribute hooks, the flow layout). Each rule
/// returns nil for a valid value, or the problem in words, for the caller to locate.
public enum AttributeRules {
    /// Frames are finite, sized ≥ 0, and their far edges (origin + size) are finite too:
    /// 1e308 + 1e308 would print as Infinity and break every rect query.
    public static func frameProblem(_ frame: Rect) -> String? {
        guard frame.isFinite, frame.width >= 0, frame.height >= 0 else {
            return "frame (\(describe(frame))) must be finite with a size ≥ 0"
        }
        guard frame.maxX.isFinite, frame.maxY.isFinite else {
            return "frame (\(describe(frame))) overflows: its far edge x + width or y + height is not a finite number"
        }
        return nil
    }

    /// Alpha is an opacity, 0…1 (UIView.alpha's range).
    public static func alphaProblem(_ alpha: Double) -> String? {
        alpha >= 0 && alpha <= 1 ? nil : "alpha must be a number from 0 to 1, got \(number(alpha))"
    }

    /// zIndex is a whole number that fits UIKit's NSInteger on every device (32 bits).
    public static func zIndexProblem(_ value: Double) -> String? {
        value == value.rounded() && abs(value) <= Double(Int32.max) ? nil
            : "zIndex must be a whole number between -\(Int32.max) and \(Int32.max), got \(number(value))"
    }

    /// Custom values hold finite numbers at any depth (JSON has no NaN or infinity).
    public static func customProblem(_ value: LayoutValue) -> String? {
        nonFinitePath(value, path: "").map { path in
            "holds a non-finite number (\(path.number)) at \(path.at.isEmpty ? "its top level" : path.at)"
        }
    }

    /// Flow spacings may be negative (UIKit lets rows overlap) but must be finite.
    public static func spacingProblem(_ value: Double) -> String? {
        value.isFinite ? nil : "must be a finite number, got \(number(value))"
    }

    private static func nonFinitePath(_ value: LayoutValue, path: String) -> (at: String, number: String)? {
        switch value {
        case .number(let x) where !x.isFinite: return (path, number(x))
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let found = nonFinitePath(item, path: path + "[\(index + 1)]") { return found }
            }
        case .object(let fields):
            for key in fields.keys.sorted() {
                if let found = nonFinitePath(fields[key]!, path: path + "." + key) { return found }
            }
        default: break
        }
        return nil
    }

    /// Numbers in messages (the engine's and the scripts'): whole numbers without a fraction,
    /// `nan`, `inf`, `-inf`.
    public static func number(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value > 0 ? "inf" : "-inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    private static func describe(_ frame: Rect) -> String {
        [frame.x, frame.y, frame.width, frame.height].map(number).joined(separator: ", ")
    }
}
