import LayoutEngine
import TestExpectations
import Testing

@Suite("Example: compositional/inset-items-grid.lua")
struct CompositionalInsetItemsGridExampleTests {
    /// As the grid (boxes 75×75 at (75c, 75r), 19 rows for 94 items), but contentInsets 5 shrink
    /// each cell inside its unchanged box: (75c + 5, 75r + 5, 75 − 10, 75 − 10). Insets do not
    /// change fitting, so still 5 a row and content 375 × 1425.
    @Test func cellsAreInsetInTheirBoxes() throws {
        let example = try Example.compositional("inset-items-grid.lua", counts: [94])
        expectFrames(
            try example.cells(),
            framesOf(section: 0, count: 94) { item in
                let (c, r) = cell(item, columns: 5)
                return rect(75 * c + 5, 75 * r + 5, 65, 65)
            })
        expectEqual(example.contentSize, Size(width: 375, height: 1425))
    }
}
