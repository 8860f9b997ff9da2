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
    /// `{s, i, section = s, item = i}`.
    func push(indexPath path: LayoutIndexPath) {
        newTable(arrayCount: 2, fieldCount: 2)
        push(path.section)
        rawSet(tableAt: -2, index: 1)
        push(path.item)
        rawSet(tableAt: -2, index: 2)
        push(path.section)
        rawSet(tableAt: -2, field: "section")
        push(path.item)
        rawSet(tableAt: -2, field: "item")
    }

    /// An array of index paths.
    func push(indexPaths paths: [LayoutIndexPath]) {
        newTable(arrayCount: Int32(clamping: paths.count))
        for (offset, path) in paths.enumerated() {
            push(indexPath: path)
            rawSet(tableAt: -2, index: offset + 1)
        }
    }

    /// `{x, y, contentX, contentY, localX, localY}`: viewport, content and cell coordinates
    /// (the local ones nil on empty space).
    func push(touch point: TouchPoint) {
        newTable(fieldCount: 6)
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
        }
        if let local = point.local {
            push(local.x)
            rawSet(tableAt: -2, field: "localX")
            push(local.y)
            rawSet(tableAt: -2, field: "localY")
        }
    }

    /// An element's attributes as a plain table: `section`, `item`, `category`, `kind`,
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
        _ index: Int32, _ function: String, directory: String?
    ) -> Result<CollectionData, SimulationError> {
        switch type(at: index) {
        case .string:
            let given = string(at: index) ?? ""
            let path = given.hasPrefix("/") || directory == nil ? given : directory! + "/" + given
            do {
                return .success(try DataFile.read(path, limit: 256 << 20))
            } catch {
                return .failure(SimulationError("\(function): \(error.description)"))
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

    /// An index path from two integer arguments (≥ 0).
    func indexPathArguments(_ index: Int32, _ function: String) -> Result<LayoutIndexPath, SimulationError> {
        numberArgument(index, function, "the section").flatMap { section in
            numberArgument(index + 1, function, "the item").flatMap { item in
                guard section == section.rounded(), item == item.rounded(), section >= 0, item >= 0,
                    section < 1e9, item < 1e9
                else {
                    return .failure(
                        SimulationError(
                            "\(function) expects a section and an item as integers ≥ 0, got \(NumberFormatting.format(section)), \(NumberFormatting.format(item))"
                        ))
                }
                return .success(LayoutIndexPath(Int(section), Int(item)))
            }
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

/// A batch update as a scenario or controller gives it: the batch, and the payloads of what
/// it inserts.
package struct BatchRequest: Sendable, Equatable {
    package var batch: BatchUpdate
    /// Payloads of inserted items, at their new index paths.
    package var payloads: [LayoutIndexPath: LayoutValue] = [:]
    /// Inserted sections with their items (payloads) or item count.
    package var insertedSections: [Int: CollectionData.Section] = [:]
    /// New payloads of reloaded items, at their index paths before the update.
    package var reloadPayloads: [LayoutIndexPath: LayoutValue] = [:]

    package init(
        _ batch: BatchUpdate, payloads: [LayoutIndexPath: LayoutValue] = [:],
        insertedSections: [Int: CollectionData.Section] = [:]
    ) {
        self.batch = batch
        self.payloads = payloads
        self.insertedSections = insertedSections
    }
}

/// Reads a batch table (already copied out of Lua): every key of `lualayout update`,
///
///     {delete = {{s, i}, …}, insert = {{s, i}, {s, i, data = payload}, …},
///      reload = {{s, i}, {s, i, data = new payload}, …},
///      move = {{{s, i}, {s, i}}, …}, deleteSections = {s, …}, reloadSections = {s, …},
///      insertSections = {s, {s, items = {payload, …}}, {s, count = n}, …},
///      moveSections = {{from, to}, …}}
enum BatchTable {
    static let keys = [
        "delete", "insert", "reload", "move", "deleteSections", "insertSections", "reloadSections", "moveSections",
    ]

    static func read(_ value: LuaValue, _ function: String) -> Result<BatchRequest, SimulationError> {
        let fields: [String: LuaValue]
        switch value {
        case .map(let map): fields = map
        case .array(let items) where items.isEmpty: fields = [:]
        default:
            return .failure(
                SimulationError("\(function) expects a table with the keys \(keys.joined(separator: ", "))"))
        }
        if let unknown = fields.keys.sorted().first(where: { !keys.contains($0) }) {
            return .failure(
                SimulationError("\(function): unknown key '\(unknown)' (expected \(keys.joined(separator: ", ")))"))
        }
        var request = BatchRequest(BatchUpdate())
        do {
            request.batch.deletedItems = try paths(fields["delete"], "\(function): delete")
            try readItems(fields, function, into: &request)
            request.batch.movedItems = try itemMoves(fields["move"], "\(function): move")
            request.batch.deletedSections = try sections(fields["deleteSections"], "\(function): deleteSections")
            request.batch.reloadedSections = try sections(fields["reloadSections"], "\(function): reloadSections")
            request.batch.movedSections = try sectionMoves(fields["moveSections"], "\(function): moveSections")
            try readInsertedSections(fields["insertSections"], "\(function): insertSections", into: &request)
        } catch let error as SimulationError {
            return .failure(error)
        } catch {
            return .failure(SimulationError("\(function): \(error)"))
        }
        return .success(request)
    }

    /// `insert` and `reload`: `{s, i}` or `{s, i, data = payload}` (the new payload).
    private static func readItems(
        _ fields: [String: LuaValue], _ function: String, into request: inout BatchRequest
    ) throws {
        for key in ["insert", "reload"] {
            for (offset, entry) in try list(fields[key], "\(function): \(key)").enumerated() {
                let what = "\(function): \(key)[\(offset + 1)]"
                let (parts, extra) = split(entry)
                if let unknown = extra.keys.sorted().first(where: { $0 != "data" }) {
                    throw SimulationError(
                        "\(what): unknown key '\(unknown)' (an item is {section, item, data = payload})")
                }
                let path = try path(.array(parts), what)
                if key == "insert" {
                    request.batch.insertedItems.append(path)
                    if let data = extra["data"] { request.payloads[path] = LayoutValue(data) }
                } else {
                    request.batch.reloadedItems.append(path)
                    if let data = extra["data"] { request.reloadPayloads[path] = LayoutValue(data) }
                }
            }
        }
    }

    /// `move`: `{{s, i}, {s, i}}` (from, to) each.
    private static func itemMoves(_ value: LuaValue?, _ what: String) throws -> [BatchUpdate.Move<LayoutIndexPath>] {
        try list(value, what).enumerated().map { offset, pair in
            let what = "\(what)[\(offset + 1)]"
            guard case .array(let ends) = pair, ends.count == 2 else {
                throw SimulationError("\(what) must be {{section, item}, {section, item}} (from, to)")
            }
            return .init(from: try path(ends[0], what), to: try path(ends[1], what))
        }
    }

    /// `moveSections`: `{from, to}` each.
    private static func sectionMoves(_ value: LuaValue?, _ what: String) throws -> [BatchUpdate.Move<Int>] {
        try list(value, what).enumerated().map { offset, pair in
            let what = "\(what)[\(offset + 1)]"
            guard case .array(let ends) = pair, ends.count == 2 else {
                throw SimulationError("\(what) must be {from, to} (two sections)")
            }
            return .init(from: try section(ends[0], what), to: try section(ends[1], what))
        }
    }

    /// `insertSections`: `s`, `{s, items = {payload, …}}` or `{s, count = n}` (with `data`).
    private static func readInsertedSections(
        _ value: LuaValue?, _ what: String, into request: inout BatchRequest
    ) throws {
        for (offset, entry) in try list(value, what).enumerated() {
            let what = "\(what)[\(offset + 1)]"
            if entry.number != nil {
                request.batch.insertedSections.append(try section(entry, what))
                continue
            }
            let (parts, extra) = split(entry)
            guard parts.count == 1 else {
                throw SimulationError("\(what) must be a section, {section, items = {…}} or {section, count = n}")
            }
            let index = try section(parts[0], what)
            request.batch.insertedSections.append(index)
            if let unknown = extra.keys.sorted().first(where: { $0 != "items" && $0 != "count" && $0 != "data" }) {
                throw SimulationError("\(what): unknown key '\(unknown)' (items, count or data)")
            }
            request.insertedSections[index] = try insertedSection(extra, what)
        }
    }

    private static func insertedSection(_ extra: [String: LuaValue], _ what: String) throws -> CollectionData.Section {
        let data = extra["data"].map(LayoutValue.init)
        if let items = extra["items"] {
            guard extra["count"] == nil else { throw SimulationError("\(what): give items or count, not both") }
            let payloads = try list(items, "\(what).items").map(LayoutValue.init)
            return CollectionData.Section(items: payloads, data: data)
        }
        if let count = extra["count"] {
            guard let n = count.number, n == n.rounded(), n >= 0, n <= 10_000_000 else {
                throw SimulationError("\(what).count must be a whole number from 0 to 10000000")
            }
            return CollectionData.Section(count: Int(n), data: data)
        }
        return CollectionData.Section(count: 0, data: data)
    }

    /// A table's positional values and its named fields (`{0, 3, data = …}` is copied as a
    /// map with the keys "1", "2" and "data").
    private static func split(_ value: LuaValue) -> ([LuaValue], [String: LuaValue]) {
        switch value {
        case .array(let items): return (items, [:])
        case .map(let map):
            var positional: [LuaValue] = []
            while let next = map[String(positional.count + 1)] { positional.append(next) }
            let named = map.filter { key, _ in Int(key).map { !(1...positional.count).contains($0) } ?? true }
            return (positional, named)
        default: return ([value], [:])
        }
    }

    private static func list(_ value: LuaValue?, _ what: String) throws -> [LuaValue] {
        switch value {
        case nil, .nil?: return []
        case .array(let items)?: return items
        case .map(let map)? where map.isEmpty: return []
        default: throw SimulationError("\(what) must be an array")
        }
    }

    private static func paths(_ value: LuaValue?, _ what: String) throws -> [LayoutIndexPath] {
        try list(value, what).enumerated().map { offset, item in try path(item, "\(what)[\(offset + 1)]") }
    }

    private static func sections(_ value: LuaValue?, _ what: String) throws -> [Int] {
        try list(value, what).enumerated().map { offset, item in try section(item, "\(what)[\(offset + 1)]") }
    }

    private static func section(_ value: LuaValue, _ what: String) throws -> Int {
        guard let section = value.number, section == section.rounded(), section >= 0, section < 1e9 else {
            throw SimulationError("\(what) must be a section (an integer ≥ 0)")
        }
        return Int(section)
    }

    private static func path(_ value: LuaValue, _ what: String) throws -> LayoutIndexPath {
        guard case .array(let parts) = value, parts.count == 2,
            let section = parts[0].number, let item = parts[1].number,
            section == section.rounded(), item == item.rounded(), section >= 0, item >= 0, section < 1e9, item < 1e9
        else {
            throw SimulationError("\(what) must be {section, item} (integers ≥ 0)")
        }
        return LayoutIndexPath(Int(section), Int(item))
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
