import Foundation
import LayoutEngine
import TestExpectations
import Testing

/// waterfall.json, bounds 340×300, 2 columns: column width (340 − 10 − 10 − 10)/2 = 155,
/// columns at x = 10 and 10 + 155 + 10 = 175. Headers are 40 high, items start 10 below.
@Suite("Example: waterfall.lua")
struct WaterfallExampleTests {
    private func example(offset: Double = 0) throws -> Example {
        try Example("waterfall.lua", width: 340, height: 300, offset: Point(x: 0, y: offset), data: "waterfall.json")
    }

    private func header(_ example: Example, _ section: Int) throws -> LayoutAttributes? {
        try example.layout.layoutAttributesForSupplementaryView(
            ofKind: "header", at: LayoutIndexPath(section, 0), context: example.context)
    }

    /// Section 0 (heights 120 80 100 60 140 90 110 70), columns start at y = 40 + 10 = 50;
    /// "c0/c1" are the next free y of each column (bottom + gap 10):
    ///   0: tie 50/50 → left,  y 50   → 180/50
    ///   1: right is shorter,  y 50   → 180/140
    ///   2: right (140 < 180), y 140  → 180/250
    ///   3: left (180 < 250),  y 180  → 250/250
    ///   4: tie → left,        y 250  → 400/250
    ///   5: right,             y 250  → 400/350
    ///   6: right,             y 350  → 400/470
    ///   7: left (400 < 470),  y 400  → 480/470
    @Test func eachItemGoesToTheShortestColumn() throws {
        let cells = try example().all().filter { $0.category == .cell && $0.indexPath.section == 0 }
        let expected: [(Double, Double, Double)] = [
            (10, 50, 120), (175, 50, 80), (175, 140, 100), (10, 180, 60),
            (10, 250, 140), (175, 250, 90), (175, 350, 110), (10, 400, 70),
        ]
        expectEqual(cells.map(\.frame), expected.map { Rect(x: $0.0, y: $0.1, width: 155, height: $0.2) })
    }

    /// Section 0's lowest item ends at 400 + 70 = 470, the section at 470 + 10 = 480. Section 1
    /// (heights 100 150 80 120 60 90) starts there: header 480–520, columns from 530:
    ///   0: tie → left y 530 → 640/530;  1: right y 530 → 640/690;  2: left y 640 → 730/690;
    ///   3: right y 690 → 730/820;       4: left y 730 → 800/820;   5: left y 800 → 900/820.
    /// Lowest bottom 800 + 90 = 890, section end 900 = content height; width = bounds width.
    @Test func sectionsStackAndSizeTheContent() throws {
        let example = try example()
        expectEqual(example.contentSize, Size(width: 340, height: 900))
        let cells = try example.all().filter { $0.category == .cell && $0.indexPath.section == 1 }
        let expected: [(Double, Double, Double)] = [
            (10, 530, 100), (175, 530, 150), (10, 640, 80), (175, 690, 120), (10, 730, 60), (10, 800, 90),
        ]
        expectEqual(cells.map(\.frame), expected.map { Rect(x: $0.0, y: $0.1, width: 155, height: $0.2) })
    }

    /// No data: every item is 100 high, so ties decide everything and items go round the
    /// columns left to right. 3 columns of (340 − 20 − 20)/3 = 100 at x = 10, 120, 230:
    /// items 0–2 at y 50, item 3 back in the left column at 50 + 100 + 10 = 160. The section
    /// ends at 260 + 10 = 270.
    @Test func tiesGoToTheLeftmostColumn() throws {
        let example = try Example("waterfall.lua", width: 340, height: 300, counts: [4], state: ["columns": .number(3)])
        let frames = try example.all().filter { $0.category == .cell }.map(\.frame)
        expect(
            frames == [
                Rect(x: 10, y: 50, width: 100, height: 100), Rect(x: 120, y: 50, width: 100, height: 100),
                Rect(x: 230, y: 50, width: 100, height: 100), Rect(x: 10, y: 160, width: 100, height: 100),
            ])
        expectEqual(example.contentSize, Size(width: 340, height: 270))
    }

    /// At offset 0 the headers sit at their natural places, full width, 40 high, zIndex 10:
    /// (0, 0) and (0, 480). The viewport [0, 300) meets section 0 only, so only header 0 comes
    /// back with the cells.
    @Test func headersAtTheirNaturalPlaces() throws {
        let example = try example()
        expectEqual(try header(example, 0)?.frame, Rect(x: 0, y: 0, width: 340, height: 40))
        expectEqual(try header(example, 1)?.frame, Rect(x: 0, y: 480, width: 340, height: 40))
        let headers = try example.elements(in: example.context.bounds).filter { $0.category == .supplementary }
        expectEqual(headers.map(\.indexPath), [LayoutIndexPath(0, 0)])
        expectEqual(headers.map(\.zIndex), [10])
        expectEqual(try example.all().filter { $0.kind == "header" }.map(\.zIndex), [10, 10])
    }

    /// Sticky: y = max(natural, viewport top), capped at section end − 40.
    /// Offset 100: header 0 → max(0, min(100, 480 − 40)) = 100, and is returned although its
    ///   natural frame (0–40) is outside the viewport [100, 400); header 1 (section 480–900) is not.
    /// Offset 460: header 0 is pushed up by the next one → min(460, 440) = 440; header 1 stays
    ///   at its natural 480 (the viewport top is above it).
    /// Offset 600: header 1 → 600; section 0 (0–480) is out of [600, 900), so header 0 is not
    ///   returned — the direct query still answers 440.
    @Test func headersStickToTheTopOfTheViewport() throws {
        var example = try example()
        for y in [100.0, 460, 600] {
            let bounds = Rect(x: 0, y: y, width: 340, height: 300)
            expect(try !example.layout.shouldInvalidateLayout(forBoundsChange: bounds, context: example.context))
            try example.setBounds(bounds)
            let headers = try example.elements(in: bounds).filter { $0.category == .supplementary }
            switch y {
            case 100:
                expectEqual(headers.map(\.frame), [Rect(x: 0, y: 100, width: 340, height: 40)])
            case 460:
                expect(
                    headers.map(\.frame) == [
                        Rect(x: 0, y: 440, width: 340, height: 40), Rect(x: 0, y: 480, width: 340, height: 40),
                    ])
            default:
                expectEqual(headers.map(\.indexPath), [LayoutIndexPath(1, 0)])
                expectEqual(headers.map(\.frame), [Rect(x: 0, y: 600, width: 340, height: 40)])
                expectEqual(try header(example, 0)?.frame, Rect(x: 0, y: 440, width: 340, height: 40))
            }
            expect(headers.allSatisfy { $0.zIndex == 10 })
        }
    }
}
