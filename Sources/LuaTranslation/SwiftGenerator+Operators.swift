/// Lua's operators in Swift. Integers wrap as Lua's do (`&+`, `&-`, `&*`); `//` and `%` round
/// toward minus infinity; `/` and `^` are always float; `..` becomes string interpolation;
/// `and`/`or` return one of their operands, so they become `? :` and `??` where a Swift Bool
/// would not hold the result.
extension SwiftGenerator {
    func binary(
        _ op: BinaryOperator, _ left: Expression, _ right: Expression, at location: SourceLocation, optional: Bool
    )
        throws(Refusal) -> Code
    {
        switch op {
        case .and, .or: return try logical(op, left, right, at: location, optional: optional)
        case .concat: return try concatenation(left, right, at: location)
        case .equal, .notEqual: return try equality(op == .equal, left, right, at: location)
        case .less, .lessEqual, .greater, .greaterEqual: return try ordering(op, left, right, at: location)
        default: break
        }
        let a = try numeric(left)
        let b = try numeric(right)
        if op.isBitwise { return try bitwise(op, a, b, at: location) }
        if op == .divide || op == .power {
            let x = try convert(a, to: .double, at: left.location)
            let y = try convert(b, to: .double, at: right.location)
            if op == .power { return Code("pow(\(x.text), \(y.text))", .double) }
            return infix("/", x, y, .multiplicative, .double)
        }
        if a.type == .int && b.type == .int {
            switch op {
            case .add: return infix("&+", a, b, .additive, .int)
            case .subtract: return infix("&-", a, b, .additive, .int)
            case .multiply: return infix("&*", a, b, .multiplicative, .int)
            case .floorDivide:
                helpers.insert(.floorDivide)
                return Code("floorDivide(\(a.text), \(b.text))", .int)
            default:
                helpers.insert(.floorModulo)
                return Code("floorModulo(\(a.text), \(b.text))", .int)
            }
        }
        let x = try convert(a, to: .double, at: left.location)
        let y = try convert(b, to: .double, at: right.location)
        switch op {
        case .add: return infix("+", x, y, .additive, .double)
        case .subtract: return infix("-", x, y, .additive, .double)
        case .multiply: return infix("*", x, y, .multiplicative, .double)
        case .floorDivide: return Code("(\(x.at(.multiplicative)) / \(y.at(.prefix))).rounded(.down)", .double)
        default:
            helpers.insert(.floatModulo)
            return Code("floatModulo(\(x.text), \(y.text))", .double)
        }
    }

    /// A number operand, unwrapped (Lua fails on nil arithmetic as Swift's `!` does).
    func numeric(_ expression: Expression) throws(Refusal) -> Code {
        let code = try emit(expression)
        let base = code.type.unwrapped
        guard base.isNumber else { throw Refusal(expression.location, "internal: \(code.type.text) in arithmetic") }
        return try convert(code, to: base, at: expression.location)
    }

    func infix(_ symbol: String, _ a: Code, _ b: Code, _ precedence: Code.Precedence, _ type: SwiftType) -> Code {
        let right = Code.Precedence(rawValue: precedence.rawValue + 1) ?? .primary
        var result: Code
        if a.constant && b.constant && symbol != "&&" && symbol != "||" {
            result = Code("\(a.typed) \(symbol) \(b.at(right))", type, precedence)
            result.constant = precedence != .comparison
        } else {
            result = Code("\(a.at(precedence)) \(symbol) \(b.at(right))", type, precedence)
        }
        return result
    }

    private func bitwise(
        _ op: BinaryOperator, _ a: Code, _ b: Code, at location: SourceLocation
    ) throws(Refusal) -> Code {
        let x = try convert(a, to: .int, at: location)
        let y = try convert(b, to: .int, at: location)
        switch op {
        case .bitAnd: return infix("&", x, y, .multiplicative, .int)
        case .bitOr: return infix("|", x, y, .additive, .int)
        case .bitXor: return infix("^", x, y, .additive, .int)
        case .shiftLeft:
            helpers.insert(.shiftLeft)
            return Code("shiftLeft(\(x.text), \(y.text))", .int)
        default:
            helpers.insert(.shiftRight)
            return Code("shiftRight(\(x.text), \(y.text))", .int)
        }
    }

    // MARK: Strings

    /// `a .. b .. c` as one interpolated string; numbers printed as Lua prints them.
    private func concatenation(
        _ left: Expression, _ right: Expression, at location: SourceLocation
    ) throws(Refusal)
        -> Code
    {
        var parts: [Expression] = []
        func flatten(_ expression: Expression) {
            if case .binary(.concat, let a, let b) = expression.kind {
                flatten(a)
                flatten(b)
            } else {
                parts.append(expression)
            }
        }
        flatten(left)
        flatten(right)
        var text = "\""
        for part in parts {
            if case .string(let bytes) = part.kind {
                text += String(SwiftLiteral.string(String(decoding: bytes, as: UTF8.self)).dropFirst().dropLast())
            } else {
                text += "\\(\(try textOf(part).text))"
            }
        }
        return Code(text + "\"", .string)
    }

    /// A value as Lua's `tostring` writes it.
    func textOf(_ expression: Expression) throws(Refusal) -> Code {
        let lua = try luaType(expression)
        let code = try emit(expression, optional: lua.nilable)
        if code.type.isOptional {
            let inner = Code("value", code.type.unwrapped)
            let text = try textOf(inner, kind: lua.shape.numberKind, at: expression.location)
            return Code("\(code.at(.primary)).map { value in \(text.text) } ?? \"nil\"", .string, .coalescing)
        }
        return try textOf(code, kind: lua.shape.numberKind, at: expression.location)
    }

    private func textOf(_ code: Code, kind: NumberKind?, at location: SourceLocation) throws(Refusal) -> Code {
        switch code.type {
        case .string: return code
        case .int, .bool: return Code("String(\(code.text))", .string)
        case .double:
            if kind == .whole {
                helpers.insert(.luaStringWhole)
                return Code("luaString(whole: \(code.text))", .string)
            }
            helpers.insert(.luaString)
            return Code("luaString(\(code.text))", .string)
        default: throw Refusal(location, "internal: text of \(code.type.text)")
        }
    }

    // MARK: Comparisons

    private func equality(
        _ equal: Bool, _ left: Expression, _ right: Expression, at location: SourceLocation
    )
        throws(Refusal) -> Code
    {
        let symbol = equal ? "==" : "!="
        if let test = TypeTest(left, right) { return try typeTest(test, equal: equal, at: location) }
        var a = try emit(left, optional: true)
        var b = try emit(right, optional: true)
        if a.isNilLiteral || b.isNilLiteral {
            if a.isNilLiteral { swap(&a, &b) }
            if !a.type.isOptional { return Code(equal ? "false" : "true", .bool) }
            return infix(symbol, a, Code("nil", a.type), .comparison, .bool)
        }
        if case .named(let name) = a.type.unwrapped, name.hasSuffix("Attributes") || isClassName(name) {
            return infix(equal ? "===" : "!==", a, b, .comparison, .bool)
        }
        if let mixed = try mixedEquality(a, b, equal: equal, at: location) { return mixed }
        let target = common(a.type, b.type)
        a = try convert(a, to: target.isOptional && !a.type.isOptional ? target.unwrapped : target, at: left.location)
        b = try convert(b, to: target.isOptional && !b.type.isOptional ? target.unwrapped : target, at: right.location)
        return infix(symbol, a, b, .comparison, .bool)
    }

    /// An integer equals a float when the float is exactly that integer (Lua compares the
    /// mathematical values; `Double(i)` would round a large integer).
    private func mixedEquality(_ a: Code, _ b: Code, equal: Bool, at location: SourceLocation) throws(Refusal) -> Code?
    {
        var (integer, float) = (a, b)
        if a.type.unwrapped == .double && b.type.unwrapped == .int { (integer, float) = (b, a) }
        guard integer.type.unwrapped == .int, float.type.unwrapped == .double else { return nil }
        let symbol = equal ? "==" : "!="
        if let literal = integer.integerLiteral, literal.magnitude <= 1 << 53 {
            return infix(symbol, float, Code("\(literal).0", .double), .comparison, .bool)
        }
        let exact =
            float.type.isOptional
            ? "\(float.at(.primary)).flatMap { Int(exactly: $0) }" : "Int(exactly: \(float.text))"
        return Code("\(exact) \(symbol) \(integer.at(.coalescing))", .bool, .comparison)
    }

    private func isClassName(_ name: String) -> Bool {
        recordOrder.contains { recordName($0) == name && isClassRecord($0) }
    }

    private func ordering(
        _ op: BinaryOperator, _ left: Expression, _ right: Expression, at location: SourceLocation
    )
        throws(Refusal) -> Code
    {
        var a = try emit(left)
        var b = try emit(right)
        a = try convert(a, to: a.type.unwrapped, at: left.location)
        b = try convert(b, to: b.type.unwrapped, at: right.location)
        if a.type == .string {
            helpers.insert(.luaLess)
            switch op {
            case .less: return Code("luaLess(\(a.text), \(b.text))", .bool)
            case .greater: return Code("luaLess(\(b.text), \(a.text))", .bool)
            case .lessEqual: return Code("!luaLess(\(b.text), \(a.text))", .bool, .prefix)
            default: return Code("!luaLess(\(a.text), \(b.text))", .bool, .prefix)
            }
        }
        if a.type != b.type, let literal = (a.type == .int ? a : b).integerLiteral, literal.magnitude <= 1 << 53 {
            // A small integer is exactly a float: compare as floats.
            a = try convert(a, to: .double, at: left.location)
            b = try convert(b, to: .double, at: right.location)
        } else if a.type != b.type {
            // Lua compares an integer and a float exactly (lvm.c's LTintfloat and kin).
            helpers.insert(.numberOrder)
            switch op {
            case .less: return Code("isLess(\(a.text), \(b.text))", .bool)
            case .lessEqual: return Code("isLessOrEqual(\(a.text), \(b.text))", .bool)
            case .greater: return Code("isLess(\(b.text), \(a.text))", .bool)
            default: return Code("isLessOrEqual(\(b.text), \(a.text))", .bool)
            }
        }
        let target = common(a.type, b.type)
        a = try convert(a, to: target, at: left.location)
        b = try convert(b, to: target, at: right.location)
        return infix(op.rawValue, a, b, .comparison, .bool)
    }

    /// `type(x) == "table"` from the static type: constant, or a test for nil.
    private func typeTest(_ test: TypeTest, equal: Bool, at location: SourceLocation) throws(Refusal) -> Code {
        let lua = try luaType(test.operand)
        let name: String
        switch lua.shape {
        case .boolean: name = "boolean"
        case .number: name = "number"
        case .string: name = "string"
        case .table, .api: name = "table"
        case .function: name = "function"
        case .unknown: name = "nil"
        }
        if test.typeName == "nil" {
            let code = try emit(test.operand, optional: true)
            guard code.type.isOptional else { return Code(equal ? "false" : "true", .bool) }
            return Code("\(code.at(.comparison + 1)) \(equal ? "==" : "!=") nil", .bool, .comparison)
        }
        guard test.typeName == name else { return Code(equal ? "false" : "true", .bool) }
        let code = try emit(test.operand, optional: true)
        guard code.type.isOptional else { return Code(equal ? "true" : "false", .bool) }
        return Code("\(code.at(.comparison + 1)) \(equal ? "!=" : "==") nil", .bool, .comparison)
    }

    // MARK: Unary

    func unary(_ op: UnaryOperator, _ operand: Expression, at location: SourceLocation) throws(Refusal) -> Code {
        switch op {
        case .not:
            let condition = try truth(operand)
            return Code("!\(condition.at(.primary))", .bool, .prefix)
        case .negate:
            let value = try numeric(operand)
            var negated: Code
            if value.type == .double {
                let text = value.text.hasPrefix("-") ? "-(\(value.text))" : "-\(value.at(.primary))"
                negated = Code(text, .double, .prefix)
            } else if let literal = value.integerLiteral, literal != Int.min {
                let result = -literal
                negated = Code(SwiftLiteral.int(result), .int, result < 0 ? .prefix : .primary)
            } else {
                negated = Code("0 &- \(value.at(.multiplicative))", .int, .additive)
            }
            negated.constant = value.constant
            return negated
        case .bitNot:
            let value = try convert(try numeric(operand), to: .int, at: location)
            var inverted = Code("~\(value.at(.primary))", .int, .prefix)
            inverted.constant = value.constant
            return inverted
        case .length:
            var value = try emit(operand)
            value = try convert(value, to: value.type.unwrapped, at: location)
            switch value.type {
            case .string: return Code("\(value.at(.primary)).utf8.count", .int)
            case .array: return Code("\(value.at(.primary)).count", .int)
            case .dictionary:
                helpers.insert(.sequenceLength)
                return Code("sequenceLength(\(value.text))", .int)
            default: throw Refusal(location, "internal: # of \(value.type.text)")
            }
        }
    }

    // MARK: Truth and the logical operators

    /// A condition: Lua's truth (everything but nil and false is true) as a Swift Bool.
    func truth(_ expression: Expression) throws(Refusal) -> Code {
        switch expression.kind {
        case .binary(.and, let left, let right):
            return infix("&&", try truth(left), try truth(right), .conjunction, .bool)
        case .binary(.or, let left, let right):
            return infix("||", try truth(left), try truth(right), .disjunction, .bool)
        case .unary(.not, let operand):
            return Code("!\(try truth(operand).at(.primary))", .bool, .prefix)
        case .parenthesized(let inner):
            return try truth(inner)
        default:
            let code = try emit(expression, optional: true)
            return try truthOf(code, at: expression.location)
        }
    }

    func truthOf(_ code: Code, at location: SourceLocation) throws(Refusal) -> Code {
        switch code.type {
        case .bool: return code
        case .optional(.bool): return Code("\(code.at(.coalescing)) == true", .bool, .comparison)
        case .optional: return Code("\(code.at(.comparison + 1)) != nil", .bool, .comparison)
        default:
            if code.isNilLiteral { return Code("false", .bool) }
            if code.text.contains("(") {
                throw Refusal(location, "this test is always true (the value is never nil or false): remove it")
            }
            return Code("true", .bool)
        }
    }

    private func logical(
        _ op: BinaryOperator, _ left: Expression, _ right: Expression, at location: SourceLocation,
        optional: Bool
    ) throws(Refusal) -> Code {
        let result = try luaType(Expression(.binary(op, left, right), at: location))
        let target = try swiftType(
            of: result, optional: result.nilable || result.falsable || optional && result.nilable)
        if target == .bool {
            let symbol = op == .and ? "&&" : "||"
            return infix(symbol, try truth(left), try truth(right), op == .and ? .conjunction : .disjunction, .bool)
        }
        if op == .and {
            // a and b: b when a is true, else a's nil or false (held as nil).
            let condition = try truth(left)
            let value = try convert(try emit(right, optional: true), to: target, at: right.location)
            return Code("\(condition.at(.disjunction)) ? \(value.at(.disjunction)) : nil", target, .ternary)
        }
        // a or b
        if case .binary(.and, let condition, let value) = left.kind {
            // The idiom `c and x or y`: x when c holds and x is not nil or false, else y.
            let test = try truth(condition)
            let chosen = try logicalOr(value, right, target: target, at: location)
            let fallback = try convert(try emit(right, optional: target.isOptional), to: target, at: right.location)
            return Code(
                "\(test.at(.disjunction)) ? \(chosen.at(.disjunction)) : \(fallback.at(.disjunction))", target,
                .ternary)
        }
        return try logicalOr(left, right, target: target, at: location)
    }

    /// `a or b` where a is not the `c and x` idiom.
    private func logicalOr(
        _ left: Expression, _ right: Expression, target: SwiftType, at location: SourceLocation
    )
        throws(Refusal) -> Code
    {
        let a = try emit(left, optional: true)
        if !a.type.isOptional {
            if a.type == .bool {
                let b = try convert(try emit(right), to: .bool, at: right.location)
                return infix("||", a, b, .disjunction, .bool)
            }
            return try convert(a, to: target, at: location)
        }
        let unwrappedTarget = target.unwrapped
        let left = try convert(a, to: unwrappedTarget.optional, at: left.location)
        let b = try convert(try emit(right, optional: target.isOptional), to: target, at: right.location)
        return Code("\(left.at(.coalescing + 1)) ?? \(b.at(.coalescing))", target, .coalescing)
    }

}

extension Code.Precedence {
    static func + (lhs: Code.Precedence, rhs: Int) -> Code.Precedence {
        Code.Precedence(rawValue: min(lhs.rawValue + rhs, Code.Precedence.primary.rawValue)) ?? .primary
    }
}
