import LayoutEngine
import TestExpectations
import Testing

@Suite("Example: compositional/section-headers-footers.lua")
struct CompositionalSectionHeadersFootersExampleTests {
    /// 375 @2x, five sections of 5. Insets (0, 10, 0, 10): rows 355 × 44 at x = 10, 5 apart.
    /// Header and footer: 1.0 × 355 wide (they follow the section's leading/trailing insets),
    /// at x = 10, estimated 44 high (no preferredSizeForSupplementary: the estimate stands).
    /// Both extend the section: header at its top t, rows from t + 44 every 49, the last ending
    /// at t + 44 + 5·44 + 4·5 = t + 284, where the footer starts; section extent 328, so
    /// t = 328s and the content is 5·328 = 1640 high.
    static func top(_ section: Int) -> Double { 328 * Double(section) }

    @Test func headersAboveAndFootersBelowTheRows() throws {
        let example = try Example.compositional("section-headers-footers.lua", counts: [5, 5, 5, 5, 5])
        expectFrames(
            try example.cells(),
            (0..<5).flatMap { s in
                framesOf(section: s, count: 5) { r in rect(10, Self.top(s) + 44 + 49 * Double(r), 355, 44) }
            })
        let headers = try example.supplementaries("header"), footers = try example.supplementaries("footer")
        expectFrames(headers, (0..<5).map { s in (LayoutIndexPath(s, 0), rect(10, Self.top(s), 355, 44)) })
        expectFrames(footers, (0..<5).map { s in (LayoutIndexPath(s, 0), rect(10, Self.top(s) + 284, 355, 44)) })
        // Boundary supplementaries default to zIndex 1.
        expect((headers + footers).allSatisfy { $0.zIndex == 1 })
        expectEqual(example.contentSize, Size(width: 375, height: 1640))
    }

    /// An empty section keeps its header and footer: 44 + 0 + 44 = 88 tall, its footer right
    /// under its header (sections 0 and 2 of 1 item are 44 + 44 + 44 = 132).
    @Test func anEmptySectionIsItsHeaderAndFooter() throws {
        let example = try Example.compositional("section-headers-footers.lua", counts: [1, 0, 1])
        expectEqual(try example.supplementaries("header").map(\.frame.y), [0, 132, 220])
        expectEqual(try example.supplementaries("footer").map(\.frame.y), [88, 176, 308])
        expectEqual(example.contentSize, Size(width: 375, height: 352))
    }
}
