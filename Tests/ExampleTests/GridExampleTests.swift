import LayoutEngine
import TestExpectations
import Testing

@Suite("Example: grid.lua")
struct GridExampleTests {
    /// Horizontal flow at 768×1024: the line (a column) has A = 1024 − 32 − 32 = 960 points;
    /// k = ⌊(960 + 64) / (128 + 64)⌋ = ⌊5.33⌋ = 5 items, gap = (960 − 5·128) / 4 = 80, so rows sit
    /// at y = 32 + 208·row. Columns advance by 128 + 64 = 192 from x = 32. Item i is in column
    /// i / 5, row i % 5. 100 items → 20 columns: width 32 + 20·128 + 19·64 + 32 = 3840.
    @Test func itemsFillColumnsTopToBottom() throws {
        let example = try Example("grid.lua", width: 768, height: 1024, counts: [100])
        let frames = try example.all().map(\.frame)
        expectEqual(frames.count, 100)
        for (item, frame) in frames.enumerated() {
            let column = Double(item / 5), row = Double(item % 5)
            expectEqual(frame, Rect(x: 32 + 192 * column, y: 32 + 208 * row, width: 128, height: 128), "item \(item)")
        }
        expectEqual(example.contentSize, Size(width: 3840, height: 1024))
    }

    /// The viewport at x 704…1472 meets columns whose x range [32 + 192c, 160 + 192c) crosses it:
    /// c = 3 (608…736) through c = 7 (1376…1504); c = 8 starts at 1568. Items 15…39.
    @Test func theViewportHoldsFiveColumns() throws {
        let example = try Example("grid.lua", width: 768, height: 1024, offset: Point(x: 704, y: 0), counts: [100])
        let visible = try example.elements(in: example.context.bounds)
        expectEqual(visible.map(\.indexPath.item), Array(15...39))
    }
}
