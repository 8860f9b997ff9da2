import LayoutEngine
import Scenario
import ScriptLayout
import TestExpectations
import Testing

/// UIKit calls an optional delegate method only when the delegate responds to it: the timeline
/// lists the controller's own callbacks and nothing else (issue 34, item 18).
@Suite("Simulation session: only the controller's own callbacks")
struct DelegateMethodsTests {
    static func session(_ controller: String) throws -> SimulationSession {
        try SimulationSession(
            layout: try ScriptLayout(source: SimulationSessionTests.grid), context: SimulationSessionTests.context(),
            controller: try SimulationSessionTests.controller(controller))
    }

    @Test func aControllerWithOneCallbackLogsOnlyThatOne() throws {
        let session = try Self.session("return { didSelectItem = function() end }")
        // (60, 60) is item 0. A tap: highlight, select — only didSelectItem is the controller's.
        expectEqual(try session.tap(Point(x: 60, y: 60)).callNames, ["didSelectItem[0, 0]"])
        // A long press on the item: no shouldShowMenuForItem (→ false) and no didLongPress.
        expectEqual(try session.longPress(Point(x: 170, y: 60)).callNames, [])
        // A pinch: no didPinch.
        expectEqual(try session.pinch(Point(x: 170, y: 170), scale: 2, steps: 2).callNames, [])
        // What the view did still happened: item 0 was selected by the tap.
        expectEqual(session.view.selectedItems, [LayoutIndexPath(0, 0)])
    }

    @Test func definedCallbacksAreStillCalledAndAnswer() throws {
        let session = try Self.session(
            """
            return {
              shouldSelectItem = function(view, section, item) return item ~= 1 end,
              didPinch = function() end,
            }
            """)
        // (170, 60) is item 1: shouldSelectItem answers false; no did… callback is defined.
        expectEqual(try session.tap(Point(x: 170, y: 60)).callNames, ["shouldSelectItem[0, 1] → false"])
        expect(session.view.selectedItems.isEmpty)
        let pinch = try session.pinch(Point(x: 170, y: 170), scale: 2, steps: 2)
        expect(pinch.callNames.allSatisfy { $0.hasPrefix("didPinch") } && !pinch.callNames.isEmpty)
    }
}
