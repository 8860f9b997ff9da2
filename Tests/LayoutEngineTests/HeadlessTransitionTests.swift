import LayoutEngine
import TestExpectations
import Testing

/// docs/parity.md §5, interactive transitions: the headless view installs a transition layout
/// (UICollectionViewTransitionLayout), answers queries and hit tests from it, and finishes or
/// cancels it.
///
/// The current layout is `TestLayout`'s grid: cell i at (10 + 110·(i mod 2), 10 + 110·(i div 2)),
/// 100 × 100, content 230 × 230. The next one is a row: cell i at (10 + 110·i, 10), content
/// 10 + 110·4 = 440 wide (the last cell ends at 340 + 100), 110 high. Viewport 200 × 200.
@Suite("Headless view: interactive transitions")
struct HeadlessTransitionTests {
    static func row() -> TestLayout {
        let layout = TestLayout()
        layout.elements = { context in
            (0..<context.data.numberOfItems(inSection: 0)).map {
                LayoutAttributes(
                    key: .cell(0, $0), frame: Rect(x: 10 + 110 * Double($0), y: 10, width: 100, height: 100))
            }
        }
        return layout
    }

    static func view() throws -> HeadlessCollectionView {
        try HeadlessCollectionView(
            layout: TestLayout(),
            context: CollectionContext(
                bounds: Rect(x: 0, y: 0, width: 200, height: 200), data: CollectionData(counts: [4])))
    }

    /// Lifts elements both layouts place by the animated key "lift".
    final class Lift: TransitionPathBending {
        var animatedValues: [String: LayoutValue] = ["lift": .number(20)]
        func updateValue(_ value: LayoutValue, forAnimatedKey key: String) { animatedValues[key] = value }
        func bend(
            _ linear: LayoutAttributes, from: LayoutAttributes?, to: LayoutAttributes?, progress: Double,
            context: CollectionContext
        ) throws -> LayoutAttributes {
            guard from != nil, to != nil, case .number(let lift)? = animatedValues["lift"] else { return linear }
            var bent = linear
            bent.frame.origin.y -= lift
            return bent
        }
    }

    /// At progress 0 every element is where the grid has it; half way cell 3 goes from (120, 120)
    /// to (340, 10): (230, 65); cell 2 from (10, 120) to (230, 10): (120, 65). The content is
    /// (230 + 440) / 2 = 335 wide and (230 + 110) / 2 = 170 high.
    @Test func theTransitionLayoutAnswersQueriesAtItsProgress() throws {
        let view = try Self.view()
        _ = view.takeEvents()
        try view.startInteractiveTransition(to: Self.row())
        expectEqual(
            view.takeEvents(), [.prepare(reason: "transition began"), .transition(action: "begin", progress: 0)])
        expectEqual(view.transitionLayout?.transitionProgress, 0)
        expect(
            try view.attributesOfItem(at: LayoutIndexPath(0, 3))?.frame == Rect(x: 120, y: 120, width: 100, height: 100)
        )
        expectEqual(view.contentSize, Size(width: 230, height: 230))

        try view.setTransitionProgress(0.5)
        expect(
            try view.attributesOfItem(at: LayoutIndexPath(0, 3))?.frame == Rect(x: 230, y: 65, width: 100, height: 100))
        expect(
            try view.attributesOfItem(at: LayoutIndexPath(0, 2))?.frame == Rect(x: 120, y: 65, width: 100, height: 100))
        expectEqual(view.contentSize, Size(width: 335, height: 170))
        // Hit testing: (235, 70) is inside cell 3 only (cell 2 ends at 220); in the grid it was
        // empty space (the grid ends at x 220).
        expectEqual(try view.indexPathForItem(at: Point(x: 235, y: 70))?.indexPath, LayoutIndexPath(0, 3))
        // (125, 30): the grid's cell 1 (120…220 × 10…110); half way cell 1 goes from (120, 10)
        // to (120, 10) — it stays — and cell 2 starts at y 65: cell 1.
        expectEqual(try view.indexPathForItem(at: Point(x: 125, y: 30))?.indexPath, LayoutIndexPath(0, 1))
        // The visible cells (viewport 0…200 × 0…200): cell 3 at x 230 is outside.
        expectEqual(try view.indexPathsForVisibleItems(), [0, 1, 2].map { LayoutIndexPath(0, $0) })
    }

    /// Finishing installs the next layout; cancelling brings back the current one. The offset is
    /// clamped to the layout that stays: scrolled to x 100 half way (range 0…335 − 200 = 135),
    /// the row keeps it (0…440 − 200 = 240), the grid takes it back to 230 − 200 = 30.
    @Test func finishingKeepsTheNextLayoutAndCancellingTheCurrentOne() throws {
        let finished = try Self.view()
        let row = Self.row()
        try finished.startInteractiveTransition(to: row)
        try finished.setTransitionProgress(0.5)
        try finished.setContentOffset(Point(x: 100, y: 0))
        _ = finished.takeEvents()
        try finished.endInteractiveTransition(finish: true)
        expect(finished.layout === row)
        expect(finished.transitionLayout == nil)
        expectEqual(finished.contentOffset, Point(x: 100, y: 0))
        expect(
            finished.takeEvents() == [
                .prepare(reason: "transition finished"), .transition(action: "finish", progress: 1),
            ])
        expect(
            try finished.attributesOfItem(at: LayoutIndexPath(0, 3))?.frame
                == Rect(x: 340, y: 10, width: 100, height: 100))

        let cancelled = try Self.view()
        let grid = cancelled.layout
        try cancelled.startInteractiveTransition(to: Self.row())
        try cancelled.setTransitionProgress(0.5)
        try cancelled.setContentOffset(Point(x: 100, y: 0))
        try cancelled.endInteractiveTransition(finish: false)
        expect(cancelled.layout === grid)
        expectEqual(cancelled.contentOffset, Point(x: 30, y: 0))
        expect(
            try cancelled.attributesOfItem(at: LayoutIndexPath(0, 3))?.frame
                == Rect(x: 120, y: 120, width: 100, height: 100))
    }

    /// The bending hook edits the linear frame: lifted by 20, cell 3 half way is at y 65 − 20 = 45;
    /// with the animated key set to 5, at 65 − 5 = 60.
    @Test func aBendingHookAndItsAnimatedKeys() throws {
        let view = try Self.view()
        let lift = Lift()
        try view.startInteractiveTransition(to: Self.row(), bending: lift)
        try view.setTransitionProgress(0.5)
        expectEqual(try view.attributesOfItem(at: LayoutIndexPath(0, 3))?.frame.y, 45)
        try view.updateAnimatedValue(.number(5), forKey: "lift")
        expectEqual(view.transitionLayout?.animatedValues["lift"], .number(5))
        expectEqual(try view.attributesOfItem(at: LayoutIndexPath(0, 3))?.frame.y, 60)
    }

    @Test func transitionCallsOutOfTurnAreRefused() throws {
        let view = try Self.view()
        #expect(throws: LayoutError.self) { try view.setTransitionProgress(0.5) }
        #expect(throws: LayoutError.self) { try view.endInteractiveTransition(finish: true) }
        try view.startInteractiveTransition(to: Self.row())
        #expect(throws: LayoutError.self) { try view.startInteractiveTransition(to: Self.row()) }
    }
}
