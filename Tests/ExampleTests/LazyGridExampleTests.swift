import LayoutEngine
import TestExpectations
import Testing

/// Examples/lazy-grid.lua at 375 wide: 80-point squares 90 apart, (375 + 10) // 90 = 4
/// columns, item i at ((i mod 4) · 90, (i // 4) · 90). Ten million items are 2,500,000 rows:
/// content 375 × (2,500,000 · 90 − 10) = 224,999,990, and prepare places nothing.
@Suite("Example: lazy-grid.lua (10 million items, answered per rect)")
struct LazyGridExampleTests {
    @Test func tenMillionItemsAreAnsweredPerRect() throws {
        let example = try Example(
            "lazy-grid.lua", width: 375, height: 667, offset: Point(x: 0, y: 5_000_000), counts: [10_000_000])
        expectEqual(example.contentSize, Size(width: 375, height: 224_999_990))
        // The viewport y 5,000,000…5,000,667 crosses rows 5,000,000 // 90 = 55,555 (from
        // 4,999,950) to 5,000,667 // 90 = 55,562: 8 rows of 4, items 222,220…222,251.
        let visible = try example.elements(in: example.context.bounds)
        expectEqual(visible.map(\.indexPath.item), Array(222_220...222_251))
        expectEqual(visible.first?.frame, Rect(x: 0, y: 4_999_950, width: 80, height: 80))
        expectEqual(visible.last?.frame, Rect(x: 270, y: 5_000_580, width: 80, height: 80))
        // The last item, 9,999,999: row 2,499,999, column 3.
        expectEqual(try example.cell(0, 9_999_999)?.frame, Rect(x: 270, y: 224_999_910, width: 80, height: 80))
        expect(try example.cell(0, 10_000_000) == nil)
    }
}
