import Foundation
import LayoutEngine
import TestExpectations
import Testing

/// table.lua at 320×480 with 20 rows: a vertical flow with a 40-high header, rows of
/// (bounds width)×44 and line spacing 1. One full-width item per line (k = 1) is centred:
/// x = (320 − 320)/2 = 0. The header occupies [0, 40); row i starts at 40 + 45·i and ends
/// at 84 + 45·i, leaving the 1-point separator [84 + 45·i, 85 + 45·i) empty.
@Suite("Example: table.lua")
struct TableExampleTests {
    static func row(_ item: Int, width: Double = 320) -> Rect {
        Rect(x: 0, y: 40 + 45 * Double(item), width: width, height: 44)
    }

    static func table(rows: Int = 20) throws -> Example {
        try Example("table.lua", width: 320, height: 480, counts: [rows])
    }

    @Test func rowsAreFullWidthAndOneSeparatorApart() throws {
        let example = try Self.table()
        let all = try example.all()
        // Cells first (in index-path order), then the header.
        expectEqual(all.count, 21)
        expectEqual(all.prefix(20).map(\.frame), (0..<20).map { Self.row($0) })
        // Row 0 at 40, row 1 at 85 = 40 + 44 + 1, row 19 at 40 + 45·19 = 895.
        expectEqual(try example.cell(0, 1)?.frame, Rect(x: 0, y: 85, width: 320, height: 44))
        expectEqual(try example.cell(0, 19)?.frame, Rect(x: 0, y: 895, width: 320, height: 44))

        let header = try require(all.last)
        expect(
            header.category == .supplementary && header.kind == "header" && header.indexPath == LayoutIndexPath(0, 0))
        expectEqual(header.frame, Rect(x: 0, y: 0, width: 320, height: 40))
        expectEqual(header.zIndex, 10)
        // Height: header 40 + 20 rows·44 + 19 separators = 939 (no spacing after the last row).
        expectEqual(example.contentSize, Size(width: 320, height: 939))
    }

    @Test func rectQueriesReturnExactlyTheRowsTheyCross() throws {
        let example = try Self.table()
        // The viewport (0, 0, 320, 480): the header and rows 0–9 (row 9 spans 445–489, row 10
        // starts at 490).
        let visible = try example.elements(in: Rect(x: 0, y: 0, width: 320, height: 480))
        expectEqual(visible.filter { $0.category == .cell }.map(\.indexPath.item), Array(0...9))
        expectEqual(visible.filter { $0.category == .supplementary }.map(\.kind), ["header"])

        // (0, 129, 320, 496) spans y 129…625: row 1 ends at 129 and row 13 starts at 625, both
        // only touch the rect, so exactly rows 2–12 are returned; the header (ends at 40) is not.
        let scrolled = try example.elements(in: Rect(x: 0, y: 129, width: 320, height: 496))
        expectEqual(scrolled.map(\.indexPath.item), Array(2...12))
        expect(scrolled.allSatisfy { $0.category == .cell })

        // The separator between rows 0 and 1, [84, 85), holds nothing.
        expect(try example.elements(in: Rect(x: 0, y: 84, width: 320, height: 1)).isEmpty)
    }

    /// A refresh appends row 20: after re-preparing with 21 items it sits at 40 + 45·20 = 940,
    /// i.e. right after row 19 (895 + 44) and its separator (+1); the content grows by 45 to 984.
    @Test func anAppendedRowFollowsThePreviousLastRow() throws {
        var example = try Self.table()
        example.context.data = CollectionData(counts: [21])
        try example.layout.prepare(in: example.context)
        let last = try require(try example.cell(0, 20))
        let previous = try require(try example.cell(0, 19))
        expectEqual(last.frame, Rect(x: 0, y: 940, width: 320, height: 44))
        expectEqual(last.frame.minY, previous.frame.maxY + 1)
        expectEqual(example.contentSize, Size(width: 320, height: 984))
        // Earlier rows do not move.
        expectEqual(try example.cell(0, 0)?.frame, Self.row(0))
    }

    /// Rotating to 480×320 changes the width, which invalidates a flow layout; sizeForItem
    /// reads the new bounds, so rows and header become 480 wide at the same heights.
    @Test func rowsFollowTheBoundsWidth() throws {
        var example = try Self.table()
        try example.setBounds(Rect(x: 0, y: 0, width: 480, height: 320))
        expectEqual(try example.cell(0, 3)?.frame, Self.row(3, width: 480))
        expect(
            try example.layout.layoutAttributesForSupplementaryView(
                ofKind: "header", at: LayoutIndexPath(0, 0), context: example.context)?.frame
                == Rect(x: 0, y: 0, width: 480, height: 40))
        expectEqual(example.contentSize, Size(width: 480, height: 939))
    }
}
