import LayoutEngine
import TestExpectations
import Testing

/// A delegate that streams its sizes (`streamSizesForItems`) is placed line by line as the
/// chunks arrive; the frames must not depend on where the chunks end.
@Suite("Flow layout: streamed sizes")
struct FlowCellStreamTests {
    final class Streaming: FlowLayoutDelegate {
        let sizes: [Size]
        let chunk: Int
        /// Sizes handed over beyond the section's items (a faulty delegate).
        let extra: Int
        init(_ sizes: [Size], chunk: Int, extra: Int = 0) {
            (self.sizes, self.chunk, self.extra) = (sizes, chunk, extra)
        }

        func streamSizesForItems(
            inSection section: Int, count: Int, context: CollectionContext, consume: (UnsafeBufferPointer<Size>) -> Bool
        ) throws -> Bool {
            let all = sizes + Array(repeating: Size(width: 1, height: 1), count: extra)
            all.withUnsafeBufferPointer { buffer in
                var start = 0
                while start < buffer.count {
                    let end = min(start + chunk, buffer.count)
                    guard consume(UnsafeBufferPointer(rebasing: buffer[start..<end])) else { return }
                    start = end
                }
            }
            return true
        }
    }

    private func frames(_ sizes: [Size], chunk: Int, interitem: Double = 10) throws -> [Rect] {
        var configuration = FlowLayoutConfiguration()
        configuration.minimumInteritemSpacing = interitem
        configuration.minimumLineSpacing = 5
        let layout = FlowLayout(configuration: configuration, delegate: Streaming(sizes, chunk: chunk))
        let context = CollectionContext(
            bounds: Rect(x: 0, y: 0, width: 100, height: 500), data: CollectionData(counts: [sizes.count]))
        try layout.prepare(in: context)
        return try layout.allLayoutAttributes(context: context).map(\.frame)
    }

    private func size(_ width: Double, _ height: Double) -> Size { Size(width: width, height: height) }

    /// D = 100, spacing 10 between items and 5 between lines. 30 + 10 + 30 = 70 fits (left
    /// 100 − 40 − 40 = 20); 30 > 20 opens line 2 (left 60); 50 fits (left 0); 60 opens line 3.
    /// Line 1 justified: gap (100 − 60) / 1 = 40 → x 0, 70; thickness 20, the 10-high item at y 5.
    /// Line 2 at y 20 + 5 = 25: gap (100 − 80) / 1 = 20 → x 0, 50. Line 3 at 25 + 10 + 5 = 40 is
    /// the last: its leftover 100 − 60 = 40 differs from line 2's 100 − 80 − 10 = 10, so it
    /// stays left-aligned at x 0.
    @Test(arguments: [1, 2, 3, 5])
    func linesSpanningChunksPlaceAsOne(chunk: Int) throws {
        let sizes = [size(30, 10), size(30, 20), size(30, 10), size(50, 10), size(60, 10)]
        expect(
            try frames(sizes, chunk: chunk) == [
                Rect(x: 0, y: 5, width: 30, height: 10), Rect(x: 70, y: 0, width: 30, height: 20),
                Rect(x: 0, y: 25, width: 30, height: 10), Rect(x: 50, y: 25, width: 50, height: 10),
                Rect(x: 0, y: 40, width: 60, height: 10),
            ])
    }

    /// Equal sizes are only counted until one differs, then placed on the flow path: 40 + 10 +
    /// 40 fits (left 0), 40 opens line 2 (left 50), 70 > 50 opens line 3. Line 1: gap
    /// (100 − 80) / 1 = 20 → x 0, 60. Line 2 holds one item and is not the last: centred at
    /// (100 − 40) / 2 = 30, y 15. Line 3 (leftover 30, line 2's 60) left-aligned at y 30.
    @Test(arguments: [1, 3, 4])
    func equalSizesThenADifferentOne(chunk: Int) throws {
        let sizes = [size(40, 10), size(40, 10), size(40, 10), size(70, 10)]
        expect(
            try frames(sizes, chunk: chunk) == [
                Rect(x: 0, y: 0, width: 40, height: 10), Rect(x: 60, y: 0, width: 40, height: 10),
                Rect(x: 30, y: 15, width: 40, height: 10), Rect(x: 0, y: 30, width: 70, height: 10),
            ])
    }

    /// Every size equal takes the grid path: k = ⌊(100 + 4) / (30 + 4)⌋ = 3 columns, gap
    /// (100 − 90) / 2 = 5, so columns at x 0, 35, 70; the partial last line keeps the columns
    /// (x 0, 35; the flow path would put its second item at 30 + 4 = 34).
    @Test(arguments: [1, 2, 5])
    func equalSizesTakeTheGridPath(chunk: Int) throws {
        let sizes = Array(repeating: size(30, 10), count: 5)
        expectEqual(try frames(sizes, chunk: chunk, interitem: 4).map(\.x), [0, 35, 70, 0, 35])
    }

    @Test func aBadSizeStopsTheStream() throws {
        let sizes = [size(10, 10), size(10, 10), size(.nan, 10), size(10, 10)]
        #expect(throws: LayoutError("item size for item [0, 2] must be finite and non-negative, got nan×10.0")) {
            try frames(sizes, chunk: 1)
        }
    }

    @Test func moreSizesThanItemsIsAnError() throws {
        let delegate = Streaming([size(10, 10), size(10, 10)], chunk: 1, extra: 1)
        let layout = FlowLayout(delegate: delegate)
        let context = CollectionContext(
            bounds: Rect(x: 0, y: 0, width: 100, height: 500), data: CollectionData(counts: [2]))
        #expect(throws: LayoutError("section 0: 3 item sizes for 2 items")) { try layout.prepare(in: context) }
    }
}
