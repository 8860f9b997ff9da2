/// Swift spellings of the values an exported layout holds: numbers that read back as the same
/// double (so UIKit computes the same frames), string literals, and identifiers made from
/// element kinds.
enum SwiftLiteral {
    /// Points: whole numbers bare (`44`), others as the shortest decimal that round-trips.
    static func points(_ value: Double) -> String {
        if value == 0 { return "0" }
        if abs(value) < 1e15, value == value.rounded() { return String(Int(value)) }
        return "\(value)"
    }

    /// Fractions: always with a decimal point (`1.0`, `0.85`), as Apple's samples write them.
    static func fraction(_ value: Double) -> String {
        value == 0 ? "0.0" : "\(value)"
    }

    /// A string literal: quotes, backslashes and control characters escaped.
    static func string(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                literal += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }

    /// A lowerCamelCase identifier from an element kind (`section-header-element-kind` →
    /// `sectionHeaderElementKind`), or `fallback` when the kind has no letters to start one.
    static func identifier(fromKind kind: String, fallback: String) -> String {
        let words = kind.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
        guard let first = words.first, let initial = first.first, initial.isLetter else { return fallback }
        let joined =
            lowercasedPrefix(first) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return keywords.contains(joined) ? joined + fallback.prefix(1).uppercased() + fallback.dropFirst() : joined
    }

    /// `UICollection` → `uiCollection`, `Header` → `header`, `badge` → `badge`.
    private static func lowercasedPrefix(_ word: String) -> String {
        let characters = Array(word)
        var end = 0
        while end < characters.count, characters[end].isUppercase { end += 1 }
        // An acronym keeps its last capital when a lowercase word follows (`UICollection`).
        if end > 1, end < characters.count { end -= 1 }
        return String(characters[..<end]).lowercased() + String(characters[end...])
    }

    /// `lowerCamel(["trailing", "top", "item"])` → `trailingTopItem`; empty parts are skipped.
    static func lowerCamel(_ parts: [String]) -> String {
        let words = parts.filter { !$0.isEmpty }
        guard let first = words.first else { return "" }
        return first + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// `two-column-grid` → `TwoColumnGrid`; nil when no letter starts it.
    static func typeName(fromFileName name: String) -> String? {
        let words = name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        guard let initial = words.first?.first, initial.isLetter else { return nil }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "Any",
        "catch", "false", "is", "nil", "super", "self", "Self", "throw", "throws", "true", "try", "package", "some",
        "any", "await", "async", "consume", "borrowing", "consuming",
    ]
}

/// Lines of Swift with their indentation, and the names taken in the current scope.
final class SwiftCode {
    private(set) var lines: [String] = []
    private var depth = 0
    private var scopes: [Set<String>] = [[]]

    func line(_ text: String) { lines.append(text.isEmpty ? "" : String(repeating: "    ", count: depth) + text) }

    /// `text` indented one level deeper.
    func nested(_ body: () -> Void) {
        depth += 1
        body()
        depth -= 1
    }

    /// A new naming scope (a `case` of the section switch): names may repeat across scopes.
    func scope(_ body: () -> Void) {
        scopes.append(scopes[scopes.count - 1])
        body()
        scopes.removeLast()
    }

    /// `base`, or `base2`, `base3`… when taken in this scope.
    func claim(_ base: String) -> String {
        var name = base
        var number = 2
        while scopes[scopes.count - 1].contains(name) || SwiftLiteral.keywords.contains(name) {
            name = base + String(number)
            number += 1
        }
        scopes[scopes.count - 1].insert(name)
        return name
    }

    var text: String { lines.joined(separator: "\n") + "\n" }
}
