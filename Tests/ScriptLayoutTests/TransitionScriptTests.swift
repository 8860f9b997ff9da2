import Foundation
import LayoutEngine
import ScriptLayout
import TestExpectations
import Testing

/// docs/parity.md §5 (the `--with` part): a transition script bends the linear path.
@Suite("Transition scripts")
struct TransitionScriptTests {
    static func script(_ source: String) throws -> TransitionScript {
        let path = NSTemporaryDirectory() + "transition-\(UUID().uuidString).lua"
        try source.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try TransitionScript(file: path)
    }

    static let bent = """
        return {
          animatedKeys = {bend = 80},
          attributes = function(cv, a, from, to, progress)
            if from and to then a.y = a.y - cv.animatedValues.bend * math.sin(math.pi * progress) end
          end,
        }
        """
    static let from = LayoutAttributes(key: .cell(0, 0), frame: Rect(x: 0, y: 0, width: 10, height: 10))
    static let to = LayoutAttributes(key: .cell(0, 0), frame: Rect(x: 100, y: 200, width: 10, height: 10))

    /// Half way the linear frame is (50, 100); the arc lifts it by 80 · sin(π/2) = 80 to y 20.
    /// At progress 0, sin 0 = 0: the start itself. With the key updated to 40: y 100 − 40 = 60.
    @Test func theHookBendsTheLinearPath() throws {
        let transition = try Self.script(Self.bent)
        let context = makeContext()
        let half = Rect(x: 50, y: 100, width: 10, height: 10)
        let linear = LayoutAttributes(key: .cell(0, 0), frame: half)
        expect(
            try transition.attributes(linear, from: Self.from, to: Self.to, progress: 0.5, context: context).frame
                == Rect(x: 50, y: 20, width: 10, height: 10))
        expect(
            try transition.attributes(Self.from, from: Self.from, to: Self.to, progress: 0, context: context).frame
                == Self.from.frame)
        // An element only one layout places keeps the linear fade.
        expectEqual(try transition.attributes(linear, from: nil, to: Self.to, progress: 0.5, context: context), linear)
        transition.updateValue(.number(40), forAnimatedKey: "bend")
        expect(
            try transition.attributes(linear, from: Self.from, to: Self.to, progress: 0.5, context: context).frame.y
                == 60)
    }

    @Test func fromAndToAreReadOnly() throws {
        let transition = try Self.script(
            "return { attributes = function(cv, a, from, to, progress) from.x = 3 end }")
        #expect(throws: ScriptError.self) {
            try transition.attributes(Self.from, from: Self.from, to: Self.to, progress: 0.5, context: makeContext())
        }
        do {
            _ = try transition.attributes(
                Self.from, from: Self.from, to: Self.to, progress: 0.5, context: makeContext())
        } catch {
            expectContains(error.message, "attribute 'x': this attributes object is read-only (edit a)")
        }
    }

    @Test func aScriptThatIsNotATransitionIsRefused() {
        #expect(throws: ScriptError.self) { try Self.script("return 3") }
        #expect(throws: ScriptError.self) { try Self.script("return { attributes = 3 }") }
        #expect(throws: ScriptError.self) { try Self.script("return { animatedKeys = 3 }") }
    }
}
