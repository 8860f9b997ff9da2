import Foundation
import LayoutEngine
@testable import LayoutOutput
import TestExpectations
import Testing

/// How each output writes `LayoutAttributes.animations`.
@Suite("Looping animations in the outputs")
struct LoopingAnimationOutputTests {
    let jiggle = AttributeAnimation(
        keyPath: .rotation, fromValue: -2, toValue: 6, duration: 0.2, autoreverses: true,
        timeOffset: 0.15)

    func snapshot(_ animations: [AttributeAnimation]) -> LayoutSnapshot {
        let cell = LayoutAttributes(
            key: ElementKey(category: .cell, kind: "", indexPath: LayoutIndexPath(0, 0)),
            frame: Rect(x: 0, y: 0, width: 10, height: 10), animations: animations)
        return LayoutSnapshot(
            bounds: Rect(x: 0, y: 0, width: 10, height: 10), contentSize: Size(width: 10, height: 10), elements: [cell])
    }

    @Test func jsonIsExactWithInfiniteSpelledOut() {
        let line = JSONLayoutWriter.element(snapshot([jiggle]).elements[0])
        expect(
            line
                == "{\"category\": \"cell\", \"indexPath\": [0, 0], \"frame\": {\"x\": 0, \"y\": 0, \"width\": 10, \"height\": 10}, "
                + "\"alpha\": 1, \"zIndex\": 0, \"hidden\": false, \"animations\": [{\"keyPath\": \"rotation\", \"fromValue\": -2, "
                + "\"toValue\": 6, \"duration\": 0.2, \"autoreverses\": true, \"repeatCount\": \"infinite\", \"timeOffset\": 0.15}]}"
        )
        let finite = AttributeAnimation(keyPath: .opacity, fromValue: 1, toValue: 0.5, duration: 1, repeatCount: 3)
        expect(
            LoopingAnimations.json([finite])
                == "[{\"keyPath\": \"opacity\", \"fromValue\": 1, \"toValue\": 0.5, \"duration\": 1, "
                + "\"autoreverses\": false, \"repeatCount\": 3, \"timeOffset\": 0}]")
        // No animations: no key at all (existing outputs unchanged).
        expect(!JSONLayoutWriter.element(snapshot([]).elements[0]).contains("animations"))
    }

    @Test func tableAndTooltipDescribeThemShortly() {
        let finite = AttributeAnimation(keyPath: .translationX, fromValue: 0, toValue: 4, duration: 1, repeatCount: 2)
        expect(
            LoopingAnimations.describe([jiggle, finite])
                == "rotation -2→6 0.2s autoreverses forever offset 0.15s; translation.x 0→4 1s ×2")
        let table = TableLayoutWriter.string(snapshot([jiggle]))
        expect(table.hasSuffix("animations=[rotation -2→6 0.2s autoreverses forever offset 0.15s]\n"))
        expect(
            ElementDrawing.tooltip(snapshot([jiggle]).elements[0]).contains(
                "\nanimations rotation -2→6 0.2s autoreverses forever offset 0.15s"))
    }

    /// The SVG plays each animation as a CSS animation on a group nested in the element's:
    /// `-timeOffset` as the delay (started that long ago), `alternate` for autoreverses, and
    /// CSS's iteration count is Core Animation's ×2 when alternating (each way is one).
    @Test func svgDeclaresKeyframesOnceAndNestsAGroupPerAnimation() {
        let svg = SVGLayoutWriter.string(snapshot([jiggle]))
        expect(
            svg.contains(
                "<g class=\"loop\" style=\"animation: ll-rotation-m2-6 0.2s linear -0.15s infinite alternate; "
                    + "transform-box: fill-box; transform-origin: center\"><rect x=\"0\" y=\"0\" width=\"10\" height=\"10\"/>"
            ))
        expectContains(svg, "</text></g></g>\n")
        expect(
            svg.contains(
                "  <style>\n    @keyframes ll-rotation-m2-6 { from { transform: rotate(-2deg); } to { transform: rotate(6deg); } }\n  </style>\n"
            ))
        let fade = AttributeAnimation(
            keyPath: .opacity, fromValue: 1, toValue: 0.5, duration: 1, autoreverses: true, repeatCount: 2.5)
        expect(
            LoopingAnimations.style(fade)
                == "animation: ll-opacity-1-0p5 1s linear 0s 5 alternate; transform-box: fill-box; transform-origin: center"
        )
        expect(
            LoopingAnimations.keyframes([fade, fade])
                == "    @keyframes ll-opacity-1-0p5 { from { opacity: 1; } to { opacity: 0.5; } }\n")
        // Without animations nothing changes: no loop group, no keyframes.
        let still = SVGLayoutWriter.string(snapshot([]))
        expect(!still.contains("class=\"loop\"") && !still.contains("@keyframes"))
    }
}
