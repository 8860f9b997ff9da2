import LayoutEngine
import TestExpectations
import Testing

@Suite("Example: compositional/grid.lua")
struct CompositionalGridExampleTests {
    /// The note's worked example: 375 wide @2x, 94 items. Group 1.0 × 375 = 375 wide and
    /// 0.2 × 375 = 75 high (fractionalWidth on the height axis); item 0.2 × 375 = 75 by
    /// 1.0 × 75 = 75 (already on the pixel grid). Fill: 5 × 75 = 375 fits, a sixth would leave
    /// −75 < −0.25, so 5 a row. Item i: column i mod 5 at x = 75·c, row i div 5 at y = 75·r.
    /// ⌈94 / 5⌉ = 19 rows (the last partial group still takes its 75): content 375 × 1425.
    @Test func squareCellsInRowsOfFive() throws {
        let example = try Example.compositional("grid.lua", counts: [94])
        expectFrames(
            try example.cells(),
            framesOf(section: 0, count: 94) { item in
                let (c, r) = cell(item, columns: 5)
                return rect(75 * c, 75 * r, 75, 75)
            })
        expectEqual(example.contentSize, Size(width: 375, height: 1425))
    }

    /// At 320 wide @1x: group 320 × 64, item 0.2 × 320 = 64 (64·1 floors to 64), rows every 64;
    /// 12 items → 3 rows → content 320 × 192.
    @Test func cellsFollowTheWidth() throws {
        let example = try Example("compositional/grid.lua", width: 320, height: 480, counts: [12])
        expectFrames(
            try example.cells(),
            framesOf(section: 0, count: 12) { item in
                let (c, r) = cell(item, columns: 5)
                return rect(64 * c, 64 * r, 64, 64)
            })
        expectEqual(example.contentSize, Size(width: 320, height: 192))
    }
}
