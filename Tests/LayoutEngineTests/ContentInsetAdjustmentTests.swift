import LayoutEngine
import TestExpectations
import Testing

/// UIScrollView.contentInsetAdjustmentBehavior and the resting offset, −adjustedContentInset
/// (docs/lua-api.md, "The resting offset"). The test grid is 230 wide and 10 + 110·rows high
/// in bounds of 300 × 400: 4 items (230 high) do not scroll, 20 items (1110 high) scroll
/// vertically, and no item count scrolls horizontally.
@Suite("Content inset adjustment")
struct ContentInsetAdjustmentTests {
    static let safe = EdgeInsets(top: 59, left: 44, bottom: 34, right: 44)
    static let inset = EdgeInsets(top: 10, left: 5, bottom: 20, right: 5)

    static func context(items: Int, _ behavior: ContentInsetAdjustmentBehavior) -> CollectionContext {
        var context = headlessContext(items: items, contentInset: inset, safeArea: safe)
        context.contentInsetAdjustmentBehavior = behavior
        context.bounds.origin = context.restingContentOffset
        return context
    }

    /// (behaviour, items, adjusted top, left, bottom, right): the safe area joins the content
    /// inset (10, 5, 20, 5) on the edges each behaviour adjusts.
    static let vectors: [(ContentInsetAdjustmentBehavior, Int, [Double])] = [
        // automatic: vertically always (a view controller's content view), horizontally only
        // when the content is wider than the bounds (never here).
        (.automatic, 4, [69, 5, 54, 5]), (.automatic, 20, [69, 5, 54, 5]),
        // scrollableAxes: only the axes the content scrolls on.
        (.scrollableAxes, 4, [10, 5, 20, 5]), (.scrollableAxes, 20, [69, 5, 54, 5]),
        (.never, 20, [10, 5, 20, 5]),
        (.always, 4, [69, 49, 54, 49]),
    ]

    @Test(arguments: vectors.indices)
    func eachBehaviourAdjustsItsEdges(_ index: Int) throws {
        let (behavior, items, expected) = Self.vectors[index]
        let view = try HeadlessCollectionView(layout: TestLayout(), context: Self.context(items: items, behavior))
        let adjusted = view.context.adjustedContentInset
        expectEqual([adjusted.top, adjusted.left, adjusted.bottom, adjusted.right], expected)
        // The view starts where UIKit's rests: −adjustedContentInset.left, −adjustedContentInset.top.
        expectEqual(view.contentOffset, Point(x: -expected[1], y: -expected[0]))
    }

    @Test func scrollableContentTakesTheSafeAreaInOneMorePass() throws {
        // scrollableAxes: the first pass sees no content size (nothing scrolls, top inset 10);
        // the content is 1110 high, so the inset becomes 69 and the layout is prepared once more,
        // the view moving with it from −10 to −69 (it was at rest).
        let layout = TestLayout()
        let view = try HeadlessCollectionView(layout: layout, context: Self.context(items: 20, .scrollableAxes))
        expectEqual(layout.prepareCount, 2)
        expectEqual(view.contentOffset, Point(x: -5, y: -69))
        expectContains(view.takeEvents(), .prepare(reason: "adjusted content inset"))
    }

    @Test func anOffsetAwayFromRestStaysWhereItWas() throws {
        // The same content with the view at y = 100: the inset settles at 69, the offset stays
        // (x at −5, the only offset content narrower than the bounds has).
        var context = Self.context(items: 20, .scrollableAxes)
        context.bounds.origin = Point(x: -5, y: 100)
        let view = try HeadlessCollectionView(layout: TestLayout(), context: context)
        expectEqual(view.contentOffset, Point(x: -5, y: 100))
        expectEqual(view.contentOffsetRange.min, Point(x: -5, y: -69))
    }

    @Test func contentThatStopsScrollingGivesTheSafeAreaBack() throws {
        // scrollableAxes at rest with 20 items (−69), then 16 items are deleted: 4 left, 230 high,
        // no longer scrolling: the top inset is 10 again and the view rests at −10.
        let view = try HeadlessCollectionView(layout: TestLayout(), context: Self.context(items: 20, .scrollableAxes))
        try view.reloadData(CollectionData(counts: [4]))
        expectEqual(view.context.adjustedContentInset.top, 10)
        expectEqual(view.contentOffset, Point(x: -5, y: -10))
    }
}
