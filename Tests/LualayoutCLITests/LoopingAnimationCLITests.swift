import Foundation
import TestExpectations
import Testing

/// Looping animations through the commands: `run`'s JSON, `update`'s page, and `watch`, whose
/// runs cross the worker's wire (animations and `hidden` travel in the element's second flag byte).
@Suite("Looping animations in the commands")
struct LoopingAnimationCLITests {
    /// Two 10×10 cells; the first jiggles with phase 0.15, the second is hidden and fades twice.
    static let layout = """
        return { prepare = function(cv, out)
          out:cell(0, 0, 0, 0, 10, 10, {animations = {keyPath = "rotation", fromValue = -2, toValue = 6, duration = 0.2,
                                                      autoreverses = true, timeOffset = 0.15}})
          out:cell(0, 1, 20, 0, 10, 10, {hidden = true, animations = {{keyPath = "opacity", fromValue = 1, toValue = 0.5,
                                                                        duration = 1, repeatCount = 2}}})
        end }
        """
    static let jiggle =
        "\"animations\": [{\"keyPath\": \"rotation\", \"fromValue\": -2, \"toValue\": 6, \"duration\": 0.2, "
        + "\"autoreverses\": true, \"repeatCount\": \"infinite\", \"timeOffset\": 0.15}]"
    static let fade =
        "\"hidden\": true, \"animations\": [{\"keyPath\": \"opacity\", \"fromValue\": 1, \"toValue\": 0.5, \"duration\": 1, "
        + "\"autoreverses\": false, \"repeatCount\": 2, \"timeOffset\": 0}]"

    @Test func runWritesThemExactly() throws {
        let script = try temporaryFile("anim.lua", Self.layout)
        let result = lualayout("run", script, "--items", "2", "--format", "json")
        expectEqual(result.status, 0, "\(result.err)")
        expectContains(result.out, "\"alpha\": 1, \"zIndex\": 0, \"hidden\": false, " + Self.jiggle + "}")
        expectContains(result.out, Self.fade + "}")
    }

    /// The worker sends the snapshot over its wire; the watcher prints what arrived.
    @Test func watchCarriesThemAcrossTheWorkersWire() throws {
        let script = try temporaryFile("anim.lua", Self.layout)
        let watch = try WatchProcess([
            "watch", script, "--items", "2", "--format", "json", "--exit-after", "1", "--idle-timeout", "20",
        ])
        let result = watch.finish()
        expectEqual(result.status, 0, "\(result.err)")
        expectContains(result.out, Self.jiggle)
        expectContains(result.out, Self.fade)
    }

    /// The update page draws each element with the animations it ends with, and their keyframes.
    @Test func updatePagesPlayThem() throws {
        let script = try temporaryFile(
            "anim.lua",
            """
            return flow{ itemSize = {40, 40}, attributes = function(cv, a)
              a.animations = {keyPath = "scale", fromValue = 1, toValue = 1.25, duration = 0.5, autoreverses = true}
            end }
            """)
        let result = lualayout("update", script, "--items", "2", "--insert", "0:2", "--format", "html")
        expectEqual(result.status, 0, "\(result.err)")
        // Three items after the insert, each in a loop group.
        expect(
            result.out.components(
                separatedBy: "<g class=\"loop\" style=\"animation: ll-scale-1-1p25 0.5s linear 0s infinite alternate;"
            ).count - 1 == 3)
        expect(
            result.out.contains(
                "@keyframes ll-scale-1-1p25 { from { transform: scale(1); } to { transform: scale(1.25); } }"))
    }
}
