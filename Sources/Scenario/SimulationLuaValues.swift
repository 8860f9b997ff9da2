#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import InputFiles
import LayoutEngine
import LayoutOutput
import LuaRuntime
import ScriptLayout

/// The shapes scenarios and controllers exchange with the simulator: index paths
/// `{section, item}` (0-based, also readable as `p.section`, `p.item`), touch points, element
/// attributes, and batch tables.
extension LuaState {
    /// `{x, y, contentX, contentY, localX, localY, section, item, indexPath}`: viewport,
    /// content and cell coordinates and the cell hit (the cell's fields nil on empty space).
    func push(touch point: TouchPoint) {
        newTable(fieldCount: 9)
        push(point.viewport.x)
        rawSet(tableAt: -2, field: "x")
        push(point.viewport.y)
        rawSet(tableAt: -2, field: "y")
        push(point.content.x)
        rawSet(tableAt: -2, field: "contentX")
        push(point.content.y)
        rawSet(tableAt: -2, field: "contentY")
        if let path = point.indexPath {
            push(path.section)
            rawSet(tableAt: -2, field: "section")
            push(path.item)
            rawSet(tableAt: -2, field: "item")
            push(indexPath: path)
            rawSet(tableAt: -2, field: "indexPath")
        }
        if let local = point.local {
            push(local.x)
            rawSet(tableAt: -2, field: "localX")
            push(local.y)
            rawSet(tableAt: -2, field: "localY")
        }
    }

    /// An element's attributes as a plain table: `section`, `item`, `indexPath`, `category`, `kind`,
    /// `frame` (and its `x`, `y`, `width`, `height` at the top), `alpha`, `zIndex`, `hidden`,
    /// `transform3D` (16 numbers, row-major) and every custom field by name (also in `custom`).
    func push(attributes a: LayoutAttributes) {
        newTable(fieldCount: 16)
        for (name, value) in a.custom.sorted(by: { $0.key < $1.key }) {
            push(value)
            rawSet(tableAt: -2, field: name)
        }
        push(LayoutValue.object(a.custom))
        rawSet(tableAt: -2, field: "custom")
        push(a.indexPath.section)
        rawSet(tableAt: -2, field: "section")
        push(a.indexPath.item)
        rawSet(tableAt: -2, field: "item")
        push(indexPath: a.indexPath)
        rawSet(tableAt: -2, field: "indexPath")
        push(a.category.name)
        rawSet(tableAt: -2, field: "category")
        push(a.kind)
        rawSet(tableAt: -2, field: "kind")
        push(a.frame)
        rawSet(tableAt: -2, field: "frame")
        push(a.frame.x)
        rawSet(tableAt: -2, field: "x")
        push(a.frame.y)
        rawSet(tableAt: -2, field: "y")
        push(a.frame.width)
        rawSet(tableAt: -2, field: "width")
        push(a.frame.height)
        rawSet(tableAt: -2, field: "height")
        push(a.alpha)
        rawSet(tableAt: -2, field: "alpha")
        push(a.zIndex)
        rawSet(tableAt: -2, field: "zIndex")
        push(a.hidden)
        rawSet(tableAt: -2, field: "hidden")
        newTable(arrayCount: 16)
        for (offset, value) in a.transform3D.m.enumerated() {
            push(value)
            rawSet(tableAt: -2, index: offset + 1)
        }
        rawSet(tableAt: -2, field: "transform3D")
    }

    /// A finite number argument, or the message saying what `function` expected.
    func numberArgument(_ index: Int32, _ function: String, _ what: String) -> Result<Double, SimulationError> {
        guard let value = number(at: index) else {
            return .failure(SimulationError("\(function) expects a number for \(what), got \(type(at: index).name)"))
        }
        guard value.isFinite else {
            return .failure(
                SimulationError(
                    "\(function) expects a finite number for \(what), got \(NumberFormatting.format(value))"))
        }
        return .success(value)
    }

    /// Two number arguments from `index` as a point.
    func pointArguments(
        _ index: Int32, _ function: String, names: (String, String) = ("x", "y")
    ) -> Result<Point, SimulationError> {
        numberArgument(index, function, names.0).flatMap { x in
            numberArgument(index + 1, function, names.1).map { Point(x: x, y: $0) }
        }
    }

    /// `key, value [, {duration = seconds}]` of setState: value nil removes the key; a
    /// duration > 0 animates the change.
    func stateArguments(
        _ index: Int32, _ function: String
    ) -> Result<(String, LayoutValue?, Double?), SimulationError> {
        guard let key = string(at: index) else {
            return .failure(
                SimulationError("\(function) expects a state key (a string), got \(type(at: index).name)"))
        }
        let value: LayoutValue
        do {
            value = try layoutValue(at: index + 1)
        } catch {
            return .failure(
                SimulationError("\(function)(\"\(key)\", …): the value cannot be state: \(error.message)"))
        }
        // As custom fields: state reaches the layout and every output, and JSON has no NaN.
        if let problem = AttributeRules.customProblem(value) {
            return .failure(SimulationError("\(function)(\"\(key)\", …): the value cannot be state: it \(problem)"))
        }
        var duration: Double?
        switch type(at: index + 2) {
        case .nil, .none: break
        case .table:
            guard case .map(let options)? = try? self.value(at: index + 2, maxDepth: 2, maxValues: 16),
                options.keys.allSatisfy({ $0 == "duration" }), let seconds = options["duration"]?.number,
                seconds.isFinite, seconds >= 0, seconds <= 60
            else {
                return .failure(
                    SimulationError(
                        "\(function)(\"\(key)\", value, options): options must be {duration = seconds} (0…60)"))
            }
            duration = seconds > 0 ? seconds : nil
        default:
            return .failure(
                SimulationError(
                    "\(function)(\"\(key)\", value, options): options must be a table {duration = seconds}, got \(type(at: index + 2).name)"
                ))
        }
        return .success((key, value == .null ? nil : value, duration))
    }

    /// reloadData's argument: a table of the data file's shape (`{sections = {…}}`), or the
    /// path of a data file (relative paths are beside the script).
    func dataArgument(
        _ index: Int32, _ function: String, folder: ScriptFolder?
    ) -> Result<CollectionData, SimulationError> {
        dataValue(index, function, folder: folder).flatMap { data in
            // The run's own limit (`--items`, a data file): more items cannot be laid out.
            guard data.totalItems <= InputFile.maxItems else {
                return .failure(
                    SimulationError(
                        "\(function): \(data.totalItems) items; at most \(InputFile.maxItems) can be laid out"))
            }
            return .success(data)
        }
    }

    private func dataValue(
        _ index: Int32, _ function: String, folder: ScriptFolder?
    ) -> Result<CollectionData, SimulationError> {
        switch type(at: index) {
        case .string:
            do {
                let path = try ScriptFolder.resolve(
                    string(at: index) ?? "", in: folder, for: function, missing: "cannot read data file")
                // Decoded under the script's memory cap, as `--data` is under `--max-memory`.
                return .success(try DataFile.read(path, limit: limits.memoryBytes > 0 ? limits.memoryBytes : 256 << 20))
            } catch let error as SimulationError {
                return .failure(error)
            } catch {
                return .failure(SimulationError("\(function): \(error)"))
            }
        case .table:
            do {
                var value = LayoutValue(try self.value(at: index, maxDepth: 16, maxValues: 4_000_000))
                // An array is the sections themselves: {{"a", "b"}, 3} = {sections = {{"a", "b"}, 3}}.
                if case .array = value { value = .object(["sections": value]) }
                return .success(try CollectionData(json: value))
            } catch let error as LayoutError {
                return .failure(SimulationError("\(function): \(error.message)"))
            } catch let error as LuaConversionError {
                return .failure(SimulationError("\(function): \(error.message)"))
            } catch {
                return .failure(SimulationError("\(function): \(error)"))
            }
        default:
            return .failure(
                SimulationError(
                    "\(function) expects the data (a table {sections = {…}}) or a data file's path, got \(type(at: index).name)"
                ))
        }
    }

    /// A section index from an integer argument (≥ 0).
    func sectionArgument(_ index: Int32, _ function: String) -> Result<Int, SimulationError> {
        numberArgument(index, function, "the section").flatMap { section in
            guard section == section.rounded(), section >= 0, section < 1e9 else {
                return .failure(
                    SimulationError(
                        "\(function) expects a section as an integer ≥ 0, got \(NumberFormatting.format(section))"))
            }
            return .success(Int(section))
        }
    }

    /// A batch table (`BatchTable`) at `index`.
    func batchArgument(_ index: Int32, _ function: String) -> Result<BatchRequest, SimulationError> {
        guard type(at: index) == .table else {
            return .failure(
                SimulationError(
                    "\(function) expects a table {delete = …, insert = …, move = …, reload = …, insertSections = …}, got \(type(at: index).name)"
                ))
        }
        let value: LuaValue
        do {
            value = try self.value(at: index, maxDepth: 8, maxValues: 4_000_000)
        } catch {
            return .failure(SimulationError("\(function): \(error.message)"))
        }
        return BatchTable.read(value, function)
    }
}

/// A batch table as a scenario or controller writes it (already copied out of Lua), read by
/// the one batch grammar (`BatchGrammar`):
///
///     {delete = {{s, i}, …}, insert = {{s, i}, {s, i, data = payload}, …},
///      reload = {{s, i}, {s, i, data = new payload}, …},
///      move = {{{s, i}, {s, i}}, …}, deleteSections = {s, …}, reloadSections = {s, …},
///      insertSections = {s, {s, items = {payload, …}}, {s, count = n}, …},
///      moveSections = {{from, to}, …}}
///
/// Messages name the function (`performBatchUpdates`, `view:performBatchUpdates`) and count
/// positions from 1, as Lua does.
struct BatchTable: BatchSyntax {
    let function: String

    static func read(_ value: LuaValue, _ function: String) -> Result<BatchRequest, SimulationError> {
        do throws(LayoutError) {
            return .success(try BatchGrammar.read(value, BatchTable(function: function)))
        } catch {
            return .failure(SimulationError(error.message))
        }
    }

    var order: [String] {
        ["delete", "insert", "reload", "move", "deleteSections", "reloadSections", "moveSections", "insertSections"]
    }

    func fields(_ value: LuaValue) throws(LayoutError) -> [String: LuaValue] {
        switch value {
        case .map(let map): return map
        case .array(let items) where items.isEmpty: return [:]
        default:
            throw LayoutError("\(function) expects a table with the keys \(BatchGrammar.keys.joined(separator: ", "))")
        }
    }

    func unknownKey(_ key: String) -> LayoutError {
        LayoutError("\(function): unknown key '\(key)' (expected \(BatchGrammar.keys.joined(separator: ", ")))")
    }

    func entries(_ value: LuaValue?, key: String) throws(LayoutError) -> [(LuaValue, at: String)] {
        let what = "\(function): \(key)"
        return try Self.list(value, what).enumerated().map { offset, entry in (entry, "\(what)[\(offset + 1)]") }
    }

    func indexPath(_ value: LuaValue, at what: String) throws(LayoutError) -> LayoutIndexPath {
        guard let path = IndexPathValue.read(value) else {
            throw LayoutError("\(what) must be an index path {section, item} (integers ≥ 0)")
        }
        return path
    }

    func item(_ value: LuaValue, at what: String) throws(LayoutError) -> (LayoutIndexPath, payload: LayoutValue?) {
        let (parts, extra) = Self.split(value)
        // `{0, 3, data = …}`, or the fields of an index path (`{section =, item =, data = …}`).
        let named = parts.isEmpty && extra["section"] != nil && extra["item"] != nil
        let allowed: Set<String> = named ? ["data", "section", "item"] : ["data"]
        if let unknown = extra.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw LayoutError("\(what): unknown key '\(unknown)' (an item is {section, item, data = payload})")
        }
        // `{p, data = …}` with an index-path value `p` in the first place works as well.
        let path =
            named
            ? LuaValue.map(extra.filter { $0.key != "data" }) : parts.count == 1 ? parts[0] : LuaValue.array(parts)
        return (try indexPath(path, at: what), extra["data"].map(LayoutValue.init))
    }

    func itemMove(_ value: LuaValue, at what: String) throws(LayoutError) -> BatchUpdate.Move<LayoutIndexPath> {
        guard case .array(let ends) = value, ends.count == 2 else {
            throw LayoutError("\(what) must be {{section, item}, {section, item}} (from, to)")
        }
        return .init(from: try indexPath(ends[0], at: what), to: try indexPath(ends[1], at: what))
    }

    func section(_ value: LuaValue, at what: String) throws(LayoutError) -> Int {
        guard let section = value.number, section == section.rounded(), section >= 0, section < 1e9 else {
            throw LayoutError("\(what) must be a section (an integer ≥ 0)")
        }
        return Int(section)
    }

    func sectionMove(_ value: LuaValue, at what: String) throws(LayoutError) -> BatchUpdate.Move<Int> {
        guard case .array(let ends) = value, ends.count == 2 else {
            throw LayoutError("\(what) must be {from, to} (two sections)")
        }
        return .init(from: try section(ends[0], at: what), to: try section(ends[1], at: what))
    }

    func insertedSection(_ value: LuaValue, at what: String) throws(LayoutError) -> (Int, CollectionData.Section?) {
        if value.number != nil { return (try section(value, at: what), nil) }
        let (parts, extra) = Self.split(value)
        guard parts.count == 1 else {
            throw LayoutError("\(what) must be a section, {section, items = {…}} or {section, count = n}")
        }
        let index = try section(parts[0], at: what)
        if let unknown = extra.keys.sorted().first(where: { $0 != "items" && $0 != "count" && $0 != "data" }) {
            throw LayoutError("\(what): unknown key '\(unknown)' (items, count or data)")
        }
        let data = extra["data"].map(LayoutValue.init)
        if let items = extra["items"] {
            guard extra["count"] == nil else { throw LayoutError("\(what): give items or count, not both") }
            let payloads = try Self.list(items, "\(what).items").map(LayoutValue.init)
            return (index, CollectionData.Section(items: payloads, data: data))
        }
        if let count = extra["count"] {
            guard let n = count.number, n == n.rounded(), n >= 0, n <= 10_000_000 else {
                throw LayoutError("\(what).count must be a whole number from 0 to 10000000")
            }
            return (index, CollectionData.Section(count: Int(n), data: data))
        }
        return (index, CollectionData.Section(count: 0, data: data))
    }

    /// A table's positional values and its named fields (`{0, 3, data = …}` is copied as a
    /// map with the keys "1", "2" and "data").
    private static func split(_ value: LuaValue) -> ([LuaValue], [String: LuaValue]) {
        switch value {
        case .array(let items): return (items, [:])
        case .map(let map):
            var positional: [LuaValue] = []
            while let next = map[String(positional.count + 1)] { positional.append(next) }
            let named = map.filter { key, _ in Int(key).map { $0 < 1 || $0 > positional.count } ?? true }
            return (positional, named)
        default: return ([value], [:])
        }
    }

    private static func list(_ value: LuaValue?, _ what: String) throws(LayoutError) -> [LuaValue] {
        switch value {
        case nil, .nil?: return []
        case .array(let items)?: return items
        case .map(let map)? where map.isEmpty: return []
        default: throw LayoutError("\(what) must be an array")
        }
    }
}

/// The line of the Lua code calling the running host function ("file:12: " → 12), or 0.
func callerLine(_ lua: LuaState) -> Int {
    let location = lua.location(level: 1)
    let parts = location.split(separator: ":")
    guard parts.count >= 2, let line = Int(withoutSurroundingSpace(parts[parts.count - 2])) else { return 0 }
    return line
}

/// `text` without leading and trailing tabs and space separators (Foundation's `.whitespaces`).
private func withoutSurroundingSpace(_ text: Substring) -> String {
    let isSpace = { (scalar: Unicode.Scalar) in scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator }
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) })
    else { return "" }
    var kept = String.UnicodeScalarView()
    kept.append(contentsOf: scalars[first...last])
    return String(kept)
}
