import Platform

/// What a valid attribute value is, decided in one place for every way a value enters the
/// engine (a custom prepare's `out:*`, the attribute hooks, the flow layout). Each rule
/// returns nil for a valid value, or the problem in words, for the caller to locate.
package enum AttributeRules {
    /// Frames are finite, sized ≥ 0, and their far edges (origin + size) are finite too:
    /// 1e308 + 1e308 would print as Infinity and break every rect query.
    package static func frameProblem(_ frame: Rect) -> String? {
        guard frame.isFinite, frame.width >= 0, frame.height >= 0 else {
            return "frame (\(describe(frame))) must be finite with a size ≥ 0"
        }
        guard frame.maxX.isFinite, frame.maxY.isFinite else {
            return "frame (\(describe(frame))) overflows: its far edge x + width or y + height is not a finite number"
        }
        return nil
    }

    /// Alpha is an opacity, 0…1 (UIView.alpha's range).
    package static func alphaProblem(_ alpha: Double) -> String? {
        alpha >= 0 && alpha <= 1 ? nil : "alpha must be a number from 0 to 1, got \(number(alpha))"
    }

    /// zIndex is a whole number that fits UIKit's NSInteger on every device (32 bits).
    package static func zIndexProblem(_ value: Double) -> String? {
        value == value.rounded() && abs(value) <= Double(Int32.max)
            ? nil
            : "zIndex must be a whole number between -\(Int32.max) and \(Int32.max), got \(number(value))"
    }

    /// Custom values hold finite numbers at any depth (JSON has no NaN or infinity).
    package static func customProblem(_ value: LayoutValue) -> String? {
        nonFinitePath(value, path: "").map { path in
            "holds a non-finite number (\(path.number)) at \(path.at.isEmpty ? "its top level" : path.at)"
        }
    }

    /// Flow spacings may be negative (UIKit lets rows overlap) but must be finite.
    package static func spacingProblem(_ value: Double) -> String? {
        value.isFinite ? nil : "must be a finite number, got \(number(value))"
    }

    /// Most looping animations one element may carry (each is drawn as a nested group).
    package static let maximumAnimations = 16

    /// Looping animations from the value a script wrote: nil (none), one animation table or a
    /// list of them, each `{keyPath=, fromValue=, toValue=, duration=, autoreverses=,
    /// repeatCount=, timeOffset=}`; the problem in words when one is not valid.
    package static func animations(_ value: LayoutValue) throws(LayoutError) -> [AttributeAnimation] {
        let list: [LayoutValue]
        switch value {
        case .null: return []
        case .array(let items): list = items
        case .object(let fields) where fields.isEmpty: return []
        case .object(let fields) where fields["keyPath"] != nil: list = [value]
        default:
            throw LayoutError(
                "animations must be a list of animation tables ({keyPath =, fromValue =, toValue =, duration =, …}), got \(describe(value))"
            )
        }
        guard list.count <= maximumAnimations else {
            throw LayoutError("animations: at most \(maximumAnimations) per element, got \(list.count)")
        }
        var result: [AttributeAnimation] = []
        for (position, item) in list.enumerated() {
            result.append(try animation(item, name: "animations[\(position + 1)]"))
        }
        return result
    }

    static let animationFields = [
        "keyPath", "fromValue", "toValue", "duration", "autoreverses", "repeatCount", "timeOffset",
    ]

    private static func animation(_ value: LayoutValue, name: String) throws(LayoutError) -> AttributeAnimation {
        guard case .object(let fields) = value else {
            throw LayoutError("\(name) must be a table, got \(describe(value))")
        }
        if let unknown = fields.keys.sorted().first(where: { !animationFields.contains($0) }) {
            throw LayoutError(
                "\(name): unknown field '\(unknown)' (fields: \(animationFields.joined(separator: ", ")))")
        }
        let paths = AttributeAnimation.KeyPath.allCases.map(\.rawValue)
        guard let path = fields["keyPath"]?.string, let keyPath = AttributeAnimation.KeyPath(rawValue: path) else {
            throw LayoutError(
                "\(name).keyPath must be one of \(paths.joined(separator: ", ")), got \(describe(fields["keyPath"] ?? .null))"
            )
        }
        func finite(_ field: String, default fallback: Double? = nil) throws(LayoutError) -> Double {
            guard let raw = fields[field] else {
                if let fallback { return fallback }
                throw LayoutError("\(name).\(field) must be a finite number, got nil")
            }
            guard let number = raw.number, number.isFinite else {
                throw LayoutError("\(name).\(field) must be a finite number, got \(describe(raw))")
            }
            return number
        }
        let from = try finite("fromValue"), to = try finite("toValue")
        if keyPath == .opacity {
            for (field, number) in [("fromValue", from), ("toValue", to)] where !(number >= 0 && number <= 1) {
                throw LayoutError("\(name).\(field): an opacity is from 0 to 1, got \(self.number(number))")
            }
        }
        let duration = try finite("duration")
        guard duration > 0 else {
            throw LayoutError("\(name).duration must be a finite number > 0, got \(number(duration))")
        }
        var autoreverses = false
        if let raw = fields["autoreverses"] {
            guard let flag = raw.bool else {
                throw LayoutError("\(name).autoreverses must be a boolean, got \(describe(raw))")
            }
            autoreverses = flag
        }
        var repeatCount = Double.infinity
        if let raw = fields["repeatCount"] {
            guard let count = raw.number, count > 0 else {
                throw LayoutError("\(name).repeatCount must be a number > 0 (math.huge: forever), got \(describe(raw))")
            }
            repeatCount = count
        }
        return AttributeAnimation(
            keyPath: keyPath, fromValue: from, toValue: to, duration: duration, autoreverses: autoreverses,
            repeatCount: repeatCount, timeOffset: try finite("timeOffset", default: 0))
    }

    /// A value as messages name it: numbers written out, strings quoted, other types by name.
    private static func describe(_ value: LayoutValue) -> String {
        switch value {
        case .null: "nil"
        case .bool: "boolean"
        case .number(let x): number(x)
        case .string(let text): "'\(text)'"
        case .array, .object: "table"
        }
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
    package static func number(_ value: Double) -> String { NumberFormatting.format(value) }

    private static func describe(_ frame: Rect) -> String {
        [frame.x, frame.y, frame.width, frame.height].map(number).joined(separator: ", ")
    }
}
