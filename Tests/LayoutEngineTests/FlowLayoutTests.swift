import LayoutEngine
import TestExpectations
import Testing

/// The flow layout is pure Swift: these tests drive it with a Swift delegate, no Lua.
@Suite("Flow layout (engine, Swift delegate)")
struct FlowLayoutTests {
    final class Delegate: FlowLayoutDelegate {
        var sizes: [Int: [Size]] = [:]
        var sizeCalls = 0
        func sizesForItems(inSection section: Int, count: Int, context: CollectionContext) throws -> [Size]? {
            sizeCalls += 1
            return sizes[section]
        }
    }

    private func context(width: Double, height: Double = 500, counts: [Int], offset: Point = .zero) -> CollectionContext
    {
        CollectionContext(
            bounds: Rect(origin: offset, size: Size(width: width, height: height)), data: CollectionData(counts: counts)
        )
    }

    @Test func delegateSizesTakeTheFlowPath() throws {
        // D = 100, A = 100. Sizes 30×10, 50×20, 40×10: 30 + 10 + 50 = 90 ≤ 100 keeps two on the
        // first line (remaining 100 − 40 − 60 = 0); 40 > 0 starts line 2.
        // Line 1 justified: gap = (100 − 80) / 1 = 20 → x 0 and 50; T = 20, the 10-high item centred at y 5.
        // Line 2 (last, one item, line 1 holds two) left-aligned at x 0, y = 20 + 10 = 30.
        let delegate = Delegate()
        delegate.sizes[0] = [Size(width: 30, height: 10), Size(width: 50, height: 20), Size(width: 40, height: 10)]
        let layout = FlowLayout(delegate: delegate)
        let context = context(width: 100, counts: [3])
        try layout.prepare(in: context)
        let frames = try layout.allLayoutAttributes(context: context).map(\.frame)
        expect(
            frames == [
                Rect(x: 0, y: 5, width: 30, height: 10), Rect(x: 50, y: 0, width: 50, height: 20),
                Rect(x: 0, y: 30, width: 40, height: 10),
            ])
        expectEqual(layout.collectionViewContentSize, Size(width: 100, height: 40))
        expectEqual(delegate.sizeCalls, 1)
        // Queries never go back to the delegate.
        _ = try layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 100, height: 40), context: context)
        _ = try layout.layoutAttributesForItem(at: LayoutIndexPath(0, 1), context: context)
        expectEqual(delegate.sizeCalls, 1)
    }

    @Test func aFailedPrepareKeepsThePreviousLayout() throws {
        let delegate = Delegate()
        delegate.sizes[0] = [Size(width: 10, height: 10)]
        let layout = FlowLayout(delegate: delegate)
        let good = context(width: 100, counts: [1])
        try layout.prepare(in: good)
        delegate.sizes[0] = [Size(width: .nan, height: 10)]
        #expect(throws: LayoutError.self) { try layout.prepare(in: context(width: 200, counts: [1])) }
        // The layout prepared at 100 wide: k = ⌊(100 + 10) / (10 + 10)⌋ = 5 columns, so the
        // lone item sits in column 0 at x 0 (only k = 1 centres).
        expectEqual(
            try layout.allLayoutAttributes(context: good).map(\.frame), [Rect(x: 0, y: 0, width: 10, height: 10)])
        expectEqual(layout.collectionViewContentSize, Size(width: 100, height: 10))
        expect(
            try layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 100, height: 500), context: good)
                == false)
    }

    @Test func zeroWidthPlacesNothing() throws {
        let layout = FlowLayout()
        let context = context(width: 0, counts: [5])
        try layout.prepare(in: context)
        expect(try layout.allLayoutAttributes(context: context).isEmpty)
        expectEqual(layout.collectionViewContentSize, .zero)
    }

    @Test func invalidDelegateSizesAreErrors() throws {
        let delegate = Delegate()
        delegate.sizes[0] = [Size(width: 10, height: -1)]
        let layout = FlowLayout(delegate: delegate)
        #expect(throws: LayoutError("item size for item [0, 0] must be finite and non-negative, got 10.0×-1.0")) {
            try layout.prepare(in: context(width: 100, counts: [1]))
        }
    }

    @Test func boundsChangesInvalidateOnlyWhenTheWidthChangesOrHeadersPin() throws {
        var configuration = FlowLayoutConfiguration()
        let layout = FlowLayout(configuration: configuration)
        let context = context(width: 320, counts: [10])
        try layout.prepare(in: context)
        expect(
            try layout.shouldInvalidateLayout(
                forBoundsChange: Rect(x: 0, y: 100, width: 320, height: 500), context: context) == false)
        expect(
            try layout.shouldInvalidateLayout(
                forBoundsChange: Rect(x: 0, y: 0, width: 400, height: 500), context: context) == true)
        configuration.sectionHeadersPinToVisibleBounds = true
        layout.configuration = configuration
        expect(
            try layout.shouldInvalidateLayout(
                forBoundsChange: Rect(x: 0, y: 100, width: 320, height: 500), context: context) == true)
    }
}

/// Negative spacings, as UIKit takes them: lines overlap, never start above the line before,
/// and the content still reaches the far edge of every line.
@Suite("Flow layout: negative spacing")
struct FlowNegativeSpacingTests {
    final class Sizes: FlowLayoutDelegate {
        let sizes: [Size]
        init(_ sizes: [Size]) { self.sizes = sizes }
        func sizesForItems(inSection section: Int, count: Int, context: CollectionContext) throws -> [Size]? { sizes }
    }

    private func context(width: Double, count: Int) -> CollectionContext {
        CollectionContext(bounds: Rect(x: 0, y: 0, width: width, height: 500), data: CollectionData(counts: [count]))
    }

    /// Grid path: 100×10 items, D = 320, k = 3; lines advance 10 − 5 = 5: y 0, 5, 10;
    /// content 2·5 + 10 = 20.
    @Test func overlapsGridLines() throws {
        var configuration = FlowLayoutConfiguration()
        configuration.itemSize = Size(width: 100, height: 10)
        configuration.minimumLineSpacing = -5
        let layout = FlowLayout(configuration: configuration)
        try layout.prepare(in: context(width: 320, count: 7))
        let ys = try layout.allLayoutAttributes(context: context(width: 320, count: 7)).map(\.frame.y)
        expectEqual(ys, [0, 0, 0, 5, 5, 5, 10])
        expectEqual(layout.collectionViewContentSize, Size(width: 320, height: 20))
    }

    /// Spacing −50 against lines 10 thick: the advance would be −40; lines stack at y 0.
    @Test func neverMovesALineAboveTheOneBefore() throws {
        var configuration = FlowLayoutConfiguration()
        configuration.itemSize = Size(width: 100, height: 10)
        configuration.minimumLineSpacing = -50
        let layout = FlowLayout(configuration: configuration)
        try layout.prepare(in: context(width: 320, count: 4))
        expectEqual(
            try layout.allLayoutAttributes(context: context(width: 320, count: 4)).map(\.frame.y), [0, 0, 0, 0])
        expectEqual(layout.collectionViewContentSize, Size(width: 320, height: 10))
    }

    /// Flow path, D = 100: a 100×100 item, then a 100×10 one on its own line. Line 2 starts
    /// at 100 − 50 = 50; the content ends at line 1's far edge, 100, not at line 2's (60).
    @Test func contentReachesTheThickestOverlappingLine() throws {
        var configuration = FlowLayoutConfiguration()
        configuration.minimumLineSpacing = -50
        let delegate = Sizes([Size(width: 100, height: 100), Size(width: 100, height: 10)])
        let layout = FlowLayout(configuration: configuration, delegate: delegate)
        try layout.prepare(in: context(width: 100, count: 2))
        expect(
            try layout.allLayoutAttributes(context: context(width: 100, count: 2)).map(\.frame) == [
                Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 0, y: 50, width: 100, height: 10),
            ])
        expectEqual(layout.collectionViewContentSize, Size(width: 100, height: 100))
    }
}

@Suite("Rect intersection (CGRectIntersectsRect)")
struct RectIntersectionTests {
    @Test func emptyRectsIntersectNothing() {
        let big = Rect(x: 0, y: 0, width: 100, height: 100)
        expect(!Rect(x: 5, y: 5, width: 10, height: 0).intersects(big))
        expect(!Rect(x: 5, y: 5, width: 0, height: 10).intersects(big))
        expect(!big.intersects(Rect(x: 5, y: 5, width: 0, height: 0)))
        expect(!Rect(x: 100, y: 0, width: 10, height: 10).intersects(big))  // touching edges
        expect(Rect(x: 99, y: 99, width: 10, height: 10).intersects(big))
    }
}

/// Found by the flow fuzzer: insets of −5 around an empty section took −10 points, and the
/// content size went negative. A section takes at least no room: 0 high here.
@Suite("Flow layout: negative insets")
struct NegativeInsetFlowTests {
    @Test func anEmptySectionWithNegativeInsetsTakesNoRoom() throws {
        var configuration = FlowLayoutConfiguration()
        configuration.sectionInset = EdgeInsets(top: -5, left: 0, bottom: -5, right: 0)
        let flow = FlowLayout(configuration: configuration)
        let context = CollectionContext(
            bounds: Rect(x: 0, y: 0, width: 375, height: 667), data: CollectionData(counts: [0, 1]))
        try flow.prepare(in: context)
        // Section 0 ends where it starts (0). Section 1: its item at 0 − 5 = −5, 50 high, then
        // the bottom inset: −5 + 50 − 5 = 40.
        expectEqual(flow.collectionViewContentSize, Size(width: 375, height: 40))
        expectEqual(try flow.allLayoutAttributes(context: context).map(\.frame.y), [-5])
    }
}
