/// A Swift expression being written: its text, its type and how tightly it binds.
struct Code {
    /// Swift's precedence groups, loosest first (the standard library's order: `??` binds
    /// tighter than comparisons, `&` like `*`).
    enum Precedence: Int, Comparable {
        case ternary = 1, disjunction, conjunction, comparison, coalescing, additive, multiplicative, prefix, primary

        static func < (lhs: Precedence, rhs: Precedence) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    var text: String
    var type: SwiftType
    var precedence: Precedence
    /// Built from literals only: Swift cannot tell its type without context (Foundation's
    /// Decimal and NSNumber also take literals), so one operand is spelled with its type.
    var constant = false
    /// For a place UIKit holds in another type (`a.x` is `a.frame.origin.x`, a CGFloat): the
    /// assignment with `UIKitSpelling.value` standing for the value.
    var setter: String?

    init(_ text: String, _ type: SwiftType, _ precedence: Precedence = .primary) {
        self.text = text
        self.type = type
        self.precedence = precedence
    }

    /// The literal `nil`, which takes any optional type.
    static var nilLiteral: Code { Code("nil", .optional(.void)) }

    var isNilLiteral: Bool { text == "nil" && type == .optional(.void) }

    /// The text, in parentheses when it binds looser than `precedence`.
    func at(_ precedence: Precedence) -> String {
        self.precedence < precedence ? "(\(text))" : text
    }

    /// The text with its type spelled out when it is built from literals only.
    var typed: String { constant ? "(\(text) as \(type.text))" : text }

    /// An integer literal's digits (`42`), for writing it as a Double (`42.0`).
    var integerLiteral: Int? {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard type == .int, !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}

/// Lines of Swift with indentation; a multi-line expression (a closure) keeps its own
/// relative indentation.
final class SwiftWriter {
    private(set) var lines: [String] = []
    var indentation = 0

    func line(_ text: String) {
        let pad = String(repeating: "    ", count: indentation)
        for part in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if part.isEmpty {
                lines.append("")
            } else {
                let own = String(part.prefix { $0 == " " })
                lines += LineWrapping.wrap(pad + part, indent: pad + own)
            }
        }
    }

    /// Lines already indented and wrapped (written by a writer at this one's indentation).
    func append(written: [String]) { lines += written }

    func blank() {
        if let last = lines.last, !last.isEmpty { lines.append("") }
    }

    func indented(_ body: () throws(Refusal) -> Void) throws(Refusal) {
        indentation += 1
        defer { indentation -= 1 }
        try body()
    }

    /// `header {`, the body indented, `}`.
    func block(_ header: String, _ body: () throws(Refusal) -> Void) throws(Refusal) {
        line(header + " {")
        try indented(body)
        line("}")
    }

    var text: String { lines.joined(separator: "\n") + "\n" }
}

/// String literals: every character Swift would read otherwise is escaped.
enum SwiftLiteral {
    static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                    || scalar.properties.generalCategory == .format
                    || scalar.properties.generalCategory == .lineSeparator
                    || scalar.properties.generalCategory == .paragraphSeparator
                {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A Double written so Swift reads back exactly the same value.
    static func double(_ value: Double) -> String {
        if value.isNaN { return "Double.nan" }
        if value.isInfinite { return value < 0 ? "-Double.infinity" : "Double.infinity" }
        return "\(value)"
    }

    static func int(_ value: Int) -> String {
        value == Int.min ? "Int.min" : "\(value)"
    }
}
