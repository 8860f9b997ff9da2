/// What the translator knows about a Lua number's subtype (Lua 5.4 keeps integers and floats
/// apart: `7 // 2` is `3`, `7.0 // 2` is `3.0`, `tostring(1.0)` is `"1.0"`).
enum NumberKind: Equatable {
    /// Always an integer: Swift `Int`, wrapping on overflow as Lua's integers do.
    case integer
    /// Always a float: Swift `Double`.
    case float
    /// A number from the engine (geometry, data, state): an integer when whole, else a float
    /// (the engine pushes whole numbers as integers). Swift `Double`; prints as Lua prints it.
    case whole
    /// Sometimes an integer, sometimes a float, depending on the run: Swift `Double`, which
    /// holds every value but cannot say how Lua would print it.
    case mixed

    func joined(with other: NumberKind) -> NumberKind {
        if self == other { return self }
        switch (self, other) {
        case (.integer, .whole), (.whole, .integer): return .whole
        default: return .mixed
        }
    }

    /// The kind of `a + b`, `a - b`, `a * b`, `a // b`, `a % b` (an integer only when both are).
    func arithmetic(with other: NumberKind) -> NumberKind {
        switch (self, other) {
        case (.integer, .integer): .integer
        case (.float, _), (_, .float): .float
        default: .mixed
        }
    }

    var isInteger: Bool { self == .integer }
}

/// The one shape a Lua value has wherever it flows (Swift holds one type per variable).
enum Shape {
    case unknown
    case boolean
    case number(NumberKind)
    case string
    case table(TableType)
    case function(FunctionType)
    /// A value of the project's API that is not a table the script builds: `cv`, `out`, `env`,
    /// the `compositional` namespace and what its constructors return.
    case api(APIObject)

    var name: String {
        switch self {
        case .unknown: "nothing"
        case .boolean: "a boolean"
        case .number(.integer): "an integer"
        case .number(.float): "a float"
        case .number: "a number"
        case .string: "a string"
        case .table(let table): table.resolved.describe()
        case .function: "a function"
        case .api(let object): object.description
        }
    }

    /// For "keyed by …" messages.
    var keyName: String {
        switch self {
        case .number: "numbers"
        case .string: "strings"
        default: name
        }
    }

    var isUnknown: Bool {
        if case .unknown = self { return true }
        return false
    }

    var isBoolean: Bool {
        if case .boolean = self { return true }
        return false
    }

    var numberKind: NumberKind? {
        if case .number(let kind) = self { return kind }
        return nil
    }

    var table: TableType? {
        if case .table(let table) = self { return table.resolved }
        return nil
    }

    var function: FunctionType? {
        if case .function(let function) = self { return function.resolved }
        return nil
    }

    var api: APIObject? {
        if case .api(let object) = self { return object }
        return nil
    }
}

/// A value's type: one shape, and whether `nil` (or `false`, for a shape that is not a
/// boolean: the `c and x` idiom) may stand in for it.
struct ValueType {
    var shape: Shape
    var nilable = false
    /// `false` may stand for the value (`type(d) == "table" and d.width`): held as Swift nil,
    /// which is faithful while the value is only tested and unwrapped.
    var falsable = false

    static var unknown: ValueType { ValueType(shape: .unknown) }
    static var `nil`: ValueType { ValueType(shape: .unknown, nilable: true) }
    static var boolean: ValueType { ValueType(shape: .boolean) }
    static var string: ValueType { ValueType(shape: .string) }
    static var integer: ValueType { ValueType(shape: .number(.integer)) }
    static var float: ValueType { ValueType(shape: .number(.float)) }
    static var whole: ValueType { ValueType(shape: .number(.whole)) }

    static func number(_ kind: NumberKind) -> ValueType { ValueType(shape: .number(kind)) }

    /// May be nil or false: a truth test is needed.
    var mayBeFalsy: Bool { nilable || falsable || shape.isBoolean }

    var nonNil: ValueType {
        var copy = self
        copy.nilable = false
        copy.falsable = false
        return copy
    }

    /// `nil` only: the literal, or a variable never given a value.
    var isNilOnly: Bool { nilable && shape.isUnknown }
}
