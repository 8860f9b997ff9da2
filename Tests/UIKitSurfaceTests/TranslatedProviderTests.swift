import TestExpectations
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
        expectEqual(frames[0], CGRect(x: 22, y: 22, width: 488, height: 40))
        expectEqual(frames[1], CGRect(x: 514, y: 22, width: 488, height: 40))
        expectEqual(frames[9], CGRect(x: 514, y: 22 + 4 * 44, width: 488, height: 40))
        for k in 0..<10 {
            expectEqual(frames[10 + k], CGRect(x: 22 + 98 * CGFloat(k), y: 282, width: 94, height: 192.5))
        }
    }

    /// 375 wide: 335 between the insets. Section 0 is one column: cells 331 × 40 at x = 22,
    /// every 44, so the section is 20 + 10 · 44 + 20 = 480 high. Section 1 has 5 columns of
    /// 335 / 5 = 67 in a group 0.2 · 335 = 67 high: cells 63 × 63 at x = 22 + 67k, first row at
    /// y = 480 + 20 + 2 = 502, second 67 lower.
    @Test func phoneKeepsTheNarrowColumns() {
        let view = laidOut(layout(), Counts([10, 10, 10]), width: 375, height: 667)
        let frames = cellFrames(view)
        expectEqual(frames[0], CGRect(x: 22, y: 22, width: 331, height: 40))
        expectEqual(frames[9], CGRect(x: 22, y: 22 + 9 * 44, width: 331, height: 40))
        expectEqual(frames[10], CGRect(x: 22, y: 502, width: 63, height: 63))
        expectEqual(frames[14], CGRect(x: 22 + 4 * 67, y: 502, width: 63, height: 63))
        expectEqual(frames[15], CGRect(x: 22, y: 502 + 67, width: 63, height: 63))
    }
}

/// The translated provider of Examples/lists.lua (TranslatedLists.swift), which reads cv: the
/// section count (the last section has a footer) and the host state (the appearance) through
/// the layout the script is given. Frames from docs/lists.md's metrics at 375 points (compact):
/// rows estimated 44, footers 28; plain: no section spacing, header top padding 22, headers 28,
/// the whole width; insetGrouped: section spacing 35, no padding, headers 38.
@Suite("UIKitSurface: a translated provider reading cv")
@MainActor
struct TranslatedListsTests {
    private func supplementaries(_ view: UICollectionView) -> [String: [CGRect]] {
        let all = view.collectionViewLayout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 1e6, height: 1e6))
        var result: [String: [CGRect]] = [:]
        for element in (all ?? []).filter({ $0.representedElementCategory == .supplementaryView })
            .sorted(by: { $0.indexPath.section < $1.indexPath.section })
        {
            result[element.representedElementKind ?? "", default: []].append(element.frame)
        }
        return result
    }

    /// Plain, sections of 3 and 2 rows: section 0's header at 22 (28 high), rows at 50, 94,
    /// 138, the section ends at 182 without a footer; section 1's header at 182 + 22 = 204,
    /// rows at 232 and 276, and its footer (the last section's only) at 320, 28 high.
    @Test func plainFromTheState() {
        let layout = makeTranslatedListsLayout()
        layout.state.appearance = "plain"
        let view = laidOut(layout, Counts([3, 2]), width: 375, height: 667)
        let rows = [50, 94, 138, 232, 276].map { CGRect(x: 0, y: CGFloat($0), width: 375, height: 44) }
        expectEqual(cellFrames(view), rows)
        let elements = supplementaries(view)
        expectEqual(elements["header"]?.map(\.minY), [22, 204])
        expectEqual(elements["header"]?.map(\.height), [28, 28])
        expectEqual(elements["footer"], [CGRect(x: 0, y: 320, width: 375, height: 28)])
    }

    /// No state: the script's default, insetGrouped. Section 0: spacing 35, header 35…73, rows
    /// at 73, 117, 161 (ends 205); section 1: spacing to 240, header to 278, rows at 278 and
    /// 322, footer at 366. A third section moves the footer: only the last section has one.
    @Test func defaultAppearanceAndTheLastSectionsFooter() {
        let view = laidOut(makeTranslatedListsLayout(), Counts([3, 2]), width: 375, height: 667)
        expectEqual(cellFrames(view).map(\.minY), [73, 117, 161, 278, 322])
        expectEqual(supplementaries(view)["footer"]?.map(\.minY), [366])
        let three = laidOut(makeTranslatedListsLayout(), Counts([3, 2, 1]), width: 375, height: 667)
        // Section 1 now ends at 366 (no footer); section 2: 366 + 35 + 38 = 439, its row to 483.
        expectEqual(supplementaries(three)["footer"]?.map(\.minY), [483])
    }
}
