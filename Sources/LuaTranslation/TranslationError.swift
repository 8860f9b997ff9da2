/// A place in a script: 1-based line and column (columns count bytes, as Lua's messages do).
package struct SourceLocation: Comparable, Hashable, Sendable, CustomStringConvertible {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    package var description: String { "\(line):\(column)" }
}

/// Why a script (or a part of it) was not translated: a syntax error, or a construct outside
/// the subset of docs/lua-to-swift.md. The message says what to change.
package struct TranslationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The script's name as given to the translator (`raggy.lua`).
    package var file: String
    package var location: SourceLocation
    package var message: String

    package init(file: String, location: SourceLocation, message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    /// `file:line: message`, as every located error of the project reads.
    package var description: String { "\(file):\(location.line): \(message)" }
}

/// A refusal raised while reading a script, before the file name is attached.
struct Refusal: Error {
    var location: SourceLocation
    var message: String

    init(_ location: SourceLocation, _ message: String) {
        self.location = location
        self.message = message
    }
}
