import LayoutEngine
import TestExpectations
import Testing

/// A delegate with a double-tap recognizer, recording what it is told.
private final class DoubleTapDelegate: CollectionViewDelegate {
    var calls: [String] = []
    var recognizesDoubleTap: Bool { true }

    func didDoubleTap(_ view: HeadlessCollectionView, point: TouchPoint) throws {
        calls.append("didDoubleTap" + (point.indexPath.map { "[\($0.section), \($0.item)]" } ?? ""))
    }
    func shouldHighlightItem(
        _ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint
    ) throws -> Bool {
        calls.append("shouldHighlightItem[\(indexPath.section), \(indexPath.item)]")
        return true
    }
    func didSelectItem(_ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint) throws {
        calls.append("didSelectItem[\(indexPath.section), \(indexPath.item)]")
    }
}

@Suite("Headless view: double tap")
struct HeadlessDoubleTapTests {
    @Test func theRecognizerTakesPriorityOverSelection() throws {
        let delegate = DoubleTapDelegate()
        let view = try HeadlessCollectionView(layout: TestLayout(), context: headlessContext(items: 6))
        view.delegate = delegate
        // Item 0's centre (60, 60): one didDoubleTap, no highlight asked, nothing selected.
        try view.doubleTap(at: try view.touchPoint(viewport: gridCentre(0)))
        expectEqual(delegate.calls, ["didDoubleTap[0, 0]"])
        expect(view.selectedItems.isEmpty && view.highlightedItems.isEmpty)
        // On the inset (5, 5): no item.
        try view.doubleTap(at: try view.touchPoint(viewport: Point(x: 5, y: 5)))
        expectEqual(delegate.calls.last, "didDoubleTap")
        // A single tap still selects.
        delegate.calls = []
        try view.tapItem(1)
        expectEqual(delegate.calls, ["shouldHighlightItem[0, 1]", "didSelectItem[0, 1]"])
        expectEqual(view.selectedItems, [LayoutIndexPath(0, 1)])
    }

    @Test func withoutARecognizerItIsTwoTaps() throws {
        let delegate = RecordingDelegate()
        let view = try HeadlessCollectionView(layout: TestLayout(), context: headlessContext(items: 6))
        view.delegate = delegate
        try view.doubleTap(at: try view.touchPoint(viewport: gridCentre(0)))
        // Each tap: highlight, select (the second re-selects the selected item in single selection).
        let tap = [
            "shouldHighlightItem[0, 0]", "didHighlightItem[0, 0]", "shouldSelectItem[0, 0]", "didUnhighlightItem[0, 0]",
            "didSelectItem[0, 0]",
        ]
        expectEqual(delegate.calls, tap + tap)
        expectEqual(view.selectedItems, [LayoutIndexPath(0, 0)])
    }
}
