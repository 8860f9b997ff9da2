#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
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

    /// `{delete = {{s, i}, …}, insert = …, reload = …, move = {{{s, i}, {s, i}}, …}}` at `index`.
    func batchArgument(_ index: Int32, _ function: String) -> Result<BatchUpdate, SimulationError> {
        guard type(at: index) == .table else {
            return .failure(
                SimulationError(
                    "\(function) expects a table {delete = …, insert = …, move = …, reload = …}, got \(type(at: index).name)"
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

/// Reads a batch table (already copied out of Lua).
enum BatchTable {
    static let keys = ["delete", "insert", "reload", "move"]

    static func read(_ value: LuaValue, _ function: String) -> Result<BatchUpdate, SimulationError> {
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
        var batch = BatchUpdate()
        do {
            batch.deletedItems = try paths(fields["delete"], "\(function): delete")
            batch.insertedItems = try paths(fields["insert"], "\(function): insert")
            batch.reloadedItems = try paths(fields["reload"], "\(function): reload")
            batch.movedItems = try list(fields["move"], "\(function): move").enumerated().map { offset, pair in
                let what = "\(function): move[\(offset + 1)]"
                guard case .array(let ends) = pair, ends.count == 2 else {
                    throw SimulationError("\(what) must be {{section, item}, {section, item}} (from, to)")
                }
                return .init(from: try path(ends[0], what), to: try path(ends[1], what))
            }
        } catch let error as SimulationError {
            return .failure(error)
        } catch {
            return .failure(SimulationError("\(function): \(error)"))
        }
        return .success(batch)
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
