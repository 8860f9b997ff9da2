import LayoutEngine
import TestExpectations
import Testing

/// A delegate that lets items move and records the movement calls.
private final class MovingDelegate: CollectionViewDelegate {
    var calls: [String] = []
    var allowsMoving = true
    var target: ((LayoutIndexPath) -> LayoutIndexPath)?

    func canMoveItem(_ view: HeadlessCollectionView, at indexPath: LayoutIndexPath) throws -> Bool {
        calls.append("canMoveItem[\(indexPath.section), \(indexPath.item)]")
        return allowsMoving
    }
    func targetIndexPathForMove(
        _ view: HeadlessCollectionView, from: LayoutIndexPath, proposed: LayoutIndexPath
    ) throws -> LayoutIndexPath {
        target?(proposed) ?? proposed
    }
    func moveItem(_ view: HeadlessCollectionView, from: LayoutIndexPath, to: LayoutIndexPath) throws {
        calls.append("moveItem[\(from.section), \(from.item)]→[\(to.section), \(to.item)]")
    }
}

/// Six items "a"…"f" in the test grid (cell i at x = 10 + 110·(i mod 2), y = 10 + 110·(i div 2),
/// 100×100), viewport 300×400 at the top.
private func lettersView(_ delegate: MovingDelegate) throws -> HeadlessCollectionView {
    var context = headlessContext(items: 6)
    context.data = CollectionData(sections: [.init(items: ["a", "b", "c", "d", "e", "f"].map { .string($0) })])
    let view = try HeadlessCollectionView(layout: TestLayout(), context: context)
    view.delegate = delegate
    return view
}

private func letters(_ view: HeadlessCollectionView) -> String {
    (0..<6).map { view.context.data.item(at: LayoutIndexPath(0, $0))?.string ?? "?" }.joined()
}

private func drawnCell(_ view: HeadlessCollectionView, _ item: Int) throws -> LayoutAttributes? {
    try view.visibleElements().first { $0.key == .cell(0, item) }
}

@Suite("Headless view: interactive movement")
struct HeadlessMovementTests {
    @Test func theOthersMakeRoomLiveAndTheMovingCellFollowsTheFinger() throws {
        let delegate = MovingDelegate()
        let view = try lettersView(delegate)
        // Item 0's centre is (60, 60).
        expect(try view.beginInteractiveMovement(at: Point(x: 60, y: 60)))
        expectEqual(delegate.calls, ["canMoveItem[0, 0]"])
        // The finger at (60, 200): the moving cell is centred there, frame (10, 150); the moving
        // cell left out, the point is inside item 2's slot (10…110 × 120…220), so the target is
        // [0, 2] and the data is b c a d e f (a removed, put back at 2).
        try view.updateInteractiveMovement(to: Point(x: 60, y: 200))
        expectEqual(view.movingItem, LayoutIndexPath(0, 2))
        expectEqual(letters(view), "bcadef")
        let moving = try require(try drawnCell(view, 2))
        expectEqual(moving.frame, Rect(x: 10, y: 150, width: 100, height: 100))
        // Every other cell has zIndex 0: the moving one is drawn at 0 + 1.
        expectEqual(moving.zIndex, 1)
        // b and c moved up a slot: b at item 0 (10, 10), c at item 1 (120, 10).
        expectEqual(try drawnCell(view, 1)?.frame.origin, Point(x: 120, y: 10))
        expectEqual(view.context.data.item(at: LayoutIndexPath(0, 1)), .string("c"))
    }

    @Test func endingKeepsTheOrderAndTellsTheDelegateWithSelectionFollowing() throws {
        let delegate = MovingDelegate()
        let view = try lettersView(delegate)
        expect(view.selectItem(at: LayoutIndexPath(0, 2)))  // c
        expect(try view.beginInteractiveMovement(at: Point(x: 60, y: 60)))
        // (170, 280) is item 5's centre (120 + 50, 230 + 50): a goes last, b c d e f a.
        try view.updateInteractiveMovement(to: Point(x: 170, y: 280))
        expectEqual(view.movingItem, LayoutIndexPath(0, 5))
        try view.endInteractiveMovement()
        expect(view.movingItem == nil)
        expectEqual(letters(view), "bcdefa")
        expectEqual(delegate.calls, ["canMoveItem[0, 0]", "moveItem[0, 0]→[0, 5]"])
        // c was item 2; a left item 0 before it, so c is item 1 (5 is after it).
        expectEqual(view.selectedItems, [LayoutIndexPath(0, 1)])
        // Back in its slot, at zIndex 0: item 5 at (10 + 110, 10 + 2 · 110).
        let cell = try require(try drawnCell(view, 5))
        expectEqual(cell.frame.origin, Point(x: 120, y: 230))
        expectEqual(cell.zIndex, 0)
    }

    @Test func cancellingRestoresTheOrder() throws {
        let delegate = MovingDelegate()
        let view = try lettersView(delegate)
        expect(try view.beginInteractiveMovement(at: Point(x: 60, y: 60)))
        // Item 3's centre (170, 170): b c d a e f.
        try view.updateInteractiveMovement(to: Point(x: 170, y: 170))
        expectEqual(letters(view), "bcdaef")
        try view.cancelInteractiveMovement()
        expectEqual(letters(view), "abcdef")
        expect(view.movingItem == nil)
        expectEqual(delegate.calls, ["canMoveItem[0, 0]"])
        expectEqual(try drawnCell(view, 0)?.frame.origin, Point(x: 10, y: 10))
    }

    @Test func refusedOrEmptySpaceDoesNotBegin() throws {
        let delegate = MovingDelegate()
        delegate.allowsMoving = false
        let view = try lettersView(delegate)
        expect(try !view.beginInteractiveMovement(at: Point(x: 60, y: 60)))
        // (5, 5) is the inset: no item, no question.
        expect(try !view.beginInteractiveMovement(at: Point(x: 5, y: 5)))
        expectEqual(delegate.calls, ["canMoveItem[0, 0]"])
        expect(view.movingItem == nil)
        // Without a delegate nothing moves (UIKit's data source without moveItemAt).
        let plain = try HeadlessCollectionView(layout: TestLayout(), context: headlessContext(items: 6))
        expect(try !plain.beginInteractiveMovement(at: Point(x: 60, y: 60)))
    }

    @Test func theDelegateHasTheLastWordAndEmptySpaceKeepsTheTarget() throws {
        let delegate = MovingDelegate()
        delegate.target = { _ in LayoutIndexPath(0, 1) }
        let view = try lettersView(delegate)
        expect(try view.beginInteractiveMovement(at: Point(x: 60, y: 60)))
        // The layout proposes item 5; the delegate sends it to 1: b a c d e f.
        try view.updateInteractiveMovement(to: Point(x: 170, y: 280))
        expectEqual(view.movingItem, LayoutIndexPath(0, 1))
        expectEqual(letters(view), "bacdef")
        delegate.target = nil
        // (5, 5) is the inset: no item under it, the target stays [0, 1].
        try view.updateInteractiveMovement(to: Point(x: 5, y: 5))
        expectEqual(view.movingItem, LayoutIndexPath(0, 1))
        // Drawn centred on (5, 5): frame (−45, −45).
        expectEqual(try drawnCell(view, 1)?.frame.origin, Point(x: -45, y: -45))
    }

    @Test func movedPathsAcrossSections() {
        // [0, 1] → [1, 0]: [0, 2] moves up to [0, 1]; [1, 0] moves down to [1, 1]; [0, 0] stays.
        let from = LayoutIndexPath(0, 1), to = LayoutIndexPath(1, 0)
        expectEqual(HeadlessCollectionView.movedPath(LayoutIndexPath(0, 2), from, to), LayoutIndexPath(0, 1))
        expectEqual(HeadlessCollectionView.movedPath(LayoutIndexPath(1, 0), from, to), LayoutIndexPath(1, 1))
        expectEqual(HeadlessCollectionView.movedPath(LayoutIndexPath(0, 0), from, to), LayoutIndexPath(0, 0))
        expectEqual(HeadlessCollectionView.movedPath(from, from, to), to)
        // Counts: 3 and 2 become 2 and 3; a place past the end is refused.
        let data = CollectionData(counts: [3, 2])
        expectEqual(HeadlessCollectionView.moving(data, from, to: to)?.sections.map(\.count), [2, 3])
        expect(HeadlessCollectionView.moving(data, from, to: LayoutIndexPath(1, 3)) == nil)
        expect(HeadlessCollectionView.moving(data, from, to: LayoutIndexPath(0, 3)) == nil)
    }
}
