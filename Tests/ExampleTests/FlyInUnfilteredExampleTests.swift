import LayoutEngine
import ScriptLayout
import TestExpectations
import Testing

/// docs/parity.md §3: the hooks are asked for every element on screen, so the guide's unfiltered
/// fly-in flies every visible cell, and the filtered fly-in.lua only the inserted one.
///
/// 340×480, items 100×100, spacing 10, inset 10: 340 − 20 = 320 across, ⌊330 / 110⌋ = 3
/// columns at x 10, 120, 230 (gaps (320 − 300) / 2 = 10), rows at y = 10 + 110·r. Rows 0–4
/// (y 10 … 450) meet the viewport 0–480, so all 12 cells before and all 13 after inserting 0:2
/// are on screen. The viewport's centre (170, 240) puts a centred 100×100 cell at (120, 190).
@Suite("Example: fly-in-unfiltered.lua")
struct FlyInUnfilteredExampleTests {
    static let centred = Rect(x: 120, y: 190, width: 100, height: 100)

    static func plan(_ example: String) throws -> AnimationPlan {
        let layout = try ScriptLayout(file: repositoryRoot + "/Examples/" + example)
        let old = CollectionContext(
            bounds: Rect(x: 0, y: 0, width: 340, height: 480), data: CollectionData(counts: [12]))
        var new = old
        new.data = CollectionData(counts: [13])
        return try UpdatePlanner.plan(
            layout: layout, old: old, new: new, update: BatchUpdate(insertedItems: [LayoutIndexPath(0, 2)]))
    }

    /// Unfiltered: the inserted cell and the 12 persisting ones all start at the centre, faded
    /// out; each ends at its place after (item 3, old 2, at column 0 of row 1: (10, 120)).
    @Test func everyVisibleCellFliesFromTheCentre() throws {
        let entries = try Self.plan("fly-in-unfiltered.lua").entries.filter { $0.category == .cell }
        expectEqual(entries.count, 13)
        expect(entries.allSatisfy { $0.from.frame == Self.centred && $0.from.alpha == 0 })
        expectEqual(entries.filter { $0.change == .insert }.map(\.indexPathAfter), [LayoutIndexPath(0, 2)])
        expectEqual(entries.filter { $0.change == .persist }.count, 12)
        let shifted = try require(entries.first { $0.indexPathAfter == LayoutIndexPath(0, 3) })
        expectEqual(shifted.indexPathBefore, LayoutIndexPath(0, 2))
        expectEqual(shifted.to.frame, Rect(x: 10, y: 120, width: 100, height: 100))
    }

    /// Filtered (fly-in.lua): only the inserted cell starts at the centre; the persisting ones
    /// go from where they were (old 2 at (230, 10)) to their place after, fully opaque.
    @Test func theFilteredHookFliesOnlyTheInsertedCell() throws {
        let entries = try Self.plan("fly-in.lua").entries.filter { $0.category == .cell }
        let centred = entries.filter { $0.from.frame == Self.centred && $0.from.alpha == 0 }
        expectEqual(centred.map(\.indexPathAfter), [LayoutIndexPath(0, 2)])
        let shifted = try require(entries.first { $0.indexPathAfter == LayoutIndexPath(0, 3) })
        expect(shifted.from.frame == Rect(x: 230, y: 10, width: 100, height: 100) && shifted.from.alpha == 1)
    }
}
