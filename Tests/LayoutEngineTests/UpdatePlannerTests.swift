import LayoutEngine
import TestExpectations
import Testing

/// Plans driven through the engine's own flow layout: 100×100 items, spacing 10, 320 wide →
/// three columns at x = 0, 110, 220 (gap (320 − 300) / 2 = 10), rows at y = 0, 110, 220.
@Suite("Batch updates: animation plans")
struct UpdatePlannerTests {
    private func context(_ counts: [Int]) -> CollectionContext {
        CollectionContext(bounds: Rect(x: 0, y: 0, width: 320, height: 480), data: CollectionData(counts: counts))
    }

    private func layout() -> FlowLayout {
        var configuration = FlowLayoutConfiguration()
        configuration.itemSize = Size(width: 100, height: 100)
        return FlowLayout(configuration: configuration)
    }

    private func square(_ x: Double, _ y: Double) -> Rect { Rect(x: x, y: y, width: 100, height: 100) }

    /// Delete item 1 of 4: old 2 and 3 move up into places 1 and 2; old 1 fades out in place.
    @Test func deleteFadesOutAndTheRestMoveUp() throws {
        let plan = try UpdatePlanner.plan(
            layout: layout(), old: context([4]), new: context([3]),
            update: BatchUpdate(deletedItems: [LayoutIndexPath(0, 1)]))
        expectEqual(plan.contentSizeBefore, Size(width: 320, height: 210))
        expectEqual(plan.contentSizeAfter, Size(width: 320, height: 100))
        let summary = plan.entries.map {
            ($0.change, $0.indexPathBefore, $0.indexPathAfter, $0.from.frame, $0.to.frame, $0.to.alpha)
        }
        expectEqual(summary.count, 4)
        #expect(summary[0] == (.persist, LayoutIndexPath(0, 0), LayoutIndexPath(0, 0), square(0, 0), square(0, 0), 1))
        expect(
            summary[1] == (.persist, LayoutIndexPath(0, 2), LayoutIndexPath(0, 1), square(220, 0), square(110, 0), 1))
        expect(
            summary[2] == (.persist, LayoutIndexPath(0, 3), LayoutIndexPath(0, 2), square(0, 110), square(220, 0), 1))
        #expect(summary[3] == (.delete, LayoutIndexPath(0, 1), nil, square(110, 0), square(110, 0), 0))
    }

    /// Insert at 0 into 2 items: the new item fades in at (0, 0); old 0 and 1 slide right.
    @Test func insertFadesInAndTheRestMoveOn() throws {
        let plan = try UpdatePlanner.plan(
            layout: layout(), old: context([2]), new: context([3]),
            update: BatchUpdate(insertedItems: [LayoutIndexPath(0, 0)]))
        let inserted = plan.entries[0]
        expect(inserted.change == .insert && inserted.indexPathBefore == nil)
        expect(inserted.from.frame == square(0, 0) && inserted.from.alpha == 0)
        expect(inserted.to.frame == square(0, 0) && inserted.to.alpha == 1)
        expect(plan.entries[1].from.frame == square(0, 0) && plan.entries[1].to.frame == square(110, 0))
        expect(plan.entries[2].from.frame == square(110, 0) && plan.entries[2].to.frame == square(220, 0))
    }

    /// Half way: old 3 moving from (0, 110) to (220, 0) is at (110, 55); the deleted item is
    /// half faded. At 0 and 1 the plan shows the layouts before and after.
    @Test func interpolation() throws {
        let plan = try UpdatePlanner.plan(
            layout: layout(), old: context([4]), new: context([3]),
            update: BatchUpdate(deletedItems: [LayoutIndexPath(0, 1)]))
        let half = plan.entries.map { $0.attributes(at: 0.5) }
        expectEqual(half[2].frame, square(110, 55))
        expectEqual(half[3].alpha, 0.5)
        expect(
            plan.entries.map { $0.attributes(at: 0).frame } == [
                square(0, 0), square(220, 0), square(0, 110), square(110, 0),
            ])
        expect(
            plan.entries.map { $0.attributes(at: 1).frame } == [
                square(0, 0), square(110, 0), square(220, 0), square(110, 0),
            ])
        expectEqual(plan.entries[3].attributes(at: 1).alpha, 0)
    }

    @Test func reloadCrossFades() throws {
        let plan = try UpdatePlanner.plan(
            layout: layout(), old: context([2]), new: context([2]),
            update: BatchUpdate(reloadedItems: [LayoutIndexPath(0, 1)]))
        let reloads = plan.entries.filter { $0.change == .reload }
        expectEqual(reloads.count, 2)
        expect(reloads.map(\.from.alpha) == [0, 1] && reloads.map(\.to.alpha) == [1, 0])
        expect(reloads.allSatisfy { $0.from.frame == square(110, 0) && $0.to.frame == square(110, 0) })
    }

    /// Headers follow their sections: sections [1, 1] with 20-high headers (section 1 starts
    /// at 120: header y 120, item y 140). Deleting section 0 moves section 1's header and item
    /// up to y 0 and 20; section 0's header and item fade out in place.
    @Test func supplementaryViewsFollowTheirSection() throws {
        let flow = layout()
        flow.configuration.headerReferenceSize = Size(width: 0, height: 20)
        let plan = try UpdatePlanner.plan(
            layout: flow, old: context([1, 1]), new: context([1]), update: BatchUpdate(deletedSections: [0]))
        func entry(_ category: ElementCategory, before: Int) -> AnimationPlan.Entry? {
            plan.entries.first { $0.category == category && $0.indexPathBefore == LayoutIndexPath(before, 0) }
        }
        let header = try require(entry(.supplementary, before: 1))
        expect(header.change == .persist && header.indexPathAfter == LayoutIndexPath(0, 0))
        expect(header.from.frame.y == 120 && header.to.frame.y == 0)
        let item = try require(entry(.cell, before: 1))
        expect(item.from.frame.y == 140 && item.to.frame.y == 20)
        let gone = try require(entry(.supplementary, before: 0))
        expect(gone.change == .delete && gone.to.alpha == 0 && gone.to.frame.y == 0)
        expectEqual(entry(.cell, before: 0)?.change, .delete)
        expectEqual(plan.entries.count, 4)
    }

    /// Headers belong to their sections, whatever happens to the items: with sections [3, 3]
    /// (50×50 items in one row, 20-high headers: section 1 starts at 20 + 50 = 70), deleting
    /// item 0:0 or moving 1:0 to 0:0 leaves both headers in place — no fade out and in.
    @Test(arguments: [
        BatchUpdate(deletedItems: [LayoutIndexPath(0, 0)]),
        BatchUpdate(movedItems: [.init(from: LayoutIndexPath(1, 0), to: LayoutIndexPath(0, 0))]),
    ])
    func headersStayWithTheirSections(update: BatchUpdate) throws {
        let flow = layout()
        flow.configuration.itemSize = Size(width: 50, height: 50)
        flow.configuration.headerReferenceSize = Size(width: 0, height: 20)
        let counts = try UpdateMapping(oldCounts: [3, 3], update: update).newCounts
        let plan = try UpdatePlanner.plan(layout: flow, old: context([3, 3]), new: context(counts), update: update)
        let headers = plan.entries.filter { $0.category == .supplementary }
        expectEqual(headers.map(\.change), [.persist, .persist])
        expectEqual(headers.map(\.indexPathBefore), [LayoutIndexPath(0, 0), LayoutIndexPath(1, 0)])
        expectEqual(headers.map(\.indexPathAfter), [LayoutIndexPath(0, 0), LayoutIndexPath(1, 0)])
        expect(headers.map(\.from.frame.y) == [0, 70] && headers.map(\.to.frame.y) == [0, 70])
    }

    /// A reloaded section's header is replaced (cross-fade), like its items.
    @Test func aReloadedSectionsHeaderIsReloaded() throws {
        let flow = layout()
        flow.configuration.headerReferenceSize = Size(width: 0, height: 20)
        let plan = try UpdatePlanner.plan(
            layout: flow, old: context([1]), new: context([1]), update: BatchUpdate(reloadedSections: [0]))
        let headers = plan.entries.filter { $0.category == .supplementary }
        expectEqual(headers.map(\.change), [.reload, .reload])
        expect(headers.map(\.from.alpha) == [0, 1] && headers.map(\.to.alpha) == [1, 0])
    }

    /// Reloads are reported where the element ends up: inserting 0:0 shifts the reloaded 0:0 to 0:1.
    @Test func reloadsNameTheirPlaceAfterTheUpdate() throws {
        let update = BatchUpdate(insertedItems: [LayoutIndexPath(0, 0)], reloadedItems: [LayoutIndexPath(0, 0)])
        let plan = try UpdatePlanner.plan(layout: layout(), old: context([3]), new: context([4]), update: update)
        let reload = try require(plan.updates.first { $0.action == .reload })
        expect(reload.before == .init(section: 0, item: 0) && reload.after == .init(section: 0, item: 1))
    }

    @Test func anInvalidBatchChangesNothing() {
        let flow = layout()
        #expect(throws: UpdateError.self) {
            try UpdatePlanner.plan(
                layout: flow, old: context([4]), new: context([4]),
                update: BatchUpdate(deletedItems: [LayoutIndexPath(0, 1)]))
        }
        // Never prepared: the layout is still empty.
        expectEqual(flow.collectionViewContentSize, .zero)
    }
}
