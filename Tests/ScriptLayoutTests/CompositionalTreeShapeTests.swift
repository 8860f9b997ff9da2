import Foundation
import LayoutEngine
import TestExpectations
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
        expectEqual(scriptError(mutated(mutation))?.message, message + Self.changed)
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
        expectEqual(
            message, "test.lua:5: compositional.group: subitem leads back to this group (a cycle)" + Self.changed)
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
        expect(
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
        expectEqual(found.map(\.frame), [0, 50, 100].map { Rect(x: 0, y: $0, width: 375, height: 50) })
        expect(elapsed < .seconds(5))
    }

    @Test func nestingDeeperThanTheLimitIsRefused() {
        expect(
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
        expect(
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
        expect(
            message
                == "test.lua:3: compositional.section: group must be a compositional.group{...} or compositional.customGroup{...}, got a table"
                + Self.changed)
    }

    /// A level: a side item and the fractional group below, with spacing 1 (two items, so the
    /// spacing re-solve resizes both: the group is asked for at two sizes).
    private static func chain(levels: Int, fraction: Double, spacing: (Int) -> String = { _ in "1" }) -> String {
        """
        local C = compositional
        local node = C.item{ width = C.fractionalWidth(\(fraction)), height = C.fractionalHeight(1) }
        local spacings = { \((1...levels).map(spacing).joined(separator: ", ")) }
        for i = 1, \(levels) do
          local side = C.item{ width = C.fractionalWidth(\(1 - fraction)), height = C.fractionalHeight(1) }
          node = C.group{ axis = "horizontal", width = C.fractionalWidth(\(fraction)), height = C.fractionalHeight(1), subitems = {side, node}, interItemSpacing = spacings[i] }
        end
        return compositional{ section = C.section{ group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = 50, subitems = {node} } } }
        """
    }

    /// Two levels in a 100-wide root, by hand (scale 1: fractions floor to whole points).
    /// Root: n2 = floor(0.9·100) = 90 (one subitem: no re-solve). n2 (90): side floor(9) = 9
    /// and n1 floor(81) = 81 fill it; two items, spacing 1: re-solved in 89, side floor(8.9) =
    /// 8, n1 floor(80.1) = 80; side at 0, n1 at 8 + 1 = 9. n1 (80): side 8 and leaf
    /// floor(0.9·80) = 72 fill it; re-solved in 79: side 7, leaf floor(71.1) = 71; side at 9,
    /// leaf at 9 + 7 + 1 = 17.
    @Test func resizedNestedGroupsKeepTheirFrames() throws {
        let frames = try run(Self.chain(levels: 2, fraction: 0.9), makeContext(width: 100, counts: [3])).map(\.frame)
        expect(
            frames == [
                Rect(x: 0, y: 0, width: 8, height: 50), Rect(x: 9, y: 0, width: 7, height: 50),
                Rect(x: 17, y: 0, width: 71, height: 50),
            ])
    }

    /// Each level's group is asked for at two sizes (the probe, then the spacing re-solve's),
    /// which once cost 2^depth solves and stopped at about level 15. Sizes one level down
    /// differ by whole spacings, so they coincide and are solved once each: 60 levels lay
    /// out. By the rule above, each item starts one point (the spacing) after the one before
    /// it ends; 60 sides and the innermost leaf are 61 items.
    @Test func resizedNestedGroupsCostLinearTime() throws {
        let frames = try run(
            Self.chain(levels: 60, fraction: 0.99), makeContext(width: 100_000, counts: [61])
        ).map(\.frame)
        expectEqual(frames.count, 61)
        expectEqual(frames.first?.x, 0)
        for (before, after) in zip(frames, frames.dropFirst()) {
            expectEqual(after.x, before.x + before.width + 1)
        }
        expect(frames.allSatisfy { $0.width > 0 && $0.y == 0 && $0.height == 50 })
    }

    /// Spacings that double at every level make every size distinct (no two sums of
    /// different spacings are equal), so the work still doubles a level: stopped, located,
    /// after 20000 distinct solves.
    @Test func distinctSpacingsAtEveryLevelAreBounded() {
        let message = scriptError(
            Self.chain(levels: 30, fraction: 0.9, spacing: { "\(1 << $0)" }),
            makeContext(width: 1e12, counts: [1000]))?.message
        expect(
            message?.hasPrefix(
                "test.lua:8: section 0: solving the group takes more than 20000 solves of nested groups at distinct sizes"
            ) == true,
            "\(message ?? "no error")")
    }
}
