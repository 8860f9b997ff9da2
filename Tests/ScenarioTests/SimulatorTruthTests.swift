import Foundation
import InputFiles
import LayoutEngine
import LayoutOutput
import Scenario
import ScriptLayout
import TestExpectations
import Testing

/// docs/interaction.md, "the simulator tells the truth", through scenario and controller Lua:
/// batch keys with payloads, reloadData, setBounds, deferred invalidation, animated state
/// changes and orthogonal sections.
@Suite("Simulator: scenarios and controllers")
struct SimulatorTruthTests {
    /// Runs `scenario` (and `controller`) on `layout` in a folder of their own (with `files`
    /// beside them); fails the test on an error or a failed expect.
    @discardableResult
    static func run(
        layout: String = SimulationSessionTests.grid, scenario: String, controller: String? = nil,
        context: CollectionContext = SimulationSessionTests.context(), files: [String: String] = [:]
    ) throws -> ScenarioOutcome {
        let folder = NSTemporaryDirectory() + "truth-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try layout.write(toFile: folder + "/layout.lua", atomically: true, encoding: .utf8)
        try scenario.write(toFile: folder + "/scenario.lua", atomically: true, encoding: .utf8)
        if let controller {
            try controller.write(toFile: folder + "/controller.lua", atomically: true, encoding: .utf8)
        }
        for (name, text) in files { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        let outcome = ScenarioRunner.run(
            ScenarioRequest(
                layoutPath: folder + "/layout.lua", scenarioPath: folder + "/scenario.lua",
                controllerPath: controller == nil ? nil : folder + "/controller.lua", context: context))
        expect(outcome.error == nil, "\(outcome.error.map { "\($0)" } ?? "")")
        for check in outcome.failedChecks { Issue.record("\(check.line): \(check.message)") }
        return outcome
    }

    @Test func tapsHitCellsWhereTheAttributesHookDrawsThem() throws {
        // Examples/left-aligned.lua, 375×300, 12 tags: [0, 3] is drawn at x 271…332 (16 + 40 +
        // 8 + 77 + 8 + 114 + 8 = 271, 61 wide), y 10…40; a tap at 276 selects it.
        let source = try String(contentsOfFile: repositoryRoot + "/Examples/left-aligned.lua", encoding: .utf8)
        let controller = "return { didSelectItem = function() end, didTapBackground = function() end }"
        try Self.run(
            layout: source,
            scenario: """
                local a = attributesOf(0, 3)
                expect(a.x == 271 and a.width == 61, "[0, 3] at 271, 61 wide")
                tap(276, 20)
                expect(calls()[#calls()] == "didSelectItem[0, 3]", "x 276 is [0, 3]")
                """, controller: controller,
            context: CollectionContext(
                bounds: Rect(x: 0, y: 0, width: 375, height: 300), data: CollectionData(counts: [12])))
        // A hook moving item 0 from 0…100 to 60…160: hit on 60…160, not on 0…60.
        let moved = """
            local layout = flow{ itemSize = {100, 100}, minimumInteritemSpacing = 100 }
            function layout.attributes(cv, a) if a.item == 0 then a.x = a.x + 60 end end
            return layout
            """
        try Self.run(
            layout: moved,
            scenario: """
                tap(150, 50)
                expect(calls()[#calls()] == "didSelectItem[0, 0]", "x 150: the drawn frame 60…160")
                tap(30, 50)
                expect(calls()[#calls()] == "didTapBackground", "x 30: where the flow put it, nothing is drawn")
                """, controller: controller)
    }

    /// docs/parity.md §4: a layoutAttributesForItem hook is the last word on a cell, in what is drawn
    /// and hit too. The grid puts cells 100 wide at x 10, 120, 230 (y 10…110); the hook moves
    /// cell 0 by 60, to 70…170, over cell 1's left part (cell 1 comes later in output order at
    /// the same zIndex, so 120…170 stays cell 1's). A tap at 100 hits cell 0 where it is drawn;
    /// a tap at 40 — where the flow put it — hits nothing; the step's picture draws it at 70.
    @Test func tapsAndPicturesGoThroughTheSingleElementHook() throws {
        let layout = """
            local layout = flow{ itemSize = {100, 100}, minimumLineSpacing = 10, minimumInteritemSpacing = 10, sectionInset = {10, 10, 10, 10} }
            function layout.layoutAttributesForItem(cv, a) if a.item == 0 then a.x = a.x + 60 end end
            return layout
            """
        let controller = "return { didSelectItem = function() end, didTapBackground = function() end }"
        let outcome = try Self.run(
            layout: layout,
            scenario: """
                expect(attributesOf(0, 0).x == 70, "attributesOf: the hook's frame")
                tap(100, 50)
                expect(calls()[#calls()] == "didSelectItem[0, 0]", "x 100: cell 0 as drawn, 70…170")
                tap(40, 50)
                expect(calls()[#calls()] == "didTapBackground", "x 40: where the flow put it, nothing is drawn")
                tap(150, 50)
                expect(calls()[#calls()] == "didSelectItem[0, 1]", "x 150: cell 1, drawn after cell 0")
                """, controller: controller)
        let drawn = try require(outcome.timeline.steps.last).snapshot.elements.array
        expectEqual(drawn.first { $0.key == .cell(0, 0) }?.frame, Rect(x: 70, y: 10, width: 100, height: 100))
        expectEqual(drawn.first { $0.key == .cell(0, 1) }?.frame, Rect(x: 120, y: 10, width: 100, height: 100))
    }

    /// docs/parity.md §6: right to left, a horizontal orthogonal section starts at the right and a
    /// finger moving right scrolls it forward. Examples/compositional/right-to-left.lua, 400 × 300,
    /// 4 cards (CompositionalRightToLeftExampleTests): cards 320 wide at x 80, −240, −560, −880,
    /// y 30…130. A drag from x 200 to 300 in the row pans it by 100: offset 100 (a continuous
    /// section rests where it is let go; the range is 0…4 · 320 − 400 = 880), and every card is
    /// drawn 100 to the right: card 0 at 180…500, card 1 at −140…180. A tap at 100 hits card 1,
    /// at 190 card 0. Left to right the same drag would pull the row before its start (offset
    /// clamped to 0).
    @Test func rightToLeftOrthogonalSectionsScrollFromTheRight() throws {
        let source = try String(
            contentsOfFile: repositoryRoot + "/Examples/compositional/right-to-left.lua", encoding: .utf8)
        var context = CollectionContext(
            bounds: Rect(x: 0, y: 0, width: 400, height: 300), data: CollectionData(counts: [4]))
        context.layoutDirection = .rightToLeft
        let outcome = try Self.run(
            layout: source,
            scenario: """
                expect(sectionOffset(0) == 0, "the row rests at its leading (right) edge")
                drag(200, 80, 300, 80)
                expect(sectionOffset(0) == 100, "dragged right by 100: offset 100")
                tap(100, 80)
                expect(selectedItems()[1].item == 1, "x 100: card 1, drawn at -140…180")
                tap(190, 80)
                expect(selectedItems()[1].item == 0, "x 190: card 0, drawn at 180…500")
                """, context: context)
        let drawn = try require(outcome.timeline.steps.last).snapshot.elements.array
        expectEqual(drawn.first { $0.key == .cell(0, 1) }?.frame, Rect(x: -140, y: 30, width: 320, height: 100))
    }

    @Test func everyBatchKeyWithPayloads() throws {
        // Section 0 holds "a", "b", "c", "d".
        var context = SimulationSessionTests.context()
        context.data = CollectionData(sections: [.init(items: ["a", "b", "c", "d"].map { .string($0) })])
        let outcome = try Self.run(
            scenario: """
                performBatchUpdates{insert = {{0, 1, data = {name = "new"}}}}
                performBatchUpdates{insertSections = {{1, items = {"x", "y"}}, 2}}
                performBatchUpdates{moveSections = {{1, 0}}}
                performBatchUpdates{deleteSections = {2}}
                performBatchUpdates{reloadSections = {1}}
                performBatchUpdates{insertSections = {{2, count = 3}}}
                """, context: context)
        let steps = outcome.timeline.steps
        let data = try require(steps.last).snapshot
        // After the insert: a, {name = new}, b, c, d.
        expect(
            steps[1].animation?.updates == [
                CollectionUpdate(action: .insert, before: nil, after: .init(section: 0, item: 1))
            ])
        // Inserted sections 1 (x, y) and 2 (empty): 5, 2, 0 items.
        expectEqual(steps[2].animation?.updates.map(\.action), [.insert, .insert])
        // Section 1 moved to the front: 2, 5, 0; section 2 deleted: 2, 5; section 1 reloaded.
        expect(
            steps[3].animation?.updates == [
                CollectionUpdate(action: .move, before: .init(section: 1), after: .init(section: 0))
            ])
        expect(
            steps[5].animation?.updates == [
                CollectionUpdate(action: .reload, before: .init(section: 1), after: .init(section: 1))
            ])
        // The last step inserts section 2 with 3 items: 2 + 5 + 3 cells, each sections' payloads
        // where the batches put them.
        let cells = data.elements.array.filter { $0.category == .cell }.map(\.indexPath)
        expectEqual(cells.filter { $0.section == 0 }.count, 2)
        expectEqual(cells.filter { $0.section == 1 }.count, 5)
        expectEqual(cells.filter { $0.section == 2 }.count, 3)
    }

    @Test func payloadsLandInTheData() throws {
        var context = SimulationSessionTests.context()
        context.data = CollectionData(sections: [.init(items: ["a", "b"].map { .string($0) })])
        let layout = try ScriptLayout(source: SimulationSessionTests.grid)
        let session = try SimulationSession(layout: layout, context: context)
        try session.performBatchUpdates(
            BatchRequest(
                BatchUpdate(insertedSections: [1], insertedItems: [LayoutIndexPath(0, 1)]),
                payloads: [LayoutIndexPath(0, 1): .string("new")],
                insertedSections: [1: .init(items: [.string("x")], data: .string("title"))]))
        let data = session.view.context.data
        // a, new, b in section 0; x in the new section 1, whose own payload is "title".
        expectEqual(data.sections.map(\.count), [3, 1])
        expectEqual(data.sections[0].items, ["a", "new", "b"].map { .string($0) })
        expectEqual(data.sections[1].items, [.string("x")])
        expectEqual(data.sectionData(1), .string("title"))
    }

    @Test func reloadedItemsTakeNewPayloadsAndReloadDataTakesAnArrayOfSections() throws {
        var context = SimulationSessionTests.context()
        context.data = CollectionData(sections: [.init(items: ["a", "b", "c"].map { .string($0) })])
        let layout = try ScriptLayout(source: SimulationSessionTests.grid)
        let session = try SimulationSession(layout: layout, context: context)
        let script = try ScenarioScript(session: session, name: "scenario.lua", moduleDirectory: nil, limits: .init())
        // Item 0 deleted, item 2 reloaded with "C": after the update it is item 1.
        try script.run(
            bytes: Array("performBatchUpdates{delete = {{0, 0}}, reload = {{0, 2, data = \"C\"}}}\n".utf8))
        expectEqual(session.view.context.data.sections[0].items, ["b", "C"].map { .string($0) })
        // An array of sections is the data: {{"x"}, 2} is {sections = {{"x"}, 2}}.
        try script.run(bytes: Array("reloadData{{\"x\"}, 2}\n".utf8))
        expectEqual(session.view.context.data.sections.map(\.count), [1, 2])
        expectEqual(session.view.context.data.item(at: LayoutIndexPath(0, 0)), .string("x"))
    }

    @Test func controllersTakeSectionKeysToo() throws {
        let outcome = try Self.run(
            scenario: "tap(60, 60)\nexpect(attributesOf(1, 1) ~= nil, 'section 1 has two items')\n",
            controller: """
                return {
                  didSelectItem = function(view, section, item)
                    view:performBatchUpdates{insertSections = {{1, count = 2}}}
                  end,
                }
                """)
        expectEqual(outcome.timeline.steps[1].animation?.updates.map(\.action), [.insert])
    }

    @Test func reloadDataReplacesTheDataAndClearsTheSelection() throws {
        let outcome = try Self.run(
            scenario: """
                tap(60, 60)
                expect(#selectedItems() == 1, "item 0 selected")
                reloadData{sections = {{"p", "q"}}}
                expect(#selectedItems() == 0, "the selection is cleared")
                expect(attributesOf(0, 1) ~= nil and attributesOf(0, 2) == nil, "two items now")
                reloadData("more.json")
                expect(attributesOf(0, 4) ~= nil and attributesOf(0, 5) == nil, "five items from the file beside the scenario")
                """, files: ["more.json": "{\"sections\": [5]}"])
        let reload = outcome.timeline.steps[2]
        expectEqual(reload.event, .reloadData)
        expectContains(reload.log, .prepare(reason: "reloadData"))
        expectContains(reload.log, .deselect(LayoutIndexPath(0, 0)))
        expect(reload.animation == nil)
    }

    @Test func setBoundsRotatesTheViewport() throws {
        // 30 items in 340×480: 3 a row, 10 rows: content 10 + 10·110 = 1110 high, offsets
        // 0…630. Rotated to 480×340: 460 points inside the insets take 4 a row (4·100 + 3·10 =
        // 430), 8 rows: content 10 + 8·110 = 890, offsets 0…550: 630 is clamped to 550.
        let outcome = try Self.run(
            scenario: """
                scroll(0, 630)
                setBounds(480, 340)
                local offset = contentOffset()
                expect(offset.y == 550, "clamped to the new range, got " .. offset.y)
                expect(contentSize().height == 890, "four a row")
                """, context: SimulationSessionTests.context(items: 30))
        let step = try require(outcome.timeline.steps.last)
        expectEqual(step.event, .setBounds(Size(width: 480, height: 340)))
        expectEqual(step.snapshot.bounds, Rect(x: 0, y: 550, width: 480, height: 340))
        expectEqual(step.prepareCount, 1)
    }

    @Test func severalSetStatesInOneCallbackPrepareOnce() throws {
        let outcome = try Self.run(
            scenario: "tap(60, 60)\n",
            controller: """
                return {
                  didSelectItem = function(view, section, item)
                    view:setState("a", 1)
                    view:setState("b", 2)
                    view:setState("c", 3)
                  end,
                }
                """)
        let tap = outcome.timeline.steps[1]
        // Three state changes, then the one prepare after the callback returned.
        expectEqual(tap.stateChanges.count, 3)
        expectEqual(tap.prepareCount, 1)
        let kinds = tap.log.compactMap { entry -> String? in
            switch entry {
            case .stateChange(let key, _, _): key
            case .prepare: "prepare"
            default: nil
            }
        }
        expectEqual(kinds, ["a", "b", "c", "prepare"])
    }

    @Test func animatedStateChangesRecordEveryChangedElement() throws {
        // Items 100×100, or 150×100 while state.big: item 0 stays at 10,10 and widens to 150;
        // two a row then (150 + 10 + 150 ≤ 320), the line justified: item 1 at 10 + 150 + 20 = 180.
        let layout = """
            return flow{ minimumLineSpacing = 10, minimumInteritemSpacing = 10, sectionInset = {10, 10, 10, 10},
              sizeForItem = function(cv, s, i) if cv.state.big then return 150, 100 end return 100, 100 end }
            """
        let outcome = try Self.run(layout: layout, scenario: "setState(\"big\", true, {duration = 0.2})\n")
        let step = outcome.timeline.steps[1]
        let change = try require(step.animatedChanges.first)
        expectEqual(change.duration, 0.2)
        let first = try require(change.plan.entries.first { $0.indexPathAfter == LayoutIndexPath(0, 0) })
        expectEqual(first.from.frame, Rect(x: 10, y: 10, width: 100, height: 100))
        expectEqual(first.to.frame, Rect(x: 10, y: 10, width: 150, height: 100))
        let second = try require(change.plan.entries.first { $0.indexPathAfter == LayoutIndexPath(0, 1) })
        expect(second.from.frame.x == 120 && second.to.frame.x == 180)
        expectEqual(step.stateChanges.count, 1)
    }

    @Test func aSidewaysDragScrollsTheFeaturedCarousel() throws {
        // App Store featured cards: 0.9 · 375 = 337.5 wide, placed on whole points at scale 1
        // (337, the next at 347: 10 apart), groupPagingCentered: the section rests at
        // −(375 − 337)/2 = −19, so the first card is drawn at 19. Dragged left by 200 to 181
        // and let go: (181 + 19) / 347 = 0.58 → group 1 → −19 + 347 = 328. The collection view
        // does not move.
        let source = try String(
            contentsOfFile: repositoryRoot + "/Examples/compositional/app-store.lua", encoding: .utf8)
        let context = CollectionContext(
            bounds: Rect(x: 0, y: 0, width: 375, height: 667), data: CollectionData(counts: [5, 12, 10]))
        let outcome = try Self.run(
            layout: source,
            scenario: """
                expect(sectionOffset(0) == -19, "rests centred, got " .. sectionOffset(0))
                drag(300, 150, 100, 150)
                expect(sectionOffset(0) == 328, "settles on the second card, got " .. sectionOffset(0))
                expect(contentOffset().x == 0 and contentOffset().y == 0, "the page stays")
                scrollSection(0, 0)
                expect(sectionOffset(0) == 0, "scrolled by hand")
                """, context: context)
        let start = outcome.timeline.steps[0].snapshot
        let first = try require(start.elements.array.first { $0.key == .cell(0, 0) })
        expectEqual(first.frame.x, 19)
        expectEqual(start.regions.map(\.section), [0, 1, 2])
    }
}

/// The visible-items handler and transformed hit testing on the real carousel example.
@Suite("Simulator: the carousel example")
struct CarouselExampleTests {
    @Test func transformedCardsAreHitAsDrawnAndTheHandlerFollowsTheDrag() throws {
        // Cards 0.6 · 375 = 225 wide, 20 apart (pitch 245), 240 high at y 40;
        // groupPagingCentered rests at −(375 − 225)/2 = −75: card 0 drawn at x 75 (centre 187.5,
        // distance 0 → scale 1.1: drawn 187.5 ± 123.75 = 63.75…311.25), card 1 at 320 (centre
        // 432.5, distance 245 → max(1.1 − 245/375, 0.7) = 0.7: 353.75…511.25).
        let source = try String(
            contentsOfFile: repositoryRoot + "/Examples/compositional/carousel.lua", encoding: .utf8)
        let context = CollectionContext(
            bounds: Rect(x: 0, y: 0, width: 375, height: 360), scale: 2, data: CollectionData(counts: [10]))
        let outcome = try SimulatorTruthTests.run(
            layout: source,
            scenario: """
                tap(70, 100)
                expect(calls()[#calls()] == "didSelectItem[0, 0]", "x 70: inside card 0 as scaled 1.1, not as laid out (75…300)")
                tap(340, 100)
                expect(calls()[#calls()] == "didTapBackground", "x 340: inside card 1 as laid out (320…545), not as scaled 0.7")
                drag(300, 160, 100, 160)
                expect(sectionOffset(0) == 170, "released at −75 + 200 = 125: (125 + 75) / 245 = 0.82 → card 1, −75 + 245 = 170")
                """,
            controller: "return { didSelectItem = function() end, didTapBackground = function() end }",
            context: context)
        // After the drag card 1 is drawn at 245 − 170 = 75, centred: the handler scales it 1.1.
        let drag = try require(outcome.timeline.steps.last)
        let card = try require(drag.snapshot.elements.array.first { $0.key == .cell(0, 1) })
        expectEqual(card.frame.x, 75)
        expect(abs(card.transform3D.m[0] - 1.1) < 1e-9)
        expect(
            drag.log.filter { if case .sectionScroll = $0 { true } else { false } }
                == [
                    .sectionScroll(section: 0, from: -75, to: 125), .sectionScroll(section: 0, from: 125, to: 170),
                ])
    }
}

/// Each orthogonal behaviour settles a drag's release by its own rule.
@Suite("Simulator: orthogonal behaviours")
struct OrthogonalBehaviourTests {
    @Test func eachBehaviourSettlesAReleaseByItsRule() throws {
        // Examples/compositional/orthogonal-behaviors.lua at 400×800: section k uses behaviour k
        // of none, continuous, continuousGroupLeadingBoundary, paging, groupPaging,
        // groupPagingCentered; groups 0.85 · 400 = 340 wide, no spacing, no insets; 9 items,
        // 3 a group: 3 groups, 1020 long, offsets 0…620 (groupPagingCentered: −30…650, resting
        // at −(400 − 340)/2 = −30). A drag 250 to the left, released without velocity at
        // rest + 250:
        //   continuous: stays at 250;
        //   continuousGroupLeadingBoundary, groupPaging: round(250 / 340) = 1 → 340;
        //   paging: pages of the visible 400: round(250 / 400) = 1 → 400;
        //   groupPagingCentered: at 220: −30 + round((220 + 30) / 340) · 340 = 310.
        let source = try String(
            contentsOfFile: repositoryRoot + "/Examples/compositional/orthogonal-behaviors.lua", encoding: .utf8)
        let context = CollectionContext(
            bounds: Rect(x: 0, y: 0, width: 400, height: 800),
            data: CollectionData(counts: Array(repeating: 9, count: 6)))
        let session = try SimulationSession(layout: try ScriptLayout(source: source), context: context)
        let expected: [Int: Double] = [1: 250, 2: 340, 3: 400, 4: 340, 5: 310]
        expectEqual(session.view.layout.scrollRegions.map(\.section), [1, 2, 3, 4, 5])
        for (section, settled) in expected.sorted(by: { $0.key < $1.key }) {
            let band = try require(session.view.region(section)).frame
            try session.scroll(to: Point(x: 0, y: band.y - 100))
            let y = band.midY - session.view.contentOffset.y
            let start = try session.sectionOffset(section)
            let step = try session.drag(from: Point(x: 300, y: y), to: Point(x: 50, y: y))
            expectEqual(try session.sectionOffset(section), settled, "section \(section)")
            expectContains(step.log, .sectionScroll(section: section, from: start, to: start + 250))
        }
    }
}

/// The repository's root (this file is Tests/ScenarioTests/…).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path
