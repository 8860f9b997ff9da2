import Foundation
import InputFiles
import LayoutEngine

/// Random JSON documents and data files for the fuzzers (the parser's and the CLI's), and how
/// to check and show what the parser made of them.
package enum JSONDocuments {

    /// A random JSON document and, when it is exactly representable, the value it holds.
    package static func document(_ random: inout SplitMix64) -> ([UInt8], LayoutValue?) {
        var text = ""
        let value = json(&random, depth: 0, into: &text)
        return ([UInt8](text.utf8), value)
    }

    private static let spaces = ["", "", " ", "\n", "\t", "\r\n", "  "]

    /// Writes a random value to `text`; returns it (nil when its numbers are out of range).
    package static func json(_ random: inout SplitMix64, depth: Int, into text: inout String) -> LayoutValue? {
        text += random.pick(spaces)
        defer { text += random.pick(spaces) }
        switch random.int(0...(depth > 4 ? 4 : 6)) {
        case 0:
            text += "null"
            return .null
        case 1:
            let flag = random.chance(0.5)
            text += flag ? "true" : "false"
            return .bool(flag)
        case 2, 3:
            let number = random.pick([
                "0", "-0", "1", "-1", "12.5", "0.001", "1e10", "1E-5", "2.5e+3", "-7.25E2", "1e308",
                "1.7976931348623157e308",
                "5e-324", "123456789012345678901234567890", "9007199254740993", "1e400", "-1e400", "0.1",
            ])
            text += number
            return Double(number).flatMap { $0.isFinite ? LayoutValue.number($0) : nil }
        case 4:
            let (written, decoded) = string(&random)
            text += written
            return .string(decoded)
        case 5:
            text += "["
            var items: [LayoutValue]? = []
            for index in 0..<random.int(0...4) {
                if index > 0 { text += "," }
                let item = json(&random, depth: depth + 1, into: &text)
                items = item.flatMap { item in items.map { $0 + [item] } }
            }
            text += "]"
            return items.map { .array($0) }
        default:
            text += "{"
            var fields: [String: LayoutValue]? = [:]
            for index in 0..<random.int(0...4) {
                if index > 0 { text += "," }
                let key = "k\(index)"
                text += random.pick(spaces) + "\"\(key)\"" + random.pick(spaces) + ":"
                let field = json(&random, depth: depth + 1, into: &text)
                if let field { fields?[key] = field } else { fields = nil }
            }
            text += "}"
            return fields.map { .object($0) }
        }
    }

    /// A JSON string literal and what it decodes to.
    package static func string(_ random: inout SplitMix64) -> (String, String) {
        let pieces: [(String, String)] = [
            ("a", "a"), ("Zz 9", "Zz 9"), ("\\n", "\n"), ("\\\"", "\""), ("\\\\", "\\"), ("\\/", "/"), ("\\t", "\t"),
            ("\\u00e9", "é"), ("\\u00E9", "é"), ("\\ud83d\\ude00", "😀"), ("ü", "ü"), ("日本", "日本"),
            ("\\b\\f\\r", "\u{08}\u{0C}\r"),
            ("\\u0000", "\u{0}"),
        ]
        var written = "\"", decoded = ""
        for _ in 0..<random.int(0...5) {
            let (w, d) = random.pick(pieces)
            written += w
            decoded += d
        }
        return (written + "\"", decoded)
    }

    /// A data file: item arrays or counts per section (sometimes a wrong shape), and how many
    /// items it lays out when it is well formed.
    package static func dataFile(_ random: inout SplitMix64) -> ([UInt8], Int?) {
        var text = "{\"sections\": ["
        var total: Int? = 0
        for index in 0..<random.int(0...3) {
            if index > 0 { text += ", " }
            if random.chance(0.4) {
                let count = random.pick([0, 1, 3, 12])
                text += "\(count)"
                total? += count
            } else {
                text += "["
                let count = random.int(0...4)
                for item in 0..<count {
                    if item > 0 { text += "," }
                    if json(&random, depth: 2, into: &text) == nil { total = nil }
                }
                text += "]"
                total? += count
            }
        }
        text += "]}"
        switch random.int(0...9) {
        case 0:
            return (
                [UInt8](
                    random.pick([
                        "{\"sections\": 3}", "[1, 2]", "{\"other\": []}", "{\"sections\": [-1]}",
                        "{\"sections\": [1.5]}", "{\"sections\": [1e9]}", "{\"sections\": [\"x\"]}",
                        "{\"sections\": [100000000, 100000000]}",
                    ]).utf8), nil
            )
        case 1:
            let depth = random.pick([300, 512, 513])
            return (
                [UInt8](
                    ("{\"sections\": [[" + String(repeating: "[", count: depth - 3)
                        + String(repeating: "]", count: depth - 3) + "]]}").utf8), nil
            )
        default: return ([UInt8](text.utf8), total)
        }
    }

    /// One to three byte-level edits: delete, insert, replace, truncate, duplicate, swap.
    package static func corrupt(_ text: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
        var bytes = text
        let alphabet = [UInt8]("{}[],:\"0-9e.+\\ \nxu".utf8) + [0x00, 0xFF, 0xC3, 0x1F]
        for _ in 0..<random.int(1...3) {
            let at = bytes.isEmpty ? 0 : random.int(0..<bytes.count)
            switch random.int(0...5) {
            case 0: if !bytes.isEmpty { bytes.remove(at: at) }
            case 1: bytes.insert(random.pick(alphabet), at: at)
            case 2: if !bytes.isEmpty { bytes[at] = random.pick(alphabet) }
            case 3: bytes = Array(bytes.prefix(at))
            case 4:
                if !bytes.isEmpty {
                    bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + random.int(1...8))], at: at)
                }
            default: if bytes.count > 1 { bytes.swapAt(at, random.int(0..<bytes.count)) }
            }
        }
        return bytes
    }

    /// A refusal's line and column lie inside the text (columns count characters, from 1).
    package static func locationProblems(_ error: JSONDataParser.ParseError, _ bytes: [UInt8]) -> [String] {
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard error.line >= 1, error.line <= lines.count, !error.message.isEmpty else {
            return ["refused at \(error), outside the text's \(lines.count) lines: \(show(bytes))"]
        }
        let characters = lines[error.line - 1].filter { $0 & 0xC0 != 0x80 }.count
        guard error.column >= 1, error.column <= characters + 1 else {
            return [
                "refused at \(error), past the end of line \(error.line) (\(characters) characters): \(show(bytes))"
            ]
        }
        return []
    }

    package static func show(_ bytes: [UInt8]) -> String {
        let text = String(decoding: bytes.prefix(300), as: UTF8.self).debugDescription
        return bytes.count > 300 ? text + "… (\(bytes.count) bytes)" : text
    }
}
