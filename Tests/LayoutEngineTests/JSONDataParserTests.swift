import LayoutEngine
import Testing

@Suite("JSON data files")
struct JSONDataParserTests {
    @Test func parsesBothDataShapes() throws {
        let items = try CollectionData(json: JSONDataParser.parse(#"{"sections": [[{"width": 120}, 3, "x", null, true], []]}"#))
        #expect(items.numberOfSections == 2)
        #expect(items.numberOfItems(inSection: 0) == 5)
        #expect(items.item(at: LayoutIndexPath(0, 0)) == .object(["width": .number(120)]))
        #expect(items.item(at: LayoutIndexPath(0, 3)) == .null)
        #expect(items.item(at: LayoutIndexPath(1, 0)) == nil)
        let counts = try CollectionData(json: JSONDataParser.parse(#"{"sections": [3, 0, 7]}"#))
        #expect(counts == CollectionData(counts: [3, 0, 7]))
    }

    @Test func parsesStringsAndNumbersExactly() throws {
        #expect(try JSONDataParser.parse(#"["a\"b\\c\n\u00e9\ud83d\ude00", -1.5e2, 0, 1e-3]"#)
            == .array([.string("a\"b\\c\né😀"), .number(-150), .number(0), .number(0.001)]))
    }

    @Test(arguments: [
        ("{\"sections\": [1,]}", 1, 17, "unexpected character ']'"),
        ("{\n  \"sections\": [\n    [1 2]\n  ]\n}", 3, 8, "expected ',' or ']' in array"),
        ("{\"a\": tru}", 1, 7, "invalid literal, expected 'true'"),
        ("[1] x", 1, 5, "unexpected text after the JSON value"),
        ("\"abc", 1, 5, "unterminated string"),
        ("", 1, 1, "unexpected end of input, expected a value"),
        ("[01.]", 1, 5, "invalid number: digits expected after '.'"),
    ])
    func locatesSyntaxErrors(text: String, line: Int, column: Int, message: String) {
        #expect(throws: JSONDataParser.ParseError(line: line, column: column, message: message)) { try JSONDataParser.parse(text) }
    }

    @Test func rejectsWrongShapes() {
        #expect(throws: LayoutError("expected \"sections\": an array of item arrays or item counts")) {
            try CollectionData(json: JSONDataParser.parse(#"{"items": [1]}"#))
        }
        #expect(throws: LayoutError("sections[1] must be an array of items or a whole item count ≥ 0")) {
            try CollectionData(json: JSONDataParser.parse(#"{"sections": [1, -2]}"#))
        }
    }
}
