import Foundation
import TestExpectations
import Testing

/// `--layout NAME=FILE` on `simulate`, in a test's `-- options:` and on `watch` (issue 34 item
/// 3): the layouts a controller begins transitions to by name, so it opens no files. Frames as
/// Examples/pinch-named-transition.test.lua derives them (400 × 400, 4 items).
@Suite("Transitions by name (command line)", .serialized)
struct TransitionByNameCLITests {
    static let named = [
        "--layout", "grid=Examples/grid.lua", "--layout", "circle=Examples/dimming-circle.lua", "--layout",
        "bent=Examples/bent-transition.lua",
    ]
    static let simulate = [
        "simulate", "Examples/grid.lua", "--scenario", "Examples/pinch-named-transition.test.lua", "--controller",
        "Examples/pinch-named-transition-controller.lua", "--bounds", "400x400", "--items", "4",
    ]

    /// The second step (the scenario's `beginTransition("circle")`) and the pinch (the
    /// controller's): each logs the transition's begin; the pinch finishes it.
    @Test func simulateLoadsTheNamedLayouts() throws {
        let result = lualayout(Self.simulate + Self.named)
        expectEqual(result.status, 0, "\(result.err)")
        let timeline = try SimulateCommandTests.json(result.out)
        let steps = try require(timeline["steps"] as? [[String: Any]])
        expectEqual((steps[1]["event"] as? [String: Any])?["layout"] as? String, "circle")
        let pinch = steps.first { ($0["event"] as? [String: Any])?["type"] as? String == "pinch" }
        let actions = (pinch?["log"] as? [[String: Any]] ?? []).compactMap { $0["action"] as? String }
        expectEqual(actions, ["begin", "progress", "progress", "progress", "progress", "finish"])
    }

    @Test func theTestFileNamesThemInItsOptions() {
        let result = lualayout("test", "Examples/pinch-named-transition.test.lua")
        expectEqual(result.status, 0, "\(result.out)\(result.err)")
        expectContains(result.out, "PASS  Examples/pinch-named-transition.test.lua")
    }

    @Test func badNamesAndMissingFilesAreInputErrors() throws {
        let noName = lualayout(Self.simulate + ["--layout", "Examples/circle.lua"])
        expectEqual(noName.status, 2)
        expectContains(noName.err, "--layout", "\(noName.err)")
        let missing = lualayout(Self.simulate + ["--layout", "circle=Examples/missing.lua"])
        expectEqual(missing.status, 2)
        expectContains(missing.err, "Examples/missing.lua: no such layout (--layout circle)", "\(missing.err)")
        let test = try temporaryFile(
            "named.test.lua", "-- layout: layout.lua\n-- options: --items 2\n-- options: --layout circle=nowhere.lua\n")
        try "return flow{}".write(
            toFile: (test as NSString).deletingLastPathComponent + "/layout.lua", atomically: true, encoding: .utf8)
        let header = lualayout("test", test)
        expect(header.status != 0)
        expect(
            (header.out + header.err).contains(
                "named.test.lua:3: layout circle \((test as NSString).deletingLastPathComponent)/nowhere.lua: no such file (paths are relative to the test file)"
            ),
            "\(header.out)\(header.err)")
    }

    /// The preview does it with the mouse: a Shift + drag is a pinch in progress (`P:`), which
    /// the controller turns into the transition to "circle" at progress 2 · (1 − 0.75) = 0.5:
    /// item 0 is drawn at (98.5, 16), 99 × 99, dimmed to 0.5 by the circle's transition layout.
    /// Released (`p:`), the circle stays: item 0 at (165, 0), 70 × 70.
    @Test func thePreviewPinchesFromOneLayoutToTheOther() throws {
        let preview = try PreviewTests.Preview(
            script: repositoryRoot + "/Examples/grid.lua",
            arguments: [
                "--controller", repositoryRoot + "/Examples/pinch-named-transition-controller.lua", "--bounds",
                "400x400",
                "--items", "4",
            ]
                + Self.named.map {
                    $0.hasPrefix("--") ? $0 : $0.replacingOccurrences(of: "=", with: "=\(repositoryRoot)/")
                })
        try require(preview.port > 0, "\(preview.errors.text)")
        let pinching = try require(
            try JSONSerialization.jsonObject(with: Data(try preview.get("/interact?log=P:200,200,0.75").utf8))
                as? [String: Any])
        let svg = try require(pinching["svg"] as? String, "\(pinching)")
        #expect(svg.contains(##"opacity="0.5" data-index-path="0,0""##), "\(svg.prefix(3000))")
        #expect(svg.contains(##"<rect x="98.5" y="16" width="99" height="99"/>"##))
        let released = try require(
            try JSONSerialization.jsonObject(with: Data(try preview.get("/interact?log=p:200,200,0.75").utf8))
                as? [String: Any])
        #expect((released["svg"] as? String)?.contains(##"<rect x="165" y="0" width="70" height="70"/>"##) == true)
    }
}
