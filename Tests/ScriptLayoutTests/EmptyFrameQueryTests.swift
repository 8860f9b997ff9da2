import LayoutEngine
import ScriptLayout
import TestExpectations
import Testing

/// Issue 10.11: a rect query returns what CGRectIntersectsRect would: never a frame with zero
/// width or height, in flow and custom layouts alike; whole-layout and per-element queries
/// still return them.
@Suite("Empty frames in rect queries")
struct EmptyFrameQueryTests {
    private let everything = Rect(x: -1000, y: -1000, width: 5000, height: 5000)

    @Test func customLayoutsLeaveEmptyFramesOutOfRectQueries() throws {
        let layout = try ScriptLayout(
            source: """
                return { prepare = function(cv, out)
                  out:cell(0, 0, 0, 0, 10, 0)
                  out:cell(0, 1, 20, 0, 0, 10)
                  out:cell(0, 2, 40, 0, 10, 10)
                  out:cell(0, 3, 60, 0, 0, 0, {alpha = 0.5})
                end }
                """)
        let context = makeContext(counts: [4])
        try layout.prepare(in: context)
        expectEqual(try layout.layoutAttributesForElements(in: everything, context: context).map(\.key), [.cell(0, 2)])
        expectEqual(try layout.allLayoutAttributes(context: context).count, 4)
        expect(
            try layout.layoutAttributesForItem(at: LayoutIndexPath(0, 1), context: context)?.frame
                == Rect(x: 20, y: 0, width: 0, height: 10))
    }

    /// Sizes 10×0, 0×10, 10×10 in a 320-wide flow (mixed sizes: the flow path) all fit on one
    /// line; only the 10×10 item has area.
    @Test func flowLayoutsLeaveEmptyFramesOutOfRectQueries() throws {
        let layout = try ScriptLayout(
            source: """
                local sizes = {{10, 0}, {0, 10}, {10, 10}}
                return flow{ sizeForItem = function(cv, section, item) return sizes[item + 1] end }
                """)
        let context = makeContext(counts: [3])
        try layout.prepare(in: context)
        expectEqual(try layout.layoutAttributesForElements(in: everything, context: context).map(\.key), [.cell(0, 2)])
        expectEqual(try layout.allLayoutAttributes(context: context).count, 3)
    }

    @Test func anEmptyQueryRectFindsNothing() throws {
        let layout = try ScriptLayout(
            source: "return { prepare = function(cv, out) out:cell(0, 0, 0, 0, 100, 100) end }")
        let context = makeContext(counts: [1])
        try layout.prepare(in: context)
        expect(
            try layout.layoutAttributesForElements(in: Rect(x: 50, y: 0, width: 0, height: 100), context: context)
                .isEmpty)
        expect(
            try layout.layoutAttributesForElements(in: Rect(x: 50, y: 50, width: 1, height: 1), context: context).count
                == 1)
    }
}
