import LayoutEngine
import LayoutOutput
import Scenario
import ScriptLayout
import TestExpectations
import Testing

/// The session's edit menu steps and the controller's timers (`view:after`), run by `wait`.
@Suite("Simulation session: edit menu and timers")
struct SessionTimerAndMenuTests {
    @Test func timersRunInOrderAtTheirTimesDuringAWait() throws {
        let layout = try ScriptLayout(source: SimulationSessionTests.grid)
        // A tap schedules "b" at 2 s and "a" at 0.5 s; "a" schedules "c" 1 s after itself (1.5 s).
        let controller = try SimulationSessionTests.controller(
            """
            local order = {}
            return {
              didSelectItem = function(view)
                view:after(2, function(v) order[#order + 1] = "b"; v:setState("order", table.concat(order)) end)
                view:after(0.5, function(v)
                  order[#order + 1] = "a"
                  v:after(1, function(w) order[#order + 1] = "c"; w:setState("order", table.concat(order)) end)
                end)
              end,
            }
            """)
        let session = try SimulationSession(
            layout: layout, context: SimulationSessionTests.context(), controller: controller)
        // (60, 60) is item 0.
        try session.tap(Point(x: 60, y: 60))
        // Up to 1 s only "a" (0.5 s) runs; by 3 s "c" (1.5 s) then "b" (2 s).
        let first = try session.wait(seconds: 1)
        expect(first.callNames.count == 1 && first.callNames[0].hasPrefix("after(controller.lua:"))
        expect(session.view.context.state["order"] == nil)
        let second = try session.wait(seconds: 2)
        expectEqual(second.callNames.count, 2)
        expectEqual(session.view.context.state["order"], .string("acb"))
        expectEqual(session.time, 3)
    }

    @Test func chooseMenuActionNamesWhatTheMenuShows() throws {
        let layout = try ScriptLayout(source: SimulationSessionTests.grid)
        let controller = try SimulationSessionTests.controller(
            """
            return {
              menuActions = {"copy", "share"},
              shouldShowMenuForItem = function() return true end,
              performAction = function(view, action, section, item) view:setPasteboard(action .. item) end,
            }
            """)
        let session = try SimulationSession(
            layout: layout, context: SimulationSessionTests.context(), controller: controller)
        #expect(throws: SimulationError.self) { try session.chooseMenuAction("copy") }
        // (170, 60) is item 1 (120…220).
        let press = try session.longPress(Point(x: 170, y: 60))
        expect(
            press.menu == HeadlessCollectionView.EditMenu(indexPath: LayoutIndexPath(0, 1), actions: ["copy", "share"]))
        do {
            try session.chooseMenuAction("paste")
            Issue.record("paste is not in the menu")
        } catch let error as SimulationError {
            expectEqual(error.message, "chooseMenuAction(\"paste\"): the menu on [0, 1] shows \"copy\", \"share\"")
        }
        let chosen = try session.chooseMenuAction("share")
        expect(chosen.callNames == ["performAction(share)[0, 1]"] && chosen.menu == nil)
        expectEqual(session.view.pasteboard, .string("share1"))
    }
}
