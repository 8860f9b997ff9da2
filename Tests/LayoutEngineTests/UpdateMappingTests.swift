import LayoutEngine
import TestExpectations
import Testing

@Suite("Batch updates: mapping and validation")
struct UpdateMappingTests {
    private func path(_ s: Int, _ i: Int) -> LayoutIndexPath { LayoutIndexPath(s, i) }

    @Test func deleteShiftsLaterItemsUp() throws {
        let mapping = try UpdateMapping(oldCounts: [5], update: BatchUpdate(deletedItems: [path(0, 1)]))
        expectEqual(mapping.newCounts, [4])
        expect(
            (0..<5).map { mapping.newIndexPath(forOld: path(0, $0)) } == [
                path(0, 0), nil, path(0, 1), path(0, 2), path(0, 3),
            ])
        expectEqual(mapping.change(ofOld: path(0, 1)), .delete)
        expectEqual(mapping.change(ofNew: path(0, 1)), .persist)
    }

    @Test func insertShiftsLaterItemsDown() throws {
        let mapping = try UpdateMapping(oldCounts: [3], update: BatchUpdate(insertedItems: [path(0, 1)]))
        expectEqual(mapping.newCounts, [4])
        expectEqual(
            (0..<4).map { mapping.oldIndexPath(forNew: path(0, $0)) }, [path(0, 0), nil, path(0, 1), path(0, 2)])
        expectEqual(mapping.change(ofNew: path(0, 1)), .insert)
    }

    /// Delete old 0 and insert new 2 in a section of 4: survivors old 1, 2, 3 fill the new
    /// places not claimed by the insert (0, 1, 3), in order.
    @Test func deleteAndInsertInOneSection() throws {
        let mapping = try UpdateMapping(
            oldCounts: [4], update: BatchUpdate(deletedItems: [path(0, 0)], insertedItems: [path(0, 2)]), newCounts: [4]
        )
        expectEqual(
            (0..<4).map { mapping.oldIndexPath(forNew: path(0, $0)) }, [path(0, 1), path(0, 2), nil, path(0, 3)])
    }

    /// [3, 2], move (0, 0) → (1, 2): section 0 keeps old 1, 2; section 1 keeps its two items
    /// and gains the moved one last.
    @Test func moveAcrossSections() throws {
        let mapping = try UpdateMapping(
            oldCounts: [3, 2], update: BatchUpdate(movedItems: [.init(from: path(0, 0), to: path(1, 2))]))
        expectEqual(mapping.newCounts, [2, 3])
        expectEqual(mapping.oldIndexPath(forNew: path(1, 2)), path(0, 0))
        expectEqual(mapping.change(ofNew: path(1, 2)), .move)
        expectEqual(mapping.newIndexPath(forOld: path(0, 1)), path(0, 0))
        expectEqual(mapping.newIndexPath(forOld: path(1, 1)), path(1, 1))
    }

    @Test func sectionInsertWithItemsShiftsTheOthers() throws {
        let mapping = try UpdateMapping(oldCounts: [2], update: BatchUpdate(insertedSections: [0]), newCounts: [3, 2])
        expectEqual(mapping.sectionsNewToOld, [nil, 0])
        expectEqual(mapping.newIndexPath(forOld: path(0, 1)), path(1, 1))
        expectEqual((0..<3).map { mapping.change(ofNew: path(0, $0)) }, [.insert, .insert, .insert])
    }

    @Test func sectionDeleteAndMove() throws {
        let deleted = try UpdateMapping(oldCounts: [2, 3], update: BatchUpdate(deletedSections: [0]))
        expectEqual(deleted.newCounts, [3])
        expectEqual(deleted.change(ofOld: path(0, 1)), .delete)
        expectEqual(deleted.newIndexPath(forOld: path(1, 2)), path(0, 2))
        // Move section 0 to the end: the others keep their order in front of it.
        let moved = try UpdateMapping(
            oldCounts: [1, 2, 3], update: BatchUpdate(movedSections: [.init(from: 0, to: 2)]))
        expectEqual(moved.sectionsNewToOld, [1, 2, 0])
        expectEqual(moved.newCounts, [2, 3, 1])
    }

    @Test func reloadsKeepTheirPlace() throws {
        let mapping = try UpdateMapping(oldCounts: [3], update: BatchUpdate(reloadedItems: [path(0, 1)]))
        expectEqual(mapping.newIndexPath(forOld: path(0, 1)), path(0, 1))
        expectEqual(mapping.change(ofNew: path(0, 1)), .reload)
        let section = try UpdateMapping(oldCounts: [2, 2], update: BatchUpdate(reloadedSections: [1]))
        expectEqual(section.change(ofNew: path(1, 0)), .reload)
        expectEqual(section.change(ofNew: path(0, 0)), .persist)
    }

    @Test(arguments: [
        (
            BatchUpdate(deletedItems: [LayoutIndexPath(0, 9)]), [5],
            "cannot delete item [0, 9]: it does not exist before the update"
        ),
        (
            BatchUpdate(deletedItems: [LayoutIndexPath(0, 1), LayoutIndexPath(0, 1)]), [5],
            "deleted item [0, 1] is named twice"
        ),
        (
            BatchUpdate(
                deletedItems: [LayoutIndexPath(0, 1)],
                movedItems: [.init(from: LayoutIndexPath(0, 1), to: LayoutIndexPath(0, 0))]),
            [5], "item [0, 1] is both deleted and moved"
        ),
        (
            BatchUpdate(insertedItems: [LayoutIndexPath(0, 7)]), [5],
            "cannot insert [0, 7]: it does not exist after the update"
        ),
        (
            BatchUpdate(deletedSections: [0], deletedItems: [LayoutIndexPath(0, 0)]), [2, 2],
            "cannot delete item [0, 0]: its section 0 is deleted"
        ),
        (
            BatchUpdate(insertedSections: [0], insertedItems: [LayoutIndexPath(0, 0)]), [2],
            "cannot insert [0, 0]: its section 0 is inserted with all its items"
        ),
        (
            BatchUpdate(deletedSections: [3]), [2, 2],
            "cannot delete section 3: there are only 2 sections before the update"
        ),
        (
            BatchUpdate(deletedSections: [1], movedSections: [.init(from: 1, to: 0)]), [2, 2],
            "section 1 is both deleted and moved"
        ),
        (
            BatchUpdate(
                reloadedItems: [LayoutIndexPath(0, 0)],
                movedItems: [.init(from: LayoutIndexPath(0, 0), to: LayoutIndexPath(0, 1))]),
            [2], "item [0, 0] is both reloaded and moved"
        ),
    ])
    func invalidBatchesAreRejected(update: BatchUpdate, counts: [Int], message: String) {
        #expect(throws: UpdateError(message)) { try UpdateMapping(oldCounts: counts, update: update) }
    }

    /// UIKit's consistency rule against the host's new data.
    @Test func countsMustAgreeWithTheNewData() {
        #expect(
            throws: UpdateError(
                "invalid number of items in section 0: the data has 5 after the update, but the section had 5 before it, plus 1 inserted and 0 moved in, minus 0 deleted and 0 moved out"
            )
        ) {
            try UpdateMapping(
                oldCounts: [5], update: BatchUpdate(insertedItems: [LayoutIndexPath(0, 0)]), newCounts: [5])
        }
        #expect(
            throws: UpdateError(
                "invalid number of sections: the data has 2 after the update, but there were 2 before it, plus 1 inserted and minus 0 deleted"
            )
        ) {
            try UpdateMapping(oldCounts: [1, 1], update: BatchUpdate(insertedSections: [0]), newCounts: [1, 1])
        }
    }

    @Test func newDataCarriesPayloads() throws {
        let old = CollectionData(sections: [.init(items: [.string("a"), .string("b"), .string("c")])])
        let mapping = try UpdateMapping(
            oldCounts: [3], update: BatchUpdate(deletedItems: [path(0, 0)], insertedItems: [path(0, 2)]))
        expect(
            mapping.newData(from: old) == CollectionData(sections: [.init(items: [.string("b"), .string("c"), .null])]))
    }

    /// Without data after the update (`update` without `--data-after`): item 0 moved to 2
    /// takes "a" with it, section 1 (a count with its own data) keeps its data, and a section
    /// moved from 1 to 0 takes its data along; an inserted section has none.
    @Test func newDataKeepsSectionDataAndMovesPayloads() throws {
        let old = CollectionData(sections: [
            .init(items: [.string("a"), .string("b"), .string("c")], data: .string("S0")),
            .init(count: 2, data: .string("S1")),
        ])
        let moved = try UpdateMapping(
            oldCounts: [3, 2], update: BatchUpdate(movedItems: [.init(from: path(0, 0), to: path(0, 2))]))
        expect(
            moved.newData(from: old)
                == CollectionData(sections: [
                    .init(items: [.string("b"), .string("c"), .string("a")], data: .string("S0")),
                    .init(items: [.null, .null], data: .string("S1")),
                ]))
        let sections = try UpdateMapping(
            oldCounts: [3, 2], update: BatchUpdate(insertedSections: [2], movedSections: [.init(from: 1, to: 0)]))
        expectEqual(sections.newData(from: old).sections.map(\.data), [.string("S1"), .string("S0"), nil])
    }
}

@Suite("Update validation: one section")
struct OneSectionUpdateMessageTests {
    @Test func oneSectionIsSingular() {
        #expect(throws: UpdateError("cannot delete section 4: there is only 1 section before the update")) {
            try UpdateMapping(oldCounts: [6], update: BatchUpdate(deletedSections: [4]), newCounts: [6])
        }
    }
}
