/// Every piece of text an export writes into Swift source: string literals, comments (which
/// quote paths, names and kinds the user chose), numbers and identifiers. User text reaches
/// generated code only through `escaped(_:)`, so a newline in a folder name cannot end a
/// comment and a quote in a kind cannot end a literal.
enum SwiftText {
    /// `text` with every scalar that could end a comment or a literal, or make a line read other
    /// than it compiles, spelled as an escape: line breaks (`\n`, `\r`, U+0085, U+2028, U+2029),
    /// every other control character, bidirectional overrides and isolates, the byte-order mark,
    /// backslashes and, for literals, quotes. The one escaping function of the module.
    static func escaped(_ text: String, inLiteral: Bool) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"" where inLiteral: result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            case _ where isUnsafe(scalar): result += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Scalars that a reader or the compiler could take for a line break, or that reorder
    /// what a reader sees (the "Trojan Source" bidirectional controls).
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x2028, 0x2029, 0xFEFF: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// A string literal.
    static func string(_ text: String) -> String { "\"" + escaped(text, inLiteral: true) + "\"" }

    /// Text quoted in a comment (a path, a name, a kind, an option's value).
    static func comment(_ text: String) -> String { escaped(text, inLiteral: false) }

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

    /// A lowerCamelCase identifier from an element kind (`section-header-element-kind` →
    /// `sectionHeaderElementKind`), or `fallback` when the kind has no letters to start one.
    /// Made of ASCII letters and digits only, at most 40 of them; never a keyword.
    static func identifier(fromKind kind: String, fallback: String) -> String {
        let words = kind.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.prefix(8).map { String($0.prefix(40)) }
        guard let first = words.first, let initial = first.first, initial.isLetter else { return fallback }
        let joined = String(
            (lowercasedPrefix(first) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined())
                .prefix(40))
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

    /// Swift's keywords, which a claimed name must not be.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "Any",
        "catch", "false", "is", "nil", "super", "self", "Self", "throw", "throws", "true", "try", "package", "some",
        "any", "await", "async", "consume", "borrowing", "consuming", "macro", "nonisolated", "isolated",
    ]
}
