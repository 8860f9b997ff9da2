import LayoutEngine
import LuaRuntime
import Platform

/// The one index-path value scenarios and controllers exchange with the view, written one way
/// and read one way (the guide's Listing 2-3 deletes `indexPathsForSelectedItems` in one batch):
///
/// - written: the array `{section, item}` (0-based), whose shared metatable also answers
///   `p.section` and `p.item`. Copied out of Lua it is a plain two-number array, so any index
///   path the view hands out (`selectedItems()`, `visibleItems()`, a touch's `point.indexPath`,
///   `moveItem`'s `from` and `to`, `updates()`) goes back wherever one is taken.
/// - read: an array `{section, item}`, or any table whose `section` and `item` fields are
///   whole numbers (an attributes table, a touch point on a cell); a function taking an index
///   path also takes the two numbers `section, item`.
enum IndexPathValue {
    /// The registry field holding the shared metatable.
    private static let metatableField = "lualayout.indexPath"

    /// The index path `value` names, or nil when it names none.
    static func read(_ value: LuaValue) -> LayoutIndexPath? {
        switch value {
        case .array(let parts) where parts.count == 2:
            return path(parts[0], parts[1])
        case .map(let fields):
            guard let section = fields["section"] ?? fields["1"], let item = fields["item"] ?? fields["2"] else {
                return nil
            }
            return path(section, item)
        default:
            return nil
        }
    }

    private static func path(_ section: LuaValue, _ item: LuaValue) -> LayoutIndexPath? {
        guard let s = section.number, let i = item.number, whole(s), whole(i) else { return nil }
        return LayoutIndexPath(Int(s), Int(i))
    }

    /// A whole number 0 ≤ n < 1e9 (a section or an item).
    static func whole(_ n: Double) -> Bool { n == n.rounded() && n >= 0 && n < 1e9 }

    /// The index path in the table at `index` (raw reads of `[1]`, `[2]`, `section`, `item`
    /// only: an attributes table is not copied whole), or nil.
    static func read(_ lua: LuaState, at index: Int32) -> LayoutIndexPath? {
        guard lua.type(at: index) == .table else { return nil }
        let table = lua.absoluteIndex(index)
        var fields: [String: LuaValue] = [:]
        for key in ["section", "item"] {
            if lua.rawGet(tableAt: table, field: key) == .number { fields[key] = .number(lua.number(at: -1)!) }
            lua.pop(1)
        }
        for position in [1, 2] {
            if lua.rawGet(tableAt: table, index: position) == .number {
                fields[String(position)] = .number(lua.number(at: -1)!)
            }
            lua.pop(1)
        }
        // Positions win over names: `{0, 3}` is the array form whatever else the table holds.
        if let first = fields["1"], let second = fields["2"] { return read(.array([first, second])) }
        return read(.map(fields))
    }

    /// Pushes `{section, item}` with the shared metatable (made once per Lua state).
    static func push(_ path: LayoutIndexPath, on lua: LuaState) {
        lua.newTable(arrayCount: 2)
        lua.push(path.section)
        lua.rawSet(tableAt: -2, index: 1)
        lua.push(path.item)
        lua.rawSet(tableAt: -2, index: 2)
        if lua.rawGetRegistry(field: metatableField) != .table {
            lua.pop(1)
            makeMetatable(on: lua)
        }
        lua.setMetatable(at: -2)
    }

    /// `__index` answers `section` and `item` from the positions; `__tostring` is `{0, 3}`.
    private static func makeMetatable(on lua: LuaState) {
        lua.newTable(fieldCount: 3)
        lua.push { lua in
            switch lua.string(at: 2) {
            case "section": lua.rawGet(tableAt: 1, index: 1)
            case "item": lua.rawGet(tableAt: 1, index: 2)
            default: lua.pushNil()
            }
            return .results(1)
        }
        lua.rawSet(tableAt: -2, field: "__index")
        lua.push { lua in
            let parts = [1, 2].map { position -> String in
                defer { lua.pop(1) }
                return lua.rawGet(tableAt: 1, index: position) == .number
                    ? NumberFormatting.format(lua.number(at: -1)!) : "nil"
            }
            lua.push("{" + parts.joined(separator: ", ") + "}")
            return .results(1)
        }
        lua.rawSet(tableAt: -2, field: "__tostring")
        lua.push("indexPath")
        lua.rawSet(tableAt: -2, field: "__name")
        lua.pushValue(at: -1)
        lua.rawSetRegistry(field: metatableField)
    }
}

extension LuaState {
    /// An index path as Lua receives it (`IndexPathValue`).
    func push(indexPath path: LayoutIndexPath) { IndexPathValue.push(path, on: self) }

    /// An array of index paths.
    func push(indexPaths paths: [LayoutIndexPath]) {
        newTable(arrayCount: Int32(clamping: paths.count))
        for (offset, path) in paths.enumerated() {
            push(indexPath: path)
            rawSet(tableAt: -2, index: offset + 1)
        }
    }

    /// An index path argument at `index`: one index-path value, or two numbers `section, item`.
    /// Returns the path and the index of the argument after it.
    func indexPathArgument(
        _ index: Int32, _ function: String
    ) -> Result<(LayoutIndexPath, next: Int32), SimulationError> {
        if type(at: index) == .table {
            guard let path = IndexPathValue.read(self, at: index) else {
                return .failure(
                    SimulationError(
                        "\(function) expects an index path {section, item} of whole numbers ≥ 0 (or a section and an item), got a table without one"
                    ))
            }
            return .success((path, index + 1))
        }
        guard type(at: index) == .number else {
            return .failure(
                SimulationError(
                    "\(function) expects an index path {section, item} or a section and an item, got \(type(at: index).name)"
                ))
        }
        return numberArgument(index, function, "the section").flatMap { section in
            numberArgument(index + 1, function, "the item").flatMap { item in
                guard IndexPathValue.whole(section), IndexPathValue.whole(item) else {
                    return .failure(
                        SimulationError(
                            "\(function) expects a section and an item as integers ≥ 0, got \(NumberFormatting.format(section)), \(NumberFormatting.format(item))"
                        ))
                }
                return .success((LayoutIndexPath(Int(section), Int(item)), index + 2))
            }
        }
    }
}
