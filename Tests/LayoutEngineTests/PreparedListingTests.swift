import TestExpectations
import Testing
@testable import LayoutEngine

/// The writers' whole listing: the store itself when nothing is placed at query time, so a
/// million cells are written without building their attributes; pinned headers need the
/// general path (they move with the bounds).
@Suite("Prepared listings")
struct PreparedListingTests {
    private func prepared(pinned: Bool) throws -> (PreparedLayout, CollectionContext) {
        var configuration = FlowLayoutConfiguration()
        configuration.itemSize = Size(width: 50, height: 50)
        configuration.headerReferenceSize = Size(width: 0, height: 20)
        configuration.sectionHeadersPinToVisibleBounds = pinned
        let context = CollectionContext(
            bounds: Rect(x: 0, y: 0, width: 100, height: 100), data: CollectionData(counts: [3]))
        return (try FlowLayout.compute(configuration: configuration, delegate: nil, context: context), context)
    }

    @Test func anUnpinnedFlowListsItsStore() throws {
        let (layout, context) = try prepared(pinned: false)
        let listing = try layout.allElementList(context: context)
        // Cells first (output order), then the header; the cells read straight from the store.
        // Cell 1: 50 + 10 + 50 > 100 puts one cell on a line, centred ((100 − 50) / 2 = 25);
        // the second line starts below the 20-point header, cell 0 and the 10-point spacing.
        expectEqual(listing.count, 4)
        expectEqual(listing.plainCell(at: 1)?.frame, Rect(x: 25, y: 80, width: 50, height: 50))
    }

    @Test func pinnedHeadersTakeTheGeneralPath() throws {
        let (layout, context) = try prepared(pinned: true)
        let listing = try layout.allElementList(context: context)
        expectEqual(listing.count, 4)
        expect(listing.plainCell(at: 1) == nil)
        expectEqual(listing[1].frame, Rect(x: 25, y: 80, width: 50, height: 50))
    }
}
