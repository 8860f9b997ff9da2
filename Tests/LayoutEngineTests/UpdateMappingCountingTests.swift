@testable import LayoutEngine
import TestExpectations
import Testing

/// The mapping keeps only the changed items and finds every other place by counting; the
/// planner's cursor steps through the items after the update in order. Both must agree with
/// UIKit's rule: survivors keep their order and fill the places no insert or move claimed.
@Suite("Batch updates: mapping by counting")
struct UpdateMappingCountingTests {
    private func path(_ s: Int, _ i: Int) -> LayoutIndexPath { LayoutIndexPath(s, i) }

    /// [8]: delete 1, 4, 5; insert 0, 6 → 7 items. Survivors old 0, 2, 3, 6, 7 fill the free
    /// places 1, 2, 3, 4, 5 in order; new 0 and 6 are the inserts.
    @Test func deletesAndInsertsInOneSection() throws {
        let mapping = try UpdateMapping(
            oldCounts: [8],
            update: BatchUpdate(
                deletedItems: [1, 5, 4].map { path(0, $0) }, insertedItems: [6, 0].map { path(0, $0) }))
        expectEqual(mapping.newCounts, [7])
        expectEqual((0..<8).map { mapping.newIndexPath(forOld: path(0, $0))?.item }, [1, nil, 2, 3, nil, nil, 4, 5])
        expectEqual((0..<7).map { mapping.oldIndexPath(forNew: path(0, $0))?.item }, [nil, 0, 2, 3, 6, 7, nil])
        // Outside the sections: nothing.
        expect(mapping.oldIndexPath(forNew: path(0, 7)) == nil && mapping.newIndexPath(forOld: path(1, 0)) == nil)
    }

    /// [3, 4]: move 1:3 → 0:0, delete 1:0, insert section 1 (2 items). New sections: 0 ← old 0
    /// (the move, then old 0, 1, 2), 1 inserted, 2 ← old 1 (old 1, 2).
    @Test func movesAndInsertedSections() throws {
        let mapping = try UpdateMapping(
            oldCounts: [3, 4],
            update: BatchUpdate(
                insertedSections: [1], deletedItems: [path(1, 0)], movedItems: [.init(from: path(1, 3), to: path(0, 0))]
            ),
            insertedSectionCounts: [1: 2])
        expectEqual(mapping.newCounts, [4, 2, 2])
        expect(
            (0..<4).map { mapping.oldIndexPath(forNew: path(0, $0)) } == [
                path(1, 3), path(0, 0), path(0, 1), path(0, 2),
            ])
        expectEqual((0..<2).map { mapping.oldIndexPath(forNew: path(1, $0)) }, [nil, nil])
        expectEqual((0..<2).map { mapping.oldIndexPath(forNew: path(2, $0)) }, [path(1, 1), path(1, 2)])
        expectEqual(
            (0..<4).map { mapping.newIndexPath(forOld: path(1, $0)) }, [nil, path(2, 0), path(2, 1), path(0, 0)])
    }

    static let batches: [(counts: [Int], batch: BatchUpdate, inserted: [Int: Int])] = [
        (
            [8],
            BatchUpdate(
                deletedItems: [LayoutIndexPath(0, 1), LayoutIndexPath(0, 4), LayoutIndexPath(0, 5)],
                insertedItems: [LayoutIndexPath(0, 0), LayoutIndexPath(0, 6)]), [:]
        ),
        (
            [3, 4],
            BatchUpdate(
                insertedSections: [1], deletedItems: [LayoutIndexPath(1, 0)],
                movedItems: [.init(from: LayoutIndexPath(1, 3), to: LayoutIndexPath(0, 0))]), [1: 2]
        ),
        (
            [5, 0, 6, 2],
            BatchUpdate(
                deletedSections: [3], movedSections: [.init(from: 0, to: 2)],
                deletedItems: [LayoutIndexPath(2, 0), LayoutIndexPath(2, 5)],
                insertedItems: [LayoutIndexPath(0, 0), LayoutIndexPath(0, 1), LayoutIndexPath(1, 0)],
                movedItems: [
                    .init(from: LayoutIndexPath(0, 4), to: LayoutIndexPath(0, 2)),
                    .init(from: LayoutIndexPath(2, 1), to: LayoutIndexPath(2, 0)),
                ]), [:]
        ),
        (
            [1000],
            BatchUpdate(
                deletedItems: stride(from: 0, to: 1000, by: 10).map { LayoutIndexPath(0, $0) },
                insertedItems: stride(from: 1, to: 1000, by: 10).map { LayoutIndexPath(0, $0) }), [:]
        ),
    ]

    /// The cursor, asked in order (and then in a scrambled order, which makes it search),
    /// answers as the mapping does for every place after the update, and a place past the end.
    @Test(arguments: batches.indices)
    func theCursorAgreesWithTheMapping(index: Int) throws {
        let (counts, batch, inserted) = Self.batches[index]
        let mapping = try UpdateMapping(oldCounts: counts, update: batch, insertedSectionCounts: inserted)
        var paths = mapping.newCounts.indices.flatMap { section in
            (0...mapping.newCounts[section]).map { path(section, $0) }
        }
        var cursor = OldPathCursor(mapping)
        expectEqual(paths.map { cursor.oldIndexPath(forNew: $0) }, paths.map { mapping.oldIndexPath(forNew: $0) })
        // Every third path first, then the rest: steps and searches mixed.
        paths =
            stride(from: 0, to: paths.count, by: 3).map { paths[$0] }
            + paths.indices.filter { $0 % 3 != 0 }.map { paths[$0] }
        var scrambled = OldPathCursor(mapping)
        expectEqual(paths.map { scrambled.oldIndexPath(forNew: $0) }, paths.map { mapping.oldIndexPath(forNew: $0) })
        // Each old item comes back to where it was: the two directions agree.
        for section in counts.indices {
            for item in 0..<counts[section] {
                let old = path(section, item)
                if let new = mapping.newIndexPath(forOld: old) { expectEqual(mapping.oldIndexPath(forNew: new), old) }
            }
        }
    }
}
