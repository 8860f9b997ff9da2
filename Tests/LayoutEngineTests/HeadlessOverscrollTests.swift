import LayoutEngine
import TestExpectations
import Testing

/// A delegate with a refresh control, recording each pull.
private final class RefreshDelegate: CollectionViewDelegate {
    var pulls = 0
    var hasRefreshControl: Bool { true }
    func didPullToRefresh(_ view: HeadlessCollectionView) throws { pulls += 1 }
}

/// Drags the content by `dy` (a pan from (150, 200)) without lifting.
private func pull(_ view: HeadlessCollectionView, by dy: Double) throws {
    try view.touchDown(at: try view.touchPoint(viewport: Point(x: 150, y: 200)))
    try view.touchMove(to: Point(x: 150, y: 200 + dy))
}

private func lift(_ view: HeadlessCollectionView) throws {
    try view.touchUp(at: try view.touchPoint(viewport: Point(x: 150, y: 399)))
}

@Suite("Headless view: overscroll and the refresh control")
struct HeadlessOverscrollTests {
    /// (1 − 1/(x·0.55/d + 1))·d. d = 960 (the figures the constant's write-up gives): x = 100 →
    /// 0.0572917, 1 − 1/1.0572917 = 0.0541872, · 960 = 52.02; x = 960 → 0.55, 960·0.55/1.55 = 340.65.
    /// d = 400: x = 80 → 0.11, 400·0.11/1.11 = 39.6396.
    @Test func theRubberBandIsUIScrollViewsCurve() {
        expect(abs(ScrollGeometry.rubberBand(100, dimension: 960) - 52.02) < 0.005)
        expect(abs(ScrollGeometry.rubberBand(960, dimension: 960) - 340.65) < 0.005)
        expect(abs(ScrollGeometry.rubberBand(80, dimension: 400) - 39.6396) < 0.0001)
        expectEqual(ScrollGeometry.rubberBand(0, dimension: 400), 0)
        expectEqual(ScrollGeometry.rubberBand(-5, dimension: 400), 0)
        // It never reaches the dimension.
        expect(ScrollGeometry.rubberBand(1e12, dimension: 400) < 400)
    }

    @Test func aPanPastAnEdgeRubberBandsAndSpringsBack() throws {
        // 20 items: 10 rows, content 10 + 10·110 = 1110 high in a 400-point viewport, so the
        // offset's range is 0…710 vertically; horizontally the 230-wide content fits the 300
        // points: it does not scroll, and does not bounce.
        let view = try HeadlessCollectionView(layout: TestLayout(), context: headlessContext(items: 20))
        // Pulled down 80 (and 30 sideways): y = −39.6396 (d = 400, see above); x stays 0.
        try view.touchDown(at: try view.touchPoint(viewport: Point(x: 150, y: 200)))
        try view.touchMove(to: Point(x: 180, y: 280))
        expectEqual(view.contentOffset.x, 0)
        expect(abs(view.contentOffset.y + 39.6396) < 0.0001)
        _ = view.takeEvents()
        try lift(view)
        guard case .springBack(let from, let to)? = view.takeEvents().first else {
            Issue.record("the release logs the spring-back first")
            return
        }
        expect(from.x == 0 && abs(from.y + 39.6396) < 0.0001 && to.x == 0 && to.y == 0)
        expectEqual(view.contentOffset, .zero)
        // At the bottom: scrolled to 700, a 90-point pull up is 80 past 710 → 710 + 39.6396.
        try view.setContentOffset(Point(x: 0, y: 700))
        try pull(view, by: -90)
        expect(abs(view.contentOffset.y - 749.6396) < 0.0001)
        try lift(view)
        expectEqual(view.contentOffset, Point(x: 0, y: 710))
    }

    @Test func contentThatFitsDoesNotBounceWithoutARefreshControl() throws {
        // 4 items: content 230 high in 400 points: no range, no bounce.
        let view = try HeadlessCollectionView(layout: TestLayout(), context: headlessContext(items: 4))
        try pull(view, by: 80)
        expectEqual(view.contentOffset, .zero)
    }

    @Test func releasingPastTheThresholdRefreshesOnce() throws {
        let delegate = RefreshDelegate()
        let view = try HeadlessCollectionView(layout: TestLayout(), context: headlessContext(items: 4))
        view.delegate = delegate
        // With a refresh control the short content bounces. 80 points pulled → 39.64 < 60: no refresh.
        try pull(view, by: 80)
        expect(abs(view.contentOffset.y + 39.6396) < 0.0001)
        try lift(view)
        expect(delegate.pulls == 0 && !view.isRefreshing && view.contentOffset == .zero)
        // 160 points: 0.55·160/400 = 0.22, 400·0.22/1.22 = 72.1311 ≥ 60: refreshing; the top
        // inset grows by 60, so the content springs back to −60, not 0.
        try pull(view, by: 160)
        expect(abs(view.contentOffset.y + 72.1311) < 0.0001)
        try lift(view)
        expect(delegate.pulls == 1 && view.isRefreshing)
        expectEqual(view.context.adjustedContentInset.top, 60)
        expectEqual(view.contentOffset, Point(x: 0, y: -60))
        // Pulling again while refreshing does not call it again: 160 more from −60, past the
        // new minimum −60 by 160 → −60 − 72.1311, back to −60.
        try pull(view, by: 160)
        expect(abs(view.contentOffset.y + 132.1311) < 0.0001)
        try lift(view)
        expectEqual(delegate.pulls, 1)
        // endRefreshing: the inset goes back to 0 and the offset with it.
        try view.endRefreshing()
        expect(!view.isRefreshing && view.context.adjustedContentInset.top == 0)
        expectEqual(view.contentOffset, .zero)
    }
}
