import LayoutEngine
import TestExpectations
import Testing

/// A flow layout with pinned headers invalidates on every bounds change: scrolling the headless
/// view re-prepares it, and the pinned header sits at the new offsets.
@Suite("Headless view: pinned headers while scrolling")
struct PinnedHeaderScrollingTests {
    /// Vertical flow, bounds 100×200, items 100×50 (one a line), line spacing 10, headers 40
    /// high, two sections of 4 items. Section 0: header 0…40, items at y 40, 100, 160, 220 (ends
    /// 270). Section 1: header 270…310, items at 310, 370, 430, 490; content 540 high.
    private func layout(pinned: Bool) -> FlowLayout {
        var configuration = FlowLayoutConfiguration()
        configuration.itemSize = Size(width: 100, height: 50)
        configuration.minimumLineSpacing = 10
        configuration.headerReferenceSize = Size(width: 0, height: 40)
        configuration.sectionHeadersPinToVisibleBounds = pinned
        return FlowLayout(configuration: configuration)
    }

    private func context() -> CollectionContext {
        CollectionContext(bounds: Rect(x: 0, y: 0, width: 100, height: 200), data: CollectionData(counts: [4, 4]))
    }

    private func header(_ view: HeadlessCollectionView, _ section: Int) throws -> Rect? {
        try view.visibleElements().first { $0.key == .supplementary(FlowLayout.headerKind, section, 0) }?.frame
    }

    @Test func everyScrollReprepares() throws {
        let view = try HeadlessCollectionView(layout: layout(pinned: true), context: context())
        expectEqual(view.contentSize, Size(width: 100, height: 540))
        expectEqual(view.prepareCount, 1)
        // Offset 100: section 0's header pins to the top of the viewport,
        // min(max(0, 100), 270 − 40) = 100.
        try view.setContentOffset(Point(x: 0, y: 100))
        expectEqual(view.prepareCount, 2)
        expectEqual(try header(view, 0), Rect(x: 0, y: 100, width: 100, height: 40))
        // Offset 250: section 0's header is pushed up by its section's end, 270 − 40 = 230;
        // section 1's stays at its place, 270.
        try view.setContentOffset(Point(x: 0, y: 250))
        expectEqual(view.prepareCount, 3)
        expectEqual(try header(view, 0), Rect(x: 0, y: 230, width: 100, height: 40))
        expectEqual(try header(view, 1), Rect(x: 0, y: 270, width: 100, height: 40))
        let changes = view.events.compactMap { event -> Bool? in
            if case .boundsChange(_, _, let invalidated) = event { return invalidated }
            return nil
        }
        expectEqual(changes, [true, true])
    }

    @Test func withoutPinningScrollingDoesNotReprepare() throws {
        let view = try HeadlessCollectionView(layout: layout(pinned: false), context: context())
        try view.setContentOffset(Point(x: 0, y: 100))
        try view.setContentOffset(Point(x: 0, y: 250))
        expectEqual(view.prepareCount, 1)
        expectEqual(try header(view, 1), Rect(x: 0, y: 270, width: 100, height: 40))
    }
}
