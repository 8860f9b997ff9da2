import LayoutEngine
import TestExpectations
import Testing

@Suite("Example: compositional/two-column-grid.lua")
struct CompositionalTwoColumnGridExampleTests {
    /// The note's worked example @2x: section insets (0, 10, 0, 10) leave 375 − 20 = 355 across,
    /// so the group is 355 × 44 at x = 10. `subitem, count = 2` resizes the item to half the
    /// group; with a fixed spacing of 10 the spacing re-solve gives (355 − 10) / 2 = 172.5 each
    /// (on the pixel grid). Columns at x = 10 and 10 + 172.5 + 10 = 192.5; rows every
    /// 44 + 10 = 54. 94 items → 47 rows → content height 47·44 + 46·10 = 2528.
    @Test func twoColumnsTenPointsApart() throws {
        let example = try Example.compositional("two-column-grid.lua", counts: [94])
        expectFrames(
            try example.cells(),
            framesOf(section: 0, count: 94) { item in
                let (c, r) = cell(item, columns: 2)
                return rect(10 + 182.5 * c, 54 * r, 172.5, 44)
            })
        expectEqual(example.contentSize, Size(width: 375, height: 2528))
    }

    /// An odd count: the last row is a partial group of one, at the leading column; 5 items →
    /// 3 rows → 3·44 + 2·10 = 152.
    @Test func aPartialLastRowKeepsItsColumn() throws {
        let example = try Example.compositional("two-column-grid.lua", counts: [5])
        expectEqual(try example.cell(0, 4)?.frame, rect(10, 108, 172.5, 44))
        expectEqual(example.contentSize, Size(width: 375, height: 152))
    }
}
