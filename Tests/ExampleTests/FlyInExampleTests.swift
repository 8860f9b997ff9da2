import Foundation
import LayoutEngine
import TestExpectations
import Testing

/// fly-in.lua at 340×480, scrolled to y = 100, 9 items of 100×100 (spacing 10, inset 10):
/// A = 340 − 20 = 320, k = floor((320 + 10)/(100 + 10)) = 3, gap = (320 − 300)/2 = 10, so
/// columns at x = 10, 120, 230 and rows at y = 10 + 110·r.
/// The visible bounds are (0, 100, 340, 480): centre (170, 340) in content coordinates, so a
/// 100×100 item centred there has the frame (120, 290, 100, 100).
@Suite("Example: fly-in.lua")
struct FlyInExampleTests {
    static let centred = Rect(x: 120, y: 290, width: 100, height: 100)

    static func flyIn(counts: [Int] = [9]) throws -> Example {
        try Example("fly-in.lua", width: 340, height: 480, offset: Point(x: 0, y: 100), counts: counts)
    }

    /// What the engine hands the hooks by default: the element in place, faded out.
    static func faded(_ example: Example, _ section: Int, _ item: Int) throws -> LayoutAttributes {
        var attributes = try require(try example.cell(section, item))
        attributes.alpha = 0
        return attributes
    }

    static func insert(_ section: Int, _ item: Int?) -> CollectionUpdate {
        CollectionUpdate(action: .insert, before: nil, after: .init(section: section, item: item))
    }

    static func delete(_ section: Int, _ item: Int?) -> CollectionUpdate {
        CollectionUpdate(action: .delete, before: .init(section: section, item: item), after: nil)
    }

    @Test func itemsSitOnTheFlowGrid() throws {
        let example = try Self.flyIn()
        // Item 2: column 2, row 0 → (230, 10); item 4: column 1, row 1 → (120, 120).
        expectEqual(try example.cell(0, 2)?.frame, Rect(x: 230, y: 10, width: 100, height: 100))
        expectEqual(try example.cell(0, 4)?.frame, Rect(x: 120, y: 120, width: 100, height: 100))
        // 3 rows: 10 + 3·100 + 2·10 + 10 = 340 high, bounds wide.
        expectEqual(example.contentSize, Size(width: 340, height: 340))
    }

    @Test func onlyInsertedItemsStartAtTheCentreFadedOut() throws {
        var example = try Self.flyIn()
        try example.layout.prepare(forCollectionViewUpdates: [Self.insert(0, 2)], context: example.context)

        // The inserted item (final frame (230, 10)) starts centred in the viewport, alpha 0.
        let start = try example.layout.initialLayoutAttributes(
            forAppearing: try Self.faded(example, 0, 2), context: example.context)
        expectEqual(start.frame, Self.centred)
        expectEqual(start.alpha, 0)
        expectEqual(start.indexPath, LayoutIndexPath(0, 2))

        // Item 4 also appears (it slid in from elsewhere) but was not inserted: default kept.
        let other = try Self.faded(example, 0, 4)
        expectEqual(try example.layout.initialLayoutAttributes(forAppearing: other, context: example.context), other)

        // The centre is that of the bounds at the time of the call: scrolled to y = 300 the
        // centre is (170, 540) → origin (120, 490).
        try example.setBounds(Rect(x: 0, y: 300, width: 340, height: 480))
        let later = try example.layout.initialLayoutAttributes(
            forAppearing: try Self.faded(example, 0, 2), context: example.context)
        expectEqual(later.frame, Rect(x: 120, y: 490, width: 100, height: 100))
    }

    @Test func onlyDeletedItemsEndAtTheCentre() throws {
        let example = try Self.flyIn()
        // Deletes name the index path before the update: item 0 (at (10, 10)) goes away.
        try example.layout.prepare(forCollectionViewUpdates: [Self.delete(0, 0)], context: example.context)

        let end = try example.layout.finalLayoutAttributes(
            forDisappearing: try Self.faded(example, 0, 0), context: example.context)
        expectEqual(end.frame, Self.centred)
        expectEqual(end.alpha, 0)

        // Item 5 disappears too (scrolled away) but was not deleted: default end kept.
        let other = try Self.faded(example, 0, 5)
        expectEqual(try example.layout.finalLayoutAttributes(forDisappearing: other, context: example.context), other)
        // A deletion does not make the item now at (0, 0) fly in.
        let appearing = try Self.faded(example, 0, 0)
        expect(
            try example.layout.initialLayoutAttributes(forAppearing: appearing, context: example.context) == appearing)
    }

    /// Each batch starts from nothing: after a batch of inserts and deletes, a batch that only
    /// reloads leaves every appearing and disappearing item at its default.
    @Test func eachBatchForgetsThePreviousOne() throws {
        let example = try Self.flyIn()
        let layout = example.layout
        try layout.prepare(forCollectionViewUpdates: [Self.insert(0, 2), Self.delete(0, 7)], context: example.context)
        expect(
            try layout.initialLayoutAttributes(forAppearing: try Self.faded(example, 0, 2), context: example.context)
                .frame == Self.centred)
        expect(
            try layout.finalLayoutAttributes(forDisappearing: try Self.faded(example, 0, 7), context: example.context)
                .frame == Self.centred)
        try layout.finalizeCollectionViewUpdates(context: example.context)

        let reload = CollectionUpdate(
            action: .reload, before: .init(section: 0, item: 2), after: .init(section: 0, item: 2))
        try layout.prepare(forCollectionViewUpdates: [reload], context: example.context)
        let inserted = try Self.faded(example, 0, 2)
        expectEqual(try layout.initialLayoutAttributes(forAppearing: inserted, context: example.context), inserted)
        let deleted = try Self.faded(example, 0, 7)
        expectEqual(try layout.finalLayoutAttributes(forDisappearing: deleted, context: example.context), deleted)
    }

    /// Inserting a whole section (item nil) inserts every item of it; section 0 stays put.
    @Test func itemsOfAnInsertedSectionFlyIn() throws {
        let example = try Self.flyIn(counts: [9, 3])
        try example.layout.prepare(forCollectionViewUpdates: [Self.insert(1, nil)], context: example.context)
        for item in 0..<3 {
            let start = try example.layout.initialLayoutAttributes(
                forAppearing: try Self.faded(example, 1, item), context: example.context)
            expectEqual(start.frame, Self.centred, "item \(item)")
        }
        let untouched = try Self.faded(example, 0, 2)
        expect(
            try example.layout.initialLayoutAttributes(forAppearing: untouched, context: example.context) == untouched)
    }
}
