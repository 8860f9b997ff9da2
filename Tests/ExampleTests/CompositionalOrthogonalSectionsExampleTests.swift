import LayoutEngine
import TestExpectations
import Testing

@Suite("Example: compositional/orthogonal-sections.lua")
struct CompositionalOrthogonalSectionsExampleTests {
    /// 375×667 @2x, three sections of 9. An orthogonal section resolves fractionalWidth against
    /// the full width: the group is 0.85 × 375 = 318.75 → ⌊637.5⌋/2 = 318.5 wide and 266.5 high
    /// (0.4 × 667, floored). Inside it: leading item 0.7 × 318.5 = 222.95 → ⌊445.9⌋/2 = 222.5;
    /// trailing group 0.3 × 318.5 = 95.55 → ⌊191.1⌋/2 = 95.5 at x = 222.5 (222.5 + 95.5 = 318
    /// fits in 318.5). Groups repeat sideways at x = g·318.5 (no insets, no spacing); each
    /// section is one group high, at y = 266.5·s: content 375 × 799.5 (a vertical layout's
    /// content is as wide as its container, whatever the sections' widths). Reported frames are
    /// unscrolled.
    @Test func groupsRunSidewaysOneRowPerSection() throws {
        let example = try Example.compositional("orthogonal-sections.lua", counts: [9, 9, 9])
        let expected = (0..<3).flatMap { s in
            (0..<3).flatMap { g in
                nestedGroupCells(x: 318.5 * Double(g), y: 266.5 * Double(s), leading: 222.5, trailing: 95.5)
            }.enumerated().map { (LayoutIndexPath(s, $0.offset), $0.element) }
        }
        expectFrames(try example.cells(), expected)
        expectEqual(example.contentSize, Size(width: 375, height: 799.5))
    }
}
