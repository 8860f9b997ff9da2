import Foundation
import LayoutEngine
import Scenario
import TestExpectations
import Testing

/// A gesture begins an interactive transition (issue 34 item 3): controllers and scenarios
/// begin transitions by the names the command line gave (`--layout NAME=FILE`), so a
/// controller opens no files; a layout may provide the transition layout. Layouts, 400 × 400,
/// 4 items: "rows" puts item i at (0, 100 i), 100 × 50; "cols" at (100 i, 0), 50 × 100.
/// Half way item 1 is at ((0 + 100) / 2, (100 + 0) / 2) = (50, 50), 75 × 75.
@Suite("Interactive transitions by name")
struct NamedTransitionTests {
    static let rows = """
        return { prepare = function(cv, out)
          for i = 0, cv:numberOfItems(0) - 1 do out:cell(0, i, 0, i * 100, 100, 50) end
          out:contentSize(400, 400)
        end }
        """
    /// "cols" provides its transition layout: items lifted by 40 · sin(π · progress).
    static let cols = """
        return {
          prepare = function(cv, out)
            for i = 0, cv:numberOfItems(0) - 1 do out:cell(0, i, i * 100, 0, 50, 100) end
            out:contentSize(400, 400)
          end,
          transitionLayout = {
            attributes = function(cv, a, from, to, progress)
              if from and to then a.y = a.y - 40 * math.sin(math.pi * progress) end
            end,
          },
        }
        """
    /// A transition script: items moved right by `shift` (an animated key, 30) half way.
    static let shifted = """
        return { animatedKeys = {shift = 30},
          attributes = function(cv, a, from, to, progress)
            if from and to then a.x = a.x + cv.animatedValues.shift * math.sin(math.pi * progress) end
          end }
        """
    /// Begins on "began", follows the pinch (progress = scale − 1) and finishes on "ended".
    static let controller = """
        return {
          didPinch = function(view, scale, _, phase)
            if phase == "began" then view:beginTransition(view:state().to or "cols", view:state().with)
            elseif phase == "changed" then view:setTransitionProgress(math.min(1, scale - 1))
            else view:finishTransition() end
          end,
        }
        """

    /// Runs `scenario` with the files above beside it, named rows, cols and shifted.
    static func run(_ scenario: String, controller: String? = Self.controller) throws -> ScenarioOutcome {
        let folder = NSTemporaryDirectory() + "named-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, text) in [("rows", rows), ("cols", cols), ("shifted", shifted), ("scenario", scenario)]
            + (controller.map { [("controller", $0)] } ?? [])
        {
            try text.write(toFile: "\(folder)/\(name).lua", atomically: true, encoding: .utf8)
        }
        return ScenarioRunner.run(
            ScenarioRequest(
                layoutPath: folder + "/rows.lua", scenarioPath: folder + "/scenario.lua",
                controllerPath: controller == nil ? nil : folder + "/controller.lua",
                context: CollectionContext(
                    bounds: Rect(x: 0, y: 0, width: 400, height: 400), data: CollectionData(counts: [4])),
                namedLayouts: ["rows", "cols", "shifted"].map {
                    LayoutLibrary.Entry(name: $0, path: "\(folder)/\($0).lua")
                }))
    }

    static func expectPassed(_ outcome: ScenarioOutcome) {
        expect(outcome.error == nil, "\(outcome.error.map { "\($0)" } ?? "")")
        for check in outcome.failedChecks { Issue.record("\(check.line): \(check.message)") }
        expect(!outcome.checks.isEmpty)
    }

    /// A pinch of scale 1.5 in one step: began (begin), changed at 1.5 (progress 0.5), ended
    /// (finish). Mid-way cols' own transitionLayout lifts item 1 by 40 · sin(π / 2) = 40:
    /// y 50 − 40 = 10. Then with the transition script named "shifted": x 50 + 30 = 80.
    @Test func aControllerBeginsATransitionFromAPinch() throws {
        Self.expectPassed(
            try Self.run(
                """
                pinch(200, 200, 1.5, 1)
                expect(transitionProgress() == nil, "finished by the pinch's end")
                expectFrame(0, 1, {100, 0, 50, 100})
                beginTransition("rows")
                setTransitionProgress(0.5)
                expectFrame(0, 1, {50, 50, 75, 75})
                finishTransition()
                expectFrame(0, 1, {0, 100, 100, 50})
                beginTransition("cols")
                setTransitionProgress(0.5)
                expectFrame(0, 1, {50, 10, 75, 75})
                cancelTransition()
                setState("with", "shifted")
                beginTransition("cols", "shifted")
                setTransitionProgress(0.5)
                expectFrame(0, 1, {80, 50, 75, 75})
                updateAnimatedValue("shift", 10)
                expectFrame(0, 1, {60, 50, 75, 75})
                cancelTransition()
                """))
    }

    @Test(arguments: [
        (
            "beginTransition(\"nope\")",
            "beginTransition(\"nope\"): no layout is named nope (the command line names them with --layout NAME=FILE; given: cols, rows, shifted)"
        ),
        (
            "beginTransition(\"shifted\")",
            "is a transition script: name the layout to go to first, the transition second"
        ),
        ("beginTransition(\"cols\", \"rows\")", "rows.lua is a layout, not a transition script"),
        (
            "beginTransition(\"cols\") beginTransition(\"rows\")",
            "beginTransition: a transition is in progress (finishTransition or cancelTransition first)"
        ),
    ])
    func mistakesAreErrorsAtTheirLine(scenario: String, message: String) throws {
        let outcome = try Self.run(scenario, controller: nil)
        let text = outcome.error.map { "\($0)" } ?? ""
        expect(text.contains("scenario.lua:1: ") && text.contains(message), "\(text)")
    }

    /// The controller's view:beginTransition is refused the same way, at its own line.
    @Test func aControllerNamingNoLayoutFails() throws {
        let outcome = try Self.run(
            "setState(\"to\", \"circle\")\npinch(200, 200, 1.5, 1)")
        let text = outcome.error.map { "\($0)" } ?? ""
        expect(
            text.contains(
                "controller.lua:3: view:beginTransition(\"circle\"): no layout is named circle (the command line names them with --layout NAME=FILE; given: cols, rows, shifted)"
            ), "\(text)")
    }
}
