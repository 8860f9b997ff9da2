import Testing

@testable import UIKitSurface

/// The translated section provider of Examples/compositional/adaptive-sections.lua
/// (TranslatedAdaptiveSections.swift) laid out by UIKitSurface at two widths: one closure
/// computes a list and grids of 5 and 3 columns at 375 points, twice the columns past 800.
/// Frames derived by hand from the script's rules and docs/compositional.md (modern rounding:
/// a fractional size is floored to the pixel grid, here @2x).
@Suite("UIKitSurface: a translated section provider")
@MainActor
struct TranslatedProviderTests {
    private func layout() -> UICollectionViewCompositionalLayout { makeTranslatedAdaptiveSectionsLayout() }

    /// 1024 wide: the section insets (20) leave 984. Section 0 (a list, 1 → 2 columns): boxes
    /// 984 / 2 = 492 wide and 44 high, cells inset 2 → 488 × 40 at x = 22 and 514; 10 items are
    /// 5 rows, so the section is 20 + 5 · 44 + 20 = 260 high. Section 1 (5 → 10 columns): boxes
    /// 984 / 10 = 98.4, floored to 98; the group is 0.2 · 984 = 196.8 → 196.5 high; cells
    /// 94 × 192.5 at x = 22 + 98k, y = 260 + 20 + 2 = 282, all ten in one row.
    @Test func wideScreenDoublesTheColumns() {
        let view = laidOut(layout(), Counts([10, 10, 10]), width: 1024, height: 768)
        let frames = cellFrames(view)
        #expect(frames[0] == CGRect(x: 22, y: 22, width: 488, height: 40))
        #expect(frames[1] == CGRect(x: 514, y: 22, width: 488, height: 40))
        #expect(frames[9] == CGRect(x: 514, y: 22 + 4 * 44, width: 488, height: 40))
        for k in 0..<10 {
            #expect(frames[10 + k] == CGRect(x: 22 + 98 * CGFloat(k), y: 282, width: 94, height: 192.5))
        }
    }

    /// 375 wide: 335 between the insets. Section 0 is one column: cells 331 × 40 at x = 22,
    /// every 44, so the section is 20 + 10 · 44 + 20 = 480 high. Section 1 has 5 columns of
    /// 335 / 5 = 67 in a group 0.2 · 335 = 67 high: cells 63 × 63 at x = 22 + 67k, first row at
    /// y = 480 + 20 + 2 = 502, second 67 lower.
    @Test func phoneKeepsTheNarrowColumns() {
        let view = laidOut(layout(), Counts([10, 10, 10]), width: 375, height: 667)
        let frames = cellFrames(view)
        #expect(frames[0] == CGRect(x: 22, y: 22, width: 331, height: 40))
        #expect(frames[9] == CGRect(x: 22, y: 22 + 9 * 44, width: 331, height: 40))
        #expect(frames[10] == CGRect(x: 22, y: 502, width: 63, height: 63))
        #expect(frames[14] == CGRect(x: 22 + 4 * 67, y: 502, width: 63, height: 63))
        #expect(frames[15] == CGRect(x: 22, y: 502 + 67, width: 63, height: 63))
    }
}
