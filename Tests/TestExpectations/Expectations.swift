// Expectations that compile as function calls, not macro expansions.
//
// Swift Testing's `#expect` and `#require` are macros: every use is expanded by the compiler's
// macro plugin into a closure and a call with the expression's parts, then type-checked and
// compiled. On this project's 2-core machine that is about 10 ms of compile time a use; the
// test targets held 3,345 of them, about 40 s of a cold build's CPU (docs/performance.md, "The
// test targets' compile"). These functions record the same issue at the same place: a failed
// `expect` or `require` is an issue at the caller's file:line:column, quoting the caller's
// source line; `expectEqual` also prints both values, `expectContains` the text or elements.
//
// Use the macros where they do what these cannot: `#expect(throws:)`, or an `await` inside the
// expression.

import Foundation
import Testing

/// Records an issue at the caller's location when `condition` is false.
public func expect(
    _ condition: Bool, _ comment: @autoclosure () -> Comment? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    guard !condition else { return }
    recordFailure("Expectation failed", comment(), at: (fileID, filePath, line, column))
}

/// Records an issue at the caller's location when `actual != expected`, with both values.
public func expectEqual<T: Equatable>(
    _ actual: T, _ expected: T, _ comment: @autoclosure () -> Comment? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    guard actual != expected else { return }
    let values = "\n  left:  \(String(reflecting: actual))\n  right: \(String(reflecting: expected))"
    recordFailure("Expectation failed", comment(), values, at: (fileID, filePath, line, column))
}

/// Records an issue at the caller's location when `text` does not contain `part`, with the text.
public func expectContains(
    _ text: some StringProtocol, _ part: some StringProtocol, _ comment: @autoclosure () -> Comment? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) {
    guard !text.contains(part) else { return }
    let values = "\n  text: \(shortened(String(reflecting: String(text))))"
    recordFailure("Expectation failed", comment(), values, at: (fileID, filePath, line, column))
}

/// Records an issue at the caller's location when `sequence` does not contain `element`, with
/// the sequence's elements.
public func expectContains<S: Sequence>(
    _ sequence: S, _ element: S.Element, _ comment: @autoclosure () -> Comment? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) where S.Element: Equatable {
    guard !sequence.contains(element) else { return }
    let values = "\n  elements: \(shortened(String(reflecting: Array(sequence))))"
    recordFailure("Expectation failed", comment(), values, at: (fileID, filePath, line, column))
}

/// The value, or an issue at the caller's location and a thrown `RequirementFailure` when it is
/// nil (the test stops there, as with `try #require(value)`).
public func require<T>(
    _ value: T?, _ comment: @autoclosure () -> Comment? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) throws -> T {
    if let value { return value }
    throw RequirementFailure(
        location: recordFailure("Requirement failed (nil)", comment(), at: (fileID, filePath, line, column)))
}

/// Returns when `condition` holds; otherwise an issue at the caller's location and a thrown
/// `RequirementFailure` (the test stops there, as with `try #require(condition)`).
public func require(
    _ condition: Bool, _ comment: @autoclosure () -> Comment? = nil,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column
) throws {
    guard !condition else { return }
    throw RequirementFailure(
        location: recordFailure("Requirement failed", comment(), at: (fileID, filePath, line, column)))
}

/// What `require` throws after recording its issue; Swift Testing reports the thrown error too.
public struct RequirementFailure: Error, CustomStringConvertible {
    public let location: SourceLocation
    public var description: String { "the requirement at \(location) failed (the issue recorded there)" }
}

/// A value's description cut to its first 4,000 characters (a command's whole output can be long).
func shortened(_ description: String) -> String {
    description.count <= 4000 ? description : description.prefix(4000) + "… (\(description.count) characters)"
}

/// Records "WHAT: SOURCE", the comment and the values at the caller's location (#fileID,
/// #filePath, #line, #column) and returns that location. The source is read from the caller's
/// file only here, when an expectation has failed; without the file, the location stands in.
@discardableResult
func recordFailure(
    _ what: String, _ comment: Comment?, _ values: String = "",
    at caller: (fileID: String, filePath: String, line: Int, column: Int)
) -> SourceLocation {
    let location = SourceLocation(
        fileID: caller.fileID, filePath: caller.filePath, line: caller.line, column: caller.column)
    var text = "\(what): \(sourceText(location) ?? "\(location)")"
    if let comment { text += " — \(comment.rawValue)" }
    Issue.record(Comment(rawValue: text + values), sourceLocation: location)
    return location
}

/// The location's line, trimmed, and the lines after it up to the one that closes the call's
/// parentheses (at most 40), joined by spaces: the whole call when it spans several lines.
func sourceText(_ location: SourceLocation) -> String? {
    guard let text = try? String(contentsOfFile: location.filePath, encoding: .utf8) else { return nil }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard location.line >= 1, location.line <= lines.count else { return nil }
    var parts: [String] = []
    var open = 0
    for line in lines[(location.line - 1)...].prefix(40) {
        parts.append(line.trimmingCharacters(in: .whitespaces))
        open += line.reduce(0) { $0 + ($1 == "(" ? 1 : $1 == ")" ? -1 : 0) }
        if open <= 0 { break }
    }
    return parts.joined(separator: " ")
}
