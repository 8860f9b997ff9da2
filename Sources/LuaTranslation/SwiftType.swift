/// A Swift type as the generated source spells it.
indirect enum SwiftType: Equatable {
    case int, double, bool, string, void
    case optional(SwiftType)
    case array(SwiftType)
    case dictionary(SwiftType, SwiftType)
    /// A declared type: a record, a support type, a generated class.
    case named(String)
    /// `any P`: a protocol the app implements.
    case existential(String)
    case function([SwiftType], SwiftType)
    case tuple([SwiftType])

    var text: String {
        switch self {
        case .int: "Int"
        case .double: "Double"
        case .bool: "Bool"
        case .string: "String"
        case .void: "Void"
        case .optional(let wrapped):
            switch wrapped {
            case .function, .existential: "(\(wrapped.text))?"
            case .named(let name) where name.hasPrefix("@"): "(\(name))?"
            default: "\(wrapped.text)?"
            }
        case .array(let element): "[\(element.text)]"
        case .dictionary(let key, let value): "[\(key.text): \(value.text)]"
        case .named(let name): name
        case .existential(let name): "any \(name)"
        case .function(let parameters, let result):
            "(\(parameters.map(\.text).joined(separator: ", "))) -> \(result.text)"
        case .tuple(let elements): "(\(elements.map(\.text).joined(separator: ", ")))"
        }
    }

    var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// The type without `?`.
    var unwrapped: SwiftType {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    var optional: SwiftType { isOptional ? self : .optional(self) }

    var isNumber: Bool { self == .int || self == .double }

    /// Value types whose copies cannot be told apart from shared references only when nothing
    /// mutates them: arrays and dictionaries.
    var isCollection: Bool {
        switch self {
        case .array, .dictionary: true
        default: false
        }
    }
}

/// Swift names for Lua names: keywords escaped, type names capitalised and made unique.
enum SwiftNames {
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default",
        "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
        "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true",
        "try", "some", "any", "Type",
    ]

    /// Names the generated code itself uses at file scope: a script's local never shadows them.
    static let reserved: Set<String> = [
        "floorDivide", "floorModulo", "floatModulo", "luaString", "luaFormat", "luaInteger", "luaMax", "luaMin",
        "sequenceLength", "luaLess", "shiftLeft", "shiftRight", "max", "min", "abs", "sin", "cos", "tan", "asin",
        "acos", "atan", "atan2", "exp", "log", "pow", "sqrt", "fmod", "print", "precondition", "fatalError", "stride",
        "Double", "Int", "String", "Bool", "Array", "Dictionary", "Optional", "Character", "Set", "Range",
    ]

    static func identifier(_ name: String) -> String {
        if keywords.contains(name) { return "`\(name)`" }
        if reserved.contains(name) { return name + "_" }
        return name
    }

    /// `extra` → `Extra`, `INSET` → `Inset`, `sections` (an element of) → `Section`.
    static func typeName(fromHint hint: String) -> String {
        var base = hint.filter { $0.isLetter || $0.isNumber || $0 == "_" }
        if base.isEmpty { base = "Record" }
        if base == base.uppercased() { base = base.lowercased() }
        let words = base.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }
        var name = words.joined()
        if name.first?.isNumber == true { name = "Record" + name }
        return name
    }

    static func singular(_ name: String) -> String {
        if name.hasSuffix("ies"), name.count > 3 { return String(name.dropLast(3)) + "y" }
        if name.hasSuffix("s"), !name.hasSuffix("ss"), name.count > 1 { return String(name.dropLast()) }
        return name + "Element"
    }
}
