import Foundation
import LuaTranslation
import TestExpectations
import Testing

/// The translated batch-update hooks of a flow.
@Suite struct UpdateHookTranslationTests {
    /// UIKit's update items hold optional index paths (`IndexPath?`; an update's item is nil
    /// for a whole section). A script that reads their fields without testing them for nil gets
    /// them unwrapped where they are stored and read, as Lua fails on indexing a nil: the
    /// translation compiles (it did not before the round trip ran these hooks).
    @Test func anUpdatesIndexPathReadWithoutANilTestIsUnwrapped() throws {
        let source = """
            local layout = flow{ itemSize = {10, 10} }
            local inserted = {}
            function layout.prepareForCollectionViewUpdates(cv, updates)
              for _, update in ipairs(updates) do
                local path = update.indexPathAfterUpdate
                inserted[path.section .. ":" .. path.item] = true
              end
            end
            function layout.initialLayoutAttributesForAppearingItem(cv, a)
              if inserted[a.section .. ":" .. a.item] then a.alpha = 0 end
            end
            return layout
            """
        let translation = try LuaTranslator.translate(source: Array(source.utf8), file: "layout.lua", name: "X")
        expectContains(translation.swift, "let path = update.indexPathAfterUpdate!\n")
        expect(
            translation.swift.contains(
                "inserted[\"\\(String(path.section)):\\(String(updatedItem(path)!))\"] = true\n"))
    }

    /// A script that tests the index path for nil keeps it optional: nothing is unwrapped.
    @Test func anUpdatesIndexPathTestedForNilStaysOptional() throws {
        let source = """
            local layout = flow{ itemSize = {10, 10} }
            local count = 0
            function layout.prepareForCollectionViewUpdates(cv, updates)
              for _, update in ipairs(updates) do
                if update.indexPathAfterUpdate then count = count + 1 end
              end
            end
            return layout
            """
        let translation = try LuaTranslator.translate(source: Array(source.utf8), file: "layout.lua", name: "X")
        expectContains(translation.swift, "if update.indexPathAfterUpdate != nil {")
        expect(!translation.swift.contains("indexPathAfterUpdate!"))
    }
}
