import LayoutEngine
import TestExpectations
import Testing

@Suite("Example: compositional/section-background.lua")
struct CompositionalSectionBackgroundExampleTests {
    /// 375 @2x, three sections of 5. Insets 10 all round: rows 355 × 44 at x = 10, from
    /// t + 10 every 44 + 5 = 49; section extent 10 + (5·44 + 4·5) + 10 = 260, so t = 260s and
    /// the content is 780 high. The background covers the section's frame (0, t, 375, 260) inset
    /// 5 by its own insets: (5, t + 5, 365, 250), at [s, 0], zIndex 0; the section's cells are
    /// raised to zIndex 1 above it.
    @Test func eachSectionSitsOnItsBackground() throws {
        let example = try Example.compositional("section-background.lua", counts: [5, 5, 5])
        let cells = try example.cells()
        expectFrames(
            cells,
            (0..<3).flatMap { s in
                framesOf(section: s, count: 5) { r in rect(10, 260 * Double(s) + 10 + 49 * Double(r), 355, 44) }
            })
        expect(cells.allSatisfy { $0.zIndex == 1 })
        let backgrounds = try example.decorations("background")
        expectFrames(backgrounds, (0..<3).map { s in (LayoutIndexPath(s, 0), rect(5, 260 * Double(s) + 5, 365, 250)) })
        expect(backgrounds.allSatisfy { $0.zIndex == 0 })
        expectEqual(example.contentSize, Size(width: 375, height: 780))
    }
}
