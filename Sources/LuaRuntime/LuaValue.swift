/// A Lua value copied out of (or into) a Lua state. Tables become arrays when their keys are
/// exactly 1…n, maps otherwise (integer keys of a map are written in decimal).
package enum LuaValue: Equatable, Sendable {
    case `nil`
    case boolean(Bool)
    case number(Double)
    case string(String)
    case array([LuaValue])
    case map([String: LuaValue])

    package var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    package var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    package var boolean: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }

    /// The Lua type name, for error messages.
    package var typeName: String {
        switch self {
        case .nil: "nil"
        case .boolean: "boolean"
        case .number: "number"
        case .string: "string"
        case .array, .map: "table"
        }
    }
}
