import Foundation
import LayoutEngine
@testable import LayoutOutput
import TestExpectations
import Testing

@Suite("Table and transform descriptions")
struct TableLayoutWriterTests {
    private func degrees(_ value: Double) -> Double { value * Double.pi / 180 }

    @Test func describesSimpleTransformsInWords() {
        expectEqual(TransformDescription.describe(.rotationZ(degrees(6))), "rotate 6°")
        expectEqual(TransformDescription.describe(.rotationZ(degrees(-90))), "rotate -90°")
        expectEqual(TransformDescription.describe(.scale(x: 2, y: 2, z: 1)), "scale 2")
        expectEqual(TransformDescription.describe(.scale(x: 2, y: 3, z: 1)), "scale 2,3")
        expectEqual(TransformDescription.describe(.scale(x: -1, y: 1, z: 1)), "scale -1,1")
        expectEqual(TransformDescription.describe(.translation(x: 10, y: 0, z: 0)), "translate 10,0")
        // Rotation then scale (CATransform3DConcat order): a = d = 1.5·cos 30°, b = −c = 1.5·sin 30°.
        expect(
            TransformDescription.describe(.rotationZ(degrees(30)).concatenating(.scale(x: 1.5, y: 1.5, z: 1)))
                == "rotate 30° scale 1.5")
        expect(
            TransformDescription.describe(.scale(x: 2, y: 2, z: 1).concatenating(.translation(x: 5, y: -2.5, z: 0)))
                == "scale 2 translate 5,-2.5")
        expectEqual(TransformDescription.describe(.identity), "identity")
    }

    @Test func skewsAndThreeDimensionalTransformsAreNamedOnly() {
        // A shear: x' = x + 0.5·y (m21 = 0.5) is 2D but not a rotation or scale.
        expect(
            TransformDescription.describe(Transform3D([1, 0, 0, 0, 0.5, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])) == "matrix")
        expectEqual(TransformDescription.describe(.rotationY(0.5)), "3D")
        var perspective = Transform3D.identity
        perspective.m[11] = -1.0 / 500
        expectEqual(TransformDescription.describe(perspective), "3D")
        expectEqual(TransformDescription.describe(.translation(x: 0, y: 0, z: 4)), "3D")
    }

    /// 2797.977835051546 → 2797.978; 0.1 + 0.2 → 0.3; 1/3 in a custom field → 0.333; the JSON
    /// keeps every digit.
    @Test func roundsToThreeDecimalsAndJSONStaysExact() {
        let snapshot = LayoutSnapshot(
            bounds: Rect(x: 0, y: 0.1 + 0.2, width: 375, height: 667),
            contentSize: Size(width: 375, height: 2797.977835051546),
            elements: [
                LayoutAttributes(
                    key: .cell(0, 0), frame: Rect(x: 0.1 + 0.2, y: 10.0006, width: 100, height: 2.5),
                    transform3D: .rotationZ(degrees(6)), alpha: 1.0 / 3,
                    custom: ["share": .number(1.0 / 3), "name": .string("a")])
            ])
        let lines = TableLayoutWriter.string(snapshot).split(separator: "\n").map(String.init)
        expectEqual(lines[0], "content 375×2797.978  bounds 0,0.3 375×667  1 element")
        expectEqual(lines[1], "category  kind  indexPath    x       y  width  height  alpha  z  hidden  extra")
        expect(
            lines[2]
                == "cell            [0, 0]     0.3  10.001    100     2.5  0.333  0          transform=[rotate 6°] name=\"a\" share=0.333"
        )
        let json = JSONLayoutWriter.string(snapshot)
        expectContains(json, "\"height\": 2797.977835051546")
        expectContains(json, "\"x\": 0.30000000000000004")
        expectContains(json, "\"share\": 0.3333333333333333")
    }
}
