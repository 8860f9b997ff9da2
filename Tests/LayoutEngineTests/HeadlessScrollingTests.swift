import LayoutEngine
import TestExpectations
import Testing

/// Content offset clamping, paging and flings of the headless view (UIScrollView's rules).
@Suite("Headless view: scrolling")
struct HeadlessScrollingTests {
    @Test func contentSmallerThanTheBoundsStaysAtTheMinimum() throws {
        // 4 items: 2 rows, content 230 × (10 + 2·110 = 230), bounds 300×400: no room to scroll.
        let view = try HeadlessCollectionView(layout: TestLayout(), context: headlessContext(items: 4))
        expectEqual(try view.setContentOffset(Point(x: 50, y: 50)), .zero)
        expectEqual(try view.setContentOffset(Point(x: -50, y: -50)), .zero)
    }

    @Test func clampingUsesTheAdjustedContentInset() throws {
        // Adjusted inset: top 20 + 10 = 30, bottom 30. 20 items: content 10 + 10·110 = 1110 high;
        // y ∈ [−30, 1110 − 400 + 30 = 740]; x: content 230 < 300 wide → [0, 0].
        let context = headlessContext(
            items: 20, contentInset: EdgeInsets(top: 20, left: 0, bottom: 30, right: 0),
            safeArea: EdgeInsets(top: 10, left: 0, bottom: 0, right: 0))
        let view = try HeadlessCollectionView(layout: TestLayout(), context: context)
        expectEqual(view.contentOffsetRange.min, Point(x: 0, y: -30))
        expectEqual(view.contentOffsetRange.max, Point(x: 0, y: 740))
        expectEqual(try view.setContentOffset(Point(x: 40, y: -100)), Point(x: 0, y: -30))
        expectEqual(try view.setContentOffset(Point(x: 0, y: 1000)), Point(x: 0, y: 740))
        expectEqual(view.bounds, Rect(x: 0, y: 740, width: 300, height: 400))
    }

    @Test func smallContentWithInsetsStaysAtMinusTheTopInset() throws {
        // 4 items (230 high) with a 30-point adjusted top inset: max(−30, 230 − 400 + 30) = −30.
        let context = headlessContext(items: 4, contentInset: EdgeInsets(top: 30, left: 0, bottom: 30, right: 0))
        let view = try HeadlessCollectionView(layout: TestLayout(), context: context)
        expectEqual(view.contentOffset, Point(x: 0, y: -30))
        expectEqual(try view.setContentOffset(Point(x: 0, y: 100)), Point(x: 0, y: -30))
    }

    @Test func pagingGoesOnePageInTheFlingsDirectionAndClampsTheLastPage() throws {
        // 20 items: y range [0, 1110 − 400 = 710]; pages of 400.
        let layout = TestLayout()
        let view = try HeadlessCollectionView(layout: layout, context: headlessContext(items: 20))
        view.isPagingEnabled = true
        expectEqual(try view.fling(velocity: Point(x: 0, y: 1)).target, Point(x: 0, y: 400))
        // From 400 the next page, 800, lies past the end: clamped to 710.
        expectEqual(try view.fling(velocity: Point(x: 0, y: 1)).target, Point(x: 0, y: 710))
        // Back from 710 (page 1.775): the boundary before it, ⌈1.775⌉ − 1 = 1 → 400.
        expectEqual(try view.fling(velocity: Point(x: 0, y: -3)).target, Point(x: 0, y: 400))
        // Paging never asks the layout.
        expect(layout.proposals.isEmpty)
        // No velocity from 250 (page 0.625): the nearest page, 400.
        try view.setContentOffset(Point(x: 0, y: 250))
        expectEqual(try view.fling(velocity: .zero).target, Point(x: 0, y: 400))
    }

    @Test func pagingMovesOnePageHoweverHardTheFling() throws {
        // 40 items: content 10 + 20·110 = 2210 high, pages of 400 (range 0…1810). A fling of
        // 50 points/ms would decelerate 24950 points; paging stops at the next page, 400.
        let view = try HeadlessCollectionView(layout: TestLayout(), context: headlessContext(items: 40))
        view.isPagingEnabled = true
        expectEqual(try view.fling(velocity: Point(x: 0, y: 50)).target, Point(x: 0, y: 400))
        expectEqual(try view.fling(velocity: Point(x: 0, y: 50)).target, Point(x: 0, y: 800))
        expectEqual(try view.fling(velocity: Point(x: 0, y: -50)).target, Point(x: 0, y: 400))
    }

    @Test func aFlingAgainstTheDragGoesTheFlingsWay() throws {
        // Documented (docs/lua-api.md, "The headless view"): the release's velocity decides, as
        // a finger flicking back at the end of a drag does. A drag of 250 (page 0.625) let go
        // without a fling settles on the nearest page, 400; the same drag flung back goes to
        // the boundary before its release, ⌈0.625⌉ − 1 = 0.
        let view = try HeadlessCollectionView(layout: TestLayout(), context: headlessContext(items: 40))
        view.isPagingEnabled = true
        try view.drag(from: Point(x: 150, y: 350), to: Point(x: 150, y: 100))
        expectEqual(view.contentOffset, Point(x: 0, y: 400))
        try view.setContentOffset(.zero)
        try view.drag(from: Point(x: 150, y: 350), to: Point(x: 150, y: 100))
        expectEqual(try view.fling(velocity: Point(x: 0, y: -1)).target, .zero)
    }

    @Test func aFlingDeceleratesAndLandsWhereTheLayoutSays() throws {
        // From 0 at 0.5 points/ms the deceleration ends 0.5 · 0.998 / 0.002 = 249.5 further; the
        // layout snaps to rows of 110: round(249.5 / 110) = 2 → 220.
        let layout = TestLayout()
        layout.target = { proposed, _ in Point(x: proposed.x, y: (proposed.y / 110).rounded() * 110) }
        let view = try HeadlessCollectionView(layout: layout, context: headlessContext(items: 20))
        let result = try view.fling(velocity: Point(x: 0, y: 0.5))
        expectEqual(layout.proposals.count, 1)
        expect(abs(layout.proposals[0].proposed.y - 249.5) < 1e-9)
        expectEqual(layout.proposals[0].velocity, Point(x: 0, y: 0.5))
        expectEqual(result.target, Point(x: 0, y: 220))
        expectEqual(view.contentOffset, Point(x: 0, y: 220))
        // Proposals stay inside the range: 220 + 10 · 499 = 5210 is proposed as 710, and a target
        // past the end is clamped.
        layout.target = { _, _ in Point(x: 0, y: 5000) }
        let far = try view.fling(velocity: Point(x: 0, y: 10))
        expectEqual(layout.proposals[1].proposed, Point(x: 0, y: 710))
        expectEqual(far.target, Point(x: 0, y: 710))
    }

    @Test func decelerationFormula() {
        // 499 · v per axis at the normal rate; the time for 2 points/ms to fall to 0.01:
        // ln(0.01 / 2) / ln(0.998) ms = 2646.5… ms.
        let end = ScrollGeometry.decelerationEnd(from: Point(x: 10, y: 0), velocity: Point(x: 2, y: -1))
        expect(abs(end.x - 1008) < 1e-9 && abs(end.y + 499) < 1e-9)
        let duration = ScrollGeometry.decelerationDuration(velocity: Point(x: 2, y: 0))
        expect(abs(duration - 2.6465) < 0.001)
        expectEqual(ScrollGeometry.decelerationDuration(velocity: .zero), 0)
    }

    @Test func aTouchThatMovesPastTheSlopPans() throws {
        // 20 items (y range 0…710). Down on item 0 at (60, 60); a 5-point move keeps the
        // highlight; at (60, 40) the finger is 20 points away: the pan begins (highlight
        // cancelled) and scrolls by the move since the last point, 55 − 40 = 15; then 40 more.
        let view = try HeadlessCollectionView(layout: TestLayout(), context: headlessContext(items: 20))
        let delegate = RecordingDelegate()
        view.delegate = delegate
        try view.touchDown(at: try view.touchPoint(viewport: Point(x: 60, y: 60)))
        try view.touchMove(to: Point(x: 60, y: 55))
        expect(view.highlightedItems == [LayoutIndexPath(0, 0)] && !view.isPanning && view.contentOffset == .zero)
        try view.touchMove(to: Point(x: 60, y: 40))
        expect(view.isPanning && view.highlightedItems.isEmpty)
        expectEqual(view.contentOffset, Point(x: 0, y: 15))
        try view.touchMove(to: Point(x: 60, y: 0))
        expectEqual(view.contentOffset, Point(x: 0, y: 55))
        try view.touchUp(at: try view.touchPoint(viewport: Point(x: 60, y: 0)))
        expectEqual(
            delegate.calls, ["shouldHighlightItem[0, 0]", "didHighlightItem[0, 0]", "didUnhighlightItem[0, 0]"])
        expect(view.selectedItems.isEmpty && !view.isPanning)
    }

    @Test func scrollingAsksTheLayoutAboutEveryBoundsChange() throws {
        let layout = TestLayout()
        let view = try HeadlessCollectionView(layout: layout, context: headlessContext(items: 20))
        expectEqual(layout.prepareCount, 1)
        try view.setContentOffset(Point(x: 0, y: 100))
        expectEqual(layout.prepareCount, 1)
        layout.invalidates = true
        try view.setContentOffset(Point(x: 0, y: 200))
        try view.setContentOffset(Point(x: 0, y: 200))  // no change, no bounds change
        try view.setContentOffset(Point(x: 0, y: 300))
        expectEqual(layout.prepareCount, 3)
        expectEqual(view.prepareCount, 3)
    }
}
