import LayoutEngine
import TestExpectations
import Testing

/// right-to-left.lua, 340 wide, sections of 4 and 2 items 100×50 (spacing 10, inset 10, 40-high
/// headers). Left to right: 340 − 20 = 320 across, ⌊330 / 110⌋ = 3 columns, gaps (320 − 300) / 2
/// = 10, so x 10, 120, 230. Right to left each frame is mirrored across the content width 340:
/// x' = 340 − x − 100 → 230, 120, 10. Section 0: header 0–40, lines at y 50 and 110, the section
/// ends at 110 + 50 + 10 = 170; section 1: header 170–210, its line at 220, the content ends at
/// 220 + 50 + 10 = 280.
@Suite("Example: right-to-left.lua")
struct RightToLeftExampleTests {
    private func example(rtl: Bool = true) throws -> Example {
        var example = try Example("right-to-left.lua", width: 340, height: 300, counts: [4, 2])
        if rtl {
            example.context.layoutDirection = .rightToLeft
            try example.layout.prepare(in: example.context)
        }
        return example
    }

    @Test func linesStartAtTheRight() throws {
        let example = try example()
        let cells = try example.all().filter { $0.category == .cell }
        expect(
            cells.map(\.frame) == [
                Rect(x: 230, y: 50, width: 100, height: 50), Rect(x: 120, y: 50, width: 100, height: 50),
                Rect(x: 10, y: 50, width: 100, height: 50), Rect(x: 230, y: 110, width: 100, height: 50),
                Rect(x: 230, y: 220, width: 100, height: 50), Rect(x: 120, y: 220, width: 100, height: 50),
            ])
        // Full-width headers mirror onto themselves: 340 − 0 − 340 = 0.
        expect(
            try example.all().filter { $0.category == .supplementary }.map(\.frame.x) == [0, 0])
        expectEqual(example.contentSize, Size(width: 340, height: 280))
    }

    /// Rect queries (hit testing asks one) and single queries see the mirrored frames: the
    /// point (300, 60) is in item 0 (230…330), which left to right sat at 10…110.
    @Test func queriesSeeTheMirroredFrames() throws {
        let example = try example()
        expect(
            try example.elements(in: Rect(x: 300, y: 60, width: 1, height: 1)).map(\.key) == [.cell(0, 0)])
        expectEqual(try example.cell(0, 2)?.frame, Rect(x: 10, y: 50, width: 100, height: 50))
        let ltr = try self.example(rtl: false)
        expectEqual(try ltr.cell(0, 0)?.frame, Rect(x: 10, y: 50, width: 100, height: 50))
    }
}
