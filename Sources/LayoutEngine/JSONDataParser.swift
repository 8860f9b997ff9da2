/// A strict JSON parser producing `LayoutValue`s, with `line:column` in its errors.
public struct JSONDataParser {
    public struct ParseError: Error, Equatable, CustomStringConvertible, Sendable {
        public var line: Int
        public var column: Int
        public var message: String
        public var description: String { "\(line):\(column): \(message)" }

        public init(line: Int, column: Int, message: String) {
            self.line = line
            self.column = column
            self.message = message
        }
    }

    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0
    private static let maxDepth = 512

    public static func parse(_ text: String) throws(ParseError) -> LayoutValue {
        try parse(Array(text.utf8))
    }

    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> LayoutValue {
        var parser = JSONDataParser(bytes: bytes)
        parser.skipSpace()
        let value = try parser.parseValue()
        parser.skipSpace()
        guard parser.position == bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func error(_ message: String) -> ParseError {
        var line = 1, column = 1
        for byte in bytes[..<min(position, bytes.count)] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return ParseError(line: line, column: column, message: message)
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipSpace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private mutating func parseValue() throws(ParseError) -> LayoutValue {
        guard let byte = current else { throw error("unexpected end of input, expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character '\(Character(Unicode.Scalar(byte)))'")
        }
    }

    private mutating func expectWord(_ word: String) throws(ParseError) {
        let start = position
        for expected in word.utf8 {
            guard current == expected else {
                position = start  // report at the start of the literal
                throw error("invalid literal, expected '\(word)'")
            }
            position += 1
        }
    }

    private mutating func enter() throws(ParseError) {
        depth += 1
        guard depth <= Self.maxDepth else { throw error("nested too deeply") }
    }

    private mutating func parseObject() throws(ParseError) -> LayoutValue {
        try enter()
        defer { depth -= 1 }
        position += 1
        var fields: [String: LayoutValue] = [:]
        skipSpace()
        if current == UInt8(ascii: "}") { position += 1; return .object(fields) }
        while true {
            skipSpace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let key = try parseString()
            skipSpace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after key") }
            position += 1
            skipSpace()
            fields[key] = try parseValue()
            skipSpace()
            if current == UInt8(ascii: ",") { position += 1; continue }
            if current == UInt8(ascii: "}") { position += 1; return .object(fields) }
            throw error("expected ',' or '}' in object")
        }
    }

    private mutating func parseArray() throws(ParseError) -> LayoutValue {
        try enter()
        defer { depth -= 1 }
        position += 1
        var items: [LayoutValue] = []
        skipSpace()
        if current == UInt8(ascii: "]") { position += 1; return .array(items) }
        while true {
            skipSpace()
            items.append(try parseValue())
            skipSpace()
            if current == UInt8(ascii: ",") { position += 1; continue }
            if current == UInt8(ascii: "]") { position += 1; return .array(items) }
            throw error("expected ',' or ']' in array")
        }
    }

    private mutating func parseString() throws(ParseError) -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        var chunkStart = position
        var buffer: [UInt8] = []
        while true {
            guard let byte = current else { throw error("unterminated string") }
            if byte == UInt8(ascii: "\"") {
                buffer += bytes[chunkStart..<position]
                position += 1
                scalars.append(contentsOf: String(decoding: buffer, as: UTF8.self).unicodeScalars)
                return String(scalars)
            }
            if byte < 0x20 { throw error("control character in string") }
            if byte == UInt8(ascii: "\\") {
                buffer += bytes[chunkStart..<position]
                scalars.append(contentsOf: String(decoding: buffer, as: UTF8.self).unicodeScalars)
                buffer.removeAll()
                position += 1
                guard let escape = current else { throw error("unterminated string") }
                position += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800..<0xDC00).contains(code), current == UInt8(ascii: "\\"),
                       position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") {
                        position += 2
                        let low = try parseHex4()
                        if (0xDC00..<0xE000).contains(low) { code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00) }
                    }
                    scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                default:
                    throw error("invalid escape in string")
                }
                chunkStart = position
                continue
            }
            position += 1
        }
    }

    private mutating func parseHex4() throws(ParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Self.hexDigit(byte) else { throw error("invalid \\u escape") }
            value = value * 16 + digit
            position += 1
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func parseNumber() throws(ParseError) -> Double {
        let start = position
        if current == UInt8(ascii: "-") { position += 1 }
        func digits(_ parser: inout JSONDataParser) -> Int {
            var count = 0
            while let byte = parser.current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { parser.position += 1; count += 1 }
            return count
        }
        guard digits(&self) > 0 else { throw error("invalid number") }
        if current == UInt8(ascii: ".") {
            position += 1
            guard digits(&self) > 0 else { throw error("invalid number: digits expected after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard digits(&self) > 0 else { throw error("invalid number: digits expected in exponent") }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error("number out of range") }
        return value
    }
}

extension CollectionData {
    /// Reads the data file shapes: `{"sections": [[item, …], …]}` or `{"sections": [count, …]}`.
    public init(json value: LayoutValue) throws(LayoutError) {
        guard case .object(let fields) = value else {
            throw LayoutError("expected an object {\"sections\": [...]} at the top level")
        }
        guard case .array(let sections)? = fields["sections"] else {
            throw LayoutError("expected \"sections\": an array of item arrays or item counts")
        }
        var result: [Section] = []
        result.reserveCapacity(sections.count)
        for (index, section) in sections.enumerated() {
            switch section {
            case .array(let items):
                result.append(Section(items: items))
            case .number(let count) where count >= 0 && count == count.rounded() && count <= 100_000_000:
                result.append(Section(count: Int(count)))
            default:
                throw LayoutError("sections[\(index)] must be an array of items or a whole item count ≥ 0")
            }
        }
        self.init(sections: result)
    }
}
