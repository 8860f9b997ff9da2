/// A custom attribute's value as the engine's outputs carry it: a table whose keys are exactly
/// 1…n is an array, other tables are objects; numbers are numbers whether integers or floats.
public indirect enum CustomValue: Equatable, Sendable {
    case string(String)
    case number(Double)
    case boolean(Bool)
    case array([CustomValue])
    case object([String: CustomValue])

    public init(_ value: some CustomValueConvertible) {
        self = value.customValue
    }
}

/// A Swift value a custom attribute may hold.
public protocol CustomValueConvertible {
    var customValue: CustomValue { get }
}

extension String: CustomValueConvertible {
    public var customValue: CustomValue { .string(self) }
}

extension Int: CustomValueConvertible {
    public var customValue: CustomValue { .number(Double(self)) }
}

extension Double: CustomValueConvertible {
    public var customValue: CustomValue { .number(self) }
}

extension Bool: CustomValueConvertible {
    public var customValue: CustomValue { .boolean(self) }
}

extension Array: CustomValueConvertible where Element: CustomValueConvertible {
    public var customValue: CustomValue { .array(map(\.customValue)) }
}

/// A dictionary key a custom attribute may use: integers (a Lua array's positions) or strings.
public protocol CustomValueKey: Hashable {
    var integerKey: Int? { get }
    var stringKey: String { get }
}

extension Int: CustomValueKey {
    public var integerKey: Int? { self }
    public var stringKey: String { String(self) }
}

extension String: CustomValueKey {
    public var integerKey: Int? { nil }
    public var stringKey: String { self }
}

extension Dictionary: CustomValueConvertible where Key: CustomValueKey, Value: CustomValueConvertible {
    /// Keys exactly 1…n make an array, as the engine reads a Lua table; others an object.
    public var customValue: CustomValue {
        let positions = keys.compactMap(\.integerKey).sorted()
        if positions.count == count, positions == Array(0..<count).map({ $0 + 1 }) {
            let byPosition = [Int: Value](uniqueKeysWithValues: map { ($0.key.integerKey!, $0.value) })
            return .array(positions.map { byPosition[$0]!.customValue })
        }
        return .object([String: CustomValue](uniqueKeysWithValues: map { ($0.key.stringKey, $0.value.customValue) }))
    }
}
