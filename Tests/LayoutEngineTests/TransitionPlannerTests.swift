import LayoutEngine
import TestExpectations
import Testing

@Suite("Layout-to-layout transitions")
struct TransitionPlannerTests {
    private func flow(_ width: Double, _ height: Double) -> FlowLayout {
        var configuration = FlowLayoutConfiguration()
        configuration.itemSize = Size(width: width, height: height)
        return FlowLayout(configuration: configuration)
    }

    /// Grid (100×100 at x = 0, 110, 220) to list (320×50 rows at y = 0, 60, 120), 320 wide.
    /// Item 1 goes from (110, 0, 100, 100) to (0, 60, 320, 50): half way (55, 30, 210, 75).
    @Test func pairedElementsMoveLinearly() throws {
        let context = CollectionContext(
            bounds: Rect(x: 0, y: 0, width: 320, height: 480), data: CollectionData(counts: [3]))
        let plan = try TransitionPlanner.plan(from: flow(100, 100), to: flow(320, 50), context: context)
        expectEqual(plan.contentSizeBefore, Size(width: 320, height: 100))
        expectEqual(plan.contentSizeAfter, Size(width: 320, height: 170))
        expect(plan.entries.allSatisfy { $0.change == .persist })
        let item = plan.entries[1]
        expectEqual(item.attributes(at: 0).frame, Rect(x: 110, y: 0, width: 100, height: 100))
        expectEqual(item.attributes(at: 0.5).frame, Rect(x: 55, y: 30, width: 210, height: 75))
        expectEqual(item.attributes(at: 1).frame, Rect(x: 0, y: 60, width: 320, height: 50))
    }

    /// A header only the second layout has fades in where it ends up.
    @Test func unpairedElementsFade() throws {
        let context = CollectionContext(
            bounds: Rect(x: 0, y: 0, width: 320, height: 480), data: CollectionData(counts: [1]))
        let second = flow(100, 100)
        second.configuration.headerReferenceSize = Size(width: 0, height: 30)
        let plan = try TransitionPlanner.plan(from: flow(100, 100), to: second, context: context)
        let header = try require(plan.entries.first { $0.category == .supplementary })
        expectEqual(header.change, .insert)
        expectEqual(header.attributes(at: 0.5).alpha, 0.5)
        expectEqual(header.attributes(at: 0.5).frame, Rect(x: 0, y: 0, width: 320, height: 30))
        let back = try TransitionPlanner.plan(from: second, to: flow(100, 100), context: context)
        expectEqual(back.entries.first { $0.category == .supplementary }?.change, .delete)
    }
}
