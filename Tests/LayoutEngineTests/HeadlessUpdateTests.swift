import LayoutEngine
import TestExpectations
import Testing

/// Batch updates through the headless view: the plan, and selection following its items.
@Suite("Headless view: batch updates and selection")
struct HeadlessUpdateTests {
    @Test func selectionFollowsDeletesInsertsAndMoves() throws {
        let view = try HeadlessCollectionView(layout: TestLayout(), context: headlessContext(items: 10))
        view.allowsMultipleSelection = true
        view.selectItem(at: LayoutIndexPath(0, 3))
        view.selectItem(at: LayoutIndexPath(0, 7))
        // Deleting item 1 shifts both down by one.
        try view.performBatchUpdates(BatchUpdate(deletedItems: [LayoutIndexPath(0, 1)]))
        expectEqual(view.selectedItems, [LayoutIndexPath(0, 2), LayoutIndexPath(0, 6)])
        expectEqual(view.context.data.numberOfItems(inSection: 0), 9)
        // Inserting at 0 shifts them up again.
        try view.performBatchUpdates(BatchUpdate(insertedItems: [LayoutIndexPath(0, 0)]))
        expectEqual(view.selectedItems, [LayoutIndexPath(0, 3), LayoutIndexPath(0, 7)])
        // Moving 3 → 9: the survivors 0, 1, 2, 4, …, 9 fill new positions 0…8 in order, so old 7
        // lands at 6 and the moved item at 9.
        try view.performBatchUpdates(
            BatchUpdate(movedItems: [.init(from: LayoutIndexPath(0, 3), to: LayoutIndexPath(0, 9))]))
        expectEqual(view.selectedItems, [LayoutIndexPath(0, 6), LayoutIndexPath(0, 9)])
        // Deleting a selected item takes it out of the selection.
        _ = view.takeEvents()
        let plan = try view.performBatchUpdates(BatchUpdate(deletedItems: [LayoutIndexPath(0, 6)]))
        expectEqual(view.selectedItems, [LayoutIndexPath(0, 8)])
        expectContains(view.takeEvents(), .deselect(LayoutIndexPath(0, 6)))
        let deleted = plan.entries.filter { $0.change == .delete }.map(\.indexPathBefore)
        expectEqual(deleted, [LayoutIndexPath(0, 6)])
    }

    @Test func anUpdatePreparesBeforeAndAfterAndLogsThePlan() throws {
        let layout = TestLayout()
        let view = try HeadlessCollectionView(layout: layout, context: headlessContext(items: 4))
        _ = view.takeEvents()
        let plan = try view.performBatchUpdates(BatchUpdate(insertedItems: [LayoutIndexPath(0, 4)]))
        // The first prepare, then UpdatePlanner's two (data before and after the update).
        expect(layout.prepareCount == 3 && view.prepareCount == 3)
        expect(
            view.takeEvents() == [
                .prepare(reason: "batch update (before)"), .prepare(reason: "batch update (after)"), .batchUpdate(plan),
            ])
        expectEqual(plan.entries.filter { $0.change == .insert }.map(\.indexPathAfter), [LayoutIndexPath(0, 4)])
    }

    @Test func aBadBatchChangesNothing() throws {
        let view = try HeadlessCollectionView(layout: TestLayout(), context: headlessContext(items: 3))
        view.selectItem(at: LayoutIndexPath(0, 2))
        #expect(throws: UpdateError.self) {
            try view.performBatchUpdates(BatchUpdate(deletedItems: [LayoutIndexPath(0, 5)]))
        }
        expectEqual(view.context.data.numberOfItems(inSection: 0), 3)
        expectEqual(view.selectedItems, [LayoutIndexPath(0, 2)])
    }

    @Test func stateInvalidatesWithoutAnimating() throws {
        let layout = TestLayout()
        let view = try HeadlessCollectionView(layout: layout, context: headlessContext(items: 3))
        _ = view.takeEvents()
        try view.setState("mode", .bool(true))
        expectEqual(view.context.state["mode"], .bool(true))
        expectEqual(layout.prepareCount, 2)
        expect(
            view.takeEvents() == [.stateChange(key: "mode", old: nil, new: .bool(true)), .prepare(reason: "state")])
        try view.setState("mode", nil)
        expect(view.context.state["mode"] == nil)
    }

    @Test func deletionsThatShrinkTheContentPullTheOffsetBack() throws {
        // 20 items at the last offset 710; deleting 6 leaves 14 (7 rows, 780 high): max 380.
        let view = try HeadlessCollectionView(layout: TestLayout(), context: headlessContext(items: 20))
        try view.setContentOffset(Point(x: 0, y: 710))
        try view.performBatchUpdates(BatchUpdate(deletedItems: (0..<6).map { LayoutIndexPath(0, $0) }))
        expectEqual(view.contentOffset, Point(x: 0, y: 380))
    }
}
