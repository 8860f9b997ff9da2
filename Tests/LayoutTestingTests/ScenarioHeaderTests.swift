import Testing
@testable import LayoutTesting

/// A test file's header: its directives among free comments, and the words of `-- options:`.
@Suite("test-file headers")
struct ScenarioHeaderTests {
    @Test func optionWords() throws {
        #expect(
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
        #expect(header.layout == .init(value: "a.lua", line: 4))
        #expect(header.options == [.init(value: "--items 3", line: 5)])
        #expect(header.controller == nil)
    }
}
