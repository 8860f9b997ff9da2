import LayoutEngine
import TestExpectations
import Testing

/// Examples/quilt.lua, RFQuiltLayout: blocks of 75 × 75, items inset by 2 on every side.
/// At 320 wide the grid has floor(320 / 75) = 4 columns. quilt.json gives the items' blocks
/// (w × h); "free" lists the first free block of each row after the item is placed.
///
///     item  blocks  place (column, row)                              frame
///      0    2×2    (0, 0): the first free block                     (2, 2, 146, 146)
///      1    1×1    (2, 0)                                           (152, 2, 71, 71)
///      2    1×2    (3, 0): rows 0–1 of column 3 are free            (227, 2, 71, 146)
///      3    1×1    row 0 is full; (2, 1)                            (152, 77, 71, 71)
///      4    2×1    row 1 is full; (0, 2)                            (2, 152, 146, 71)
///      5    1×1    (2, 2)                                           (152, 152, 71, 71)
///      6    3×1    (3, 2) would need columns 3–5: out; (0, 3)       (2, 227, 221, 71)
///      7    1×1    (3, 2), still the first free block               (227, 152, 71, 71)
///      8    2×2    (3, 3) would need column 4: out; (0, 4)          (2, 302, 146, 146)
///      9    1×1    (3, 3) (no data: 1×1)                             (227, 227, 71, 71)
///     10    6×1    wider than the grid: only a first-column place   (2, 452, 446, 71)
///                  whose in-grid blocks are free, row 4 and 5 hold
///                  item 8 in column 0 → (0, 6), overflowing
///     11    1×1    (2, 4), the first free block                     (152, 302, 71, 71)
///
/// The lowest row taken is 6: content (320, 7 · 75 = 525).
@Suite("Example: quilt.lua (RFQuiltLayout)")
struct QuiltExampleTests {
    @Test func eachItemGoesToTheFirstFreePlaceItFits() throws {
        let example = try Example("quilt.lua", width: 320, height: 600, data: "quilt.json")
        let expected: [(Double, Double, Double, Double)] = [
            (2, 2, 146, 146), (152, 2, 71, 71), (227, 2, 71, 146), (152, 77, 71, 71), (2, 152, 146, 71),
            (152, 152, 71, 71), (2, 227, 221, 71), (227, 152, 71, 71), (2, 302, 146, 146), (227, 227, 71, 71),
            (2, 452, 446, 71), (152, 302, 71, 71),
        ]
        let cells = try example.all()
        expectEqual(cells.map(\.indexPath.item), Array(0..<12))
        expectEqual(cells.map(\.frame), expected.map { Rect(x: $0.0, y: $0.1, width: $0.2, height: $0.3) })
        expectEqual(example.contentSize, Size(width: 320, height: 525))
        // Rect queries answer from the prepared store: row 2 (y 150…225) holds items 4, 5 and
        // 7 (item 2 ends at 148, item 6 starts at 227).
        let row2 = try example.elements(in: Rect(x: 0, y: 150, width: 320, height: 75))
        expectEqual(row2.map(\.indexPath.item), [4, 5, 7])
    }

    /// Without data every item is 1 × 1: four a row. 5 items at 320 wide: row 0 full, item 4
    /// at (0, 1); content 2 · 75 = 150. A 100-wide view has floor(100 / 75) = 1 column: items
    /// stack, 5 · 75 = 375 high.
    @Test func plainItemsFillRowsAndANarrowViewHasOneColumn() throws {
        let wide = try Example("quilt.lua", width: 320, height: 600, counts: [5])
        let origins: [(Double, Double)] = [(2, 2), (77, 2), (152, 2), (227, 2), (2, 77)]
        expectEqual(try wide.all().map(\.frame.origin), origins.map { Point(x: $0.0, y: $0.1) })
        expectEqual(wide.contentSize, Size(width: 320, height: 150))
        let narrow = try Example("quilt.lua", width: 100, height: 600, counts: [5])
        expectEqual(try narrow.all().map(\.frame.y), [2, 77, 152, 227, 302])
        expectEqual(narrow.contentSize, Size(width: 100, height: 375))
    }
}
