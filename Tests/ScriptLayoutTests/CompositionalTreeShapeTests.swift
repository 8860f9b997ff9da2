import Foundation
import LayoutEngine
import Testing

@testable import ScriptLayout

/// The tree reader takes nothing on trust: a spec changed after its constructor made it is
/// checked where it is read (type, constructor, cycles, depth, size), each a located error
/// naming the constructor and the field; nested groups cost linear time.
@Suite("Compositional tree shapes")
struct CompositionalTreeShapeTests {
    /// An item filling a 50-high root group, its group `g` and section `s`, then `mutation`.
    private func mutated(_ mutation: String) -> String {
        """
        local C = compositional
        local item = C.item{ width = C.fractionalWidth(1), height = 50 }
        local g = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = 50, subitems = {item} }
        local s = C.section{ group = g }
        \(mutation)
        return compositional{ section = s }
        """
    }

    private static let changed = " (was the table changed after it was made?)"

    @Test(arguments: [
        (
            "s.group = \"nope\"",
            "test.lua:4: compositional.section: group must be a compositional.group{...} or compositional.customGroup{...}, got the string \"nope\""
        ),
        (
            "s.group = item",
            "test.lua:4: compositional.section: group must be a compositional.group{...} or compositional.customGroup{...}, got a compositional.item"
        ),
        (
            "g.subitems = {\"x\"}",
            "test.lua:3: compositional.group: subitems[1] must be a compositional.item{...}, compositional.group{...} or compositional.customGroup{...}, got the string \"x\""
        ),
        ("g.subitems = {g}", "test.lua:3: compositional.group: subitems[1] leads back to this group (a cycle)"),
        (
            "g.subitems = true",
            "test.lua:3: compositional.group: subitems must be an array of compositional specs, got true"
        ),
        ("g.subitems = {}", "test.lua:3: compositional.group: subitems is empty: a group needs at least one subitem"),
        (
            "g.axis = 'diagonal'",
            "test.lua:3: compositional.group: axis must be one of \"horizontal\", \"vertical\", got the string \"diagonal\""
        ),
        (
            "g.contentInsets = {top = 'x'}",
            "test.lua:3: compositional.group: contentInsets.top must be a finite number, got the string \"x\""
        ),
        (
            "g.edgeSpacing = 4",
            "test.lua:3: compositional.group: edgeSpacing must be {leading=, top=, trailing=, bottom=} of spacings, got 4"
        ),
        (
            "g.interItemSpacing = {}",
            "test.lua:3: compositional.group: interItemSpacing must be a number, compositional.fixed(v) or compositional.flexible(v), got a table"
        ),
        ("item.width = nil", "test.lua:2: compositional.item: width and height are required"),
        (
            "s.boundarySupplementaryItems = {g}",
            "test.lua:4: compositional.section: boundarySupplementaryItems[1] must be a compositional.boundarySupplementaryItem{...}, got a compositional.group"
        ),
        (
            "s.orthogonalScrollingBehavior = 7",
            "test.lua:4: compositional.section: orthogonalScrollingBehavior must be one of \"none\", \"continuous\", \"continuousGroupLeadingBoundary\", \"paging\", \"groupPaging\", \"groupPagingCentered\", got 7"
        ),
        (
            "s.visibleItemsInvalidationHandler = 'later'",
            "test.lua:4: compositional.section: visibleItemsInvalidationHandler must be a function, got the string \"later\""
        ),
        (
            "s.site = 5; s.group = 1",
            "test.lua: compositional.section: group must be a compositional.group{...} or compositional.customGroup{...}, got 1"
        ),
    ])
    func aChangedSpecIsALocatedError(mutation: String, message: String) {
        #expect(scriptError(mutated(mutation))?.message == message + Self.changed)
    }

    /// A cycle through two groups: the section's g → outer → g. Reading stops at the first
    /// repeat: outer's `subitem` (line 5) leads back to g, which is being read.
    @Test func aCycleThroughTwoGroupsIsFound() {
        let message = scriptError(
            mutated(
                """
                local outer = C.group{ axis = "vertical", width = C.fractionalWidth(1), height = 50, subitem = g, count = 1 }
                g.subitems = {outer}
                """))?.message
        #expect(message == "test.lua:5: compositional.group: subitem leads back to this group (a cycle)" + Self.changed)
    }

    /// The same group twice among one group's subitems is a tree, not a cycle.
    @Test func aGroupUsedTwiceIsNoCycle() throws {
        // Root 400 × 50: two halves of fractionalWidth(0.5) = 200 each hold one item filling
        // them, so items at x = 0 and 200, each 200 × 50.
        let found = try run(
            """
            local C = compositional
            local item = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
            local half = C.group{ axis = "vertical", width = C.fractionalWidth(0.5), height = C.fractionalHeight(1), subitems = {item} }
            local g = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = 50, subitems = {half, half} }
            return compositional{ section = C.section{ group = g } }
            """, makeContext(width: 400, counts: [2]))
        #expect(
            found.map(\.frame) == [
                Rect(x: 0, y: 0, width: 200, height: 50), Rect(x: 200, y: 0, width: 200, height: 50),
            ])
    }

    private func nested(_ levels: Int) -> String {
        """
        local C = compositional
        local node = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
        for i = 1, \(levels) do
          node = C.group{ axis = i % 2 == 0 and "horizontal" or "vertical", width = C.fractionalWidth(1), height = C.fractionalHeight(1), subitems = {node} }
        end
        return compositional{ section = C.section{ group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = 50, subitems = {node} } } }
        """
    }

    /// 255 nested groups in the root make 256 levels, the most the reader takes. Every level
    /// fills its parent (fractions of 1), so each item is the root group: 375 × 50, stacked
    /// 50 apart. Solved once per group, it takes milliseconds (25 levels took 26 s when
    /// each nested group was solved again by its parent's fill).
    @Test func deepNestingIsLinear() throws {
        let clock = ContinuousClock()
        var found: [LayoutAttributes] = []
        let elapsed = try clock.measure {
            found = try run(nested(255), makeContext(width: 375, counts: [3]))
        }
        #expect(found.map(\.frame) == [0, 50, 100].map { Rect(x: 0, y: $0, width: 375, height: 50) })
        #expect(elapsed < .seconds(5))
    }

    @Test func nestingDeeperThanTheLimitIsRefused() {
        #expect(
            scriptError(nested(256))?.message
                == "test.lua:4: compositional.group: groups nest more than 256 levels deep (a section's group is level 1)"
        )
    }

    /// Each group holds the one below twice: 2^20 leaves from 21 constructor calls.
    @Test func aTreeTooLargeToReadIsRefused() {
        let message = scriptError(
            """
            local C = compositional
            local node = C.item{ width = C.fractionalWidth(0.5), height = 50 }
            for i = 1, 20 do
              node = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = 50, subitems = {node, node} }
            end
            return compositional{ section = C.section{ group = node } }
            """)?.message
        #expect(
            message
                == "test.lua:6: compositional.section: its tree holds more than 100000 items, groups and supplementary items (a group used n times counts n times)"
        )
    }

    /// A section the provider returned, then changed before the next call.
    @Test func aProvidedSectionChangedLaterIsCaught() {
        let message = scriptError(
            """
            local C = compositional
            local item = C.item{ width = C.fractionalWidth(1), height = 50 }
            local s = C.section{ group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = 50, subitems = {item} } }
            return compositional{ sectionProvider = function(cv, index, env)
              if index == 1 then s.group = {} end
              return s
            end }
            """, makeContext(counts: [1, 1]))?.message
        #expect(
            message
                == "test.lua:3: compositional.section: group must be a compositional.group{...} or compositional.customGroup{...}, got a table"
                + Self.changed)
    }

    /// Each level holds an item and a fractional group the spacing re-solve resizes, so the
    /// group is solved again at its new size at every level: 2^depth solves. Stopped after
    /// 20000 second solves (about level 15), in about a second, instead of running for minutes.
    @Test func resizedNestedGroupsAreBounded() {
        let clock = ContinuousClock()
        var message: String?
        let elapsed = clock.measure {
            message =
                scriptError(
                    """
                    local C = compositional
                    local node = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
                    for i = 1, 30 do
                      local side = C.item{ width = C.fractionalWidth(0.1), height = C.fractionalHeight(1) }
                      node = C.group{ axis = "horizontal", width = C.fractionalWidth(0.9), height = C.fractionalHeight(1), subitems = {side, node}, interItemSpacing = 1 }
                    end
                    return compositional{ section = C.section{ group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = 50, subitems = {node} } } }
                    """, makeContext(width: 100_000, counts: [1000]))?.message
        }
        #expect(
            message?.hasPrefix(
                "test.lua:7: section 0: solving the group takes more than 20000 second solves of nested groups") == true
        )
        #expect(elapsed < .seconds(30))
    }
}
