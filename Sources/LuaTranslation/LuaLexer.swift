import Platform

/// One token of Lua 5.4 source.
struct LuaToken: Equatable {
    enum Kind: Equatable {
        case name(String)
        case keyword(String)
        case integer(Int)
        case float(Double)
        /// A string literal's bytes (escapes resolved).
        case string([UInt8])
        /// Punctuation and operators: `+`, `..`, `==`, `::`, `...`, …
        case symbol(String)
        case endOfFile
    }

    var kind: Kind
    var location: SourceLocation
}

/// Splits Lua 5.4 source into tokens, as Lua's own lexer does (llex.c's rules: long brackets,
/// escapes, hexadecimal floats, integers that overflow into floats), keeping line and column.
struct LuaLexer {
    static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]
    private static let symbols3 = ["..."]
    private static let symbols2 = ["==", "~=", "<=", ">=", "//", "::", "<<", ">>", ".."]
    private static let symbols1 = Set("+-*/%^#&~|<>=(){}[];:,.".utf8)

    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var lineStart = 0

    init(source: [UInt8]) {
        var start = 0
        // A UTF-8 byte-order mark and a first line starting with `#` are skipped, as lua5.4 does.
        if source.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        bytes = Array(source[start...])
        if bytes.first == UInt8(ascii: "#") {
            while offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") { offset += 1 }
        }
        lineStart = 0
    }

    /// Every token of the source, ending with `.endOfFile`.
    static func tokens(of source: [UInt8]) throws(Refusal) -> [LuaToken] {
        var lexer = LuaLexer(source: source)
        var result: [LuaToken] = []
        while true {
            let token = try lexer.next()
            result.append(token)
            if token.kind == .endOfFile { return result }
        }
    }

    private var location: SourceLocation { SourceLocation(line: line, column: offset - lineStart + 1) }

    private func peek(_ ahead: Int = 0) -> UInt8? {
        offset + ahead < bytes.count ? bytes[offset + ahead] : nil
    }

    private mutating func newline() {
        // \n, \r, \n\r and \r\n each count as one line break.
        let first = bytes[offset]
        offset += 1
        if let next = peek(), next == 10 || next == 13, next != first { offset += 1 }
        line += 1
        lineStart = offset
    }

    mutating func next() throws(Refusal) -> LuaToken {
        try skipSpaceAndComments()
        let start = location
        guard let byte = peek() else { return LuaToken(kind: .endOfFile, location: start) }
        if isNameStart(byte) {
            let first = offset
            while let next = peek(), isNameStart(next) || isDigit(next) { offset += 1 }
            let word = String(decoding: bytes[first..<offset], as: UTF8.self)
            return LuaToken(kind: Self.keywords.contains(word) ? .keyword(word) : .name(word), location: start)
        }
        if isDigit(byte) || (byte == UInt8(ascii: ".") && peek(1).map(isDigit) == true) {
            return LuaToken(kind: try number(), location: start)
        }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            return LuaToken(kind: .string(try shortString()), location: start)
        }
        if byte == UInt8(ascii: "["), let level = longBracketLevel() {
            return LuaToken(kind: .string(try longString(level: level, at: start)), location: start)
        }
        for symbol in Self.symbols3 + Self.symbols2 where bytes[offset...].starts(with: symbol.utf8) {
            offset += symbol.utf8.count
            return LuaToken(kind: .symbol(symbol), location: start)
        }
        if Self.symbols1.contains(byte) {
            offset += 1
            return LuaToken(kind: .symbol(String(UnicodeScalar(byte))), location: start)
        }
        throw Refusal(start, "unexpected symbol near '\(String(decoding: [byte], as: UTF8.self))'")
    }

    private mutating func skipSpaceAndComments() throws(Refusal) {
        while let byte = peek() {
            if byte == 10 || byte == 13 {
                newline()
            } else if byte == 32 || byte == 9 || byte == 11 || byte == 12 {
                offset += 1
            } else if byte == UInt8(ascii: "-"), peek(1) == UInt8(ascii: "-") {
                let start = location
                offset += 2
                if peek() == UInt8(ascii: "["), let level = longBracketLevel() {
                    _ = try longString(level: level, at: start)
                } else {
                    while let next = peek(), next != 10, next != 13 { offset += 1 }
                }
            } else {
                return
            }
        }
    }

    /// At `[`: the level of a long bracket `[==[` (the number of `=`), or nil when it is not one.
    private func longBracketLevel() -> Int? {
        var ahead = 1
        while peek(ahead) == UInt8(ascii: "=") { ahead += 1 }
        return peek(ahead) == UInt8(ascii: "[") ? ahead - 1 : nil
    }

    private mutating func longString(level: Int, at start: SourceLocation) throws(Refusal) -> [UInt8] {
        offset += level + 2
        // A newline right after the opening bracket is not part of the string.
        if let byte = peek(), byte == 10 || byte == 13 { newline() }
        var result: [UInt8] = []
        while let byte = peek() {
            if byte == UInt8(ascii: "]") {
                var ahead = 1
                while peek(ahead) == UInt8(ascii: "=") { ahead += 1 }
                if ahead - 1 == level, peek(ahead) == UInt8(ascii: "]") {
                    offset += ahead + 1
                    return result
                }
                result.append(byte)
                offset += 1
            } else if byte == 10 || byte == 13 {
                newline()
                result.append(10)
            } else {
                result.append(byte)
                offset += 1
            }
        }
        throw Refusal(start, "unfinished long string or comment")
    }

    private mutating func shortString() throws(Refusal) -> [UInt8] {
        let start = location
        let quote = bytes[offset]
        offset += 1
        var result: [UInt8] = []
        while let byte = peek() {
            switch byte {
            case quote:
                offset += 1
                return result
            case 10, 13:
                throw Refusal(start, "unfinished string")
            case UInt8(ascii: "\\"):
                offset += 1
                try escape(into: &result)
            default:
                result.append(byte)
                offset += 1
            }
        }
        throw Refusal(start, "unfinished string")
    }

    private mutating func escape(into result: inout [UInt8]) throws(Refusal) {
        let start = location
        guard let byte = peek() else { throw Refusal(start, "unfinished string") }
        let simple: [UInt8: UInt8] = [
            UInt8(ascii: "a"): 7, UInt8(ascii: "b"): 8, UInt8(ascii: "f"): 12, UInt8(ascii: "n"): 10,
            UInt8(ascii: "r"): 13, UInt8(ascii: "t"): 9, UInt8(ascii: "v"): 11, UInt8(ascii: "\\"): 92,
            UInt8(ascii: "\""): 34, UInt8(ascii: "'"): 39,
        ]
        if let value = simple[byte] {
            result.append(value)
            offset += 1
        } else if byte == 10 || byte == 13 {
            newline()
            result.append(10)
        } else if byte == UInt8(ascii: "x") {
            offset += 1
            var value = 0
            for _ in 0..<2 {
                guard let digit = peek().flatMap(hexValue) else { throw Refusal(start, "hexadecimal digit expected") }
                value = value * 16 + digit
                offset += 1
            }
            result.append(UInt8(value))
        } else if byte == UInt8(ascii: "z") {
            offset += 1
            while let next = peek(), next == 32 || (9...13).contains(next) {
                if next == 10 || next == 13 { newline() } else { offset += 1 }
            }
        } else if isDigit(byte) {
            var value = 0
            var count = 0
            while count < 3, let next = peek(), isDigit(next) {
                value = value * 10 + Int(next - 48)
                offset += 1
                count += 1
            }
            guard value <= 255 else { throw Refusal(start, "decimal escape too large") }
            result.append(UInt8(value))
        } else if byte == UInt8(ascii: "u") {
            offset += 1
            guard peek() == UInt8(ascii: "{") else { throw Refusal(start, "missing '{' in \\u{xxxx}") }
            offset += 1
            var value: UInt32 = 0
            while let digit = peek().flatMap(hexValue) {
                value = value &* 16 &+ UInt32(digit)
                offset += 1
            }
            guard peek() == UInt8(ascii: "}"), let scalar = Unicode.Scalar(value) else {
                throw Refusal(start, "invalid \\u{…} escape: write the character itself")
            }
            offset += 1
            result.append(contentsOf: Array(String(Character(scalar)).utf8))
        } else {
            throw Refusal(start, "invalid escape sequence '\\\(String(decoding: [byte], as: UTF8.self))'")
        }
    }

    private mutating func number() throws(Refusal) -> LuaToken.Kind {
        let start = location
        let first = offset
        let hex = peek() == UInt8(ascii: "0") && (peek(1) == UInt8(ascii: "x") || peek(1) == UInt8(ascii: "X"))
        if hex { offset += 2 }
        let exponents: [UInt8] = hex ? Array("Pp".utf8) : Array("Ee".utf8)
        while let byte = peek() {
            if exponents.contains(byte) {
                offset += 1
                if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { offset += 1 }
            } else if isDigit(byte) || byte == UInt8(ascii: ".") || (hex && hexValue(byte) != nil) || isNameStart(byte)
            {
                offset += 1
            } else {
                break
            }
        }
        let text = String(decoding: bytes[first..<offset], as: UTF8.self)
        guard let value = LuaNumberSyntax.parse(text) else { throw Refusal(start, "malformed number near '\(text)'") }
        return value
    }

    private func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 97 && byte <= 122) || (byte >= 65 && byte <= 90) || byte == 95
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    private func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 48...57: Int(byte - 48)
        case 97...102: Int(byte - 87)
        case 65...70: Int(byte - 55)
        default: nil
        }
    }
}

/// Lua's numerals: decimal integers that overflow become floats, hexadecimal integers wrap
/// around, hexadecimal floats have a binary exponent (lobject.c's l_str2int and l_str2d rules).
enum LuaNumberSyntax {
    static func parse(_ text: String) -> LuaToken.Kind? {
        let lower = text.lowercased()
        if lower.hasPrefix("0x") {
            let digits = lower.dropFirst(2)
            if !digits.contains(where: { $0 == "." || $0 == "p" }) {
                guard !digits.isEmpty else { return nil }
                var value: UInt64 = 0
                for character in digits {
                    guard let digit = character.hexDigitValue else { return nil }
                    value = value &* 16 &+ UInt64(digit)
                }
                return .integer(Int(bitPattern: UInt(value)))
            }
            return hexFloat(digits).map { .float($0) }
        }
        guard lower.allSatisfy({ $0.isNumber || $0 == "." || $0 == "e" || $0 == "+" || $0 == "-" }) else { return nil }
        if lower.allSatisfy(\.isNumber) {
            if let value = Int(lower) { return .integer(value) }
            return Double(lower).map { .float($0) }
        }
        guard lower.first != "e", let value = Double(lower) else { return nil }
        return .float(value)
    }

    private static func hexFloat(_ digits: Substring) -> Double? {
        var mantissa: Double = 0
        var exponent = 0
        var seenPoint = false
        var seenDigit = false
        var rest = digits[...]
        while let character = rest.first, character != "p" {
            rest = rest.dropFirst()
            if character == "." {
                guard !seenPoint else { return nil }
                seenPoint = true
            } else if let digit = character.hexDigitValue {
                mantissa = mantissa * 16 + Double(digit)
                seenDigit = true
                if seenPoint { exponent -= 4 }
            } else {
                return nil
            }
        }
        guard seenDigit else { return nil }
        if rest.first == "p" {
            guard let power = Int(rest.dropFirst()) else { return nil }
            exponent += power
        }
        return mantissa * pow(2, Double(exponent))
    }
}
