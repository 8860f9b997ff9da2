import Foundation
import LayoutEngine
import LayoutOutput
import Scenario
import ScriptLayout
import TestExpectations
import Testing

/// The Swift session API the scenario globals (and the interactive preview) are built on.
@Suite("Simulation session")
struct SimulationSessionTests {
    /// Three 100×100 cells a row at x 10, 120, 230 (bounds 340 wide: 320 = 3·100 + 2·10), rows
    /// at y 10, 120, …
    static let grid =
        "return flow{ itemSize = {100, 100}, minimumLineSpacing = 10, minimumInteritemSpacing = 10, sectionInset = {10, 10, 10, 10} }"

    static func context(items: Int = 12) -> CollectionContext {
        CollectionContext(bounds: Rect(x: 0, y: 0, width: 340, height: 480), data: CollectionData(counts: [items]))
    }

    static func controller(_ source: String) throws -> ControllerScript {
        try ControllerScript(bytes: Array(source.utf8), name: "controller.lua", moduleDirectory: nil, limits: .init())
    }

    @Test func eachEventAppendsAStepWithItsCallsAndState() throws {
        let layout = try ScriptLayout(source: Self.grid)
        let controller = try Self.controller(
            """
            return {
              allowsMultipleSelection = true,
              didSelectItem = function(view, section, item) view:setState("last", item) end,
            }
            """)
        let session = try SimulationSession(layout: layout, context: Self.context(), controller: controller)
        expectEqual(session.timeline.steps.map(\.event), [.start])
        // (280, 170): column 2, row 1 → item 5.
        let step = try session.tap(Point(x: 280, y: 170), line: 7)
        expectEqual(step.line, 7)
        // Only the callback the controller defines is called and logged (UIKit checks that a
        // delegate responds to an optional method before calling it).
        expectEqual(step.callNames, ["didSelectItem[0, 5]"])
        expectEqual(step.state["last"], .number(5))
        expect(step.invalidated && step.prepareCount == 1)
        expectEqual(step.selected, [LayoutIndexPath(0, 5)])
        // Multiple selection from the controller's option: a second item adds to the selection.
        try session.tap(Point(x: 60, y: 60))
        expectEqual(session.view.selectedItems, [LayoutIndexPath(0, 0), LayoutIndexPath(0, 5)])
        expectEqual(session.timeline.steps.count, 3)
    }

    @Test func waitAdvancesTheClockAndUpdatesAnimate() throws {
        let session = try SimulationSession(layout: try ScriptLayout(source: Self.grid), context: Self.context())
        try session.wait(seconds: 0.5)
        let step = try session.performBatchUpdates(BatchUpdate(deletedItems: [LayoutIndexPath(0, 0)]))
        expectEqual(step.time, 0.5)
        expect(
            step.animation?.updates == [
                CollectionUpdate(action: .delete, before: .init(section: 0, item: 0), after: nil)
            ])
        // 11 items left: the last visible cell is item 10.
        expectEqual(step.snapshot.elements.last?.indexPath, LayoutIndexPath(0, 10))
        #expect(throws: SimulationError.self) { try session.wait(seconds: -1) }
        #expect(throws: SimulationError.self) { try session.tap(Point(x: 400, y: 10)) }
    }

    @Test func aLayoutErrorRaisedThroughTheControllerKeepsItsLocation() throws {
        let layout = try ScriptLayout(
            source: """
                return flow{ sizeForItem = function(cv) if cv.state.broken then error("broken") end return 100, 100 end }
                """, name: "layout.lua")
        let controller = try Self.controller(
            """
            return {
              didSelectItem = function(view)
                view:setState("broken", true)
              end,
            }
            """)
        let session = try SimulationSession(layout: layout, context: Self.context(), controller: controller)
        #expect {
            try session.tap(Point(x: 60, y: 60))
        } throws: { error in
            (error as? ScriptError)?.message == "layout.lua:1: broken"
        }
    }

    @Test func snapshotsGoToTheHostsHandler() throws {
        let folder = NSTemporaryDirectory() + "session-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.grid.write(toFile: folder + "/layout.lua", atomically: true, encoding: .utf8)
        try "scroll(0, 50)\n\nexpectSnapshot(\"scrolled\")\n".write(
            toFile: folder + "/scenario.lua", atomically: true, encoding: .utf8)
        var seen: [(String, Int, Rect)] = []
        // 12 items: 4 rows, content 10 + 4·100 + 3·10 + 10 = 450 < 480 high: the scroll is clamped to 0.
        let outcome = ScenarioRunner.run(
            ScenarioRequest(
                layoutPath: folder + "/layout.lua", scenarioPath: folder + "/scenario.lua", context: Self.context(),
                snapshotHandler: { name, line, snapshot in
                    seen.append((name, line, snapshot.bounds))
                    return SnapshotVerdict(passed: false, message: "differs")
                }))
        expect(outcome.error == nil)
        expectEqual(seen.count, 1)
        expect(seen.first?.0 == "scrolled" && seen.first?.1 == 3)
        expectEqual(seen.first?.2, Rect(x: 0, y: 0, width: 340, height: 480))
        expect(
            outcome.checks == [
                ScenarioCheck(file: folder + "/scenario.lua", line: 3, message: "differs", passed: false)
            ])
        expect(!outcome.passed)
    }
}

/// Controller options and edge cases of touches, through Lua.
@Suite("Simulation session: controller options")
struct ControllerOptionTests {
    @Test func noSelectionOptionMeansNoCallbacks() throws {
        let controller = try SimulationSessionTests.controller(
            """
            return {
              allowsSelection = false,
              shouldHighlightItem = function() error("never called") end,
            }
            """)
        let session = try SimulationSession(
            layout: try ScriptLayout(source: SimulationSessionTests.grid), context: SimulationSessionTests.context(),
            controller: controller)
        let step = try session.tap(Point(x: 60, y: 60))
        expect(step.callNames.isEmpty)
        expect(step.selected.isEmpty)
    }

    @Test func pagingOptionSnapsFlingsToPages() throws {
        // 40 items: 14 rows, content 10 + 14·100 + 13·10 + 10 = 1550 high; bounds 480: the last
        // offset is 1070. Pages of 480: 0 → 480 → 960 → 1070 (clamped).
        let controller = try SimulationSessionTests.controller("return { pagingEnabled = true }")
        let session = try SimulationSession(
            layout: try ScriptLayout(source: SimulationSessionTests.grid),
            context: SimulationSessionTests.context(items: 40),
            controller: controller)
        expectEqual(session.view.contentSize.height, 1550)
        let offsets = try (0..<3).map { _ in try session.fling(velocity: Point(x: 0, y: 0.1)).contentOffset.y }
        expectEqual(offsets, [480, 960, 1070])
    }

    @Test func liftingOutsideTheViewportCancels() throws {
        let controller = try SimulationSessionTests.controller(
            "return { didTapBackground = function() error('no tap') end, didUnhighlightItem = function() end }")
        let session = try SimulationSession(
            layout: try ScriptLayout(source: SimulationSessionTests.grid), context: SimulationSessionTests.context(),
            controller: controller)
        try session.touchDown(Point(x: 60, y: 60))
        let up = try session.touchUp(Point(x: 60, y: 900))
        expectEqual(up.callNames, ["didUnhighlightItem[0, 0]"])
        expect(up.selected.isEmpty)
        // Down on empty space, up outside: no background tap.
        try session.touchDown(Point(x: 5, y: 5))
        expect(try session.touchUp(Point(x: -10, y: 5)).callNames.isEmpty)
    }
}
