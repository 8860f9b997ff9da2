/// Operators: Lua 5.4's arithmetic (integers stay integers, `/` and `^` give floats), string
/// concatenation, comparisons, and the logical operators that return one of their operands.
extension TypeInference {
    func binary(
        _ op: BinaryOperator, _ left: Expression, _ right: Expression, at location: SourceLocation
    )
        throws(Refusal) -> Evaluated
    {
        switch op {
        case .and, .or:
            return try logical(op, left, right, at: location)
        default: break
        }
        let a = try evaluate(left)
        let b = try evaluate(right)
        if op.isArithmetic {
            try requireNumber(a, at: left.location, what: "the left operand of '\(op.rawValue)'")
            try requireNumber(b, at: right.location, what: "the right operand of '\(op.rawValue)'")
            guard let x = a.type.shape.numberKind, let y = b.type.shape.numberKind else {
                return Evaluated(type: .unknown)
            }
            switch op {
            case .divide, .power: return Evaluated(type: .float)
            default: return Evaluated(type: .number(x.arithmetic(with: y)))
            }
        }
        if op.isBitwise {
            try requireInteger(a, at: left.location, what: "an operand of '\(op.rawValue)'")
            try requireInteger(b, at: right.location, what: "an operand of '\(op.rawValue)'")
            for (value, expression) in [(a, left), (b, right)]
            where value.type.shape.numberKind.map({ $0 != .integer }) == true {
                throw Refusal(
                    expression.location,
                    "bitwise operators take integers: this operand may be a float; write math.floor(…) or math.tointeger(…)"
                )
            }
            return Evaluated(type: .integer)
        }
        switch op {
        case .concat:
            try requireText(a, at: left.location)
            try requireText(b, at: right.location)
            return Evaluated(type: .string)
        case .equal, .notEqual:
            if let test = TypeTest(left, right) {
                let tested = try evaluate(test.operand)
                try types.demand(test.shape, of: tested.place, at: location)
            }
            try comparableForEquality(a, b, at: location)
            return Evaluated(type: .boolean)
        default:
            try ordered(a, b, left: left, right: right, op: op)
            return Evaluated(type: .boolean)
        }
    }

    /// `..` and `tostring` turn numbers into text as Lua does: an integer as `42`, a float as
    /// `42.0` (`%.14g`). A number that is sometimes one, sometimes the other cannot be printed
    /// the same way in Swift.
    func requireText(_ value: Evaluated, at location: SourceLocation) throws(Refusal) {
        try types.demand(.string, of: value.place, at: location)
        switch value.type.shape {
        case .string, .unknown: break
        case .number(.mixed):
            throw Refusal(
                location,
                "this number is an integer on some runs and a float on others, which Lua prints differently (1 or 1.0): "
                    + "convert it first (math.floor(x), or string.format(\"%g\", x))")
        case .number: break
        default:
            throw Refusal(
                location, "\(value.type.shape.name) cannot be concatenated: use tostring(…) on a number or string")
        }
        if value.type.falsable {
            throw Refusal(
                location, "this value may be `false` (from `and`): write `x or default` before using it as text")
        }
    }

    private func comparableForEquality(_ a: Evaluated, _ b: Evaluated, at location: SourceLocation) throws(Refusal) {
        if isNilOnly(a) || isNilOnly(b) {
            types.markNilTested(a.place)
            types.markNilTested(b.place)
            for value in [a, b] where value.type.falsable {
                throw Refusal(
                    location, "this value may be `false` or nil, which Swift holds alike: test it with `if x then`")
            }
            return
        }
        types.markNilTested(a.place)
        types.markNilTested(b.place)
        if a.type.shape.numberKind == .integer { types.markUsedAsInteger(b.place) }
        if b.type.shape.numberKind == .integer { types.markUsedAsInteger(a.place) }
        try types.demand(b.type.shape, of: a.place, at: location)
        try types.demand(a.type.shape, of: b.place, at: location)
        switch (a.type.shape, b.type.shape) {
        case (.unknown, _), (_, .unknown), (.number, .number), (.string, .string), (.boolean, .boolean):
            if a.type.falsable || b.type.falsable {
                throw Refusal(
                    location, "this value may be `false` or nil, which Swift holds alike: compare it after `or`")
            }
        case (.table(let x), .table(let y)):
            try types.unify(x, y, at: location)
            if !(x.resolved.isRecord && x.resolved.fieldsMutated) && x.resolved.schema?.kind != .attributes {
                throw Refusal(
                    location,
                    "comparing tables compares their identity, which Swift arrays and structs do not have: compare their fields"
                )
            }
        default:
            throw Refusal(
                location,
                "comparing \(a.type.shape.name) with \(b.type.shape.name) is always false in Lua and not allowed in Swift: "
                    + "remove the comparison or convert one side")
        }
    }

    private func ordered(
        _ a: Evaluated, _ b: Evaluated, left: Expression, right: Expression, op: BinaryOperator
    )
        throws(Refusal)
    {
        switch (a.type.shape, b.type.shape) {
        case (.string, .string): return
        case (.string, .unknown): try types.demand(.string, of: b.place, at: right.location)
        case (.unknown, .string): try types.demand(.string, of: a.place, at: left.location)
        default:
            try requireNumber(a, at: left.location, what: "the left operand of '\(op.rawValue)'")
            try requireNumber(b, at: right.location, what: "the right operand of '\(op.rawValue)'")
        }
    }

    func unary(_ op: UnaryOperator, _ operand: Expression, at location: SourceLocation) throws(Refusal) -> Evaluated {
        switch op {
        case .not:
            try evaluateCondition(operand)
            return Evaluated(type: .boolean)
        case .negate:
            let value = try evaluate(operand)
            try requireNumber(value, at: operand.location, what: "the operand of '-'")
            return Evaluated(type: value.type.shape.numberKind.map { .number($0) } ?? .unknown)
        case .bitNot:
            let value = try evaluate(operand)
            try requireInteger(value, at: operand.location, what: "the operand of '~'")
            if value.type.shape.numberKind.map({ $0 != .integer }) == true {
                throw Refusal(
                    operand.location, "'~' takes an integer: this operand may be a float; write math.floor(…)")
            }
            return Evaluated(type: .integer)
        case .length:
            let value = try evaluate(operand)
            switch value.type.shape {
            case .string: break
            case .table(let table):
                if table.resolved.schema != nil {
                    throw Refusal(location, "'#' of \(table.resolved.describe()): not a sequence")
                }
                try noteArrayUse(table, at: location)
                _ = try entriesSlot(of: table, keyShape: .number(.integer), at: location)
            case .unknown: break
            default: throw Refusal(location, "'#' of \(value.type.shape.name)")
            }
            return Evaluated(type: .integer)
        }
    }

    /// `a and b`, `a or b` as values: Lua returns one of the operands.
    private func logical(
        _ op: BinaryOperator, _ left: Expression, _ right: Expression, at location: SourceLocation
    )
        throws(Refusal) -> Evaluated
    {
        let a = try evaluate(left)
        if a.type.mayBeFalsy { types.markNilTested(a.place) }
        let b = try evaluate(right)
        if op == .or {
            // `data.width or 120`: the default tells the data's type.
            try types.demand(b.type.shape, of: a.place, at: location)
        }
        var result: ValueType
        if op == .or {
            if !a.type.mayBeFalsy {
                result = a.type
            } else if a.type.shape.isBoolean {
                result = try types.join(a.type, b.type, at: location, label: "this 'or'", origin: left.location)
            } else {
                result = try types.join(a.type.nonNil, b.type, at: location, label: "this 'or'", origin: left.location)
            }
            if b.type.nilable { types.markNilTested(b.place) }
            // `x or nil` is x: uses of it type x's data.
            if isNilOnly(b), a.place?.resolved.typedByUse == true { return Evaluated(type: result, place: a.place) }
        } else {
            // `a and b`: a when a is nil or false, else b.
            result = b.type
            if a.type.shape.isBoolean || a.type.falsable {
                if !b.type.shape.isBoolean { result.falsable = true }
            }
            if a.type.nilable { result.nilable = true }
            if b.type.nilable { types.markNilTested(b.place) }
            // The value is b's when it is not a's nil or false: uses of it type b's data.
            return Evaluated(type: result, place: b.place?.resolved.typedByUse == true ? b.place : nil)
        }
        return Evaluated(type: result)
    }

    /// A condition (if, while, until, not, and/or inside one): any value, tested for truth.
    func evaluateCondition(_ expression: Expression) throws(Refusal) {
        switch expression.kind {
        case .binary(.and, let left, let right), .binary(.or, let left, let right):
            try evaluateCondition(left)
            try evaluateCondition(right)
        case .unary(.not, let operand):
            try evaluateCondition(operand)
        case .parenthesized(let inner):
            try evaluateCondition(inner)
        default:
            let value = try evaluate(expression)
            if value.type.mayBeFalsy { types.markNilTested(value.place) }
        }
    }
}

/// `type(x) == "string"`: a test of a value's Lua type, which the translation answers from the
/// static type (and which types a data field read from the engine).
struct TypeTest {
    var operand: Expression
    var typeName: String

    init?(_ left: Expression, _ right: Expression) {
        for (call, literal) in [(left, right), (right, left)] {
            guard case .call(let callee, let arguments) = call.kind, case .global("type") = callee.kind,
                arguments.count == 1, case .string(let bytes) = literal.kind
            else { continue }
            operand = arguments[0]
            typeName = String(decoding: bytes, as: UTF8.self)
            return
        }
        return nil
    }

    /// The shape a data field takes when tested for this type.
    var shape: Shape {
        switch typeName {
        case "string": .string
        case "number": .number(.whole)
        case "boolean": .boolean
        case "table":
            .table(
                {
                    let table = TableType(at: nil)
                    table.dataRecord = true
                    return table
                }())
        default: .unknown
        }
    }
}
