import LayoutEngine
import ScriptLayout
import TestExpectations
import Testing

/// `a.animations` and `out:cell(…, {animations = …})`: written from Lua, validated by the one
/// rule, read back, errors located.
@Suite("Looping animations from scripts")
struct AttributeAnimationScriptTests {
    let jiggle = AttributeAnimation(
        keyPath: .rotation, fromValue: -2, toValue: 6, duration: 0.2, autoreverses: true,
        repeatCount: .infinity, timeOffset: 0.15)

    @Test func aHookDeclaresAnimationsAndReadsThemBack() throws {
        // The hook writes one table (not a list); reading it back gives the list with the
        // defaults filled in (repeatCount math.huge), which the second hook line copies into a
        // custom field to show what Lua sees.
        let source = """
            return flow{ itemSize = {10, 10}, attributes = function(cv, a)
              a.animations = {keyPath = "rotation", fromValue = -2, toValue = 6, duration = 0.2, autoreverses = true,
                              timeOffset = 0.15}
              local read = a.animations[1]
              a.seen = {read.keyPath, read.repeatCount == math.huge, read.timeOffset, #a.animations}
            end }
            """
        let all = try run(source, makeContext(counts: [2]))
        expectEqual(all.count, 2)
        for a in all {
            expectEqual(a.animations, [jiggle])
            expectEqual(a.custom["seen"], .array([.string("rotation"), .bool(true), .number(0.15), .number(1)]))
        }
    }

    @Test func nilRemovesAndPlacementsCarryAnimations() throws {
        let source = """
            return { prepare = function(cv, out)
              out:cell(0, 0, 0, 0, 10, 10, {animations = {{keyPath = "opacity", fromValue = 1, toValue = 0.5, duration = 1,
                                                          repeatCount = 3}}})
              out:cell(0, 1, 20, 0, 10, 10)
            end, attributes = function(cv, a)
              if a.item == 1 then a.animations = {{keyPath = "scale", fromValue = 1, toValue = 2, duration = 0.5}} end
              a.had = a.animations ~= nil
            end }
            """
        let all = try run(source, makeContext(counts: [2]))
        expect(
            all[0].animations == [
                AttributeAnimation(keyPath: .opacity, fromValue: 1, toValue: 0.5, duration: 1, repeatCount: 3)
            ])
        expectEqual(all[1].animations, [AttributeAnimation(keyPath: .scale, fromValue: 1, toValue: 2, duration: 0.5)])
        expectEqual(all.map { $0.custom["had"] }, [.bool(true), .bool(true)])
        let removed = try run(
            "return flow{ itemSize = {10, 10}, attributes = function(cv, a)\n"
                + "  a.animations = {keyPath = 'scale', fromValue = 1, toValue = 2, duration = 1}\n  a.animations = nil\nend }",
            makeContext(counts: [1]))
        expectEqual(removed[0].animations, [])
    }

    @Test func badAnimationsAreLocated() {
        let hook = scriptError(
            "return flow{ attributes = function(cv, a)\n  a.animations = {keyPath = 'spin', fromValue = 0, toValue = 1, duration = 1}\nend }"
        )
        expect(
            hook?.message
                == "test.lua:2: cell [0, 0]: animations[1].keyPath must be one of rotation, scale, translation.x, translation.y, opacity, got 'spin'"
        )
        let placed = scriptError(
            "return { prepare = function(cv, out)\n  out:cell(0, 0, 0, 0, 1, 1, {animations = {{keyPath = 'rotation', fromValue = 0, toValue = 1, duration = -1}}})\nend }"
        )
        expect(
            placed?.message == "test.lua:2: out:cell [0, 0]: animations[1].duration must be a finite number > 0, got -1"
        )
        let notData = scriptError("return flow{ attributes = function(cv, a) a.animations = {print} end }")
        expectEqual(notData?.message, "test.lua:1: cell [0, 0]: animations: a function cannot be used as data")
    }
}
