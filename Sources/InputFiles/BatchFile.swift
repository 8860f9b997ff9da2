#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import LayoutEngine

/// A batch update read from a JSON file (`lualayout update --batch FILE`), for batches too
/// large for the command line, by the one batch grammar (`BatchGrammar`):
///
///     {"delete": [[S, I], …], "insert": [[S, I], …], "reload": [[S, I], …],
///      "move": [[[S, I], [S, I]], …], "deleteSections": [S, …],
///      "insertSections": [S or [S, N], …], "reloadSections": [S, …], "moveSections": [[S, S], …]}
///
/// Every key is optional; index paths are as on the command line (deletes and reloads before
/// the update, inserts after it). Positions in messages count from 0, as JSON tools do.
package struct BatchFile: BatchSyntax {
    /// Reads and checks `path`; errors are located: `FILE:line:column:` for syntax,
    /// `FILE: "key"[n]:` for a value of the wrong shape.
    package static func read(_ path: String, limit: Int) throws(InputFileError) -> BatchRequest {
        let contents = try InputFile.read(path, what: "batch file", limit: limit)
        let value: LayoutValue
        do {
            value = try JSONDataParser.parse(contents, limits: InputFile.limits(limit))
        } catch {
            throw InputFileError("\(path):\(error.line):\(error.column): \(error.message)")
        }
        do {
            return try BatchGrammar.read(value, BatchFile())
        } catch {
            throw InputFileError("\(path): \(error.message)")
        }
    }

    package init() {}

    package var order: [String] {
        ["delete", "insert", "reload", "move", "deleteSections", "reloadSections", "insertSections", "moveSections"]
    }

    package func fields(_ value: LayoutValue) throws(LayoutError) -> [String: LayoutValue] {
        guard case .object(let fields) = value else {
            throw LayoutError("expected an object {\"delete\": [[S, I], …], \"insert\": …} at the top level")
        }
        return fields
    }

    package func unknownKey(_ key: String) -> LayoutError {
        LayoutError("unknown key \"\(key)\" (expected \(BatchGrammar.keys.joined(separator: ", ")))")
    }

    package func entries(_ value: LayoutValue?, key: String) throws(LayoutError) -> [(LayoutValue, at: String)] {
        guard let value else { return [] }
        guard case .array(let items) = value else { throw LayoutError("\"\(key)\": expected an array") }
        return items.enumerated().map { index, item in (item, "\"\(key)\"[\(index)]") }
    }

    package func indexPath(_ value: LayoutValue, at: String) throws(LayoutError) -> LayoutIndexPath {
        guard case .array(let pair) = value, pair.count == 2,
            let section = Self.wholeNumber(pair[0]), let item = Self.wholeNumber(pair[1])
        else {
            throw LayoutError("\(at): expected an index path [S, I] of whole numbers ≥ 0")
        }
        return LayoutIndexPath(section, item)
    }

    package func item(_ value: LayoutValue, at: String) throws(LayoutError) -> (LayoutIndexPath, payload: LayoutValue?)
    {
        (try indexPath(value, at: at), nil)
    }

    package func itemMove(_ value: LayoutValue, at: String) throws(LayoutError) -> BatchUpdate.Move<LayoutIndexPath> {
        guard case .array(let pair) = value, pair.count == 2 else {
            throw LayoutError("\(at): expected a move [[S, I], [S, I]] (before, after)")
        }
        return .init(from: try indexPath(pair[0], at: at + "[0]"), to: try indexPath(pair[1], at: at + "[1]"))
    }

    package func section(_ value: LayoutValue, at: String) throws(LayoutError) -> Int {
        try Self.whole(value, at, "a section")
    }

    package func sectionMove(_ value: LayoutValue, at: String) throws(LayoutError) -> BatchUpdate.Move<Int> {
        guard case .array(let pair) = value, pair.count == 2 else {
            throw LayoutError("\(at): expected a section move [S, S] (before, after)")
        }
        return .init(from: try section(pair[0], at: at + "[0]"), to: try section(pair[1], at: at + "[1]"))
    }

    /// `S` (an empty section) or `[S, N]` (a section of N items).
    package func insertedSection(
        _ value: LayoutValue, at: String
    ) throws(LayoutError) -> (Int, CollectionData.Section?) {
        guard case .array(let pair) = value else { return (try Self.whole(value, at, "a section S or [S, N]"), nil) }
        guard pair.count == 2 else {
            throw LayoutError("\(at): expected a section S or [S, N] (a section of N items)")
        }
        let count = try Self.whole(pair[1], at + "[1]", "an item count")
        guard count <= InputFile.maxItems else {
            throw LayoutError("\(at)[1]: at most \(InputFile.maxItems) items in an inserted section")
        }
        return (try section(pair[0], at: at + "[0]"), CollectionData.Section(count: count))
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
