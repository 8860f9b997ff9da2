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

    /// Roughly what the value occupies in memory.
    public var approximateBytes: Int {
        switch self {
        case .null, .bool, .number: 16
        case .string(let text): 16 + text.utf8.count
        case .array(let items): 16 + items.reduce(0) { $0 + $1.approximateBytes }
        case .object(let fields): 16 + fields.reduce(0) { $0 + $1.key.utf8.count + 16 + $1.value.approximateBytes }
        }
    }

    public subscript(key: String) -> LayoutValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }
}
