import Foundation
import LayoutEngine
import TestExpectations
import Testing

/// Thirty preferred widths, 60 to 120 in steps of 10, repeating. (Typed step by step: the
/// literal arithmetic inside one `map` closure took the type checker half a second.)
private let manyWidths: [Double] = (0..<30).map { (index: Int) -> Double in
    let step: Int = index % 7
    return Double(60 + 10 * step)
}

/// raggy.lua on inline data: one section of `{"width": w}` items (a "padding" where given),
/// in a 400×`height` viewport.
private func raggyExample(
    widths: [Double], padding: [Int: Double] = [:], height: Double = 300,
    state: [String: LayoutValue] = [:], seed: Int = 0
) throws -> Example {
    var example = try Example("raggy.lua", width: 400, height: height, counts: [0], state: state, seed: seed)
    let items = widths.enumerated().map { index, width -> LayoutValue in
        var fields: [String: LayoutValue] = ["width": .number(width)]
        if let pad = padding[index] { fields["padding"] = .number(pad) }
        return .object(fields)
    }
    example.context.data = CollectionData(sections: [.init(items: items)])
    try example.layout.prepare(in: example.context)
    return example
}

/// The widths most tests use; their sums are easy to follow by hand.
private let widths: [Double] = [120, 80, 100, 50, 60, 40, 70, 30]

@Suite("Example: raggy.lua")
struct RaggyExampleTests {
    /// Height 300, 3 rows → each row 100 high, rows at y = 0, 100, 200. Right edges start at
    /// [0, 0, 0]; each item takes the smallest edge (ties → the lowest row):
    ///   0 (120): tie of three → row 0 at x 0   → edges [120, 0, 0]
    ///   1 (80):  tie rows 1, 2 → row 1 at x 0  → [120, 80, 0]
    ///   2 (100): row 2 at x 0                  → [120, 80, 100]
    ///   3 (50):  row 1 at x 80                 → [120, 130, 100]
    ///   4 (60):  row 2 at x 100                → [120, 130, 160]
    ///   5 (40):  row 0 at x 120                → [160, 130, 160]
    ///   6 (70):  row 1 at x 130                → [160, 200, 160]
    ///   7 (30):  tie rows 0, 2 at 160 → row 0  → [190, 200, 160]
    /// Content size = (largest edge 200, height 300).
    @Test func itemsGoToTheShortestRow() throws {
        let example = try raggyExample(widths: widths)
        let expected = [
            Rect(x: 0, y: 0, width: 120, height: 100), Rect(x: 0, y: 100, width: 80, height: 100),
            Rect(x: 0, y: 200, width: 100, height: 100), Rect(x: 80, y: 100, width: 50, height: 100),
            Rect(x: 100, y: 200, width: 60, height: 100), Rect(x: 120, y: 0, width: 40, height: 100),
            Rect(x: 130, y: 100, width: 70, height: 100), Rect(x: 160, y: 0, width: 30, height: 100),
        ]
        expectEqual(try example.all().map(\.frame), expected)
        expectEqual(example.contentSize, Size(width: 200, height: 300))
    }

    /// rows = 2 → rows 150 high at y = 0, 150; edges [0, 0]:
    ///   0 (120) row 0 x 0 → [120, 0];   1 (80) row 1 x 0 → [120, 80];   2 (100) row 1 x 80 → [120, 180]
    ///   3 (50) row 0 x 120 → [170, 180]; 4 (60) row 0 x 170 → [230, 180]; 5 (40) row 1 x 180 → [230, 220]
    ///   6 (70) row 1 x 220 → [230, 290]; 7 (30) row 0 x 230 → [260, 290]. Content (290, 300).
    /// rows = 1 → one 300-high row, x = running sums 0, 120, 200, 300, 350, 410, 450, 520;
    /// content (550, 300). rows = 0 is clamped to 1 (no division by zero).
    @Test func rowsComeFromState() throws {
        let two = try raggyExample(widths: widths, state: ["rows": .number(2)])
        let xs2: [Double] = [0, 0, 80, 120, 170, 180, 220, 230]
        let ys2: [Double] = [0, 150, 150, 0, 0, 150, 150, 0]
        let expected2 = (0..<8).map { Rect(x: xs2[$0], y: ys2[$0], width: widths[$0], height: 150) }
        expectEqual(try two.all().map(\.frame), expected2)
        expectEqual(two.contentSize, Size(width: 290, height: 300))

        let xs1: [Double] = [0, 120, 200, 300, 350, 410, 450, 520]
        let expected1 = (0..<8).map { Rect(x: xs1[$0], y: 0, width: widths[$0], height: 300) }
        for rows in [1.0, 0.0] {
            let one = try raggyExample(widths: widths, state: ["rows": .number(rows)])
            expectEqual(try one.all().map(\.frame), expected1, "rows = \(rows)")
            expectEqual(one.contentSize, Size(width: 550, height: 300), "rows = \(rows)")
        }
    }

    /// Padding 10 on item 0 (stored frame 0,0,120×100) returns (10, 10, 100×80); padding 5 on
    /// item 6 (130,100,70×100) returns (135, 105, 60×90). The row edges do not move — item 5
    /// still starts at 120, item 7 at 160 — and the content stays (200, 300). A rect touching
    /// only item 0's padded-away margin (0,0,5×5 and 115,95,5×5) still returns it, because
    /// membership is decided on the stored frame.
    @Test func paddingShrinksOnlyTheReturnedFrame() throws {
        let example = try raggyExample(widths: widths, padding: [0: 10, 6: 5])
        expectEqual(try example.cell(0, 0)?.frame, Rect(x: 10, y: 10, width: 100, height: 80))
        expectEqual(try example.cell(0, 6)?.frame, Rect(x: 135, y: 105, width: 60, height: 90))
        expectEqual(try example.cell(0, 5)?.frame, Rect(x: 120, y: 0, width: 40, height: 100))
        expectEqual(try example.cell(0, 7)?.frame, Rect(x: 160, y: 0, width: 30, height: 100))
        expectEqual(example.contentSize, Size(width: 200, height: 300))

        let corner = try example.elements(in: Rect(x: 0, y: 0, width: 5, height: 5))
        expectEqual(corner.map(\.indexPath), [LayoutIndexPath(0, 0)])
        expect(
            corner.first?.frame == Rect(x: 10, y: 10, width: 100, height: 80), "the query returns the padded frame too")
        let farCorner = try example.elements(in: Rect(x: 115, y: 95, width: 5, height: 5))
        expectEqual(farCorner.map(\.indexPath), [LayoutIndexPath(0, 0)])
    }

    /// The shipped data, bounds 1024×600 → rows of 200. Items 0–2 (160, 90, 120) open rows
    /// 0, 1, 2; item 3 (200, padding 8) takes row 1 (edge 90): stored (90, 200, 200×200),
    /// returned (98, 208, 184×184).
    @Test func shippedDataPadsItsItems() throws {
        let example = try Example("raggy.lua", width: 1024, height: 600, data: "raggy.json")
        expectEqual(try example.cell(0, 1)?.frame, Rect(x: 0, y: 200, width: 90, height: 200))
        expectEqual(try example.cell(0, 3)?.frame, Rect(x: 98, y: 208, width: 184, height: 184))
        expect(
            try example.elements(in: Rect(x: 90, y: 200, width: 4, height: 4)).map(\.indexPath) == [
                LayoutIndexPath(0, 3)
            ])
    }

    /// Ragged mode draws from math.random, which the engine seeds before every prepare: the
    /// same seed gives the same frames after an invalidation and in a second layout; another
    /// seed gives other frames.
    @Test func raggedIsSeeded() throws {
        let many = manyWidths
        let ragged: [String: LayoutValue] = ["ragged": .bool(true)]
        let first = try raggyExample(widths: many, state: ragged, seed: 7)
        let frames = try first.all().map(\.frame)
        try first.layout.prepare(in: first.context)
        expectEqual(try first.all().map(\.frame), frames, "stable across invalidations")
        expectEqual(try raggyExample(widths: many, state: ragged, seed: 7).all().map(\.frame), frames)
        expect(try raggyExample(widths: many, state: ragged, seed: 8).all().map(\.frame) != frames)
        expect(try raggyExample(widths: many, seed: 7).all().map(\.frame) != frames, "ragged is off by default")
    }

    /// Rows of 100 (height 300). In ragged mode the script's constants are var = 30, extra = 40:
    /// - row 0 (y < 100): y = space, height = 100 − space;
    /// - row 2 (y ≥ 200): y = 200, height = 100 − space;
    /// - row 1: untouched (y = 100, height 100, the preferred width);
    /// where space ∈ [0, 29] for the 1st, 3rd, … item of the row and [40, 69] for the 2nd,
    /// 4th, … (tall/short alternate). Trimmed widths keep the aspect: w / h = preferred / 100.
    /// Each row stays packed (an item starts at the previous one's right edge), and the
    /// content width is the largest right edge.
    @Test func raggedTrimsOnlyTheOuterRowsAndKeepsTheAspect() throws {
        let many = manyWidths
        let example = try raggyExample(widths: many, state: ["ragged": .bool(true)], seed: 3)
        let cells = try example.all()
        var rows: [[LayoutAttributes]] = [[], [], []]
        for cell in cells {
            let preferred = many[cell.indexPath.item]
            let frame = cell.frame
            if frame.y < 100 {
                rows[0].append(cell)
                expectEqual(frame.height, 100 - frame.y, "\(cell.indexPath): trimmed at the top")
            } else if frame.y < 200 {
                rows[1].append(cell)
                expect(
                    frame.y == 100 && frame.height == 100 && frame.width == preferred, "\(cell.indexPath): untouched")
                continue
            } else {
                rows[2].append(cell)
                expect(frame.y == 200 && frame.height <= 100, "\(cell.indexPath): trimmed at the bottom")
            }
            expect(abs(frame.width / frame.height - preferred / 100) < 1e-12, "\(cell.indexPath): aspect kept")
        }
        expect(rows.allSatisfy { $0.count >= 5 }, "every row is used")

        var widest = 0.0
        for (index, row) in rows.enumerated() {
            var edge = 0.0
            for (k, cell) in row.sorted(by: { $0.frame.x < $1.frame.x }).enumerated() {
                expectEqual(cell.frame.x, edge, "row \(index) is packed")
                edge = cell.frame.maxX
                guard index != 1 else { continue }
                let space = 100 - cell.frame.height
                expectEqual(space, space.rounded(), "whole points from math.random")
                let range: ClosedRange<Double> = k % 2 == 0 ? 0...29 : 40...69
                expect(range.contains(space), "row \(index), item \(k) of the row: space \(space)")
            }
            widest = max(widest, edge)
        }
        expectEqual(example.contentSize, Size(width: widest, height: 300))
    }
}
