import Foundation
import LayoutEngine
import ScriptLayout
import TestExpectations
import Testing

/// left-aligned-list.lua, 375 wide: lines are 375 − 16 − 16 = 343 wide, tags 40 + 37·i mod 90
/// wide: 40, 77, 114, 61, 98, 45, 82, 119, 66, 103, 50, 87. The list hook aligns rect queries,
/// the `layoutAttributesForItem` hook aligns single-element queries.
@Suite("Example: left-aligned-list.lua")
struct LeftAlignedListExampleTests {
    private func example() throws -> Example {
        try Example("left-aligned-list.lua", width: 375, height: 300, counts: [12])
    }

    /// Line 1 holds 40, 77, 114, 61 (40 + 8 + 77 + 8 + 114 + 8 + 61 = 316 ≤ 343; + 8 + 98 > 343).
    /// Left aligned: x 16, 16 + 40 + 8 = 64, 64 + 77 + 8 = 149, 149 + 114 + 8 = 271 at y 10.
    /// Line 2 holds 98, 45, 82 (98 + 8 + 45 + 8 + 82 = 241; + 8 + 119 = 368 > 343): x 16,
    /// 16 + 98 + 8 = 122, 122 + 45 + 8 = 175 at y 10 + 30 + 8 = 48.
    static let aligned = [
        Rect(x: 16, y: 10, width: 40, height: 30), Rect(x: 64, y: 10, width: 77, height: 30),
        Rect(x: 149, y: 10, width: 114, height: 30), Rect(x: 271, y: 10, width: 61, height: 30),
        Rect(x: 16, y: 48, width: 98, height: 30), Rect(x: 122, y: 48, width: 45, height: 30),
        Rect(x: 175, y: 48, width: 82, height: 30),
    ]

    @Test func theListHookAlignsRectQueries() throws {
        let cells = try example().all().filter { $0.category == .cell }
        expectEqual(Array(cells.prefix(7).map(\.frame)), Self.aligned)
    }

    /// `--item 0:1`: the single query gives the aligned frame (64, not the justified flow's:
    /// line 1's 343 − 292 = 51 spare points over 3 gaps is 17 a gap, so 16 + 40 + 17 = 73).
    @Test func singleQueriesAreAlignedByTheItemHook() throws {
        let example = try example()
        for item in 0..<7 {
            expectEqual(try example.cell(0, item)?.frame, Self.aligned[item], "item \(item)")
        }
    }

    /// Without the item hook the single query is the flow's justified frame (UIKit does not
    /// call layoutAttributesForElements(in:) for one element): x 73 as derived above.
    @Test func withoutTheItemHookTheSingleQueryIsTheFlows() throws {
        let source = try String(contentsOfFile: repositoryRoot + "/Examples/left-aligned-list.lua", encoding: .utf8)
            .replacingOccurrences(
                of: "function layout.layoutAttributesForItem(cv, a)", with: "local function unused(cv, a)")
        let layout = try ScriptLayout(source: source)
        let context = CollectionContext(
            bounds: Rect(x: 0, y: 0, width: 375, height: 300), scale: 1, data: CollectionData(counts: [12]))
        try layout.prepare(in: context)
        expect(
            try layout.layoutAttributesForItem(at: LayoutIndexPath(0, 1), context: context)?.frame
                == Rect(x: 73, y: 10, width: 77, height: 30))
    }
}
