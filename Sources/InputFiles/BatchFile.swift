#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
struct BatchFile: Equatable {
    var deletes: [LayoutIndexPath] = []
    var inserts: [LayoutIndexPath] = []
    var reloads: [LayoutIndexPath] = []
    var moves: [ItemMove] = []
    var deletedSections: [Int] = []
    var insertedSections: [SectionInsert] = []
    var reloadedSections: [Int] = []
    var movedSections: [SectionMove] = []

    struct ItemMove: Equatable {
        var from: LayoutIndexPath
        var to: LayoutIndexPath
    }
    struct SectionInsert: Equatable {
        var section: Int
        var count: Int
    }
    struct SectionMove: Equatable {
        var from: Int
        var to: Int
    }

    static let keys = [
        "delete", "insert", "reload", "move", "deleteSections", "insertSections", "reloadSections", "moveSections",
    ]

    /// Reads and checks `path`; errors are located: `FILE:line:column:` for syntax,
    /// `FILE: "key"[n]:` for a value of the wrong shape.
    static func read(_ path: String, limit: Int) throws(CLIError) -> BatchFile {
        let contents = try InputFile.read(path, what: "batch file", limit: limit)
        let value: LayoutValue
        do {
            value = try JSONDataParser.parse(contents, limits: InputFile.limits(limit))
        } catch {
            throw .input("\(path):\(error.line):\(error.column): \(error.message)")
        }
        do {
            return try BatchFile(json: value)
        } catch {
            throw .input("\(path): \(error.message)")
        }
    }

    init() {}

    init(json value: LayoutValue) throws(LayoutError) {
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
                guard count <= LayoutOptions.maxItems else {
                    throw LayoutError("\(at)[1]: at most \(LayoutOptions.maxItems) items in an inserted section")
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
