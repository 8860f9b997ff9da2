import Foundation

/// The API names docs/lua-api.md documents: the code spans in the first column of its tables
/// (properties, callbacks, hooks, `out` methods, super queries, `a` fields, `cv` fields and
/// methods), each with the stub class it belongs to.
struct APIReferenceNames {
    struct Name: CustomStringConvertible {
        /// The stub class that must declare it (inherited members count).
        var owner: String
        var name: String
        /// `cv:layoutAttributes…`: some member starts with `name`.
        var isPrefix = false
        /// The code span it came from.
        var span: String
        var description: String { "`\(span)` (\(owner))" }
    }

    /// The owner of names the stubs declare as global functions (scenario globals).
    static let globalOwner = "(global)"

    private(set) var names: [Name] = []
    /// First-column spans that name an API member but whose table says nothing of its owner.
    private(set) var unclassified: [String] = []

    init(markdown: String) {
        var header: [String]?
        for raw in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("|") else {
                header = nil
                continue
            }
            let cells = Self.cells(line)
            guard let columns = header else {
                header = cells
                continue
            }
            if cells.allSatisfy({ $0.allSatisfy { "-: ".contains($0) } }) { continue }
            read(cell: cells.first ?? "", header: columns)
        }
    }

    private mutating func read(cell: String, header: [String]) {
        var previous: String?
        for span in Self.codeSpans(cell) {
            var text = span
            if text.hasPrefix("\"") || text.hasPrefix("{") || text.hasPrefix("-") { continue }
            var owner: String?
            for (prefix, stubClass) in [
                ("cv.", "lualayout.CollectionView"), ("cv:", "lualayout.CollectionView"),
                ("out:", "lualayout.Out"), ("out.", "lualayout.Out"),
                ("view:", "lualayout.View"),
            ] where text.hasPrefix(prefix) {
                owner = stubClass
                text.removeFirst(prefix.count)
            }
            var isPrefix = false
            if text.hasSuffix("…") {
                text.removeLast()
                isPrefix = true
            }
            let continuesPrevious = text.hasPrefix("…")
            if continuesPrevious { text.removeFirst() }
            var name = String(text.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            let rest = text.dropFirst(name.count)
            guard !name.isEmpty, rest.isEmpty || rest.hasPrefix("("), !["nil", "true", "false"].contains(name) else {
                continue
            }
            // `…DecorationElement` after `finalLayoutAttributesForDisappearingSupplementaryElement`
            // replaces as many trailing words of the previous name as it has.
            if continuesPrevious, let previous {
                let kept = Self.words(previous).dropLast(Self.words(name).count)
                name = kept.joined() + name
            }
            previous = name
            guard let owningClass = owner ?? Self.owner(header: header) else {
                unclassified.append(span)
                continue
            }
            names.append(Name(owner: owningClass, name: name, isPrefix: isPrefix, span: span))
        }
    }

    /// The class a table's unprefixed names belong to, from its header.
    private static func owner(header: [String]) -> String? {
        switch header.first {
        case "Property", "Callback": "lualayout.FlowLayout"
        case "Hook": "lualayout.Layout"
        case "Custom callback": "lualayout.CustomLayout"
        case "Compositional property", "Self-sizing callback": "lualayout.CompositionalLayout"
        case "Constructor": "lualayout.Compositional"
        case "Field" where header.dropFirst().first == "Access": "lualayout.Attributes"
        case "Animation field": "lualayout.Animation"
        case "Scenario global": APIReferenceNames.globalOwner
        case "Controller field": "lualayout.Controller"
        case "View method": "lualayout.View"
        default: nil
        }
    }

    /// A table row's cells (a `|` inside a code span does not split).
    static func cells(_ line: String) -> [String] {
        var cells: [String] = [], current = "", inCode = false
        for character in line.dropFirst() {
            if character == "`" { inCode.toggle() }
            if character == "|" && !inCode {
                cells.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.trimmingCharacters(in: .whitespaces).isEmpty {
            cells.append(current.trimmingCharacters(in: .whitespaces))
        }
        return cells
    }

    static func codeSpans(_ text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// `finalLayoutAttributes` → final, Layout, Attributes.
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        for character in name {
            if character.isUppercase || words.isEmpty { words.append("") }
            words[words.count - 1].append(character)
        }
        return words
    }
}
