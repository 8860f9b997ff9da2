import LayoutEngine
import TestExpectations
import Testing

/// The frames of the nested group (a 0.7-wide item beside a vertical `count = 2` group 0.3
/// wide, every item inset 10) in a group `width` wide and 266.5 high whose origin is (x, y):
/// the group is 0.4 × 667 = 266.8 → ⌊533.6⌋/2 = 266.5 high; the trailing group's items are
/// resized to half its height, 266.5 / 2 = 133.25 → ⌊266.5⌋/2 = 133. Leaves in data order:
/// the big item, then the column's top and bottom.
func nestedGroupCells(x: Double, y: Double, leading: Double, trailing: Double) -> [Rect] {
    [
        rect(x + 10, y + 10, leading - 20, 266.5 - 20),
        rect(x + leading + 10, y + 10, trailing - 20, 133 - 20),
        rect(x + leading + 10, y + 133 + 10, trailing - 20, 133 - 20),
    ]
}

@Suite("Example: compositional/nested-groups.lua")
struct CompositionalNestedGroupsExampleTests {
    /// 375×667 @2x, 30 items. The outer group is 1.0 × 375 wide (section container) and 266.5
    /// high. Leading item 0.7 × 375 = 262.5 by 1.0 × 266.5; trailing group 0.3 × 375 = 112.5 by
    /// 266.5, at x = 262.5 (262.5 + 112.5 = 375 fits). Cells: (10, y + 10, 242.5, 246.5),
    /// (272.5, y + 10, 92.5, 113), (272.5, y + 143, 92.5, 113). Item i is leaf i mod 3 of group
    /// i div 3, at y = 266.5·g; 10 groups → content 375 × 2665.
    @Test func aBigCellBesideTwoSmallOnes() throws {
        let example = try Example.compositional("nested-groups.lua", counts: [30])
        let expected = (0..<10).flatMap { g in
            nestedGroupCells(x: 0, y: 266.5 * Double(g), leading: 262.5, trailing: 112.5)
        }
        expectFrames(try example.cells(), expected.enumerated().map { (LayoutIndexPath(0, $0.offset), $0.element) })
        expectEqual(example.contentSize, Size(width: 375, height: 2665))
    }

    /// A partial last group still takes its whole height: 4 items → 2 groups → 533 high, the
    /// fourth item the big cell of the second group.
    @Test func aPartialGroupTakesItsFullHeight() throws {
        let example = try Example.compositional("nested-groups.lua", counts: [4])
        expectEqual(try example.cell(0, 3)?.frame, rect(10, 276.5, 242.5, 246.5))
        expectEqual(example.contentSize, Size(width: 375, height: 533))
    }
}
