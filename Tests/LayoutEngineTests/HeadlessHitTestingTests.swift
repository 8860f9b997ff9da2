import LayoutEngine
import TestExpectations
import Testing

/// indexPathForItem(at:) in content coordinates, with the local point.
@Suite("Headless view: hit testing")
struct HeadlessHitTestingTests {
    @Test func cellsAreHitWithTheirLocalPointAndGapsAndInsetsAreNot() throws {
        let view = try HeadlessCollectionView(layout: TestLayout(), context: headlessContext(items: 6))
        // Item 0 spans 10…110; item 1 starts at x 120; rows are 110 apart.
        expectEqual(try view.indexPathForItem(at: Point(x: 50, y: 50))?.indexPath, LayoutIndexPath(0, 0))
        expectEqual(try view.indexPathForItem(at: Point(x: 50, y: 50))?.local, Point(x: 40, y: 40))
        expectEqual(try view.indexPathForItem(at: Point(x: 120, y: 50))?.local, Point(x: 0, y: 40))
        expectEqual(try view.indexPathForItem(at: Point(x: 120, y: 50))?.indexPath, LayoutIndexPath(0, 1))
        expect(try view.indexPathForItem(at: Point(x: 5, y: 5)) == nil)  // the inset
        expect(try view.indexPathForItem(at: Point(x: 110, y: 50)) == nil)  // the gap (frames are half-open)
        expect(try view.indexPathForItem(at: Point(x: 50, y: 115)) == nil)  // between rows
        // Half a point above the end of item 2 (y 120…220) still hits it.
        expectEqual(try view.indexPathForItem(at: Point(x: 50, y: 219.5))?.indexPath, LayoutIndexPath(0, 2))
    }

    @Test func viewportPointsFollowTheContentOffset() throws {
        // 20 items; at offset y 220 the viewport point (50, 50) is content (50, 270), inside row 2
        // (y 230…330, items 4 and 5): item 4, local (50 − 10, 270 − 230) = (40, 40).
        let view = try HeadlessCollectionView(layout: TestLayout(), context: headlessContext(items: 20))
        try view.setContentOffset(Point(x: 0, y: 220))
        let touch = try view.touchPoint(viewport: Point(x: 50, y: 50))
        expectEqual(touch.content, Point(x: 50, y: 270))
        expectEqual(touch.indexPath, LayoutIndexPath(0, 4))
        expectEqual(touch.local, Point(x: 40, y: 40))
    }

    @Test func theTopmostByZIndexThenOutputOrderWins() throws {
        let layout = TestLayout()
        var zIndex = 1
        layout.elements = { _ in
            [
                LayoutAttributes(key: .cell(0, 0), frame: Rect(x: 0, y: 0, width: 100, height: 100), zIndex: zIndex),
                LayoutAttributes(key: .cell(0, 1), frame: Rect(x: 50, y: 50, width: 100, height: 100)),
                LayoutAttributes(key: .cell(0, 2), frame: Rect(x: 200, y: 0, width: 50, height: 50), hidden: true),
                LayoutAttributes(key: .cell(0, 3), frame: Rect(x: 200, y: 100, width: 50, height: 50), alpha: 0),
                LayoutAttributes(
                    key: .supplementary("header", 0, 0), frame: Rect(x: 0, y: 200, width: 300, height: 40)),
            ]
        }
        let view = try HeadlessCollectionView(layout: layout, context: headlessContext(items: 4))
        // Item 0 (zIndex 1) lies over item 1 (zIndex 0) at (75, 75).
        expectEqual(try view.indexPathForItem(at: Point(x: 75, y: 75))?.indexPath, LayoutIndexPath(0, 0))
        // Same zIndex: the later element in output order is on top.
        zIndex = 0
        try view.invalidateLayout()
        expectEqual(try view.indexPathForItem(at: Point(x: 75, y: 75))?.indexPath, LayoutIndexPath(0, 1))
        expectEqual(try view.indexPathForItem(at: Point(x: 75, y: 75))?.local, Point(x: 25, y: 25))
        // Hidden and transparent cells and supplementary views hit nothing.
        expect(try view.indexPathForItem(at: Point(x: 210, y: 10)) == nil)
        expect(try view.indexPathForItem(at: Point(x: 210, y: 110)) == nil)
        expect(try view.indexPathForItem(at: Point(x: 10, y: 210)) == nil)
    }
}
