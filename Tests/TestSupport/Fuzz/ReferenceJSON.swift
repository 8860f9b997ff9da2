/// An independent recogniser of RFC 8259 JSON, to judge the data parser: strict numbers
/// (no leading zeros, finite as a Double), strings without raw control characters, four
/// whitespace bytes, at most `maxDepth` nested containers. String bytes are not checked as
/// UTF-8 (the parser replaces invalid sequences; see the report).
package struct ReferenceJSON {
    package enum Verdict: Equatable {
        case valid
        case invalid
        /// Invalid only because a number has a leading zero (`01`).
        case leadingZero
        /// Nested deeper than the limit (refused whatever else it holds).
        case tooDeep
    }

    package static let maxDepth = 512

    package static func verdict(_ bytes: [UInt8]) -> Verdict {
        var strict = ReferenceJSON(bytes: bytes, allowLeadingZeros: false)
        if strict.document() { return .valid }
        var lenient = ReferenceJSON(bytes: bytes, allowLeadingZeros: true)
        if lenient.document() && !lenient.tooDeep { return .leadingZero }
        return strict.tooDeep ? .tooDeep : .invalid
    }

    private let bytes: [UInt8]
    private let allowLeadingZeros: Bool
    private var position = 0
    private var depth = 0
    private(set) var tooDeep = false

    private init(bytes: [UInt8], allowLeadingZeros: Bool) {
        self.bytes = bytes
        self.allowLeadingZeros = allowLeadingZeros
    }

    private var byte: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func space() {
        while let b = byte, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { position += 1 }
    }

    private mutating func fail() -> Bool { false }

    package mutating func document() -> Bool {
        space()
        guard value() else { return false }
        space()
        return position == bytes.count ? true : fail()
    }

    private mutating func value() -> Bool {
        guard let b = byte else { return fail() }
        switch b {
        case UInt8(ascii: "{"): return container(close: UInt8(ascii: "}"), keyed: true)
        case UInt8(ascii: "["): return container(close: UInt8(ascii: "]"), keyed: false)
        case UInt8(ascii: "\""): return string()
        case UInt8(ascii: "t"): return word("true")
        case UInt8(ascii: "f"): return word("false")
        case UInt8(ascii: "n"): return word("null")
        default: return number()
        }
    }

    private mutating func word(_ text: String) -> Bool {
        for expected in text.utf8 {
            guard byte == expected else { return fail() }
            position += 1
        }
        return true
    }

    private mutating func container(close: UInt8, keyed: Bool) -> Bool {
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maxDepth {
            // Too deep is refused whatever follows.
            tooDeep = true
            return false
        }
        position += 1
        space()
        if byte == close {
            position += 1
            return true
        }
        while true {
            space()
            if keyed {
                guard byte == UInt8(ascii: "\""), string() else { return fail() }
                space()
                guard byte == UInt8(ascii: ":") else { return fail() }
                position += 1
                space()
            }
            guard value() else { return false }
            space()
            if byte == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if byte == close {
                position += 1
                return true
            }
            return fail()
        }
    }

    private mutating func string() -> Bool {
        position += 1
        while let b = byte {
            position += 1
            if b == UInt8(ascii: "\"") { return true }
            if b < 0x20 { return fail() }
            guard b == UInt8(ascii: "\\") else { continue }
            guard let escape = byte else { return fail() }
            position += 1
            if Array("\"\\/bfnrt".utf8).contains(escape) { continue }
            guard escape == UInt8(ascii: "u") else { return fail() }
            for _ in 0..<4 {
                guard let h = byte, (h >= 0x30 && h <= 0x39) || (h >= 0x41 && h <= 0x46) || (h >= 0x61 && h <= 0x66)
                else { return fail() }
                position += 1
            }
        }
        return fail()
    }

    private mutating func number() -> Bool {
        let start = position
        func digits(_ me: inout ReferenceJSON) -> Int {
            var count = 0
            while let b = me.byte, b >= 0x30, b <= 0x39 {
                me.position += 1
                count += 1
            }
            return count
        }
        if byte == UInt8(ascii: "-") { position += 1 }
        guard let first = byte, first >= 0x30, first <= 0x39 else { return fail() }
        if first == 0x30 {
            position += 1
            if !allowLeadingZeros, let next = byte, next >= 0x30, next <= 0x39 { return fail() }
            _ = digits(&self)
        } else {
            _ = digits(&self)
        }
        if byte == UInt8(ascii: ".") {
            position += 1
            guard digits(&self) > 0 else { return fail() }
        }
        if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            position += 1
            if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") { position += 1 }
            guard digits(&self) > 0 else { return fail() }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return fail() }
        return true
    }
}
