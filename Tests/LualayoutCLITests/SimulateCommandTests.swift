import Foundation
import TestExpectations
import Testing

/// `lualayout simulate` end to end: the seed scenarios in Examples/ pass, and the timeline
/// records what they did.
@Suite("simulate", .serialized)
struct SimulateCommandTests {
    /// The command line a seed scenario's header asks for (`-- layout:`, `-- controller:`,
    /// `-- options:` on its first lines, paths relative to the scenario).
    static func arguments(forScenario path: String) throws -> [String] {
        let text = try String(contentsOfFile: repositoryRoot + "/" + path, encoding: .utf8)
        let folder = (path as NSString).deletingLastPathComponent
        var layout = "", controller: String?, options: [String] = []
        for line in text.split(separator: "\n").prefix(3) {
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "-- layout": layout = folder + "/" + parts[1]
            case "-- controller": controller = folder + "/" + parts[1]
            case "-- options": options = parts[1].split(separator: " ").map(String.init)
            default: break
            }
        }
        return ["simulate", layout, "--scenario", path] + (controller.map { ["--controller", $0] } ?? []) + options
    }

    static func json(_ text: String) throws -> [String: Any] {
        try require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// How many `expect(` calls a scenario makes (each runs once: no loops around them).
    static func expectCount(_ path: String) throws -> Int {
        try String(contentsOfFile: repositoryRoot + "/" + path, encoding: .utf8)
            .components(separatedBy: "\nexpect(").count - 1
    }

    @Test func theSpringboardScenarioPasses() throws {
        let result = lualayout(try Self.arguments(forScenario: "Examples/springboard.test.lua"))
        expectEqual(result.status, 0, "\(result.err)")
        let timeline = try Self.json(result.out)
        expectEqual(timeline["passed"] as? Bool, true)
        let checks = try require(timeline["checks"] as? [[String: Any]])
        expectEqual(checks.count, (try Self.expectCount("Examples/springboard.test.lua")))
        expect(checks.allSatisfy { $0["passed"] as? Bool == true })
        let steps = try require(timeline["steps"] as? [[String: Any]])
        let events = steps.compactMap { ($0["event"] as? [String: Any])?["type"] as? String }
        expect(
            events == [
                "start", "tap", "longPress", "tap", "tap", "tap", "tap", "beginMove", "updateMove", "endMove",
                "beginMove", "updateMove", "cancelMove", "longPress", "beginMove", "updateMove", "endMove", "tap",
                "tap",
                "fling", "fling", "fling", "tap",
            ])
        // The long press turns deletion mode on through the controller: a state change, then a prepare.
        let longPress = steps[2]["log"] as? [[String: Any]] ?? []
        expect(
            longPress.contains {
                $0["type"] as? String == "stateChange" && $0["key"] as? String == "deletionMode"
                    && $0["new"] as? Bool == true
            })
        // The delete-button tap deletes item 2 with an animated update.
        let delete = steps[3]["log"] as? [[String: Any]] ?? []
        let plan = try require(delete.first { $0["type"] as? String == "batchUpdate" }?["plan"] as? [String: Any])
        let updates = try require(plan["updates"] as? [[String: Any]])
        expectEqual(updates.count, 1)
        expectEqual(updates.first?["updateAction"] as? String, "delete")
        expectEqual(updates.first?["indexPathBeforeUpdate"] as? [Int], [0, 2])
        // Flings: 768, then the clamped last page 1936 − 768 = 1168, then back to 768.
        let offsets = steps[19...21].map { (($0["contentOffset"] as? [String: Any])?["x"] as? Double) }
        expectEqual(offsets, [768, 1168, 768])
    }

    /// Examples/pinch-transition.test.lua (its header derives the frames): every check holds,
    /// and the pinch's steps drive the transition — began (scale 1) is progress 0, scales 0.875,
    /// 0.75, 0.625, 0.5 are progress 2 · (1 − scale) = 0.25, 0.5, 0.75, 1, then the release at 1
    /// finishes it; the second pinch, released at 0.25, cancels (progress back to 0).
    @Test func thePinchTransitionScenarioPasses() throws {
        let path = "Examples/pinch-transition.test.lua"
        let result = lualayout(try Self.arguments(forScenario: path))
        expectEqual(result.status, 0, "\(result.err)")
        let timeline = try Self.json(result.out)
        expectEqual(timeline["passed"] as? Bool, true)
        let checks = try require(timeline["checks"] as? [[String: Any]])
        expect(
            checks.count
                == (try String(contentsOfFile: repositoryRoot + "/" + path, encoding: .utf8)
                    .components(separatedBy: "\nexpect").count - 1))
        let steps = try require(timeline["steps"] as? [[String: Any]])
        let events = steps.compactMap { ($0["event"] as? [String: Any])?["type"] as? String }
        expect(
            events == [
                "start", "beginTransition", "setTransitionProgress", "tap", "updateAnimatedValue", "cancelTransition",
                "beginTransition", "pinch", "beginTransition", "pinch",
            ])
        let pinch = (steps[7]["log"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == "transition" }
        expect(
            pinch.map { $0["action"] as? String } == ["progress"] + Array(repeating: "progress", count: 4) + ["finish"])
        expectEqual(pinch.map { $0["progress"] as? Double }, [0, 0.25, 0.5, 0.75, 1, 1])
        let released = (steps[9]["log"] as? [[String: Any]] ?? []).filter { $0["type"] as? String == "transition" }
        expectEqual(released.map { $0["action"] as? String }, ["progress", "progress", "cancel"])
        expectEqual(released.map { $0["progress"] as? Double }, [0, 0.25, 0])
    }

    @Test func theHighlightScenarioPasses() throws {
        let result = lualayout(try Self.arguments(forScenario: "Examples/highlight.test.lua"))
        expectEqual(result.status, 0, "\(result.err)")
        let timeline = try Self.json(result.out)
        let checks = try require(timeline["checks"] as? [[String: Any]])
        expectEqual(checks.count, (try Self.expectCount("Examples/highlight.test.lua")))
        expectEqual(timeline["passed"] as? Bool, true)
        // After touch down (step 1) the highlighted item is scaled 2× in the recorded layout.
        let steps = try require(timeline["steps"] as? [[String: Any]])
        let layout = try require(steps[1]["layout"] as? [String: Any])
        let first = try require((layout["elements"] as? [[String: Any]])?.first)
        expectEqual((first["transform3D"] as? [Double])?.prefix(6), [2, 0, 0, 0, 0, 2])
        expectEqual(steps[1]["highlighted"] as? [[Int]], [[0, 0]])
        // The controller animates the highlight over 0.2 s: item 0 from scale 1 to 2.
        let log = try require(steps[1]["log"] as? [[String: Any]])
        let change = try require(log.first { $0["type"] as? String == "animatedChange" })
        expectEqual(change["duration"] as? Double, 0.2)
        let entries = try require((change["plan"] as? [String: Any])?["elements"] as? [[String: Any]])
        let item0 = try require(entries.first { $0["indexPathAfter"] as? [Int] == [0, 0] })
        expect((item0["from"] as? [String: Any])?["transform3D"] == nil)
        expectEqual(((item0["to"] as? [String: Any])?["transform3D"] as? [Double])?.prefix(6), [2, 0, 0, 0, 0, 2])
    }

    @Test func failedExpectationsAreLocatedAndExitOne() throws {
        let layout = try temporaryFile("layout.lua", "return flow{ itemSize = {100, 100} }")
        let folder = (layout as NSString).deletingLastPathComponent
        let scenario = folder + "/scenario.lua"
        try "tap(30, 30)\nexpect(#selectedItems() == 1, \"one\")\nexpect(#selectedItems() == 3, \"three\")\n"
            .write(toFile: scenario, atomically: true, encoding: .utf8)
        let output = folder + "/timeline.json"
        let result = lualayout("simulate", layout, "--scenario", scenario, "-o", output)
        expectEqual(result.status, 1)
        expectContains(result.err, "\(scenario):3: expectation failed: three\n")
        expect(!result.err.contains("\(scenario):2:"))
        expectContains(result.err, "lualayout: 1 of 2 expectations failed")
        expect(result.out.isEmpty)
        let timeline = try Self.json(try String(contentsOfFile: output, encoding: .utf8))
        expectEqual(timeline["passed"] as? Bool, false)
    }
}
