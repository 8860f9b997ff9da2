import LayoutEngine
import TestExpectations
import Testing

@Suite("Example: compositional/distinct-sections.lua")
struct CompositionalDistinctSectionsExampleTests {
    /// 375 wide @2x, three sections of 10. Section insets 20 leave 335 across; each group is
    /// 335 wide at x = 20 and items (made by `subitem, count = n`) are 335/n wide, floored to
    /// the pixel grid; every cell is inset 2 in its box. No inter-group or inter-section spacing.
    ///
    /// - Section 0 (list, n = 1): groups 44 high at y = 20 + 44r (top inset 20); boxes 335 × 44;
    ///   cells (22, 22 + 44r, 331, 40). Extent 20 + 10·44 + 20 = 480.
    /// - Section 1 (n = 5): group height 0.2 × 335 = 67; items 335/5 = 67 at x = 20 + 67c; two
    ///   rows at y = 480 + 20 + 67r; cells (22 + 67c, 502 + 67r, 63, 63). Extent
    ///   20 + 2·67 + 20 = 174, so it ends at 654.
    /// - Section 2 (n = 3): items 335/3 = 111.67 → ⌊223.33⌋/2 = 111.5 at x = 20 + 111.5c (the
    ///   half point left over stays at the trailing end); four rows (3, 3, 3, 1) at
    ///   y = 654 + 20 + 67r; cells (22 + 111.5c, 676 + 67r, 107.5, 63). Extent
    ///   20 + 4·67 + 20 = 308: content height 654 + 308 = 962.
    static let phoneFrames: [(LayoutIndexPath, Rect)] = {
        var frames = framesOf(section: 0, count: 10) { r in rect(22, 22 + 44 * Double(r), 331, 40) }
        frames += framesOf(section: 1, count: 10) { i in
            let (c, r) = cell(i, columns: 5)
            return rect(22 + 67 * c, 502 + 67 * r, 63, 63)
        }
        frames += framesOf(section: 2, count: 10) { i in
            let (c, r) = cell(i, columns: 3)
            return rect(22 + 111.5 * c, 676 + 67 * r, 107.5, 63)
        }
        return frames
    }()

    @Test func aListThenFiveColumnsThenThree() throws {
        let example = try Example.compositional("distinct-sections.lua", counts: [10, 10, 10])
        expectFrames(try example.cells(), Self.phoneFrames)
        expectEqual(example.contentSize, Size(width: 375, height: 962))
    }

    /// The kinds repeat: section 3 is a list again, starting at 962 + 20 (top inset): its
    /// first cell at (22, 984, 331, 40); one row makes the section 20 + 44 + 20 = 84 tall.
    @Test func kindsRepeatEveryThreeSections() throws {
        let example = try Example.compositional("distinct-sections.lua", counts: [10, 10, 10, 1])
        expectEqual(try example.cell(3, 0)?.frame, rect(22, 984, 331, 40))
        expectEqual(example.contentSize, Size(width: 375, height: 1046))
    }
}
