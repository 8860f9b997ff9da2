import LayoutEngine
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

    private func context(width: Double, height: Double = 500, counts: [Int], offset: Point = .zero) -> CollectionContext {
        CollectionContext(bounds: Rect(origin: offset, size: Size(width: width, height: height)), data: CollectionData(counts: counts))
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
        #expect(frames == [
            Rect(x: 0, y: 5, width: 30, height: 10), Rect(x: 50, y: 0, width: 50, height: 20), Rect(x: 0, y: 30, width: 40, height: 10),
        ])
        #expect(layout.collectionViewContentSize == Size(width: 100, height: 40))
        #expect(delegate.sizeCalls == 1)
        // Queries never go back to the delegate.
        _ = try layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 100, height: 40), context: context)
        _ = try layout.layoutAttributesForItem(at: LayoutIndexPath(0, 1), context: context)
        #expect(delegate.sizeCalls == 1)
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
        #expect(try layout.allLayoutAttributes(context: good).map(\.frame) == [Rect(x: 0, y: 0, width: 10, height: 10)])
        #expect(layout.collectionViewContentSize == Size(width: 100, height: 10))
        #expect(try layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 100, height: 500), context: good) == false)
    }

    @Test func zeroWidthPlacesNothing() throws {
        let layout = FlowLayout()
        let context = context(width: 0, counts: [5])
        try layout.prepare(in: context)
        #expect(try layout.allLayoutAttributes(context: context).isEmpty)
        #expect(layout.collectionViewContentSize == .zero)
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
        #expect(try layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 100, width: 320, height: 500), context: context) == false)
        #expect(try layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 0, width: 400, height: 500), context: context) == true)
        configuration.sectionHeadersPinToVisibleBounds = true
        layout.configuration = configuration
        #expect(try layout.shouldInvalidateLayout(forBoundsChange: Rect(x: 0, y: 100, width: 320, height: 500), context: context) == true)
    }
}
