/// A Lua value copied out of (or into) a Lua state. Tables become arrays when their keys are
/// exactly 1…n, maps otherwise (integer keys of a map are written in decimal).
public enum LuaValue: Equatable, Sendable {
    case `nil`
    case boolean(Bool)
    case number(Double)
    case string(String)
    case array([LuaValue])
    case map([String: LuaValue])

    public var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var boolean: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }

    /// The Lua type name, for error messages.
    public var typeName: String {
        switch self {
        case .nil: "nil"
        case .boolean: "boolean"
        case .number: "number"
        case .string: "string"
        case .array, .map: "table"
        }
    }
}
