import LayoutEngine
import ScriptLayout
import TestExpectations
import Testing

/// docs/parity.md §4: the single-element query hooks, and UIKit's names warned with the Lua spelling.
@Suite("Single-element queries and UIKit names")
struct SingleElementQueryTests {
    /// One cell, one header, one decoration, each 10×10 at the origin; `attributes` moves every
    /// element 5 right, then the single hooks move cells 100 down, headers 200 and decorations
    /// 300, so a single query reads x 5 and y 100 / 200 / 300 — and a rect query, which does not
    /// call them, reads x 5, y 0.
    static let source = """
        return {
          prepare = function(cv, out)
            out:cell(0, 0, 0, 0, 10, 10)
            out:supplementary("header", 0, 0, 0, 0, 10, 10)
            out:decoration("line", 0, 0, 0, 0, 10, 10)
          end,
          attributes = function(cv, a) a.x = a.x + 5 end,
          layoutAttributesForItem = function(cv, a) a.y = 100 end,
          layoutAttributesForSupplementaryElement = function(cv, a) assert(a.kind == "header"); a.y = 200 end,
          layoutAttributesForDecorationElement = function(cv, a) assert(a.kind == "line"); a.y = 300 end,
        }
        """

    @Test func singleQueriesGoThroughTheirHookAfterAttributes() throws {
        let layout = try ScriptLayout(source: Self.source, name: "t.lua")
        let context = makeContext(counts: [1])
        try layout.prepare(in: context)
        let path = LayoutIndexPath(0, 0)
        expect(
            try layout.layoutAttributesForItem(at: path, context: context)?.frame
                == Rect(x: 5, y: 100, width: 10, height: 10))
        expect(
            try layout.layoutAttributesForSupplementaryView(ofKind: "header", at: path, context: context)?.frame
                == Rect(x: 5, y: 200, width: 10, height: 10))
        expect(
            try layout.layoutAttributesForDecorationView(ofKind: "line", at: path, context: context)?.frame
                == Rect(x: 5, y: 300, width: 10, height: 10))
        // The rect query does not call them.
        expect(
            try layout.allLayoutAttributes(context: context).map(\.frame)
                == Array(repeating: Rect(x: 5, y: 0, width: 10, height: 10), count: 3))
        // An element the layout does not hold is nil, and no hook runs for it.
        expect(try layout.layoutAttributesForItem(at: LayoutIndexPath(0, 1), context: context) == nil)
        expectContains(layout.fields.hooks, "layoutAttributesForDecorationElement")
    }

    /// An error in the hook is located and says what was evaluated.
    @Test func anErrorInTheHookIsLocated() throws {
        let layout = try ScriptLayout(
            source: "return { prepare = function(cv, out) out:cell(0, 0, 0, 0, 1, 1) end,\n"
                + "  layoutAttributesForItem = function(cv, a) error('no') end }",
            name: "t.lua")
        let context = makeContext(counts: [1])
        try layout.prepare(in: context)
        #expect(throws: ScriptError.self) {
            try layout.layoutAttributesForItem(at: LayoutIndexPath(0, 0), context: context)
        }
        do {
            _ = try layout.layoutAttributesForItem(at: LayoutIndexPath(0, 0), context: context)
        } catch let error as ScriptError {
            expectContains(error.description, "t.lua:2: no")
            expectContains(error.description, "layoutAttributesForItem(cv, a) for cell [0, 0]")
        }
    }

    /// UIKit's names for what is spelled otherwise here are warned with the Lua spelling (not
    /// silently ignored, nor listed as unknown helpers); `strict` makes them errors.
    @Test func uikitNamesAreWarnedWithTheLuaSpelling() throws {
        let source = """
            local layout = { prepare = function(cv, out) end }
            layout.helper = 3
            layout.collectionViewContentSize = function() return {100, 100} end
            layout.targetContentOffsetForProposedContentOffset = function() end
            layout.layoutAttributesForItemAtIndexPath = function() end
            layout.prepareLayout = function() end
            return layout
            """
        let layout = try ScriptLayout(source: source, name: "layout.lua")
        expect(
            Set(layout.warnings) == [
                "layout.lua:3: warning: 'collectionViewContentSize' is UIKit's name; here: out:contentSize(w, h) in prepare",
                "layout.lua:4: warning: 'targetContentOffsetForProposedContentOffset' is UIKit's name; here: targetContentOffset(cv, proposed, velocity)",
                "layout.lua:5: warning: 'layoutAttributesForItemAtIndexPath' is UIKit's name; here: layoutAttributesForItem(cv, a)",
                "layout.lua:6: warning: 'prepareLayout' is UIKit's name; here: prepare(cv, out)",
            ])
        expectEqual(layout.fields.unknown, ["helper"])
        do {
            _ = try ScriptLayout(source: source, name: "layout.lua", options: .init(strict: true))
            Issue.record("strict mode should refuse UIKit's names")
        } catch {
            expect(error.message.contains("is UIKit's name; here: ") && error.message.hasSuffix("(strict mode)"))
        }
        let flow = try ScriptLayout(
            source: "return flow{\n  sizeForItemAtIndexPath = function() return 1, 1 end }", name: "f.lua")
        expect(
            flow.warnings == [
                "f.lua:2: warning: 'sizeForItemAtIndexPath' is UIKit's name; here: sizeForItem(cv, section, item)"
            ])
    }
}
