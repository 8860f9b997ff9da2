import LayoutEngine
import ScriptLayout
import TestExpectations
import Testing

/// The update hooks a UIKit subclass overrides; flow and custom layouts take them alike.
@Suite("Update hooks")
struct UpdateHookTests {
    /// Apple's fly-in: inserted items start at the centre of the viewport with alpha 0; other
    /// appearing items keep the default start they are given.
    static let flyIn = """
        local inserted = {}
        local layout = flow{ itemSize = {100, 100} }
        function layout.prepareForCollectionViewUpdates(cv, updates)
          inserted = {}
          for _, update in ipairs(updates) do
            local after = update.indexPathAfterUpdate
            if update.updateAction == "insert" and after.item then
              inserted[after.section .. ":" .. after.item] = true
            end
          end
        end
        function layout.initialLayoutAttributesForAppearingItem(cv, a)
          if inserted[a.section .. ":" .. a.item] then
            a.alpha = 0
            a.center = {x = cv.bounds.x + cv.bounds.width / 2, y = cv.bounds.y + cv.bounds.height / 2}
          end
        end
        function layout.finalLayoutAttributesForDisappearingSupplementaryElement(cv, a)
          a.y = a.y - 50
          a.finalizedBefore = finalized or false
        end
        function layout.finalizeCollectionViewUpdates(cv) finalized = true end
        return layout
        """

    @Test func flowLayoutsTakeTheUpdateHooks() throws {
        let layout = try ScriptLayout(source: Self.flyIn)
        let context = makeContext(width: 320, height: 480, offset: Point(x: 0, y: 100), counts: [4])
        try layout.prepare(in: context)
        try layout.prepare(
            forCollectionViewUpdates: [
                CollectionUpdate(action: .insert, before: nil, after: .init(section: 0, item: 2)),
                CollectionUpdate(action: .delete, before: .init(section: 0, item: 0), after: nil),
            ], context: context)

        let inserted = try require(try layout.layoutAttributesForItem(at: LayoutIndexPath(0, 2), context: context))
        let start = try layout.initialLayoutAttributes(forAppearing: inserted, context: context)
        // Centre of the viewport (0, 100, 320, 480) is (160, 340); a 100×100 cell → origin (110, 290).
        expectEqual(start.frame, Rect(x: 110, y: 290, width: 100, height: 100))
        expectEqual(start.alpha, 0)

        let moved = try require(try layout.layoutAttributesForItem(at: LayoutIndexPath(0, 1), context: context))
        expectEqual(try layout.initialLayoutAttributes(forAppearing: moved, context: context), moved)

        let footer = LayoutAttributes(
            key: .supplementary("footer", 0, 0), frame: Rect(x: 0, y: 300, width: 320, height: 40))
        var expectedEnd = footer
        expectedEnd.frame.origin.y = 250
        expectedEnd.custom = ["finalizedBefore": .bool(false)]
        expectEqual(try layout.finalLayoutAttributes(forDisappearing: footer, context: context), expectedEnd)
        try layout.finalizeCollectionViewUpdates(context: context)
        expectedEnd.custom = ["finalizedBefore": .bool(true)]
        expectEqual(try layout.finalLayoutAttributes(forDisappearing: footer, context: context), expectedEnd)
    }

    /// Through the whole update cycle: inserting (0, 2) into 4 items (100×100, 320 wide:
    /// columns x = 0, 110, 220, rows y = 0, 110). The viewport (0, 100, 320, 480) has its
    /// centre at (160, 340): the inserted item starts at origin (110, 290), alpha 0. The items
    /// that shift (old 2 → new 3, old 3 → new 4) start where they were, fully opaque.
    @Test func theFlyInAppliesOnlyToInsertedItems() throws {
        let layout = try ScriptLayout(source: Self.flyIn)
        let old = makeContext(width: 320, height: 480, offset: Point(x: 0, y: 100), counts: [4])
        var new = old
        new.data = CollectionData(counts: [5])
        let plan = try UpdatePlanner.plan(
            layout: layout, old: old, new: new, update: BatchUpdate(insertedItems: [LayoutIndexPath(0, 2)]))
        let inserted = try require(plan.entries.first { $0.change == .insert })
        expectEqual(inserted.indexPathAfter, LayoutIndexPath(0, 2))
        expect(inserted.from.frame == Rect(x: 110, y: 290, width: 100, height: 100) && inserted.from.alpha == 0)
        expect(inserted.to.frame == Rect(x: 220, y: 0, width: 100, height: 100) && inserted.to.alpha == 1)
        let shifted = plan.entries.filter {
            $0.indexPathBefore == LayoutIndexPath(0, 2) || $0.indexPathBefore == LayoutIndexPath(0, 3)
        }
        expect(
            shifted.map(\.from.frame) == [
                Rect(x: 220, y: 0, width: 100, height: 100), Rect(x: 0, y: 110, width: 100, height: 100),
            ])
        expect(
            shifted.map(\.to.frame) == [
                Rect(x: 0, y: 110, width: 100, height: 100), Rect(x: 110, y: 110, width: 100, height: 100),
            ])
        expect(shifted.allSatisfy { $0.from.alpha == 1 && $0.change == .persist })
    }

    /// A moved item is asked about with its new index path (as UIKit passes it), so the
    /// fly-in's filter does not mistake it for the item inserted at its old place: insert 0:2
    /// and move 0:2 → 0:5 in 6 items; only the inserted item starts at the centre.
    @Test func movedItemsAreAskedWithTheirNewIndexPath() throws {
        let layout = try ScriptLayout(source: Self.flyIn)
        let old = makeContext(width: 320, height: 480, counts: [6])
        var new = old
        new.data = CollectionData(counts: [7])
        let update = BatchUpdate(
            insertedItems: [LayoutIndexPath(0, 2)],
            movedItems: [.init(from: LayoutIndexPath(0, 2), to: LayoutIndexPath(0, 5))])
        let plan = try UpdatePlanner.plan(layout: layout, old: old, new: new, update: update)
        let moved = try require(plan.entries.first { $0.change == .move })
        expect(moved.indexPathBefore == LayoutIndexPath(0, 2) && moved.indexPathAfter == LayoutIndexPath(0, 5))
        expectEqual(moved.from.alpha, 1)
        expectEqual(moved.from.frame, Rect(x: 220, y: 0, width: 100, height: 100))
        expectEqual(moved.from.indexPath, LayoutIndexPath(0, 5))
        let inserted = try require(plan.entries.first { $0.change == .insert })
        expectEqual(inserted.from.alpha, 0)
    }

    @Test func withoutHooksTheGivenDefaultIsKept() throws {
        let layout = try ScriptLayout(source: "return { prepare = function(cv, out) out:cell(0, 0, 0, 0, 10, 10) end }")
        let context = makeContext()
        try layout.prepare(in: context)
        try layout.prepare(
            forCollectionViewUpdates: [
                CollectionUpdate(action: .reload, before: .init(section: 0), after: .init(section: 0))
            ],
            context: context)
        let faded = LayoutAttributes(key: .cell(0, 0), frame: Rect(x: 0, y: 0, width: 10, height: 10), alpha: 0)
        expectEqual(try layout.initialLayoutAttributes(forAppearing: faded, context: context), faded)
        expectEqual(try layout.finalLayoutAttributes(forDisappearing: faded, context: context), faded)
        try layout.finalizeCollectionViewUpdates(context: context)
    }

    @Test func hookErrorsNameTheHookAndElement() {
        let layout = try? ScriptLayout(
            source: """
                local layout = flow{}
                function layout.initialLayoutAttributesForAppearingDecorationElement(cv, a) a.alpha = "none" end
                return layout
                """)
        let shelf = LayoutAttributes(key: .decoration("shelf", 1, 0), frame: .zero)
        let error = #expect(throws: ScriptError.self) {
            try layout?.initialLayoutAttributes(forAppearing: shelf, context: makeContext())
        }
        expect(
            error?.message
                == "layout.lua:2: decoration \"shelf\" [1, 0]: alpha must be a number from 0 to 1, got string")
        expect(
            error?.evaluating
                == "initialLayoutAttributesForAppearingDecorationElement(cv, a) for decoration \"shelf\" [1, 0]")
    }
}
