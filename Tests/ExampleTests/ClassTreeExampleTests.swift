import Foundation
import InputFiles
import LayoutEngine
import ScriptLayout
import TestExpectations
import Testing

/// The tree in Examples/class-tree.json (section = depth; children as item indices):
///
///     s0 NSObject ─┬ s1 UIResponder ─────────┬ s2 UIView ─────────┬ s3 UIControl
///                  │                         │                    ├ s3 UIScrollView
///                  │                         │                    └ s3 UILabel
///                  │                         ├ s2 UIViewController ─ s3 UINavigationController
///                  │                         └ s2 UIApplication
///                  ├ s1 UIGestureRecognizer ─┬ s2 UITapGestureRecognizer
///                  │                         └ s2 UIPanGestureRecognizer
///                  └ s1 UIImage
///
/// Rows, deepest first: every s3 node 1; UIView 3, UIViewController 1, the other s2 nodes 1;
/// UIResponder 3+1+1 = 5, UIGestureRecognizer 2, UIImage 1; NSObject 5+2+1 = 8.
/// First rows, top down (parent's row + earlier siblings' rows):
///   s0: NSObject 0
///   s1: UIResponder 0, UIGestureRecognizer 0+5 = 5, UIImage 5+2 = 7
///   s2: UIView 0, UIViewController 3, UIApplication 4 (under UIResponder, row 0);
///       UITap 5, UIPan 6 (under UIGestureRecognizer, row 5)
///   s3: UIControl 0, UIScrollView 1, UILabel 2 (under UIView); UINavigationController 3
/// Cells 100×40, insets 5/5 (T/B) and 10/10 (L/R): column 120 wide, row 50 high;
/// frame (s, r) = (120·s + 10, 50·r + 5, 100, 40).
private let firstRows: [[Int]] = [[0], [0, 5, 7], [0, 3, 4, 5, 6], [0, 1, 2, 3]]

private func cellFrame(_ section: Int, row: Int) -> Rect {
    Rect(x: Double(120 * section + 10), y: Double(50 * row + 5), width: 100, height: 40)
}

/// `[s, i]` and `[[s, i], …]` as the custom attributes hold them.
private func path(_ section: Int, _ item: Int) -> LayoutValue {
    .array([.number(Double(section)), .number(Double(item))])
}

private func paths(_ list: [(Int, Int)]) -> LayoutValue {
    .array(list.map { path($0.0, $0.1) })
}

private func classTree() throws -> Example {
    try Example("class-tree.lua", width: 375, height: 667, data: "class-tree.json")
}

@Suite("Example: class-tree.lua")
struct ClassTreeExampleTests {
    /// Every node at its first row (table above). Content: 4 sections · 120 = 480 wide,
    /// the root's 8 rows · 50 = 400 high.
    @Test func nodesSpanTheirSubtreesRows() throws {
        let example = try classTree()
        var cells = 0
        for (section, rows) in firstRows.enumerated() {
            for (item, row) in rows.enumerated() {
                expectEqual(
                    try example.cell(section, item)?.frame, cellFrame(section, row: row), "(\(section), \(item))")
                cells += 1
            }
        }
        // Spot checks written out: UIGestureRecognizer (1, 1) at row 5, UINavigationController
        // (3, 3) beside its parent UIViewController at row 3, UIPan (2, 4) at row 6.
        expectEqual(try example.cell(1, 1)?.frame, Rect(x: 130, y: 255, width: 100, height: 40))
        expectEqual(try example.cell(3, 3)?.frame, Rect(x: 370, y: 155, width: 100, height: 40))
        expectEqual(try example.cell(2, 4)?.frame, Rect(x: 250, y: 305, width: 100, height: 40))
        expectEqual(try example.all().filter { $0.category == .cell }.count, cells)
        expectEqual(example.contentSize, Size(width: 480, height: 400))
    }

    /// `children` lists the index paths of the next section named by the data; a leaf has an
    /// empty list. `name` is copied from the data.
    @Test func cellsListTheirChildren() throws {
        let example = try classTree()
        expectEqual(try example.cell(0, 0)?.custom["children"], paths([(1, 0), (1, 1), (1, 2)]))
        expectEqual(try example.cell(1, 1)?.custom["children"], paths([(2, 3), (2, 4)]))
        expectEqual(try example.cell(2, 1)?.custom["children"], paths([(3, 3)]))
        expectEqual(try example.cell(1, 2)?.custom["children"], paths([]))
        expectEqual(try example.cell(3, 0)?.custom["children"], paths([]))
        expectEqual(try example.cell(2, 0)?.custom["name"], .string("UIView"))
    }

    /// A connection spans the gap between the columns, from the parent's right edge
    /// (120·(s−1) + 10 + 100 = 120·s − 10) to the child's left edge (120·s + 10): 20 wide.
    /// Vertically it covers the centres' line (centre of row r: 50·r + 25), thickened by 1 on
    /// each side: y = parent centre − 1, height = child centre − parent centre + 2.
    /// - (1, 1) UIGestureRecognizer: parent row 0 (25), own row 5 (275) → (110, 24, 20×252)
    /// - (2, 0) UIView: parent UIResponder row 0, own row 0 → (230, 24, 20×2)
    /// - (2, 4) UIPan: parent row 5 (275), own row 6 (325) → (230, 274, 20×52)
    /// - (3, 3) UINavigationController: parent row 3, own row 3 → (350, 174, 20×2)
    /// - (0, 0) the root: a hidden stub from x 0 to its left edge 10 → (0, 24, 10×2)
    @Test func connectionsJoinParentAndChild() throws {
        let example = try classTree()
        func connection(_ s: Int, _ i: Int) throws -> LayoutAttributes? {
            try example.layout.layoutAttributesForSupplementaryView(
                ofKind: "connection", at: LayoutIndexPath(s, i), context: example.context)
        }
        expectEqual(try connection(1, 1)?.frame, Rect(x: 110, y: 24, width: 20, height: 252))
        expectEqual(try connection(2, 0)?.frame, Rect(x: 230, y: 24, width: 20, height: 2))
        expectEqual(try connection(2, 4)?.frame, Rect(x: 230, y: 274, width: 20, height: 52))
        expectEqual(try connection(3, 3)?.frame, Rect(x: 350, y: 174, width: 20, height: 2))
        expectEqual(try connection(2, 4)?.custom["parent"], path(1, 1))
        expectEqual(try connection(2, 4)?.hidden, false)
        let root = try connection(0, 0)
        expectEqual(root?.frame, Rect(x: 0, y: 24, width: 10, height: 2))
        expectEqual(root?.hidden, true)
        // One per cell: 13 cells, 13 connections.
        let kinds = try example.all().filter { $0.category == .supplementary }.map(\.kind)
        expectEqual(kinds, Array(repeating: "connection", count: 13))
    }

    /// Column 2's cells span x 250…350; the connections beside it end at 250 (section 2's)
    /// and start at 350 (section 3's), and frames only touching the rect do not intersect it.
    /// So the rect (250, 0, 100×400) returns exactly the five cells of section 2.
    /// The gap rect (240, 150, 10×60) covers y 150…210: of section 2's connections
    /// (y ranges 24…26, 24…176, 24…226, 274…276, 274…326) only (2, 1) and (2, 2) reach it.
    @Test func rectQueryFindsOneColumn() throws {
        let example = try classTree()
        let column = try example.elements(in: Rect(x: 250, y: 0, width: 100, height: 400))
        expectEqual(column.map(\.key), (0..<5).map { ElementKey.cell(2, $0) })
        let gap = try example.elements(in: Rect(x: 240, y: 150, width: 10, height: 60))
        expectEqual(gap.map(\.key), [.supplementary("connection", 2, 1), .supplementary("connection", 2, 2)])
    }

    /// Malformed trees stop prepare with an error located in the script: a child index
    /// outside the next section, a child claimed by two parents, a node nobody claims.
    @Test func malformedTreesAreLocatedErrors() throws {
        var example = try classTree()
        let cases: [(String, String)] = [
            (
                #"{"sections": [[{"children": [0, 2]}], [{}, {}]]}"#,
                "item (0, 0): child 2 is not an item of section 1 (0..1)"
            ),
            (
                #"{"sections": [[{"children": [0]}, {"children": [0]}], [{}]]}"#,
                "item (1, 0) is a child of both (0, 0) and (0, 1)"
            ),
            (#"{"sections": [[{"children": [0]}], [{}, {}]]}"#, "item (1, 1) is nobody's child"),
        ]
        for (json, message) in cases {
            example.context.data = try CollectionData(json: JSONDataParser.parse(json))
            let error = #expect(throws: ScriptError.self) { try example.layout.prepare(in: example.context) }
            expectEqual(error?.message.contains("class-tree.lua:"), true, "\(String(describing: error))")
            expectEqual(error?.message.hasSuffix(message), true, "\(String(describing: error))")
        }
    }
}
