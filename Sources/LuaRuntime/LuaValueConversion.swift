import CLua

/// Why a Lua value could not be copied out.
package struct LuaConversionError: Error, Equatable, Sendable {
    package var message: String

    package init(message: String) {
        self.message = message
    }
}

/// How many more values a conversion may copy.
private struct ValueBudget {
    let limit: Int
    var left: Int
}

extension LuaState {
    /// Copies the value at `index` out of Lua. Functions, userdata, threads, cyclic or
    /// too-deep tables and tables with keys that are neither strings nor integers are errors,
    /// and so is a value of more than `maxValues` values in all: a table shared along many
    /// paths is copied once per path (data has no sharing), and 40 levels of `{t, t}` would
    /// otherwise make 2⁴⁰ copies outside every limit.
    package func value(
        at index: Int32, maxDepth: Int = 64, maxValues: Int = 1_000_000
    ) throws(LuaConversionError) -> LuaValue {
        var visiting: Set<UnsafeRawPointer> = []
        var budget = ValueBudget(limit: maxValues, left: maxValues)
        return try read(at: absoluteIndex(index), depth: maxDepth, visiting: &visiting, budget: &budget)
    }

    private func read(
        at index: Int32, depth: Int, visiting: inout Set<UnsafeRawPointer>, budget: inout ValueBudget
    ) throws(LuaConversionError) -> LuaValue {
        budget.left -= 1
        guard budget.left >= 0 else {
            throw LuaConversionError(
                message:
                    "value too large: more than \(budget.limit) values (a table used in several places counts each time)"
            )
        }
        switch type(at: index) {
        case .none, .nil:
            return .nil
        case .boolean:
            return .boolean(boolean(at: index))
        case .number:
            return .number(lua_tonumberx(L, index, nil))
        case .string:
            return .string(string(at: index) ?? "")
        case .table:
            return try readTable(at: index, depth: depth, visiting: &visiting, budget: &budget)
        case let other:
            throw LuaConversionError(message: "a \(other.name) cannot be used as data")
        }
    }

    private func readTable(
        at index: Int32, depth: Int, visiting: inout Set<UnsafeRawPointer>, budget: inout ValueBudget
    ) throws(LuaConversionError) -> LuaValue {
        guard depth > 0 else { throw LuaConversionError(message: "table nested too deeply") }
        guard let identity = lua_topointer(L, index) else { return .nil }
        guard visiting.insert(identity).inserted else {
            throw LuaConversionError(message: "table contains itself")
        }
        defer { visiting.remove(identity) }
        guard ensureStack(4) else { throw LuaConversionError(message: "table nested too deeply") }

        // Sequence 1…n with no other keys → array.
        let length = rawLength(at: index)
        var keyCount = 0
        var integerKeysOnly = true
        pushNil()
        while lua_next(L, index) != 0 {
            keyCount += 1
            if lua_isinteger(L, -2) == 0 { integerKeysOnly = false }
            pop(1)
        }
        if integerKeysOnly && keyCount == length && (length > 0 || keyCount == 0) {
            var items: [LuaValue] = []
            items.reserveCapacity(length)
            for i in 1...max(length, 1) where length > 0 {
                rawGet(tableAt: index, index: i)
                defer { pop(1) }
                items.append(try read(at: top, depth: depth - 1, visiting: &visiting, budget: &budget))
            }
            return .array(items)
        }

        var fields: [String: LuaValue] = [:]
        pushNil()
        while lua_next(L, index) != 0 {
            let key: String
            switch type(at: -2) {
            case .string:
                key = string(at: -2) ?? ""
            case .number where lua_isinteger(L, -2) != 0:
                key = String(lua_tointegerx(L, -2, nil))
            case let other:
                pop(2)
                throw LuaConversionError(message: "table has a \(other.name) key")
            }
            do {
                fields[key] = try read(at: top, depth: depth - 1, visiting: &visiting, budget: &budget)
            } catch {
                pop(2)
                throw error
            }
            pop(1)
        }
        return .map(fields)
    }

    /// Pushes a copy of `value`; false (and nil pushed instead) when the Lua stack cannot grow
    /// enough to build it — a Swift function is only promised a few free slots.
    @discardableResult
    package func push(_ value: LuaValue) -> Bool {
        guard ensureStack(Int32(clamping: value.depth + 2)) else {
            pushNil()
            return false
        }
        pushUnchecked(value)
        return true
    }

    private func pushUnchecked(_ value: LuaValue) {
        switch value {
        case .nil: pushNil()
        case .boolean(let flag): push(flag)
        case .number(let number): push(number)
        case .string(let text): push(text)
        case .array(let items):
            newTable(arrayCount: Int32(clamping: items.count))
            for (offset, item) in items.enumerated() {
                pushUnchecked(item)
                rawSet(tableAt: -2, index: offset + 1)
            }
        case .map(let fields):
            newTable(fieldCount: Int32(clamping: fields.count))
            for (key, item) in fields {
                pushUnchecked(item)
                rawSet(tableAt: -2, field: key)
            }
        }
    }
}

extension LuaValue {
    /// Nesting depth: 0 for scalars, 1 for a flat table.
    package var depth: Int {
        switch self {
        case .array(let items): 1 + (items.map(\.depth).max() ?? 0)
        case .map(let fields): 1 + (fields.values.map(\.depth).max() ?? 0)
        default: 0
        }
    }
}
