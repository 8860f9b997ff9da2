import LayoutEngine
import TestExpectations
import Testing

@Suite("Example: compositional/adaptive-sections.lua")
struct CompositionalAdaptiveSectionsExampleTests {
    /// On a phone (effective width 375 ≤ 800) the columns are those of distinct-sections.lua:
    /// the same frames.
    @Test func aPhoneHasTheDistinctSectionsColumns() throws {
        let example = try Example.compositional("adaptive-sections.lua", counts: [10, 10, 10])
        expectFrames(try example.cells(), CompositionalDistinctSectionsExampleTests.phoneFrames)
        expectEqual(example.contentSize, Size(width: 375, height: 962))
    }

    /// 1024×768 @2x: effective width 1024 > 800, so 2, 10 and 6 columns. Insets 20 leave 984.
    ///
    /// - Section 0 (n = 2, 44 high): items 984/2 = 492 at x = 20 + 492c; five rows at
    ///   y = 20 + 44r; cells (22 + 492c, 22 + 44r, 488, 40). Extent 20 + 5·44 + 20 = 260.
    /// - Section 1 (n = 10): group height 0.2 × 984 = 196.8 → ⌊393.6⌋/2 = 196.5; items
    ///   984/10 = 98.4 → ⌊196.8⌋/2 = 98 at x = 20 + 98c; one row at y = 260 + 20 = 280; cells
    ///   (22 + 98c, 282, 94, 192.5). Extent 20 + 196.5 + 20 = 236.5: ends at 496.5.
    /// - Section 2 (n = 6): items 984/6 = 164; rows (6, 4) at y = 496.5 + 20 + 196.5r; cells
    ///   (22 + 164c, 518.5 + 196.5r, 160, 192.5). Extent 20 + 2·196.5 + 20 = 433: content height
    ///   496.5 + 433 = 929.5.
    @Test func aWideScreenDoublesTheColumns() throws {
        let example = try Example.compositional(
            "adaptive-sections.lua", width: 1024, height: 768, counts: [10, 10, 10])
        var expected = framesOf(section: 0, count: 10) { i in
            let (c, r) = cell(i, columns: 2)
            return rect(22 + 492 * c, 22 + 44 * r, 488, 40)
        }
        expected += framesOf(section: 1, count: 10) { i in rect(22 + 98 * Double(i), 282, 94, 192.5) }
        expected += framesOf(section: 2, count: 10) { i in
            let (c, r) = cell(i, columns: 6)
            return rect(22 + 164 * c, 518.5 + 196.5 * r, 160, 192.5)
        }
        expectFrames(try example.cells(), expected)
        expectEqual(example.contentSize, Size(width: 1024, height: 929.5))
    }
}
