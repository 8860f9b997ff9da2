import LayoutEngine
import TestExpectations
import Testing

/// UIKit's call order for highlight and selection (docs/interaction.md), on the test grid:
/// item 0 is at (10, 10), item 1 at (120, 10), item 2 at (10, 120), 100×100 each.
@Suite("Headless view: highlight and selection order")
struct SelectionOrderTests {
    private func make(items: Int = 6) throws -> (HeadlessCollectionView, RecordingDelegate) {
        let view = try HeadlessCollectionView(layout: TestLayout(), context: headlessContext(items: items))
        let delegate = RecordingDelegate()
        view.delegate = delegate
        return (view, delegate)
    }

    @Test func aTapHighlightsThenSelectsLast() throws {
        let (view, delegate) = try make()
        try view.tapItem(0)
        expect(
            delegate.calls == [
                "shouldHighlightItem[0, 0]", "didHighlightItem[0, 0]", "shouldSelectItem[0, 0]",
                "didUnhighlightItem[0, 0]",
                "didSelectItem[0, 0]",
            ])
        expectEqual(view.selectedItems, [LayoutIndexPath(0, 0)])
        expect(view.highlightedItems.isEmpty)
    }

    @Test func touchDownAloneOnlyHighlights() throws {
        let (view, delegate) = try make()
        try view.touchDown(at: try view.touchPoint(viewport: gridCentre(1)))
        expectEqual(delegate.calls, ["shouldHighlightItem[0, 1]", "didHighlightItem[0, 1]"])
        expectEqual(view.highlightedItems, [LayoutIndexPath(0, 1)])
        expect(view.selectedItems.isEmpty)
    }

    @Test func singleSelectionDeselectsThePreviousItemBeforeSelecting() throws {
        let (view, delegate) = try make()
        try view.tapItem(0)
        delegate.calls = []
        try view.tapItem(2)
        expect(
            delegate.calls == [
                "shouldHighlightItem[0, 2]", "didHighlightItem[0, 2]", "shouldSelectItem[0, 2]",
                "didUnhighlightItem[0, 2]",
                "shouldDeselectItem[0, 0]", "didDeselectItem[0, 0]", "didSelectItem[0, 2]",
            ])
        expectEqual(view.selectedItems, [LayoutIndexPath(0, 2)])
    }

    @Test func tappingTheSelectedItemInSingleSelectionSelectsItAgain() throws {
        let (view, delegate) = try make()
        try view.tapItem(0)
        delegate.calls = []
        try view.tapItem(0)
        expect(
            delegate.calls == [
                "shouldHighlightItem[0, 0]", "didHighlightItem[0, 0]", "shouldSelectItem[0, 0]",
                "didUnhighlightItem[0, 0]",
                "didSelectItem[0, 0]",
            ])
        expectEqual(view.selectedItems, [LayoutIndexPath(0, 0)])
    }

    @Test func multipleSelectionAddsAndATapOnASelectedItemDeselectsIt() throws {
        let (view, delegate) = try make()
        view.allowsMultipleSelection = true
        try view.tapItem(3)
        try view.tapItem(1)
        expectEqual(view.selectedItems, [LayoutIndexPath(0, 1), LayoutIndexPath(0, 3)])
        expect(!delegate.calls.contains { $0.hasPrefix("shouldDeselect") })
        delegate.calls = []
        try view.tapItem(3)
        expect(
            delegate.calls == [
                "shouldHighlightItem[0, 3]", "didHighlightItem[0, 3]", "shouldDeselectItem[0, 3]",
                "didUnhighlightItem[0, 3]",
                "didDeselectItem[0, 3]",
            ])
        expectEqual(view.selectedItems, [LayoutIndexPath(0, 1)])
    }

    @Test func noSelectionMeansNoCallsAtAll() throws {
        let (view, delegate) = try make()
        view.allowsSelection = false
        try view.tapItem(0)
        expect(delegate.calls.isEmpty)
        expect(view.selectedItems.isEmpty)
        expect(!view.selectItem(at: LayoutIndexPath(0, 0)))
    }

    @Test func falseFromShouldHighlightStopsTheTap() throws {
        let (view, delegate) = try make()
        delegate.refuse = ["shouldHighlightItem"]
        try view.tapItem(0)
        expectEqual(delegate.calls, ["shouldHighlightItem[0, 0]"])
        expect(view.selectedItems.isEmpty)
    }

    @Test func falseFromShouldSelectOnlyUnhighlights() throws {
        let (view, delegate) = try make()
        delegate.refuse = ["shouldSelectItem"]
        try view.tapItem(0)
        expect(
            delegate.calls == [
                "shouldHighlightItem[0, 0]", "didHighlightItem[0, 0]", "shouldSelectItem[0, 0]",
                "didUnhighlightItem[0, 0]",
            ])
        expect(view.selectedItems.isEmpty)
    }

    @Test func falseFromShouldDeselectKeepsThePreviousSelection() throws {
        let (view, delegate) = try make()
        try view.tapItem(0)
        delegate.refuse = ["shouldDeselectItem[0, 0]"]
        delegate.calls = []
        try view.tapItem(1)
        expect(
            delegate.calls == [
                "shouldHighlightItem[0, 1]", "didHighlightItem[0, 1]", "shouldSelectItem[0, 1]",
                "didUnhighlightItem[0, 1]",
                "shouldDeselectItem[0, 0]",
            ])
        expectEqual(view.selectedItems, [LayoutIndexPath(0, 0)])
    }

    @Test func falseFromShouldDeselectInMultipleSelectionKeepsTheItem() throws {
        let (view, delegate) = try make()
        view.allowsMultipleSelection = true
        try view.tapItem(0)
        delegate.refuse = ["shouldDeselectItem"]
        delegate.calls = []
        try view.tapItem(0)
        expect(
            delegate.calls == [
                "shouldHighlightItem[0, 0]", "didHighlightItem[0, 0]", "shouldDeselectItem[0, 0]",
                "didUnhighlightItem[0, 0]",
            ])
        expectEqual(view.selectedItems, [LayoutIndexPath(0, 0)])
    }

    @Test func liftingOverAnotherItemCancels() throws {
        let (view, delegate) = try make()
        try view.touchDown(at: try view.touchPoint(viewport: gridCentre(0)))
        try view.touchUp(at: try view.touchPoint(viewport: gridCentre(1)))
        expectEqual(
            delegate.calls, ["shouldHighlightItem[0, 0]", "didHighlightItem[0, 0]", "didUnhighlightItem[0, 0]"])
        expect(view.selectedItems.isEmpty && view.highlightedItems.isEmpty)
    }

    @Test func aDragOverTheSlopCancelsAndAShortOneTaps() throws {
        let (view, delegate) = try make()
        // 40 points > the 10-point slop: the pan takes the touch over.
        try view.drag(from: gridCentre(0), to: Point(x: 60, y: 100))
        expectEqual(
            delegate.calls, ["shouldHighlightItem[0, 0]", "didHighlightItem[0, 0]", "didUnhighlightItem[0, 0]"])
        expect(view.selectedItems.isEmpty)
        delegate.calls = []
        // A move of exactly 10 points (6, 8) does not pass the slop: a tap lifted inside item 0.
        try view.drag(from: gridCentre(0), to: Point(x: 66, y: 68))
        expectEqual(delegate.calls.last, "didSelectItem[0, 0]")
        expectEqual(view.selectedItems, [LayoutIndexPath(0, 0)])
    }

    @Test func aLongPressHighlightsCancelsThenReports() throws {
        let (view, delegate) = try make()
        try view.longPress(at: try view.touchPoint(viewport: gridCentre(1)))
        expect(
            delegate.calls == [
                "shouldHighlightItem[0, 1]", "didHighlightItem[0, 1]", "didUnhighlightItem[0, 1]", "didLongPress[0, 1]",
            ])
        expect(view.selectedItems.isEmpty)
        // On empty space (the 10-point inset) the press has no item.
        delegate.calls = []
        try view.longPress(at: try view.touchPoint(viewport: Point(x: 5, y: 5)))
        expectEqual(delegate.calls, ["didLongPress"])
        expect(delegate.points.last?.indexPath == nil && delegate.points.last?.local == nil)
    }

    @Test func aTapOnEmptySpaceIsABackgroundTap() throws {
        let (view, delegate) = try make()
        try view.tapItem(0)
        delegate.calls = []
        // x 115 lies in the gap between the columns (110…120).
        try view.tap(at: try view.touchPoint(viewport: Point(x: 115, y: 50)))
        expectEqual(delegate.calls, ["didTapBackground"])
        expectEqual(view.selectedItems, [LayoutIndexPath(0, 0)])
    }

    @Test func programmaticSelectionCallsNoDelegate() throws {
        let (view, delegate) = try make()
        expect(view.selectItem(at: LayoutIndexPath(0, 4)))
        expect(view.selectItem(at: LayoutIndexPath(0, 5)))
        expectEqual(view.selectedItems, [LayoutIndexPath(0, 5)])
        expect(!view.selectItem(at: LayoutIndexPath(0, 6)))
        view.deselectItem(at: LayoutIndexPath(0, 5))
        expect(view.selectedItems.isEmpty)
        expect(delegate.calls.isEmpty)
    }
}
