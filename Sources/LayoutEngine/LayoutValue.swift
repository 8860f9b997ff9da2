/// A data value: item payloads (JSON), host state and custom attribute fields.
public enum LayoutValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([LayoutValue])
    case object([String: LayoutValue])

    public var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public subscript(key: String) -> LayoutValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }
}
