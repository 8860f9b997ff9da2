import LayoutEngine
import ScriptLayout
import TestExpectations
import Testing

/// docs/parity.md §7: `cv.traits` in every callback, `env.traitCollection` in providers.
@Suite("Traits")
struct TraitTests {
    /// A flow whose item width comes from the size class (compact 50, regular 100) and whose
    /// cells record the idiom, content size category and display scale they saw.
    static let source = """
        local layout = flow{
          itemSize = function(cv) return cv.traits.horizontalSizeClass == "regular" and 100 or 50, 10 end,
        }
        function layout.attributes(cv, a)
          local t = cv.traits
          a.seen = t.userInterfaceIdiom .. " " .. t.verticalSizeClass .. " " .. t.preferredContentSizeCategory .. " " .. t.displayScale
        end
        return layout
        """

    @Test func defaultsAreAPhoneInPortrait() throws {
        let elements = try run(Self.source, makeContext(width: 300, counts: [1]))
        expectEqual(elements[0].frame.width, 50)
        expectEqual(elements[0].custom["seen"], .string("phone regular large 1"))
    }

    @Test func givenTraitsReachTheScript() throws {
        var context = makeContext(width: 300, scale: 2, counts: [1])
        context.traits = TraitCollection(
            horizontalSizeClass: "regular", verticalSizeClass: "compact", userInterfaceIdiom: "pad",
            preferredContentSizeCategory: "accessibilityLarge")
        let elements = try run(Self.source, context)
        expectEqual(elements[0].frame.width, 100)
        expectEqual(elements[0].custom["seen"], .string("pad compact accessibilityLarge 2"))
    }

    @Test func cvTraitsIsReadOnly() {
        let error = scriptError(
            "return { prepare = function(cv, out) cv.traits.horizontalSizeClass = 'regular' end }")
        expectEqual(error?.message, "test.lua:1: cv.traits is read-only")
    }

    @Test func unknownTraitsAreRefused() {
        var traits = TraitCollection()
        expect(
            traits.set("horizontalSizeClass", "wide")
                == "trait horizontalSizeClass must be one of compact, regular, got 'wide'")
        expectEqual(traits.set("colour", "red")?.hasPrefix("unknown trait 'colour'"), true)
        expect(traits.set("preferredContentSizeCategory", "extraLarge") == nil)
        expectEqual(traits.preferredContentSizeCategory, "extraLarge")
    }
}
