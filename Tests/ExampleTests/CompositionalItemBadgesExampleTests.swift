import LayoutEngine
import TestExpectations
import Testing

@Suite("Example: compositional/item-badges.lua")
struct CompositionalItemBadgesExampleTests {
    /// The badge counts in item-badges.json, in item order.
    static let counts = [
        3, 0, 1, 12, 0, 5, 2, 0, 7, 0, 0, 4, 1, 9, 0, 2, 0, 6, 3, 0, 11, 1, 0, 8, 2, 0, 4, 0, 1, 3, 0, 5,
    ]

    static func example() throws -> Example {
        try Example.compositional("item-badges.lua", data: "item-badges.json")
    }

    /// 375 @2x: section insets 20 leave 335; group 335 × (0.2 × 335 = 67) at x = 20, rows at
    /// y = 20 + 67r. Item 0.25 × 335 = 83.75 → ⌊167.5⌋/2 = 83.5 wide, 67 high: boxes at
    /// x = 20 + 83.5c (c = 0…3; a fifth would need 334 + 83.5 > 335.25). Insets 5: cells
    /// (25 + 83.5c, 25 + 67r, 73.5, 57). 32 items → 8 rows: content 20 + 8·67 + 20 = 576.
    @Test func fourColumnsOfInsetCells() throws {
        let example = try Self.example()
        expectFrames(
            try example.cells(),
            framesOf(section: 0, count: 32) { i in
                let (c, r) = cell(i, columns: 4)
                return rect(25 + 83.5 * c, 25 + 67 * r, 73.5, 57)
            })
        expectEqual(example.contentSize, Size(width: 375, height: 576))
    }

    /// Anchor [top, trailing] → (1, 0) on the cell and on the 20×20 badge; fractional offset
    /// (0.3, −0.3) × 20 = (6, −6). Origin = cell.origin + (cell.width, 0) − (20, 0) + (6, −6) =
    /// (cell.maxX − 14, cell.minY − 6): for cell (25 + 83.5c, 25 + 67r, 73.5, 57) that is
    /// (84.5 + 83.5c, 19 + 67r). Item 0's badge: (84.5, 19, 20, 20). Supplementary items have
    /// zIndex 1 by default; the hook labels each with its count and hides the zero ones.
    @Test func badgesOverhangTheTopTrailingCorner() throws {
        let example = try Self.example()
        let badges = try example.supplementaries("badge")
        expectFrames(
            badges,
            framesOf(section: 0, count: 32) { i in
                let (c, r) = cell(i, columns: 4)
                return rect(84.5 + 83.5 * c, 19 + 67 * r, 20, 20)
            })
        for (badge, count) in zip(badges, Self.counts) {
            expectEqual(badge.zIndex, 1)
            expectEqual(badge.custom["label"], .string(String(count)), "\(badge.indexPath)")
            expectEqual(badge.hidden, (count == 0), "\(badge.indexPath)")
        }
    }

    /// Badges do not affect fitting or the content size (checked above) and stick out of their
    /// boxes: a rect query over row 1's top edge strip (y 85…90) meets the row-1 badges
    /// (y 86…106) but no cell (row 0 ends at 82, row 1 starts at 92).
    @Test func badgesAreFoundByRectQueries() throws {
        let example = try Self.example()
        let strip = try example.elements(in: rect(0, 85, 375, 5))
        expect(strip.allSatisfy { $0.kind == "badge" })
        expectEqual(strip.map(\.indexPath.item), [4, 5, 6, 7])
    }
}
