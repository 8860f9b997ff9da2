#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import LayoutEngine

/// A batch update read from a JSON file (`lualayout update --batch FILE`), for batches too
/// large for the command line:
///
///     {"delete": [[S, I], …], "insert": [[S, I], …], "reload": [[S, I], …],
///      "move": [[[S, I], [S, I]], …], "deleteSections": [S, …],
///      "insertSections": [S or [S, N], …], "reloadSections": [S, …], "moveSections": [[S, S], …]}
///
/// Every key is optional; index paths are as on the command line (deletes and reloads before
/// the update, inserts after it).
package struct BatchFile: Equatable {
    package var deletes: [LayoutIndexPath] = []
    package var inserts: [LayoutIndexPath] = []
    package var reloads: [LayoutIndexPath] = []
    package var moves: [ItemMove] = []
    package var deletedSections: [Int] = []
    package var insertedSections: [SectionInsert] = []
    package var reloadedSections: [Int] = []
    package var movedSections: [SectionMove] = []

    package struct ItemMove: Equatable {
        package var from: LayoutIndexPath
        package var to: LayoutIndexPath
    }
    package struct SectionInsert: Equatable {
        package var section: Int
        package var count: Int
    }
    package struct SectionMove: Equatable {
        package var from: Int
        package var to: Int
    }

    package static let keys = [
        "delete", "insert", "reload", "move", "deleteSections", "insertSections", "reloadSections", "moveSections",
    ]

    /// Reads and checks `path`; errors are located: `FILE:line:column:` for syntax,
    /// `FILE: "key"[n]:` for a value of the wrong shape.
    package static func read(_ path: String, limit: Int) throws(InputFileError) -> BatchFile {
        let contents = try InputFile.read(path, what: "batch file", limit: limit)
        let value: LayoutValue
        do {
            value = try JSONDataParser.parse(contents, limits: InputFile.limits(limit))
        } catch {
            throw InputFileError("\(path):\(error.line):\(error.column): \(error.message)")
        }
        do {
            return try BatchFile(json: value)
        } catch {
            throw InputFileError("\(path): \(error.message)")
        }
    }

    package init() {}

    package init(json value: LayoutValue) throws(LayoutError) {
        guard case .object(let fields) = value else {
            throw LayoutError("expected an object {\"delete\": [[S, I], …], \"insert\": …} at the top level")
        }
        for key in fields.keys.sorted() where !Self.keys.contains(key) {
            throw LayoutError("unknown key \"\(key)\" (expected \(Self.keys.joined(separator: ", ")))")
        }
        deletes = try Self.list(fields, "delete") { value, at throws(LayoutError) in try Self.indexPath(value, at) }
        inserts = try Self.list(fields, "insert") { value, at throws(LayoutError) in try Self.indexPath(value, at) }
        reloads = try Self.list(fields, "reload") { value, at throws(LayoutError) in try Self.indexPath(value, at) }
        moves = try Self.list(fields, "move") { value, at throws(LayoutError) in
            guard case .array(let pair) = value, pair.count == 2 else {
                throw LayoutError("\(at): expected a move [[S, I], [S, I]] (before, after)")
            }
            return ItemMove(from: try Self.indexPath(pair[0], at + "[0]"), to: try Self.indexPath(pair[1], at + "[1]"))
        }
        deletedSections = try Self.list(fields, "deleteSections") { value, at throws(LayoutError) in
            try Self.whole(value, at, "a section")
        }
        reloadedSections = try Self.list(fields, "reloadSections") { value, at throws(LayoutError) in
            try Self.whole(value, at, "a section")
        }
        insertedSections = try Self.list(fields, "insertSections") { value, at throws(LayoutError) in
            if case .array(let pair) = value {
                guard pair.count == 2 else {
                    throw LayoutError("\(at): expected a section S or [S, N] (a section of N items)")
                }
                let count = try Self.whole(pair[1], at + "[1]", "an item count")
                guard count <= InputFile.maxItems else {
                    throw LayoutError("\(at)[1]: at most \(InputFile.maxItems) items in an inserted section")
                }
                return SectionInsert(section: try Self.whole(pair[0], at + "[0]", "a section"), count: count)
            }
            return SectionInsert(section: try Self.whole(value, at, "a section S or [S, N]"), count: 0)
        }
        movedSections = try Self.list(fields, "moveSections") { value, at throws(LayoutError) in
            guard case .array(let pair) = value, pair.count == 2 else {
                throw LayoutError("\(at): expected a section move [S, S] (before, after)")
            }
            return SectionMove(
                from: try Self.whole(pair[0], at + "[0]", "a section"),
                to: try Self.whole(pair[1], at + "[1]", "a section"))
        }
    }

    private static func list<T>(
        _ fields: [String: LayoutValue], _ key: String, _ read: (LayoutValue, String) throws(LayoutError) -> T
    ) throws(LayoutError) -> [T] {
        guard let value = fields[key] else { return [] }
        guard case .array(let items) = value else { throw LayoutError("\"\(key)\": expected an array") }
        var result: [T] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() { result.append(try read(item, "\"\(key)\"[\(index)]")) }
        return result
    }

    private static func indexPath(_ value: LayoutValue, _ at: String) throws(LayoutError) -> LayoutIndexPath {
        guard case .array(let pair) = value, pair.count == 2,
            let section = wholeNumber(pair[0]), let item = wholeNumber(pair[1])
        else {
            throw LayoutError("\(at): expected an index path [S, I] of whole numbers ≥ 0")
        }
        return LayoutIndexPath(section, item)
    }

    private static func whole(_ value: LayoutValue, _ at: String, _ what: String) throws(LayoutError) -> Int {
        guard let number = wholeNumber(value) else { throw LayoutError("\(at): expected \(what), a whole number ≥ 0") }
        return number
    }

    private static func wholeNumber(_ value: LayoutValue) -> Int? {
        guard case .number(let number) = value, number >= 0, number == number.rounded(), number <= Double(Int32.max)
        else {
            return nil
        }
        return Int(number)
    }
}
