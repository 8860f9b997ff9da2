import LayoutEngine
import TestExpectations
import Testing

@Suite("Example: compositional/app-store.lua")
struct CompositionalAppStoreExampleTests {
    /// 375×667 @2x, sections of 5 featured cards, 12 app rows and 10 icons.
    static let counts = [5, 12, 10]

    /// Featured (section 0, y 0): orthogonal, so 0.9 of the full width: 337.5 × 300, groups
    /// 10 apart: x = 347.5g (groupPagingCentered reports groupPaging's frames). Section 1
    /// starts 300 + 20 = 320 with its 44-point header inset 16 (343 wide); its pages are
    /// 337.5 × 216 at x = 16 + 347.5p, y = 364, split in three rows of 72 whose cells keep 64
    /// above the 8-point bottom inset: row r at y = 364 + 72r. Section 1 ends at 364 + 216 =
    /// 580; section 2's header sits at 600, its tiles (100 × 130, 12 apart) at y = 644,
    /// x = 16 + 112g; content 644 + 130 = 774 high.
    @Test func featuredCardsAppPagesAndIcons() throws {
        let example = try Example.compositional("app-store.lua", counts: Self.counts)
        let featured = framesOf(section: 0, count: 5) { g in rect(347.5 * Double(g), 0, 337.5, 300) }
        let apps = framesOf(section: 1, count: 12) { i in
            rect(16 + 347.5 * Double(i / 3), 364 + 72 * Double(i % 3), 337.5, 64)
        }
        let icons = framesOf(section: 2, count: 10) { g in rect(16 + 112 * Double(g), 644, 100, 130) }
        expectFrames(try example.cells(), featured + apps + icons)
        expectFrames(
            try example.supplementaries("header"),
            [(LayoutIndexPath(1, 0), rect(16, 320, 343, 44)), (LayoutIndexPath(2, 0), rect(16, 600, 343, 44))])
        expectEqual(example.contentSize, Size(width: 375, height: 774))
    }

    /// A section past the three kinds is empty (the provider returns nil), and spacing is only
    /// charged between sections that have one.
    @Test func aFourthSectionIsEmpty() throws {
        let example = try Example.compositional("app-store.lua", counts: [5, 12, 10, 4])
        expect(try example.cells().filter { $0.indexPath.section == 3 }.isEmpty)
        expectEqual(example.contentSize, Size(width: 375, height: 774))
    }
}
