import Foundation
import LuaTranslation
import TestExpectations
import Testing

/// docs/lua-to-swift.md shows the springboard beside its translation: both as they are.
@Suite struct DocumentationTests {
    @Test func workedExampleIsTheTranslatorsOutput() throws {
        let page = try String(contentsOfFile: repositoryRoot + "/docs/lua-to-swift.md", encoding: .utf8)
        let script = try String(contentsOfFile: repositoryRoot + "/Examples/springboard.lua", encoding: .utf8)
        let translation = try LuaTranslator.translate(
            source: Array(script.utf8), file: "springboard.lua", name: "Springboard")
        expectContains(page, "```lua\n" + script + "```", "the page's Lua is not Examples/springboard.lua")
        let marker = "<!-- translation of Examples/springboard.lua -->\n```swift\n"
        guard let start = page.range(of: marker) else {
            Issue.record("the page has no translation block")
            return
        }
        let rest = page[start.upperBound...]
        let block = rest[..<(rest.range(of: "```\n")?.lowerBound ?? rest.endIndex)]
        // LUALAYOUT_UPDATE_DOCS=1 writes the translator's output into the page (then review the diff).
        if ProcessInfo.processInfo.environment["LUALAYOUT_UPDATE_DOCS"] == "1", String(block) != translation.swift {
            let updated = page.replacingCharacters(in: block.startIndex..<block.endIndex, with: translation.swift)
            try updated.write(toFile: repositoryRoot + "/docs/lua-to-swift.md", atomically: true, encoding: .utf8)
            return
        }
        expectEqual(
            String(block), translation.swift, "docs/lua-to-swift.md's Swift differs from the translator's output")
    }
}
