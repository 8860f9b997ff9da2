import LayoutEngine
@testable import LayoutOutput
import TestExpectations
import Testing

@Suite("Layout diff")
struct LayoutDiffTests {
    private func snapshot(_ elements: [LayoutAttributes]) -> LayoutSnapshot {
        LayoutSnapshot(
            bounds: Rect(x: 0, y: 0, width: 320, height: 480), contentSize: Size(width: 320, height: 210),
            elements: elements)
    }

    /// Cell 0 only shrinks (same origin), cell 1 moves 10 right and narrows (both), cell 2 only
    /// fades (restyled), cell 3 moves 20 down with its size kept: moved = 3 (20), 1 (10);
    /// resized = 0, 1; restyled = 2.
    @Test func movingAndResizingAreCountedIndependently() {
        let old = snapshot([
            LayoutAttributes(key: .cell(0, 0), frame: Rect(x: 0, y: 0, width: 100, height: 100)),
            LayoutAttributes(key: .cell(0, 1), frame: Rect(x: 110, y: 0, width: 100, height: 100)),
            LayoutAttributes(key: .cell(0, 2), frame: Rect(x: 220, y: 0, width: 100, height: 100)),
            LayoutAttributes(key: .cell(0, 3), frame: Rect(x: 0, y: 110, width: 100, height: 100)),
        ])
        let new = snapshot([
            LayoutAttributes(key: .cell(0, 0), frame: Rect(x: 0, y: 0, width: 100, height: 50)),
            LayoutAttributes(key: .cell(0, 1), frame: Rect(x: 120, y: 0, width: 90, height: 100)),
            LayoutAttributes(key: .cell(0, 2), frame: Rect(x: 220, y: 0, width: 100, height: 100), alpha: 0.5),
            LayoutAttributes(key: .cell(0, 3), frame: Rect(x: 0, y: 130, width: 100, height: 100)),
        ])
        let diff = LayoutDiff(from: old, to: new)
        expectEqual(diff.moved.map(\.key), [.cell(0, 3), .cell(0, 1)])
        expectEqual(diff.moved.map(\.distance), [20, 10])
        expectEqual(diff.resized, [.cell(0, 0), .cell(0, 1)])
        expectEqual(diff.restyled, [.cell(0, 2)])
        expect(
            diff.summary()
                == "+0 −0 elements, 2 moved (largest: cell [0, 3] by 20, cell [0, 1] by 10), 2 resized, 1 restyled, content 320×210"
        )
    }

    /// Lists read from a store or from packed cells compare their plain cells field by field:
    /// the diff is the one of the same elements as arrays. 3,000 cells (three batches of
    /// 1,024 and a part), before: cell i at y = 10·i, 10×10; after: cells 1,500 and 2,999
    /// 5 points lower, cell 2,000 20 wide, cell 2,500 faded (alpha 0.5, restyled), and a
    /// cell 3,000 added: moved 1,500 and 2,999 (5 each; equal moves in key order), resized
    /// 2,000, restyled 2,500, added 3,000.
    @Test func storeAndPackedListsDiffAsArraysDo() throws {
        func store(_ change: Bool) throws -> ElementStore {
            var builder = ElementStoreBuilder()
            for i in 0..<(change ? 3001 : 3000) {
                let moved = change && (i == 1500 || i == 2999)
                let frame = Rect(
                    x: 0, y: Double(10 * i) + (moved ? 5 : 0), width: change && i == 2000 ? 20 : 10, height: 10)
                builder.append(
                    category: .cell, kindID: 0, section: 0, item: Int32(i), frame: frame,
                    alpha: change && i == 2500 ? 0.5 : 1)
            }
            return try builder.build()
        }
        let (before, after) = (try store(false), try store(true))
        let expected = LayoutDiff(from: snapshot(before.allAttributes()), to: snapshot(after.allAttributes()))
        expectEqual(expected.moved.map(\.key), [.cell(0, 1500), .cell(0, 2999)])
        expectEqual(expected.resized, [.cell(0, 2000)])
        expectEqual(expected.restyled, [.cell(0, 2500)])
        expectEqual(expected.added, [.cell(0, 3000)])
        func listed(_ elements: ElementList) -> LayoutSnapshot {
            LayoutSnapshot(
                bounds: Rect(x: 0, y: 0, width: 320, height: 480), contentSize: Size(width: 320, height: 210),
                elements: elements)
        }
        func packed(_ store: ElementStore) -> ElementList {
            let all = store.allAttributes()
            let cells = all.prefix { $0.alpha == 1 }.map {
                PackedCell(frame: $0.frame, section: Int32($0.indexPath.section), item: Int32($0.indexPath.item))
            }
            return ElementList(packed: ContiguousArray(cells), rest: Array(all[cells.count...]))
        }
        expectEqual(
            LayoutDiff(from: listed(ElementList(store: before)), to: listed(ElementList(store: after))), expected)
        expectEqual(LayoutDiff(from: listed(packed(before)), to: listed(packed(after))), expected)
        expectEqual(LayoutDiff(from: listed(ElementList(store: before)), to: listed(packed(after))), expected)
        // Counted (what `watch` prints) over each form: the same counts and largest moves.
        for (old, new) in [
            (ElementList(store: before), ElementList(store: after)), (packed(before), packed(after)),
            (ElementList(store: before), packed(after)), (packed(before), ElementList(store: after)),
        ] {
            expectEqual(LayoutDiff.Summary(from: listed(old), to: listed(new)), expected.summarized())
        }
        expect(
            expected.summary()
                == "+1 −0 elements, 2 moved (largest: cell [0, 1500] by 5, cell [0, 2999] by 5), 1 resized, 1 restyled, content 320×210"
        )
    }

    /// The counted diff keeps the largest moves as the sorted list has them: the header's 50
    /// first, then the cells' equal 5s in key order (cell 5's move of 3 right and 4 down is 5
    /// too), the decoration's 5 (a deeper path; decorations list after cells) last. Old: cells
    /// 0–5 and 7 in a row 10 apart, a header, a decoration; new: cell 0 faded (restyled), cell
    /// 1 twice as tall (resized), cells 2–4 5 down, cell 5 to (53, 4), cell 6 added in place
    /// of cell 7 (removed), the header 50 up, the decoration 5 down.
    @Test func theCountedDiffKeepsTheLargestMovesInKeyOrder() {
        func cell(_ item: Int, x: Double, y: Double = 0, height: Double = 10, alpha: Double = 1) -> LayoutAttributes {
            LayoutAttributes(key: .cell(0, item), frame: Rect(x: x, y: y, width: 10, height: height), alpha: alpha)
        }
        let line = ElementKey(category: .decoration, kind: "line", indexPath: LayoutIndexPath(components: [0, 0, 1]))
        let old = snapshot(
            (0..<6).map { cell($0, x: Double($0) * 10) } + [
                cell(7, x: 70),
                LayoutAttributes(key: .supplementary("header", 0, 0), frame: Rect(x: 0, y: -20, width: 60, height: 20)),
                LayoutAttributes(key: line, frame: Rect(x: 0, y: 0, width: 1, height: 1)),
            ])
        let new = snapshot([
            cell(0, x: 0, alpha: 0.5), cell(1, x: 10, height: 20), cell(2, x: 20, y: 5), cell(3, x: 30, y: 5),
            cell(4, x: 40, y: 5), cell(5, x: 53, y: 4), cell(6, x: 60),
            LayoutAttributes(key: .supplementary("header", 0, 0), frame: Rect(x: 0, y: -70, width: 60, height: 20)),
            LayoutAttributes(key: line, frame: Rect(x: 0, y: 5, width: 1, height: 1)),
        ])
        let counted = LayoutDiff.Summary(from: old, to: new)
        expect(
            counted.largestMoves.map(\.key) == [.supplementary("header", 0, 0), .cell(0, 2), .cell(0, 3)])
        expectEqual(counted.largestMoves.map(\.distance), [50, 5, 5])
        expect(
            (counted.added, counted.removed, counted.moved, counted.resized, counted.restyled) == (1, 1, 6, 1, 1))
        let listed = LayoutDiff(from: old, to: new)
        expectEqual(listed.moved.map(\.key), [.supplementary("header", 0, 0)] + (2...5).map { .cell(0, $0) } + [line])
        expectEqual(counted, listed.summarized())
        expect(
            counted.line
                == "+1 −1 elements, 6 moved (largest: supplementary \"header\" [0, 0] by 50, cell [0, 2] by 5, cell [0, 3] by 5, …), 1 resized, 1 restyled, content 320×210"
        )
        // A save that changes nothing says so.
        expectEqual(LayoutDiff.Summary(from: new, to: new).line, "no change")
    }

    /// The case: every cell of a grid both moves and resizes: all counted in both.
    @Test func everyCellMovedAndResized() {
        let old = snapshot(
            (0..<24).map {
                LayoutAttributes(key: .cell(0, $0), frame: Rect(x: Double($0) * 10, y: 0, width: 10, height: 10))
            })
        let new = snapshot(
            (0..<24).map {
                LayoutAttributes(key: .cell(0, $0), frame: Rect(x: Double($0) * 20, y: 5, width: 20, height: 20))
            })
        let diff = LayoutDiff(from: old, to: new)
        expectEqual(diff.moved.count, 24)
        expectEqual(diff.resized.count, 24)
        expect(diff.restyled.isEmpty)
    }

    /// Watch lines round what they report to three decimals, as the table does: the content
    /// grows from 210 to 1000/3 = 333.333… and cell 0 moves down 1/3 point (its distance).
    @Test func theSummaryRoundsToThreeDecimals() {
        let old = snapshot([LayoutAttributes(key: .cell(0, 0), frame: Rect(x: 0, y: 0, width: 100, height: 100))])
        var new = snapshot([
            LayoutAttributes(key: .cell(0, 0), frame: Rect(x: 0, y: 1.0 / 3, width: 100, height: 100))
        ])
        new.contentSize.height = 1000.0 / 3
        expect(
            LayoutDiff(from: old, to: new).summary()
                == "+0 −0 elements, 1 moved (largest: cell [0, 0] by 0.333), content 320×210 → 320×333.333")
    }

    /// The shared prefix is compared pair by pair, the rest by key, with the same lists as a
    /// comparison by key alone. Old: cells 0, 1, 2, 3; new: cells 0, 1 (moved 5 down), 3, 4.
    /// Prefix = cells 0, 1 (cell 1 moved 5); then cell 3 is found by key (moved 10 right),
    /// cell 4 is added, cell 2 removed.
    @Test func aSharedPrefixThenKeysGiveTheSameLists() {
        func cell(_ item: Int, x: Double, y: Double) -> LayoutAttributes {
            LayoutAttributes(key: .cell(0, item), frame: Rect(x: x, y: y, width: 10, height: 10))
        }
        let old = snapshot([cell(0, x: 0, y: 0), cell(1, x: 10, y: 0), cell(2, x: 20, y: 0), cell(3, x: 30, y: 0)])
        let new = snapshot([cell(0, x: 0, y: 0), cell(1, x: 10, y: 5), cell(3, x: 40, y: 0), cell(4, x: 50, y: 0)])
        let diff = LayoutDiff(from: old, to: new)
        expectEqual(diff.added, [.cell(0, 4)])
        expectEqual(diff.removed, [.cell(0, 2)])
        expectEqual(diff.moved.map(\.key), [.cell(0, 3), .cell(0, 1)])
        expectEqual(diff.moved.map(\.distance), [10, 5])
        expect(diff.resized.isEmpty && diff.restyled.isEmpty)
    }
}
