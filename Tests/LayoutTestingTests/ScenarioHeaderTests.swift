import TestExpectations
import Testing
@testable import LayoutTesting

/// A test file's header: its directives among free comments, and the words of `-- options:`.
@Suite("test-file headers")
struct ScenarioHeaderTests {
    @Test func optionWords() throws {
        expect(
            try OptionWords.split("  --items 2\t--state 'a=b c' --state \"q=\\\"x\\\\\" ''") == [
                "--items", "2", "--state", "a=b c", "--state", "q=\"x\\", "",
            ])
        #expect(throws: OptionWords.SplitError.self) { try OptionWords.split("--state \"open") }
    }

    @Test func freeTextCommentsAreNotDirectives() throws {
        let header = try ScenarioHeader.parse(
            """
            -- Springboard: long press, then delete.
            -- todo: more
            --[[ block ]]
            -- layout: a.lua
            --options:--items 3
            local x = 1
            -- options: --items 4
            """, path: "t.test.lua")
        expectEqual(header.layout, .init(value: "a.lua", line: 4))
        expectEqual(header.options, [.init(value: "--items 3", line: 5)])
        expect(header.controller == nil)
    }

    /// Lines end as Lua ends them, by Unicode scalar: LF, CR LF (a Windows checkout; one Swift
    /// `Character`), a lone CR and LF CR, so a directive's line is the line Lua reports.
    @Test func everyLineEndingEndsAHeaderLine() throws {
        for ending in ["\n", "\r\n", "\r", "\n\r"] {
            let source = ["-- title", "-- layout: a.lua", "", "-- options: --items 3", "tap(1, 1)"]
                .joined(separator: ending)
            let header = try ScenarioHeader.parse(source, path: "t.test.lua")
            expectEqual(header.layout, .init(value: "a.lua", line: 2), "\(Array(ending.unicodeScalars))")
            expectEqual(header.options, [.init(value: "--items 3", line: 4)], "\(Array(ending.unicodeScalars))")
        }
        // Two CRs (or two LFs) are two line breaks; a CR LF then an LF, too.
        let header = try ScenarioHeader.parse("--\r\r-- layout: a.lua\r\n\n-- options: -x", path: "t")
        expectEqual(header.layout.line, 3)
        expectEqual(header.options.first?.line, 5)
    }

    /// A directive's name and colon, and the words of its value, are read by Unicode scalar: a
    /// combining mark after the colon or after a quote does not hide it.
    @Test func directivesAndWordsAreReadByScalar() throws {
        let header = try ScenarioHeader.parse("-- layout:\u{301} a.lua\r\n", path: "t.test.lua")
        expectEqual(header.layout, .init(value: "\u{301} a.lua", line: 1))
        expectEqual(try OptionWords.split("'a\u{301}'\u{301} b"), ["a\u{301}\u{301}", "b"])
    }

    /// `-- checks: none` is read once, and only as `none`.
    @Test func checksNone() throws {
        let header = try ScenarioHeader.parse("-- layout: a.lua\n-- checks: none\ntap(1, 1)\n", path: "t.test.lua")
        expectEqual(header.checksNone, .init(value: "none", line: 2))
        expect(try ScenarioHeader.parse("-- layout: a.lua\n", path: "t.test.lua").checksNone == nil)
        #expect(throws: TestFileError("t.test.lua", 3, "second '-- checks:' line (the first is line 2)")) {
            try ScenarioHeader.parse("-- layout: a.lua\n-- checks: none\n-- checks: none\n", path: "t.test.lua")
        }
        #expect(
            throws: TestFileError(
                "t.test.lua", 2, "'-- checks:' takes 'none' (the test checks nothing on purpose), got '0'")
        ) {
            try ScenarioHeader.parse("-- layout: a.lua\n-- checks: 0\n", path: "t.test.lua")
        }
    }
}
