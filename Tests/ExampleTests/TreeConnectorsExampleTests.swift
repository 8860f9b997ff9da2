import LayoutEngine
import TestExpectations
import Testing

/// tree-connectors.lua on tree-connectors.json: NSObject (0, 0) → UIResponder (1, 0), UIImage
/// (1, 1); UIResponder → UIView (2, 0), UIViewController (2, 1). Rows: the leaves 1 each, so
/// UIResponder 2, NSObject 3. First rows: NSObject 0; UIResponder 0, UIImage 0 + 2 = 2; UIView 0,
/// UIViewController 1. A cell at column s, row r is (120s + 10, 50r + 5, 100, 40), its centre
/// at y = 50r + 25.
@Suite("Example: tree-connectors.lua")
struct TreeConnectorsExampleTests {
    private func example() throws -> Example {
        try Example("tree-connectors.lua", width: 400, height: 300, data: "tree-connectors.json")
    }

    @Test func cellsFollowTheRows() throws {
        let cells = try example().all().filter { $0.category == .cell }
        expect(
            cells.map(\.frame) == [
                Rect(x: 10, y: 5, width: 100, height: 40),
                Rect(x: 130, y: 5, width: 100, height: 40), Rect(x: 130, y: 105, width: 100, height: 40),
                Rect(x: 250, y: 5, width: 100, height: 40), Rect(x: 250, y: 55, width: 100, height: 40),
            ])
    }

    /// One line per edge at {depth, parent, child}, from the parent's right edge (x 120s + 110)
    /// 20 across, from the parent's centre − 1 to the child's centre + 1:
    /// [1, 0, 0]: 25 → 25: (110, 24, 20, 2); [1, 0, 1]: 25 → 125: (110, 24, 20, 102);
    /// [2, 0, 0]: (230, 24, 20, 2); [2, 0, 1]: 25 → 75: (230, 24, 20, 52). In path order,
    /// component by component; the hook labelled each from its array index path.
    @Test func linesCarryThreeComponentPaths() throws {
        let lines = try example().all().filter { $0.category == .decoration }
        expect(
            lines.map(\.indexPath.components) == [[1, 0, 0], [1, 0, 1], [2, 0, 0], [2, 0, 1]])
        expect(
            lines.map(\.frame) == [
                Rect(x: 110, y: 24, width: 20, height: 2), Rect(x: 110, y: 24, width: 20, height: 102),
                Rect(x: 230, y: 24, width: 20, height: 2), Rect(x: 230, y: 24, width: 20, height: 52),
            ])
        expectEqual(lines.map { $0.custom["label"] }, ["1:0→0", "1:0→1", "2:0→0", "2:0→1"].map { .string($0) })
    }

    /// The single query finds a deep path; a prefix of it is another element (none here).
    @Test func singleQueriesTakeTheWholePath() throws {
        let example = try example()
        let context = example.context
        expect(
            try example.layout.layoutAttributesForDecorationView(
                ofKind: "line", at: LayoutIndexPath(components: [2, 0, 1]), context: context)?.frame
                == Rect(x: 230, y: 24, width: 20, height: 52))
        expect(
            try example.layout.layoutAttributesForDecorationView(
                ofKind: "line", at: LayoutIndexPath(2, 0), context: context) == nil)
    }
}
