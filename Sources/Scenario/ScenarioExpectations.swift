import LayoutEngine
import LayoutOutput
import LuaRuntime
import ScriptLayout

/// `expectEqual`, `expectNear` and `expectFrame`: checks that say what they got. A failure
/// prints both values in full (`got 295.99999999999994, expected 296`), and `expectFrame`
/// names the element and each field that differs.
extension ScenarioScript {
    static let expectationNames = ["expectEqual", "expectNear", "expectFrame"]

    func expectation(_ global: String, _ lua: LuaState, line: Int) throws -> LuaState.FunctionResult {
        let check: (passed: Bool, message: String)
        switch global {
        case "expectEqual":
            guard lua.top >= 2 else { throw SimulationError("expectEqual expects an actual and an expected value") }
            let actual = try value(lua, 1, global, "the actual value")
            let expected = try value(lua, 2, global, "the expected value")
            check = Self.compare(actual, expected, tolerance: nil, label: lua.string(at: 3), function: global)
        case "expectNear":
            guard lua.top >= 3 else {
                throw SimulationError("expectNear expects an actual value, an expected value and a tolerance")
            }
            let actual = try value(lua, 1, global, "the actual value")
            let expected = try value(lua, 2, global, "the expected value")
            let tolerance = try lua.numberArgument(3, global, "the tolerance").get()
            guard tolerance >= 0 else {
                throw SimulationError("expectNear expects a tolerance ≥ 0, got \(Self.full(tolerance))")
            }
            check = Self.compare(actual, expected, tolerance: tolerance, label: lua.string(at: 4), function: global)
        default:
            check = try frameCheck(lua)
        }
        appendCheck(ScenarioCheck(file: name, line: line, message: check.message, passed: check.passed))
        lua.push(check.passed)
        return .results(1)
    }

    private func value(_ lua: LuaState, _ index: Int32, _ function: String, _ what: String) throws -> LayoutValue {
        do {
            return try lua.layoutValue(at: index)
        } catch {
            throw SimulationError("\(function): \(what) cannot be compared: \(error.message)")
        }
    }

    /// `expectFrame(section, item, {x, y, w, h} [, tolerance])` (or an index path for `section,
    /// item`): the item's frame now, each field compared within `tolerance` points (default:
    /// less than half a pixel of the view's scale).
    private func frameCheck(_ lua: LuaState) throws -> (passed: Bool, message: String) {
        let function = "expectFrame"
        let (path, frameIndex) = try lua.indexPathArgument(1, function).get()
        guard lua.type(at: frameIndex) == .table else {
            throw SimulationError(
                "expectFrame expects a frame {x, y, w, h} after the item, got \(lua.type(at: frameIndex).name)")
        }
        var expected: [Double] = []
        for (position, field) in ["x", "y", "w", "h"].enumerated() {
            var number = lua.rawGet(tableAt: frameIndex, index: position + 1) == .number ? lua.number(at: -1) : nil
            lua.pop(1)
            for name in [field, field == "w" ? "width" : field == "h" ? "height" : field] where number == nil {
                number = lua.rawGet(tableAt: frameIndex, field: name) == .number ? lua.number(at: -1) : nil
                lua.pop(1)
            }
            guard let number, number.isFinite else {
                throw SimulationError("expectFrame expects a frame {x, y, w, h} of finite numbers: \(field) is missing")
            }
            expected.append(number)
        }
        let scale = session.view.context.scale > 0 ? session.view.context.scale : 1
        var tolerance: Double?
        if lua.top >= frameIndex + 1 && lua.type(at: frameIndex + 1) != .nil {
            let given = try lua.numberArgument(frameIndex + 1, function, "the tolerance").get()
            guard given >= 0 else {
                throw SimulationError("expectFrame expects a tolerance ≥ 0, got \(Self.full(given))")
            }
            tolerance = given
        }
        let element = "cell [\(path.section), \(path.item)]"
        guard session.view.exists(path),
            let attributes = try session.view.layout.layoutAttributesForItem(at: path, context: session.view.context)
        else {
            return (false, "expectFrame: \(element) does not exist")
        }
        let frame = attributes.frame
        let actual = [frame.x, frame.y, frame.width, frame.height]
        var differences: [String] = []
        for (index, field) in ["x", "y", "width", "height"].enumerated() {
            let difference = abs(actual[index] - expected[index])
            let same = tolerance.map { difference <= $0 } ?? (difference < 0.5 / scale)
            if !same {
                differences.append("\(field) got \(Self.full(actual[index])), expected \(Self.full(expected[index]))")
            }
        }
        let text = { (values: [Double]) in values.map(Self.full).joined(separator: ", ") }
        if differences.isEmpty { return (true, "\(element) is at {\(text(expected))}") }
        return (false, "\(element): " + differences.joined(separator: "; ") + " (frame {\(text(actual))})")
    }

    /// Equal (or within `tolerance` for every number, tables compared field by field).
    static func compare(
        _ actual: LayoutValue, _ expected: LayoutValue, tolerance: Double?, label: String?, function: String
    ) -> (passed: Bool, message: String) {
        let passed = matches(actual, expected, tolerance: tolerance)
        let prefix = label.map { $0 + ": " } ?? ""
        guard !passed else { return (true, label ?? "\(function)(\(describe(expected)))") }
        var text = "\(prefix)got \(describe(actual)), expected \(describe(expected))"
        if let tolerance {
            text += " ± \(full(tolerance))"
            if case .number(let a) = actual, case .number(let b) = expected, a.isFinite, b.isFinite {
                text += " (off by \(full(abs(a - b))))"
            }
        }
        return (false, text)
    }

    static func matches(_ actual: LayoutValue, _ expected: LayoutValue, tolerance: Double?) -> Bool {
        // An index path the view handed out (`{s, i, section = s, item = i}`) is compared by
        // position, so `{{0, 1}}` equals what `selectedItems()` returns.
        let (actual, expected) = (positional(actual), positional(expected))
        switch (actual, expected) {
        case (.number(let a), .number(let b)):
            guard let tolerance else { return a == b }
            return a == b || abs(a - b) <= tolerance
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { matches($0, $1, tolerance: tolerance) }
        case (.object(let a), .object(let b)):
            return a.keys == b.keys && a.allSatisfy { key, value in matches(value, b[key]!, tolerance: tolerance) }
        default:
            return actual == expected
        }
    }

    /// An index path table as its components `{s, i}`; any other value as it is. An index path
    /// table has the fields `section` and `item` and, at 1 and 2, nothing or the same numbers.
    static func positional(_ value: LayoutValue) -> LayoutValue {
        guard case .object(let fields) = value, let section = fields["section"], let item = fields["item"],
            case .number = section, case .number = item,
            Set(fields.keys).isSubset(of: ["section", "item", "1", "2"]),
            fields["1"].map({ $0 == section }) ?? true, fields["2"].map({ $0 == item }) ?? true
        else { return value }
        return .array([section, item])
    }

    /// A value as Lua would write it, numbers in full (the shortest text that reads back as
    /// the same double: `295.99999999999994`, `296`).
    static func describe(_ value: LayoutValue) -> String {
        switch value {
        case .null: return "nil"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return full(number)
        case .string(let text): return JSONLayoutWriter.string(text)
        case .array(let items): return "{" + items.map(describe).joined(separator: ", ") + "}"
        case .object where positional(value) != value: return describe(positional(value))
        case .object(let fields):
            return "{" + fields.keys.sorted().map { "\($0) = \(describe(fields[$0]!))" }.joined(separator: ", ") + "}"
        }
    }

    static func full(_ number: Double) -> String {
        if number.isNaN { return "nan" }
        if number.isInfinite { return number > 0 ? "inf" : "-inf" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }
}
