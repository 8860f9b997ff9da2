import LayoutEngine
import ScriptLayout
import TestExpectations
import Testing

/// docs/parity.md §1: a flow subclass's `prepare(cv, out)` adds supplementary and decoration views.
@Suite("Flow prepare")
struct FlowPrepareTests {
    /// Items 100×50 in a 320-wide flow with spacing 10: ⌊(320 + 10) / 110⌋ = 3 columns, the
    /// spare 20 over 2 gaps → x 0, 110, 220; 4 items make lines at y 0 and 60. prepare adds a
    /// separator under each cell (y = cell's maxY, 1 high) and a "badge" supplementary on item 0;
    /// `attributes` sees them too (it marks every element with its category).
    static let source = """
        local layout = flow{ itemSize = {100, 50}, minimumInteritemSpacing = 10, minimumLineSpacing = 10 }
        function layout.prepare(cv, out)
          assert(cv.contentSize.height == 110)
          for item = 0, cv:numberOfItems(0) - 1 do
            local a = cv:layoutAttributesForItem(0, item)
            out:decoration("separator", 0, item, a.x, a.y + a.height, a.width, 1)
          end
          out:supplementary("badge", 0, 0, 90, -10, 20, 20, {zIndex = 5})
        end
        function layout.attributes(cv, a) a.seen = a.category end
        return layout
        """

    @Test func addedElementsAreStoredAndHooked() throws {
        let layout = try ScriptLayout(source: Self.source, name: "t.lua")
        let context = makeContext(counts: [4])
        try layout.prepare(in: context)
        let all = try layout.allLayoutAttributes(context: context)
        // Decorations in output order (by index path).
        expect(
            all.filter { $0.category == .decoration }.map(\.frame) == [
                Rect(x: 0, y: 50, width: 100, height: 1), Rect(x: 110, y: 50, width: 100, height: 1),
                Rect(x: 220, y: 50, width: 100, height: 1), Rect(x: 0, y: 110, width: 100, height: 1),
            ])
        let badge = try require(all.first { $0.kind == "badge" })
        expect(badge.frame == Rect(x: 90, y: -10, width: 20, height: 20) && badge.zIndex == 5)
        expect(all.allSatisfy { $0.custom["seen"] == .string($0.category.name) })
        expectEqual(all.count, 4 + 4 + 1)
        // The flow's content size stays (out:contentSize was not called): 2 lines, 50 + 10 + 50.
        expectEqual(layout.collectionViewContentSize, Size(width: 320, height: 110))
        expectContains(layout.fields.hooks, "prepare")
    }

    /// Adding an element the flow already placed (its header) is a located error, and so is
    /// adding one element twice.
    @Test func theFlowsOwnElementsCannotBeAddedAgain() {
        let error = scriptError(
            """
            local layout = flow{ headerReferenceSize = {0, 20} }
            function layout.prepare(cv, out)
              out:supplementary("header", 0, 0, 0, 0, 10, 10)
            end
            return layout
            """)
        expect(
            error?.message
                == "test.lua:2: supplementary \"header\" [0, 0] is the flow's own element: add elements of other kinds or index paths"
        )
        let twice = scriptError(
            """
            local layout = flow{}
            function layout.prepare(cv, out)
              out:decoration("line", 0, 0, 0, 0, 10, 1)
              out:decoration("line", 0, 0, 0, 5, 10, 1)
            end
            return layout
            """)
        expectEqual(twice?.message, "test.lua:2: decoration \"line\" [0, 0] was placed twice")
    }

    /// A pinned header stays the flow's (placed at query time); an added "header" at its index
    /// path is refused, naming it.
    @Test func pinnedHeadersStayTheFlows() {
        let error = scriptError(
            """
            local layout = flow{ headerReferenceSize = {0, 20}, sectionHeadersPinToVisibleBounds = true }
            function layout.prepare(cv, out)
              out:supplementary("header", 0, 0, 0, 0, 10, 10)
            end
            return layout
            """)
        expect(
            error?.message
                == "test.lua:2: supplementary \"header\" [0, 0] is the flow's own element: add elements of other kinds or index paths"
        )
    }
}
