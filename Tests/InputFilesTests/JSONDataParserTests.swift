import InputFiles
import LayoutEngine
import TestExpectations
import Testing

@Suite("JSON data files")
struct JSONDataParserTests {
    @Test func parsesBothDataShapes() throws {
        let items = try CollectionData(
            json: JSONDataParser.parse(#"{"sections": [[{"width": 120}, 3, "x", null, true], []]}"#))
        expectEqual(items.numberOfSections, 2)
        expectEqual(items.numberOfItems(inSection: 0), 5)
        expectEqual(items.item(at: LayoutIndexPath(0, 0)), .object(["width": .number(120)]))
        expectEqual(items.item(at: LayoutIndexPath(0, 3)), .null)
        expect(items.item(at: LayoutIndexPath(1, 0)) == nil)
        let counts = try CollectionData(json: JSONDataParser.parse(#"{"sections": [3, 0, 7]}"#))
        expectEqual(counts, CollectionData(counts: [3, 0, 7]))
    }

    @Test func parsesStringsAndNumbersExactly() throws {
        #expect(
            try JSONDataParser.parse(#"["a\"b\\c\n\u00e9\ud83d\ude00", -1.5e2, 0, 1e-3]"#)
                == .array([.string("a\"b\\c\né😀"), .number(-150), .number(0), .number(0.001)]))
    }

    @Test(arguments: [
        ("{\"sections\": [1,]}", 1, 17, "trailing comma in array"),
        ("{\"a\": 1,}", 1, 9, "trailing comma in object"),
        ("[01]", 1, 2, "invalid number: leading zeros are not allowed"),
        ("[-007]", 1, 3, "invalid number: leading zeros are not allowed"),
        ("[-]", 1, 3, "invalid number: digits expected after '-'"),
        ("[1.]", 1, 4, "invalid number: digits expected after '.'"),
        ("[.5]", 1, 2, "invalid number: digits expected before '.'"),
        ("[1e]", 1, 4, "invalid number: digits expected in exponent"),
        ("[+1]", 1, 2, "invalid number: a leading '+' is not allowed"),
        ("[1e999]", 1, 7, "number out of range"),
        ("[NaN]", 1, 2, "unexpected character 'N'"),
        ("[\u{FE}]", 1, 2, "unexpected byte 0xC3"),
        ("{\n  \"sections\": [\n    [1 2]\n  ]\n}", 3, 8, "expected ',' or ']' in array"),
        ("{\"a\": tru}", 1, 7, "invalid literal, expected 'true'"),
        ("[1] x", 1, 5, "unexpected text after the JSON value"),
        ("\"abc", 1, 5, "unterminated string"),
        ("", 1, 1, "unexpected end of input, expected a value"),
        ("[0.]", 1, 4, "invalid number: digits expected after '.'"),
    ])
    func locatesSyntaxErrors(text: String, line: Int, column: Int, message: String) {
        #expect(throws: JSONDataParser.ParseError(line: line, column: column, message: message)) {
            try JSONDataParser.parse(text)
        }
    }

    @Test func rejectsWrongShapes() {
        #expect(throws: LayoutError("expected \"sections\": an array of item arrays, item counts or section objects")) {
            try CollectionData(json: JSONDataParser.parse(#"{"items": [1]}"#))
        }
        #expect(
            throws: LayoutError(
                "sections[1] must be an array of items, a whole item count ≥ 0, or an object with \"items\" or \"count\""
            )
        ) {
            try CollectionData(json: JSONDataParser.parse(#"{"sections": [1, -2]}"#))
        }
    }

    @Test func acceptsZeroAndNumbersStartingWithZero() throws {
        expect(
            try JSONDataParser.parse("[0, -0, 0.5, 0e3, -0.25E-2]")
                == .array([.number(0), .number(0), .number(0.5), .number(0), .number(-0.0025)]))
    }

    @Test func skipsAUTF8ByteOrderMark() throws {
        expectEqual(try JSONDataParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)), .array([.number(1)]))
    }

    @Test func limitsNestingDepthWithALocation() {
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(
            throws: JSONDataParser.ParseError(
                line: 1, column: 513, message: "nested too deeply (more than 512 levels of arrays and objects)")
        ) {
            try JSONDataParser.parse(deep)
        }
        #expect(throws: Never.self) { try JSONDataParser.parse(String(deep.dropFirst().dropLast())) }
    }

    /// Tiny nested arrays cost far more decoded than in the file: the estimate refuses them
    /// before allocating. `[[]]` costs an outer container, one slot pair and an inner
    /// container: 48 + 2·stride + 48 bytes.
    @Test func refusesDataWhoseDecodedSizeExceedsTheLimit() throws {
        let slot = MemoryLayout<LayoutValue>.stride
        let one = 48 + 2 * slot + 48
        let limits = JSONDataParser.Limits(maxDecodedBytes: one, raiseHint: "raise it with --max-memory")
        expectEqual(try JSONDataParser.parse("[[]]", limits: limits), .array([.array([])]))
        let error = #expect(throws: JSONDataParser.ParseError.self) {
            try JSONDataParser.parse("[[], []]", limits: limits)
        }
        expectEqual(error?.line, 1)
        expectEqual(error?.column, 6)
        expect(
            error?.message
                == "data too large: decoding it would take more than \(one) bytes of memory (raise it with --max-memory)"
        )
    }

    @Test func countsLongStringsAndObjectFields() {
        let limits = JSONDataParser.Limits(maxDecodedBytes: 1000)
        #expect(throws: JSONDataParser.ParseError.self) {
            try JSONDataParser.parse("[\"" + String(repeating: "x", count: 1000) + "\"]", limits: limits)
        }
        let fields = (0..<20).map { "\"k\($0)\": 0" }.joined(separator: ", ")
        #expect(throws: JSONDataParser.ParseError.self) { try JSONDataParser.parse("{" + fields + "}", limits: limits) }
    }

    @Test func formatsByteLimits() {
        expectEqual(JSONDataParser.formatBytes(256 << 20), "256M")
        expectEqual(JSONDataParser.formatBytes(1 << 30), "1G")
        expectEqual(JSONDataParser.formatBytes(1536 << 10), "1536K")
        expectEqual(JSONDataParser.formatBytes(1000), "1000 bytes")
    }
}
