import LayoutEngine
import TestExpectations
import Testing

@Suite("Example: compositional/video-sessions.lua")
struct CompositionalVideoSessionsExampleTests {
    /// video-sessions.json: four categories of 5, 4, 6 and 3 videos.
    static let counts = [5, 4, 6, 3]

    /// The note's worked example, 375 @2x: effective width 375 ≤ 500, so the group is
    /// 0.85 × 375 = 318.75 → 318.5 (modern rounding floors to the pixel grid) by 250; section
    /// insets (0, 20, 0, 20) and 20 between groups: x = 20 + 338.5g. The title (estimated 44)
    /// follows the insets: (20, t, 335, 44); cards at y = t + 44. Each section is 44 + 250 = 294
    /// tall and sections are 20 apart: t = 314s; content 3·314 + 294 = 1236.
    @Test func cardsRunSidewaysUnderTheirTitles() throws {
        let example = try Example.compositional("video-sessions.lua", data: "video-sessions.json")
        expectFrames(
            try example.cells(),
            Self.counts.indices.flatMap { s in
                framesOf(section: s, count: Self.counts[s]) { g in
                    rect(20 + 338.5 * Double(g), 314 * Double(s) + 44, 318.5, 250)
                }
            })
        let titles = try example.supplementaries("title")
        expectFrames(titles, (0..<4).map { (LayoutIndexPath($0, 0), rect(20, 314 * Double($0), 335, 44)) })
        expect(
            titles.map(\.custom["label"])
                == ["Getting Started", "Collections", "Graphics and Media", "Accessibility"].map { .string($0) })
        expectEqual(try example.cell(1, 0)?.custom["label"], .string("Compositional Layouts"))
        expectEqual(example.contentSize, Size(width: 375, height: 1236))
    }

    /// 1024 wide @2x: effective width 1024 > 500, so 0.425 × 1024 = 435.2 → ⌊870.4⌋/2 = 435;
    /// cards at x = 20 + 455g; the title is 1024 − 40 = 984 wide.
    @Test func aWideScreenShowsTwoCardsAndMore() throws {
        let example = try Example.compositional(
            "video-sessions.lua", width: 1024, height: 768, data: "video-sessions.json")
        expectEqual(try example.cell(2, 3)?.frame, rect(20 + 455 * 3, 628 + 44, 435, 250))
        expectEqual(try example.supplementaries("title").first?.frame, rect(20, 0, 984, 44))
    }
}
