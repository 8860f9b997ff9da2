import LayoutEngine
import ScriptLayout
import TestExpectations
import Testing

/// docs/parity.md §6: what flips right to left, and what the layout's own code sees.
@Suite("Right to left")
struct RightToLeftTests {
    static func context(_ direction: LayoutDirection) -> CollectionContext {
        var context = makeContext(width: 300, height: 100, counts: [1])
        context.layoutDirection = direction
        return context
    }

    /// A custom layout places a cell at x 10, 50 wide, content 300 wide: not flipped unless it
    /// asks; asking, 300 − 10 − 50 = 240. Its `attributes` hook still sees x 10 (the layout works
    /// left to right) and `cv.layoutDirection` says "rightToLeft".
    @Test func customLayoutsFlipOnlyWhenTheyAsk() throws {
        let source = """
            local layout = { prepare = function(cv, out)
              out:cell(0, 0, 10, 0, 50, 20)
              out:contentSize(300, 20)
            end }
            function layout.attributes(cv, a) a.seenX = a.x; a.direction = cv.layoutDirection end
            return layout
            """
        let plain = try run(source, Self.context(.rightToLeft))
        expectEqual(plain[0].frame.x, 10)
        expectEqual(plain[0].custom["direction"], .string("rightToLeft"))
        let flipping = try run(
            source.replacingOccurrences(
                of: "return layout", with: "layout.flipsHorizontallyInOppositeLayoutDirection = true\nreturn layout"),
            Self.context(.rightToLeft))
        expectEqual(flipping[0].frame.x, 240)
        expectEqual(flipping[0].custom["seenX"], .number(10))
        // Left to right nothing flips.
        expectEqual(try run(source, Self.context(.leftToRight))[0].custom["direction"], .string("leftToRight"))
    }

    /// A flow may opt out (a UIKit subclass returning false): one 100-wide item in a 300-wide
    /// flow, ⌊310 / 110⌋ = 2 columns, item 0 at x 0; flipped it would be at 200.
    @Test func aFlowMayOptOut() throws {
        let flow = "return flow{ itemSize = {100, 10}, flipsHorizontallyInOppositeLayoutDirection = %@ }"
        expect(
            try run(flow.replacingOccurrences(of: "%@", with: "true"), Self.context(.rightToLeft))[0].frame.x == 200)
        expectEqual(
            try run(flow.replacingOccurrences(of: "%@", with: "false"), Self.context(.rightToLeft))[0].frame.x, 0)
    }

    /// Scroll targeting sees mirrored offsets: a horizontal flow 100 items of 100 (no spacing)
    /// in 300 × 100 is 10 000 wide; the hook snaps to multiples of 100 in its own (left-to-
    /// right) coordinates. Proposed x 1030 right to left is 10 000 − 1030 − 300 = 8670 for the
    /// layout, snapped to 8700, mirrored back: 10 000 − 8700 − 300 = 1000.
    @Test func targetContentOffsetIsMirrored() throws {
        let layout = try ScriptLayout(
            source: """
                local layout = flow{ scrollDirection = "horizontal", itemSize = {100, 100},
                  minimumLineSpacing = 0, minimumInteritemSpacing = 0 }
                function layout.targetContentOffset(cv, proposed, velocity)
                  return math.floor(proposed.x / 100 + 0.5) * 100, proposed.y
                end
                return layout
                """)
        var context = Self.context(.rightToLeft)
        context.data = CollectionData(counts: [100])
        try layout.prepare(in: context)
        expectEqual(layout.collectionViewContentSize.width, 10_000)
        let target = try layout.targetContentOffset(
            forProposedContentOffset: Point(x: 1030, y: 0), withScrollingVelocity: Point(x: 0, y: 0),
            context: context)
        expectEqual(target, Point(x: 1000, y: 0))
    }
}
