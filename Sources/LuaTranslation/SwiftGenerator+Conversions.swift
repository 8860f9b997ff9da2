/// Conversions between the Swift types one Lua value may take: integers widened to Double,
/// whole Doubles narrowed to Int (as Lua requires), optionals unwrapped where Lua would fail
/// on nil.
extension SwiftGenerator {
    func convert(_ code: Code, to target: SwiftType, at location: SourceLocation) throws(Refusal) -> Code {
        if code.type == target { return code }
        if code.isNilLiteral || code.type.unwrapped == .named("Never") {
            guard target.isOptional else {
                throw Refusal(location, "nil is stored where a value is required: Swift cannot hold it there")
            }
            return Code("nil", target)
        }
        if target.isOptional {
            if code.type.isOptional {
                return try convertOptional(code, to: target, at: location)
            }
            var converted = try convert(code, to: target.unwrapped, at: location)
            converted.type = target
            return converted
        }
        if code.type.isOptional {
            let unwrapped = Code(code.at(.primary) + "!", code.type.unwrapped)
            return try convert(unwrapped, to: target, at: location)
        }
        switch (code.type, target) {
        case (.int, .double):
            if let literal = code.integerLiteral {
                var converted = Code("\(literal).0", .double, literal < 0 ? .prefix : .primary)
                converted.constant = true
                return converted
            }
            return Code("Double(\(code.text))", .double)
        case (.double, .int):
            helpers.insert(.luaInteger)
            return Code("luaInteger(\(code.text))", .int)
        case (.array(let from), .array(let to)) where from == .int && to == .double:
            return Code("\(code.at(.primary)).map { Double($0) }", target)
        case (.array(let from), .array(let to)) where from == .double && to == .int:
            helpers.insert(.luaInteger)
            return Code("\(code.at(.primary)).map { luaInteger($0) }", target)
        case (.dictionary(let key, let from), .dictionary(_, let to)) where from == .int && to == .double:
            return Code("\(code.at(.primary)).mapValues { Double($0) }", .dictionary(key, to))
        case (.tuple(let from), .tuple(let to)) where from.count == to.count:
            let name = "values"
            var parts: [String] = []
            for (index, type) in to.enumerated() {
                parts.append(try convert(Code("\(name).\(index)", from[index]), to: type, at: location).text)
            }
            return Code("{ let \(name) = \(code.text); return (\(parts.joined(separator: ", "))) }()", target)
        case (.named("NSCollectionLayoutGroup"), .named("NSCollectionLayoutItem")):
            // A group is an item (UIKit's subclass): Swift converts it as it is.
            return Code(code.text, target, code.precedence)
        case (.array(.named("NSCollectionLayoutGroup")), .array(.named("NSCollectionLayoutItem"))):
            return Code(code.text, target, code.precedence)
        default:
            throw Refusal(
                location,
                "internal: cannot convert \(code.type.text) to \(target.text) here; please report this script")
        }
    }

    private func convertOptional(
        _ code: Code, to target: SwiftType, at location: SourceLocation
    ) throws(Refusal) -> Code {
        switch (code.type.unwrapped, target.unwrapped) {
        case (.int, .double): return Code("\(code.at(.primary)).map { Double($0) }", target)
        case (.double, .int):
            helpers.insert(.luaInteger)
            return Code("\(code.at(.primary)).map { luaInteger($0) }", target)
        default:
            throw Refusal(
                location,
                "internal: cannot convert \(code.type.text) to \(target.text) here; please report this script")
        }
    }

    /// The Swift type both `a` and `b` convert to (a Double when one is an Int and the other a
    /// Double; optional when either is).
    func common(_ a: SwiftType, _ b: SwiftType) -> SwiftType {
        if a == b { return a }
        if a == .optional(.void) { return b.optional }
        if b == .optional(.void) { return a.optional }
        let optional = a.isOptional || b.isOptional
        let base: SwiftType
        switch (a.unwrapped, b.unwrapped) {
        case (let x, let y) where x == y: base = x
        case (.int, .double), (.double, .int): base = .double
        default: base = a.unwrapped
        }
        return optional ? base.optional : base
    }
}
