import LayoutEngine
import TestExpectations
import Testing

@Suite("Example: compositional/list.lua")
struct CompositionalListExampleTests {
    /// 375×667 @2x, 94 items. The section container is 375 wide (no safe area, no section
    /// insets); the group is 1.0 × 375 = 375 by 44 and its item 1.0 × 375 by 1.0 × 44. The
    /// fill loop takes one 375-point item (a second: 0 − 375 < −0.25, stop), so every group holds
    /// one item and item i is group i, at y = 44·i with no inter-group spacing. Content:
    /// 375 × 94·44 = 4136.
    @Test func rowsStackFullWidth() throws {
        let example = try Example.compositional("list.lua", counts: [94])
        expectFrames(try example.cells(), framesOf(section: 0, count: 94) { rect(0, 44 * Double($0), 375, 44) })
        expectEqual(example.contentSize, Size(width: 375, height: 4136))
    }

    /// The viewport at y = 440…1107 meets rows whose [44i, 44i + 44) crosses it: row 9 ends at
    /// 440 (touching only), so rows 10 (440…484) to 25 (1100…1144).
    @Test func theViewportHoldsItsRows() throws {
        let example = try Example.compositional("list.lua", offset: Point(x: 0, y: 440), counts: [94])
        let visible = try example.elements(in: example.context.bounds)
        expectEqual(visible.map(\.indexPath.item), Array(10...25))
    }
}
