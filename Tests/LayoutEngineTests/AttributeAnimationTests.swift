import LayoutEngine
import TestExpectations
import Testing

@Suite("Looping attribute animations")
struct AttributeAnimationTests {
    /// The springboard's jiggle: −2° → +6° in 0.2 s, back in 0.2 s (cycle 0.4 s), forever.
    let jiggle = AttributeAnimation(keyPath: .rotation, fromValue: -2, toValue: 6, duration: 0.2, autoreverses: true)

    @Test func autoreversingValuesSwingThereAndBack() {
        // value = from + (to − from)·p, p = phase (≤ 1) or 2 − phase on the way back, phase =
        // (t mod cycle)/duration. A 0.25 s swing keeps every step exact in binary.
        let swing = AttributeAnimation(
            keyPath: .rotation, fromValue: -2, toValue: 6, duration: 0.25, autoreverses: true)
        expectEqual(swing.cycle, 0.5)
        expectEqual(swing.value(at: 0), -2)
        expectEqual(swing.value(at: 0.125), 2)  // phase 0.5 → −2 + 8·0.5
        expectEqual(swing.value(at: 0.25), 6)  // phase 1
        expectEqual(swing.value(at: 0.375), 2)  // phase 1.5 → p = 0.5 on the way back
        expectEqual(swing.value(at: 0.5), -2)  // a new cycle
        expectEqual(swing.value(at: 1000), -2)  // forever: 2000 cycles
        expect(swing.value(at: -1) == nil)  // not started
        // The jiggle: 0.2 s each way, a 0.4 s cycle, at +6° after 0.2 s.
        expectEqual(jiggle.cycle, 0.4)
        expectEqual(jiggle.value(at: 0.2), 6)
    }

    @Test func timeOffsetShiftsThePhaseAndRepeatCountEndsIt() {
        // timeOffset 0.1: at t = 0 the animation is 0.1 s in → half way, 2°.
        var shifted = jiggle
        shifted.timeOffset = 0.1
        expectEqual(shifted.value(at: 0), 2)
        // Negative offset: starts 0.5 s late; at t = 0.5 it is at fromValue.
        shifted.timeOffset = -0.5
        expect(shifted.value(at: 0.25) == nil)
        expectEqual(shifted.value(at: 0.5), -2)
        // Without autoreverses a cycle is one duration; 2 repeats of 0.5 s end at t = 1.
        let fade = AttributeAnimation(keyPath: .opacity, fromValue: 1, toValue: 0, duration: 0.5, repeatCount: 2)
        expectEqual(fade.cycle, 0.5)
        expectEqual(fade.value(at: 0.25), 0.5)
        expectEqual(fade.value(at: 0.75), 0.5)  // second cycle, same place
        expect(fade.value(at: 1) == nil)  // ended: the element shows its own alpha
    }

    @Test func rulesAcceptOneTableOrAListAndFillDefaults() throws {
        let one = LayoutValue.object([
            "keyPath": .string("scale"), "fromValue": .number(1), "toValue": .number(1.5), "duration": .number(0.25),
        ])
        let expected = AttributeAnimation(
            keyPath: .scale, fromValue: 1, toValue: 1.5, duration: 0.25,
            autoreverses: false, repeatCount: .infinity, timeOffset: 0)
        expectEqual(try AttributeRules.animations(one), [expected])
        expectEqual(try AttributeRules.animations(.array([one, one])), [expected, expected])
        expectEqual(try AttributeRules.animations(.null), [])
        expectEqual(try AttributeRules.animations(.array([])), [])
        let full = LayoutValue.object([
            "keyPath": .string("translation.y"), "fromValue": .number(0), "toValue": .number(-4),
            "duration": .number(1),
            "autoreverses": .bool(true), "repeatCount": .number(2.5), "timeOffset": .number(-0.5),
        ])
        expect(
            try AttributeRules.animations(full) == [
                AttributeAnimation(
                    keyPath: .translationY, fromValue: 0, toValue: -4, duration: 1, autoreverses: true,
                    repeatCount: 2.5, timeOffset: -0.5)
            ])
    }

    @Test func rulesNameTheBadField() {
        func problem(_ fields: [String: LayoutValue]) -> String? {
            var base: [String: LayoutValue] = [
                "keyPath": .string("rotation"), "fromValue": .number(0), "toValue": .number(1), "duration": .number(1),
            ]
            for (key, value) in fields { base[key] = value }
            do {
                _ = try AttributeRules.animations(.array([.object(base)]))
                return nil
            } catch { return error.message }
        }
        expect(problem([:]) == nil)
        expect(
            problem(["keyPath": .string("spin")])
                == "animations[1].keyPath must be one of rotation, scale, translation.x, translation.y, opacity, got 'spin'"
        )
        expectEqual(problem(["fromValue": .null]), "animations[1].fromValue must be a finite number, got nil")
        expectEqual(problem(["toValue": .number(.infinity)]), "animations[1].toValue must be a finite number, got inf")
        expectEqual(problem(["duration": .number(0)]), "animations[1].duration must be a finite number > 0, got 0")
        expectEqual(problem(["autoreverses": .number(1)]), "animations[1].autoreverses must be a boolean, got 1")
        expect(
            problem(["repeatCount": .number(0)])
                == "animations[1].repeatCount must be a number > 0 (math.huge: forever), got 0")
        expectEqual(problem(["timeOffset": .string("x")]), "animations[1].timeOffset must be a finite number, got 'x'")
        expect(
            problem(["phase": .number(1)])
                == "animations[1]: unknown field 'phase' (fields: keyPath, fromValue, toValue, duration, autoreverses, repeatCount, timeOffset)"
        )
        expect(
            problem(["keyPath": .string("opacity"), "toValue": .number(2)])
                == "animations[1].toValue: an opacity is from 0 to 1, got 2")
        func listProblem(_ value: LayoutValue) -> String? {
            do {
                _ = try AttributeRules.animations(value)
                return nil
            } catch { return error.message }
        }
        expect(
            listProblem(.number(3))
                == "animations must be a list of animation tables ({keyPath =, fromValue =, toValue =, duration =, …}), got 3"
        )
        expectEqual(listProblem(.array([.bool(true)])), "animations[1] must be a table, got boolean")
        let many = LayoutValue.array(Array(repeating: .object([:]), count: 17))
        expectEqual(listProblem(many), "animations: at most 16 per element, got 17")
    }

    /// Animations live in the element store's side table and come back whole.
    @Test func theStoreKeepsAnimations() throws {
        var builder = ElementStoreBuilder()
        let key = ElementKey(category: .cell, kind: "", indexPath: LayoutIndexPath(0, 1))
        try builder.append(
            LayoutAttributes(key: key, frame: Rect(x: 0, y: 0, width: 10, height: 10), animations: [jiggle]))
        try builder.append(
            LayoutAttributes(
                key: ElementKey(category: .cell, kind: "", indexPath: LayoutIndexPath(0, 0)),
                frame: Rect(x: 0, y: 0, width: 10, height: 10)))
        let store = try builder.build()
        expectEqual(store.attributes(for: key)?.animations, [jiggle])
        expectEqual(store.attributes(at: 0).animations, [])
    }
}
