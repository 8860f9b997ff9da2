import LayoutEngine

/// A strict JSON parser producing `LayoutValue`s, with `line:column` in its errors.
package struct JSONDataParser {
    package struct ParseError: Error, Equatable, CustomStringConvertible, Sendable {
        package var line: Int
        package var column: Int
        package var message: String
        package var description: String { "\(line):\(column): \(message)" }

        package init(line: Int, column: Int, message: String) {
            self.line = line
            self.column = column
            self.message = message
        }
    }

    /// What a document may cost: nesting depth and the memory its decoded values take.
    package struct Limits: Sendable {
        package var maxDepth: Int
        /// Estimated bytes of the decoded values; checked while parsing, before allocating.
        package var maxDecodedBytes: Int
        /// How the caller raises `maxDecodedBytes`, named in the error.
        package var raiseHint: String

        package init(maxDepth: Int = 512, maxDecodedBytes: Int = Int.max, raiseHint: String = "") {
            self.maxDepth = maxDepth
            self.maxDecodedBytes = maxDecodedBytes
            self.raiseHint = raiseHint
        }
    }

    private let bytes: [UInt8]
    private let limits: Limits
    private var position = 0
    private var depth = 0
    private var decodedBytes = 0

    /// Estimated heap cost of one decoded value slot and of one container allocation
    /// (header plus malloc rounding), so the estimate tracks what decoding really allocates.
    static let slotBytes = MemoryLayout<LayoutValue>.stride
    static let containerBytes = 48
    /// A dictionary entry: key, value and hash-table overhead (load factor 3/4, metadata).
    static let fieldBytes = 2 * (MemoryLayout<String>.stride + MemoryLayout<LayoutValue>.stride)

    package static func parse(_ text: String, limits: Limits = Limits()) throws(ParseError) -> LayoutValue {
        try parse(Array(text.utf8), limits: limits)
    }

    package static func parse(_ bytes: [UInt8], limits: Limits = Limits()) throws(ParseError) -> LayoutValue {
        var parser = JSONDataParser(bytes: bytes, limits: limits)
        // RFC 8259 lets a parser ignore a UTF-8 byte order mark; editors on Windows write one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.position = 3 }
        parser.skipSpace()
        let value = try parser.parseValue()
        parser.skipSpace()
        guard parser.position == bytes.count else { throw parser.error("unexpected text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8], limits: Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// Counts `amount` more decoded bytes; refuses the document once past the limit.
    private mutating func charge(_ amount: Int) throws(ParseError) {
        decodedBytes += amount
        guard decodedBytes <= limits.maxDecodedBytes else {
            throw error(
                "data too large: decoding it would take more than \(Self.formatBytes(limits.maxDecodedBytes)) of memory\(limits.raiseHint.isEmpty ? "" : " (" + limits.raiseHint + ")")"
            )
        }
    }

    /// `256M`, `1G`, `1536K`, or bytes.
    package static func formatBytes(_ bytes: Int) -> String {
        for (shift, suffix) in [(30, "G"), (20, "M"), (10, "K")] where bytes >= 1 << shift && bytes % (1 << shift) == 0
        {
            return "\(bytes >> shift)\(suffix)"
        }
        return "\(bytes) bytes"
    }

    private func error(_ message: String) -> ParseError {
        var line = 1, column = 1
        for byte in bytes[..<min(position, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
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
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "+"): throw error("invalid number: a leading '+' is not allowed")
        case UInt8(ascii: "."): throw error("invalid number: digits expected before '.'")
        case 0x21...0x7E: throw error("unexpected character '\(Character(Unicode.Scalar(byte)))'")
        default: throw error("unexpected byte 0x\(String(byte, radix: 16, uppercase: true))")
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
        guard depth <= limits.maxDepth else {
            throw error("nested too deeply (more than \(limits.maxDepth) levels of arrays and objects)")
        }
        try charge(Self.containerBytes)
    }

    private mutating func parseObject() throws(ParseError) -> LayoutValue {
        try enter()
        defer { depth -= 1 }
        position += 1
        var fields: [String: LayoutValue] = [:]
        skipSpace()
        if current == UInt8(ascii: "}") {
            position += 1
            return .object(fields)
        }
        while true {
            skipSpace()
            guard current == UInt8(ascii: "\"") else {
                throw error(
                    current == UInt8(ascii: "}") && !fields.isEmpty
                        ? "trailing comma in object" : "expected a string key")
            }
            let key = try parseString()
            try charge(Self.fieldBytes)
            skipSpace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after key") }
            position += 1
            skipSpace()
            fields[key] = try parseValue()
            skipSpace()
            if current == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if current == UInt8(ascii: "}") {
                position += 1
                return .object(fields)
            }
            throw error("expected ',' or '}' in object")
        }
    }

    private mutating func parseArray() throws(ParseError) -> LayoutValue {
        try enter()
        defer { depth -= 1 }
        position += 1
        var items: [LayoutValue] = []
        skipSpace()
        if current == UInt8(ascii: "]") {
            position += 1
            return .array(items)
        }
        while true {
            skipSpace()
            if current == UInt8(ascii: "]") { throw error("trailing comma in array") }
            // A growing array holds up to twice its count of slots.
            try charge(2 * Self.slotBytes)
            items.append(try parseValue())
            skipSpace()
            if current == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if current == UInt8(ascii: "]") {
                position += 1
                return .array(items)
            }
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
                let text = String(scalars)
                // Strings of more than 15 UTF-8 bytes live on the heap.
                let length = text.utf8.count
                if length > 15 { try charge(Self.containerBytes + length) }
                return text
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
                        position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u")
                    {
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
            while let byte = parser.current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                parser.position += 1
                count += 1
            }
            return count
        }
        let integerStart = position
        let integerDigits = digits(&self)
        guard integerDigits > 0 else { throw error("invalid number: digits expected after '-'") }
        if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") {
            position = integerStart
            throw error("invalid number: leading zeros are not allowed")
        }
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
    /// `{"sections": [...]}` where each section is an array of items, an item count, or an
    /// object `{"items": [...]}` / `{"count": N}` with an optional `"data"` payload.
    package init(json value: LayoutValue) throws(LayoutError) {
        guard case .object(let fields) = value else {
            throw LayoutError("expected an object {\"sections\": [...]} at the top level")
        }
        guard case .array(let sections)? = fields["sections"] else {
            throw LayoutError("expected \"sections\": an array of item arrays, item counts or section objects")
        }
        var result: [Section] = []
        result.reserveCapacity(sections.count)
        for (index, section) in sections.enumerated() {
            switch section {
            case .array(let items):
                result.append(Section(items: items))
            case .number(let count) where Self.isCount(count):
                result.append(Section(count: Int(count)))
            case .object(let fields):
                result.append(try Self.section(fields, index: index))
            default:
                throw LayoutError(
                    "sections[\(index)] must be an array of items, a whole item count ≥ 0, or an object with \"items\" or \"count\""
                )
            }
        }
        self.init(sections: result)
    }

    private static func isCount(_ value: Double) -> Bool {
        value >= 0 && value == value.rounded() && value <= 100_000_000
    }

    /// A section object: `"items"` or `"count"` (not both), and an optional `"data"`.
    private static func section(_ fields: [String: LayoutValue], index: Int) throws(LayoutError) -> Section {
        if let unknown = fields.keys.sorted().first(where: { !["items", "count", "data"].contains($0) }) {
            throw LayoutError(
                "sections[\(index)]: unknown key \"\(unknown)\" (a section object has \"items\" or \"count\", and \"data\")"
            )
        }
        let data = fields["data"].flatMap { $0 == .null ? nil : $0 }
        switch (fields["items"], fields["count"]) {
        case (.array(let items)?, nil):
            return Section(items: items, data: data)
        case (nil, .number(let count)?) where isCount(count):
            return Section(count: Int(count), data: data)
        case (.some, .some):
            throw LayoutError("sections[\(index)]: give \"items\" or \"count\", not both")
        case (nil, nil):
            throw LayoutError(
                "sections[\(index)]: a section object needs \"items\" (an array) or \"count\" (a whole number ≥ 0)")
        case (_?, nil):
            throw LayoutError("sections[\(index)]: \"items\" must be an array")
        default:
            throw LayoutError("sections[\(index)]: \"count\" must be a whole number ≥ 0")
        }
    }
}
