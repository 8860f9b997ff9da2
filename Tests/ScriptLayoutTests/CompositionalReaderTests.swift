import LayoutEngine
import TestExpectations
import Testing
@testable import ScriptLayout

/// `compositional{...}` read from Lua: every constructor reaches the engine, and every malformed
/// tree is a located error (docs/lua-api.md, "compositional{...}"). Numbers follow the note's
/// rules (docs/compositional.md), derived in each test.
@Suite("Compositional layouts from Lua")
struct CompositionalReaderTests {
    private func frames(
        _ source: String, _ context: CollectionContext = makeContext(width: 375, counts: [6])
    ) throws -> [ElementKey: Rect] {
        Dictionary(uniqueKeysWithValues: try run(source, context).map { ($0.key, $0.frame) })
    }

    /// The note's grid sample at @2x: item 0.2w × 1.0h in a 1.0w × 0.2w group: 375 × 0.2 = 75,
    /// so cells 75×75 at x = 0, 75, …, 300, rows every 75; 94 items → 19 rows → 1425 high.
    @Test func theGridSample() throws {
        let source = """
            local C = compositional
            local item = C.item{ width = C.fractionalWidth(0.2), height = C.fractionalHeight(1) }
            local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.fractionalWidth(0.2), subitems = {item} }
            return compositional{ section = C.section{ group = group } }
            """
        let layout = try ScriptLayout(source: source)
        let context = makeContext(width: 375, scale: 2, counts: [94])
        try layout.prepare(in: context)
        expectEqual(layout.kind, .compositional)
        expectEqual(layout.collectionViewContentSize, Size(width: 375, height: 1425))
        let all = try layout.allLayoutAttributes(context: context)
        expectEqual(all.count, 94)
        expectEqual(all[6].frame, Rect(x: 75, y: 75, width: 75, height: 75))
        expectEqual(all[93].frame, Rect(x: 225, y: 1350, width: 75, height: 75))
    }

    /// Two-column sample @2x: insets (0, 10, 0, 10) leave 355; `subitem, count = 2` with
    /// spacing 10 → (355 − 10)/2 = 172.5 at x = 10 and 192.5; rows every 44 + 10.
    @Test func subitemCountAndSpacingAndInsets() throws {
        let found = try frames(
            """
            local C = compositional
            local item = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
            local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(44),
                                   subitem = item, count = 2, interItemSpacing = C.fixed(10) }
            return compositional{ section = C.section{ group = group, interGroupSpacing = 10, contentInsets = {0, 10, 0, 10} } }
            """, makeContext(width: 375, scale: 2, counts: [3]))
        expectEqual(found[.cell(0, 0)], Rect(x: 10, y: 0, width: 172.5, height: 44))
        expectEqual(found[.cell(0, 1)], Rect(x: 192.5, y: 0, width: 172.5, height: 44))
        expectEqual(found[.cell(0, 2)], Rect(x: 10, y: 54, width: 172.5, height: 44))
    }

    /// Headers, badges, backgrounds and named insets. Section insets (top 5, leading 10,
    /// bottom 5, trailing 10) at 375 @1x: header (10, 0, 355, 30) follows the insets; the group
    /// starts at 30 + 5 = 35; the item is 100×50 at x 10; the badge (20×20, top-trailing,
    /// fractional (0.3, −0.3)) sits at maxX − 14 = 96, minY − 6 = 29; the background covers the
    /// section (0…90 = 30 + 5 + 50 + 5) at zIndex 0 and raises cells to 1.
    @Test func everyConstructorReachesTheEngine() throws {
        let layout = try ScriptLayout(
            source: """
                local C = compositional
                local badge = C.supplementaryItem{ kind = "badge", width = 20, height = 20,
                  containerAnchor = {edges = {"top", "trailing"}, fractionalOffset = {0.3, -0.3}} }
                local item = C.item{ width = C.absolute(100), height = 50, supplementaryItems = {badge} }
                local group = C.group{ axis = "vertical", width = C.fractionalWidth(1), height = 50, subitems = {item} }
                local header = C.boundarySupplementaryItem{ kind = "header", width = C.fractionalWidth(1), height = 30, alignment = "top" }
                return compositional{ section = C.section{ group = group, contentInsets = {top = 5, leading = 10, bottom = 5, trailing = 10},
                  boundarySupplementaryItems = {header}, decorationItems = {C.background{kind = "bg"}} } }
                """)
        let context = makeContext(width: 375, counts: [1])
        try layout.prepare(in: context)
        let all = Dictionary(
            uniqueKeysWithValues: try layout.allLayoutAttributes(context: context).map { ($0.key, $0) })
        expectEqual(all[.cell(0, 0)]?.frame, Rect(x: 10, y: 35, width: 100, height: 50))
        expectEqual(all[.cell(0, 0)]?.zIndex, 1)
        expectEqual(all[.supplementary("header", 0, 0)]?.frame, Rect(x: 10, y: 0, width: 355, height: 30))
        expectEqual(all[.supplementary("badge", 0, 0)]?.frame, Rect(x: 96, y: 29, width: 20, height: 20))
        expectEqual(all[.decoration("bg", 0, 0)]?.frame, Rect(x: 0, y: 0, width: 375, height: 90))
        expectEqual(all[.decoration("bg", 0, 0)]?.zIndex, 0)
        expectEqual(layout.collectionViewContentSize, Size(width: 375, height: 90))
    }

    /// The section provider runs once per section with `env`: 375 wide, no reference insets.
    /// Section 0 gets 100-high rows, section 1 nil (empty, so no spacing around it), section 2
    /// 50-high rows after interSectionSpacing 7: 100 + 7 = 107.
    @Test func sectionProviderSeesTheEnvironment() throws {
        let found = try frames(
            """
            local C = compositional
            local calls = 0
            return compositional{
              interSectionSpacing = 7,
              sectionProvider = function(cv, sectionIndex, env)
                calls = calls + 1
                assert(env.container.contentSize.width == 375 and env.container.effectiveContentSize.width == 375)
                assert(env.container.contentInsets.leading == 0 and env.displayScale == cv.scale)
                if sectionIndex == 1 then return nil end
                local h = sectionIndex == 0 and 100 or 50
                local item = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
                return C.section{ group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = h, subitems = {item} } }
              end,
            }
            """, makeContext(width: 375, counts: [1, 1, 1]))
        expectEqual(found[.cell(0, 0)], Rect(x: 0, y: 0, width: 375, height: 100))
        expectEqual(found[.cell(2, 0)], Rect(x: 0, y: 107, width: 375, height: 50))
    }

    /// A custom group's frames, one data item each, in group coordinates: the group is 375×100;
    /// three frames per group, the second group 100 lower.
    @Test func customGroupItemProvider() throws {
        let found = try frames(
            """
            local C = compositional
            local g = C.customGroup{ width = C.fractionalWidth(1), height = 100, itemProvider = function(env)
              return {{x = 0, y = 0, width = 50, height = 50}, {x = 60, y = 10, width = 50, height = 50, zIndex = 3},
                      {x = 120, y = 0, width = 50, height = 50}}
            end }
            return compositional{ section = C.section{ group = g } }
            """, makeContext(width: 375, counts: [4]))
        expectEqual(found[.cell(0, 1)], Rect(x: 60, y: 10, width: 50, height: 50))
        expectEqual(found[.cell(0, 3)], Rect(x: 0, y: 100, width: 50, height: 50))
    }

    /// Self-sizing: estimated 44-high rows answered 80 for item 0 (only the estimated axis is
    /// taken, so the 999 width is ignored): row 1 starts at 80. With `estimatesOnly` the
    /// estimate stands: row 1 at 44.
    @Test func preferredSizeForItemRestacks() throws {
        let source = """
            local C = compositional
            local item = C.item{ width = C.fractionalWidth(1), height = C.estimated(44) }
            local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.estimated(44), subitems = {item} }
            local layout = compositional{ section = C.section{ group = group } }
            function layout.preferredSizeForItem(cv, section, item, fitting)
              assert(fitting.width == 375)
              if item == 0 then return 999, 80 end
            end
            return layout
            """
        let context = makeContext(width: 375, counts: [2])
        expectEqual(try frames(source, context)[.cell(0, 1)]?.y, 80)
        let estimates = try ScriptLayout(source: source, options: .init(estimatesOnly: true))
        try estimates.prepare(in: context)
        expectEqual(try estimates.layoutAttributesForItem(at: LayoutIndexPath(0, 1), context: context)?.frame.y, 44)
    }

    /// A whole section measured in one batch: rows estimated 44 high, answered 30 + 10·item
    /// (item 2 answers nil and keeps its 44), so heights 30, 40, 44, 60 stack at y = 0, 30,
    /// 70, 114. `fitting` is one table reused: item 0 clears its width, and item 1 still sees
    /// 375 (every item gets its own estimate).
    @Test func aSectionIsMeasuredInOneBatch() throws {
        let source = """
            local C = compositional
            local item = C.item{ width = C.fractionalWidth(1), height = C.estimated(44) }
            local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.estimated(44), subitems = {item} }
            local layout = compositional{ section = C.section{ group = group } }
            function layout.preferredSizeForItem(cv, section, item, fitting)
              assert(fitting.width == 375 and fitting.height == 44 and math.type(fitting.width) == "integer")
              if item == 0 then fitting.width = nil end
              if item == 2 then return nil end
              return 375, 30 + 10 * item
            end
            return layout
            """
        let found = try frames(source, makeContext(width: 375, counts: [4]))
        expectEqual((0..<4).map { found[.cell(0, $0)]?.y }, [0, 30, 70, 114])
        expectEqual((0..<4).map { found[.cell(0, $0)]?.height }, [30, 40, 44, 60])
    }

    /// The batch's errors name the item and the callback's line, as one call each did.
    @Test func aBatchedMeasuringErrorIsLocated() {
        let header = """
            local C = compositional
            local item = C.item{ width = C.fractionalWidth(1), height = C.estimated(44) }
            local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.estimated(44), subitems = {item} }
            local layout = compositional{ section = C.section{ group = group } }

            """
        let context = makeContext(width: 375, counts: [5])
        let wrong = scriptError(
            header
                + "function layout.preferredSizeForItem(cv, s, i, f) if i == 3 then return 'tall' end end\nreturn layout",
            context)
        expect(
            wrong?.message
                == "test.lua:5: preferredSizeForItem must return w, h (or {w, h}, or nil to keep the estimate)")
        expectEqual(wrong?.evaluating, "preferredSizeForItem(cv, 0, 3, fitting)")
        let invalid = scriptError(
            header + "function layout.preferredSizeForItem(cv, s, i, f) return 375, -2 end\nreturn layout", context)
        expect(
            invalid?.message
                == "test.lua:5: preferredSizeForItem returned an invalid size 375×-2 (sizes must be finite and ≥ 0)")
        let raised = scriptError(
            header
                + "function layout.preferredSizeForItem(cv, s, i, f)\n  if i == 4 then error('no text') end\nend\nreturn layout",
            context)
        expectEqual(raised?.message.hasPrefix("test.lua:6: no text"), true, "\(String(describing: raised))")
        expectEqual(raised?.evaluating, "preferredSizeForItem(cv, 0, 4, fitting)")
    }

    /// The writers stream the store of a compositional layout as they do a flow's, unless the
    /// listing is more than the store: a pinned header (placed from the bounds) or a
    /// visible-items handler (which edits elements) makes it a list of attributes. Either way
    /// the listing is the same elements: 3 rows of 44, y = 0, 44, 88.
    @Test func theWholeListingIsTheStoreWhenNothingChangesIt() throws {
        let rows = """
            local C = compositional
            local item = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
            local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(44), subitems = {item} }
            """
        let context = makeContext(width: 375, counts: [3])
        func listing(_ source: String) throws -> ElementList {
            let layout = try ScriptLayout(source: rows + "\n" + source)
            try layout.prepare(in: context)
            return try layout.allElementList(context: context)
        }
        let plain = try listing("return compositional{ section = C.section{ group = group } }")
        expect(plain.store != nil)
        expectEqual(plain.map(\.frame.y), [0, 44, 88])
        let handled = try listing(
            "return compositional{ section = C.section{ group = group, visibleItemsInvalidationHandler = function() end } }"
        )
        expect(handled.store == nil)
        expectEqual(handled.map(\.frame.y), [0, 44, 88])
        let pinned = try listing(
            """
            local header = C.boundarySupplementaryItem{ kind = "header", width = C.fractionalWidth(1), height = 20, alignment = "top", pinToVisibleBounds = true }
            return compositional{ section = C.section{ group = group, boundarySupplementaryItems = {header} } }
            """)
        expect(pinned.store == nil)
    }

    /// The attributes hook and super queries work as on other layouts.
    @Test func hooksWorkOnCompositionalLayouts() throws {
        let all = try run(
            """
            local C = compositional
            local item = C.item{ width = 100, height = 100 }
            local layout = compositional{ section = C.section{ group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = 100, subitems = {item} } } }
            function layout.attributes(cv, a)
              local same = cv:layoutAttributesForItem(a.section, a.item)
              a.alpha = 0.5
              a.seen = same.width
            end
            return layout
            """, makeContext(width: 375, counts: [2]))
        expectEqual(all.map(\.alpha), [0.5, 0.5])
        expectEqual(all.first?.custom["seen"], .number(100))
    }

    /// Orthogonal sections: reported frames stay unscrolled; the visible-items handler sees the
    /// context's offset (40) and its alpha is taken back; paging snaps forward to the next
    /// group (groupPaging unit 300 + 10 = 310).
    @Test func orthogonalSectionsAndTheHandler() throws {
        let layout = try ScriptLayout(
            source: """
                local C = compositional
                local item = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
                local group = C.group{ axis = "horizontal", width = 300, height = 100, subitems = {item} }
                return compositional{ section = C.section{ group = group, interGroupSpacing = 10,
                  orthogonalScrollingBehavior = "groupPaging",
                  visibleItemsInvalidationHandler = function(items, offset, env)
                    for _, a in ipairs(items) do a.alpha = offset.x == 40 and 0.25 or 1 end
                  end } }
                """)
        var context = makeContext(width: 375, counts: [3])
        try layout.prepare(in: context)
        expectEqual(layout.scrollRegions.map(\.section), [0])
        context.orthogonalOffsets = [0: 40]
        let visible = try layout.layoutAttributesForElements(
            in: Rect(x: 0, y: 0, width: 375, height: 480), context: context)
        expectEqual(visible.first?.frame, Rect(x: 0, y: 0, width: 300, height: 100))
        expect(visible.allSatisfy { $0.alpha == 0.25 })
        expectEqual(layout.targetOffset(inRegion: 0, proposed: 100, velocity: 1), 310)
    }

    // MARK: Errors

    @Test(arguments: [
        (
            "local C = compositional\nlocal i = C.item{ widht = 3, height = 4 }",
            "test.lua:2: compositional.item: unknown field 'widht' (did you mean 'width'?)"
        ),
        (
            "local C = compositional\nlocal i = C.item{ height = 4 }",
            "test.lua:2: compositional.item: width is required"
        ),
        (
            "local C = compositional\nlocal i = C.item{ width = 'wide', height = 4 }",
            "test.lua:2: compositional.item: width must be a dimension"
        ),
        (
            "local C = compositional\nlocal d = C.fractionalWidth(0/0)",
            "test.lua:2: compositional.fractionalWidth: expects a finite number, got nan"
        ),
        (
            "local C = compositional\nlocal d = C.absolute(-1)",
            "test.lua:2: compositional.absolute: expects a size ≥ 0, got -1"
        ),
        (
            "local C = compositional\nlocal d = C.flexible(math.huge)",
            "test.lua:2: compositional.flexible: expects a finite number, got inf"
        ),
        (
            "local C = compositional\nlocal g = C.group{ axis = 'diagonal', width = 1, height = 1 }",
            "test.lua:2: compositional.group: axis must be \"horizontal\" or \"vertical\", got the string \"diagonal\""
        ),
        (
            "local C = compositional\nlocal g = C.group{ axis = 'vertical', width = 1, height = 1 }",
            "test.lua:2: compositional.group: give exactly one of subitems"
        ),
        (
            "local C = compositional\nlocal g = C.group{ axis = 'vertical', width = 1, height = 1, subitems = {} }",
            "test.lua:2: compositional.group: subitems is empty"
        ),
        (
            "local C = compositional\nlocal g = C.group{ axis = 'vertical', width = 1, height = 1, subitems = {1} }",
            "test.lua:2: compositional.group: subitems[1] must be an item or a group, got 1"
        ),
        (
            "local C = compositional\nlocal i = C.item{ width = 1, height = 1 }\nlocal g = C.group{ axis = 'vertical', width = 1, height = 1, subitem = i }",
            "test.lua:3: compositional.group: count is required with subitem"
        ),
        (
            "local C = compositional\nlocal i = C.item{ width = 1, height = 1 }\nlocal g = C.group{ axis = 'vertical', width = 1, height = 1, subitem = i, count = 1e9 }",
            "test.lua:3: compositional.group: count must be between 1 and 1000000"
        ),
        (
            "local C = compositional\nlocal g = C.customGroup{ width = 1, height = 1 }",
            "test.lua:2: compositional.customGroup: itemProvider is required"
        ),
        (
            "local C = compositional\nlocal s = C.section{ group = 3 }",
            "test.lua:2: compositional.section: group must be a compositional.group{...} or compositional.customGroup{...}, got 3"
        ),
        (
            "local C = compositional\nlocal s = C.section{ groop = 3 }",
            "test.lua:2: compositional.section: unknown field 'groop' (did you mean 'group'?)"
        ),
        (
            "local C = compositional\nlocal b = C.boundarySupplementaryItem{ kind = 'h', width = 1, height = 1, alignment = 'middle' }",
            "test.lua:2: compositional.boundarySupplementaryItem: alignment must be"
        ),
        (
            "local C = compositional\nlocal b = C.supplementaryItem{ kind = 'b', width = 1, height = 1, containerAnchor = {edges = {'up'}} }",
            "test.lua:2: compositional.supplementaryItem: containerAnchor.edges: unknown edge the string \"up\""
        ),
        (
            "local C = compositional\nlocal b = C.background{ kind = '' }",
            "test.lua:2: compositional.background: kind must be a non-empty string"
        ),
        (
            "local C = compositional\nlocal i = C.item{ width = 1, height = 1, contentInsets = {top = 0/0} }",
            "test.lua:2: compositional.item: contentInsets.top must be a finite number, got nan"
        ),
        (
            "local C = compositional\nlocal i = C.item(5)",
            "test.lua:2: compositional.item: expects a table of fields, item{...}, got 5"
        ),
    ])
    func constructorErrorsAreLocated(source: String, message: String) {
        let error = scriptError(source + "\nreturn compositional{}")
        expectEqual(error?.message.hasPrefix(message), true, "got \(error?.message ?? "no error")")
    }

    @Test(arguments: [
        (
            "return compositional{}",
            "test.lua:1: compositional{...}: give section = compositional.section{...} or sectionProvider"
        ),
        (
            "return compositional{ section = 3 }",
            "test.lua:1: compositional{...}: section must be a compositional.section{...}, got 3"
        ),
        (
            "return compositional{ sectionProvider = function() return 42 end }",
            "test.lua:1: sectionProvider must return a compositional.section{...} or nil, got 42 for section 0"
        ),
        (
            "return compositional{ sectionProvider = 5 }",
            "test.lua:1: compositional{...}: sectionProvider must be a function(cv, sectionIndex, env), got 5"
        ),
        (
            "return compositional{ scrollDirection = 'up', sectionProvider = function() end }",
            "test.lua:1: compositional{...}: scrollDirection must be \"vertical\" or \"horizontal\""
        ),
        (
            "return compositional{ roundingModel = 'new', sectionProvider = function() end }",
            "test.lua:1: compositional{...}: roundingModel must be one of \"modern\", \"legacy\""
        ),
        (
            "return compositional{ interSectionSpacing = 0/0, sectionProvider = function() end }",
            "test.lua:1: compositional{...}: interSectionSpacing must be a finite number, got nan"
        ),
        (
            "return compositional{ prepare = function() end, sectionProvider = function() end }",
            "test.lua:1: compositional{...}: a compositional layout places its items itself"
        ),
        ("return compositional(5)", "compositional{...} expects a table of properties, got 5"),
    ])
    func layoutErrorsAreLocated(source: String, message: String) {
        let error = scriptError(source)
        expectEqual(error?.message.contains(message), true, "got \(error?.message ?? "no error")")
    }

    /// An item provider's error and its runaway loop end where they happen.
    @Test func itemProviderErrorsAndBudget() {
        let raising = scriptError(
            """
            local C = compositional
            local g = C.customGroup{ width = 1, height = 1, itemProvider = function(env)
              error("no frames today")
            end }
            return compositional{ section = C.section{ group = g } }
            """)
        expectEqual(raising?.message, "test.lua:3: no frames today")
        expectEqual(raising?.evaluating, "itemProvider(env) for section 0")
        let looping = scriptError(
            """
            local C = compositional
            local g = C.customGroup{ width = 1, height = 1, itemProvider = function(env) while true do end end }
            return compositional{ section = C.section{ group = g } }
            """, options: .init(limits: .init(instructions: 100_000)))
        expectEqual(looping?.kind, .instructionBudget)
    }

    /// A spec changed after its constructor made it is caught when read, at the constructor's line.
    @Test func aSpecChangedAfterwardsIsCaught() {
        let error = scriptError(
            """
            local C = compositional
            local item = C.item{ width = 1, height = 1 }
            item.width = "wide"
            return compositional{ section = C.section{ group = C.group{ axis = "horizontal", width = 1, height = 1, subitems = {item} } } }
            """)
        expect(
            error?.message
                == "test.lua:2: compositional.item: width must be a dimension or a finite size ≥ 0, got the string \"wide\" (was the table changed after it was made?)"
        )
    }

    @Test func theNamespaceIsReadOnly() {
        expect(
            scriptError("compositional.item = nil\nreturn compositional{}")?.message.contains(
                "compositional is read-only") == true)
    }
}

/// UIKit's self-sizing flow layout: `estimatedItemSize` with `preferredSizeForItem`.
@Suite("Self-sizing flow layouts")
struct SelfSizingFlowTests {
    /// 100 wide, estimates 40×40, spacing 10: a line holds 2 (2·40 + 10 = 90 ≤ 100). Measured,
    /// item 0 becomes 90 wide, so it fills line 0 alone (90 + 10 + 40 > 100) and is centred
    /// (the single item of a line that is not the last): x = 5; items 1 and 2 share line 1
    /// at y = 40 + 10 = 50; that last line leaves 100 − 40 − 10 − 40 = 10, as line 0 left
    /// 100 − 90 = 10, so it counts as complete and is justified: x 0 and 60. With
    /// `estimatesOnly` the grid stands:
    /// items 0, 1 on line 0 (x 0 and 60), item 2 on line 1 at y 50.
    @Test func measuredSizesRestackTheLines() throws {
        let source = """
            local layout = flow{ estimatedItemSize = {40, 40} }
            function layout.preferredSizeForItem(cv, section, item, fitting)
              assert(fitting.width == 40 and fitting.height == 40)
              if item == 0 then return 90, 40 end
            end
            return layout
            """
        let context = makeContext(width: 100, counts: [3])
        expect(
            try run(source, context).map(\.frame) == [
                Rect(x: 5, y: 0, width: 90, height: 40), Rect(x: 0, y: 50, width: 40, height: 40),
                Rect(x: 60, y: 50, width: 40, height: 40),
            ])
        let estimates = try ScriptLayout(source: source, options: .init(estimatesOnly: true))
        try estimates.prepare(in: context)
        expect(
            try estimates.allLayoutAttributes(context: context).map(\.frame) == [
                Rect(x: 0, y: 0, width: 40, height: 40), Rect(x: 60, y: 0, width: 40, height: 40),
                Rect(x: 0, y: 50, width: 40, height: 40),
            ])
    }

    @Test func aBadMeasuredSizeIsLocated() {
        let error = scriptError(
            """
            local layout = flow{ estimatedItemSize = {40, 40} }
            function layout.preferredSizeForItem(cv, section, item, fitting)
              return -1, 5
            end
            return layout
            """)
        expect(
            error?.message
                == "test.lua:2: preferredSizeForItem returned an invalid size -1×5 (sizes must be finite and ≥ 0)")
    }
}
