import LayoutEngine
@testable import LayoutOutput
import TestExpectations
import Testing

/// What a failed `expectSnapshot` says, and reading a stored snapshot back.
@Suite("Snapshot diff report")
struct SnapshotDiffReportTests {
    private func snapshot(_ elements: [LayoutAttributes], height: Double = 210) -> LayoutSnapshot {
        LayoutSnapshot(
            bounds: Rect(x: 0, y: 0, width: 320, height: 480), contentSize: Size(width: 320, height: height),
            elements: elements)
    }

    /// Cell 0 shrinks (resized), cell 1 moves 10 right and narrows (both) and fades, cell 2
    /// only fades and gains a label (changed), cell 3 vanishes, the header appears; lines in
    /// output order (cells by index path, then supplementary views), the content size first.
    /// Numbers are rounded to three decimals (1/3 → 0.333, 2/3 → 0.667), unless rounding would
    /// print both sides alike: 0.1 + 0.2 (0.30000000000000004) against 0.3 is shown exactly.
    @Test func framesAreRoundedUnlessThatHidesTheChange() {
        let old = snapshot([
            LayoutAttributes(key: .cell(0, 0), frame: Rect(x: 1.0 / 3, y: 0, width: 10, height: 10)),
            LayoutAttributes(key: .cell(0, 1), frame: Rect(x: 0.1 + 0.2, y: 0, width: 10, height: 10)),
        ])
        let new = snapshot([
            LayoutAttributes(key: .cell(0, 0), frame: Rect(x: 2.0 / 3, y: 0, width: 10, height: 10)),
            LayoutAttributes(key: .cell(0, 1), frame: Rect(x: 0.3, y: 0, width: 10, height: 10)),
        ])
        expect(
            SnapshotDiffReport.describe(from: old, to: new).lines == [
                "moved cell [0, 0]: 0.333,0 10×10 → 0.667,0 10×10",
                "moved cell [0, 1]: 0.30000000000000004,0 10×10 → 0.3,0 10×10",
            ])
    }

    @Test func everyKindOfChange() {
        let old = snapshot([
            LayoutAttributes(key: .cell(0, 0), frame: Rect(x: 0, y: 0, width: 100, height: 100)),
            LayoutAttributes(key: .cell(0, 1), frame: Rect(x: 110, y: 0, width: 100, height: 100)),
            LayoutAttributes(key: .cell(0, 2), frame: Rect(x: 220, y: 0, width: 100, height: 100)),
            LayoutAttributes(key: .cell(0, 3), frame: Rect(x: 0, y: 110, width: 100, height: 100)),
        ])
        let new = snapshot(
            [
                LayoutAttributes(key: .cell(0, 0), frame: Rect(x: 0, y: 0, width: 100, height: 50)),
                LayoutAttributes(key: .cell(0, 1), frame: Rect(x: 120.5, y: 0, width: 90, height: 100), alpha: 0.5),
                LayoutAttributes(
                    key: .cell(0, 2), frame: Rect(x: 220, y: 0, width: 100, height: 100), alpha: 0.5,
                    custom: ["label": .string("C")]),
                LayoutAttributes(key: .supplementary("header", 0, 0), frame: Rect(x: 0, y: 0, width: 320, height: 40)),
            ], height: 100)
        let report = SnapshotDiffReport.describe(from: old, to: new)
        expectEqual(report.summary, "2 moved or resized, 1 changed, 1 appeared, 1 vanished")
        expect(
            report.lines == [
                "content 320×210 → 320×100",
                "resized cell [0, 0]: 0,0 100×100 → 0,0 100×50",
                "moved and resized cell [0, 1]: 110,0 100×100 → 120.5,0 90×100; alpha 1 → 0.5",
                "changed cell [0, 2]: alpha 1 → 0.5, custom.label (none) → \"C\"",
                "vanished cell [0, 3] (was at 0,110 100×100)",
                "appeared supplementary \"header\" [0, 0] at 0,0 320×40",
            ])
    }

    /// 25 cells each moved 1 down: the first 20 lines, then how many more.
    @Test func longReportsAreCut() {
        let old = snapshot(
            (0..<25).map { LayoutAttributes(key: .cell(0, $0), frame: Rect(x: 0, y: Double($0), width: 1, height: 1)) })
        let new = snapshot(
            (0..<25).map {
                LayoutAttributes(key: .cell(0, $0), frame: Rect(x: 0, y: Double($0) + 1, width: 1, height: 1))
            })
        let report = SnapshotDiffReport.describe(from: old, to: new)
        expectEqual(report.lines.count, 21)
        expectEqual(report.lines.first, "moved cell [0, 0]: 0,0 1×1 → 0,1 1×1")
        expectEqual(report.lines.last, "… and 5 more")
    }

    /// The reader gives back exactly what the writer wrote: transforms, custom fields, kinds,
    /// fractional numbers (the writer's shortest decimals read back as the same doubles).
    @Test func theStoredJSONReadsBack() throws {
        var rotated = Transform3D.identity.m
        rotated[0] = 0.9975640502598242
        rotated[1] = 0.0697564737441253
        let original = LayoutSnapshot(
            bounds: Rect(x: 0, y: 12.5, width: 375, height: 667), contentSize: Size(width: 375, height: 1234.0000001),
            elements: [
                LayoutAttributes(
                    key: .cell(0, 1), frame: Rect(x: 0.1, y: 0.2, width: 1 / 3, height: 50),
                    transform3D: Transform3D(rotated),
                    alpha: 0.25, zIndex: -2, hidden: true,
                    custom: ["label": .string("a\"b"), "list": .array([.number(1), .null, .bool(true)])]),
                LayoutAttributes(key: .decoration("background", 1, 0), frame: Rect(x: 0, y: 0, width: 10, height: 10)),
            ])
        let text = JSONLayoutWriter.string(original)
        expectEqual(try JSONLayoutReader.snapshot(from: text), original)
    }

    @Test func aMalformedSnapshotIsLocated() {
        #expect(throws: JSONLayoutReader.ReadError(location: "2:3", message: "expected a string key")) {
            try JSONLayoutReader.snapshot(from: "{\n  bounds: 1}")
        }
        let element = """
            {"bounds": {"x": 0, "y": 0, "width": 1, "height": 1}, "contentSize": {"width": 1, "height": 1},
             "elements": [{"category": "cell", "indexPath": [0, 0], "frame": {"x": 0, "y": 0, "width": 1}, "alpha": 1, "zIndex": 0, "hidden": false}]}
            """
        #expect(throws: JSONLayoutReader.ReadError(location: "elements[0].frame.height", message: "expected a number"))
        {
            try JSONLayoutReader.snapshot(from: element)
        }
    }
}
