import LayoutEngine
import TestExpectations
import Testing

/// section-backgrounds.lua, 375 wide, sections of 5 and 2 items 105×60. Lines are 375 − 20 − 20
/// = 335 wide: ⌊(335 + 10) / (105 + 10)⌋ = 3 columns, the spare 335 − 315 = 20 spread over 2
/// gaps of 10, so x 20, 135, 250. Section 0: header y 0–30, cells from 30 + 20 = 50, lines 70
/// apart (items 3, 4 at y 120), the lines reach 50 + 70 + 60 = 180, the section ends at
/// 180 + 20 = 200. Section 1: header 200–230, cells at y 250, it ends at 250 + 60 + 20 = 330.
@Suite("Example: section-backgrounds.lua")
struct SectionBackgroundsExampleTests {
    private func example() throws -> Example {
        try Example("section-backgrounds.lua", width: 375, height: 400, counts: [5, 2])
    }

    /// A background per section, 10 around its cells across the content's width less 10 a
    /// side: section 0 from 50 − 10 = 40 to 180 + 10 = 190 → (10, 40, 355, 150); section 1 from
    /// 240 to 320 → (10, 240, 355, 80); both at zIndex −1, behind the cells.
    @Test func aBackgroundBehindEachSection() throws {
        let example = try example()
        let backgrounds = try example.all().filter { $0.category == .decoration }
        expectEqual(backgrounds.map(\.key), [.decoration("background", 0, 0), .decoration("background", 1, 0)])
        expect(
            backgrounds.map(\.frame) == [
                Rect(x: 10, y: 40, width: 355, height: 150), Rect(x: 10, y: 240, width: 355, height: 80),
            ])
        expectEqual(backgrounds.map(\.zIndex), [-1, -1])
        // The flow's own elements are untouched: 7 cells and 2 headers, the content 375 × 330.
        expectEqual(try example.all().count, 7 + 2 + 2)
        expectEqual(example.contentSize, Size(width: 375, height: 330))
    }

    /// Stored and indexed like the flow's elements: a rect query of y 245–247 meets only section
    /// 1's background (its header ends at 230, its cells start at 250); the single query finds it.
    @Test func backgroundsAnswerEveryQuery() throws {
        let example = try example()
        expect(
            try example.elements(in: Rect(x: 0, y: 245, width: 375, height: 2)).map(\.key) == [
                .decoration("background", 1, 0)
            ])
        expect(
            try example.layout.layoutAttributesForDecorationView(
                ofKind: "background", at: LayoutIndexPath(1, 0), context: example.context)?.frame
                == Rect(x: 10, y: 240, width: 355, height: 80))
    }
}
