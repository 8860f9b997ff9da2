import LayoutEngine
import TestExpectations
import Testing

@testable import LayoutOutput

/// docs/parity.md §2 in the outputs: every component of a deep index path is written and read back.
@Suite("Deep index paths in the outputs")
struct DeepIndexPathOutputTests {
    static let line = LayoutAttributes(
        key: ElementKey(category: .decoration, kind: "line", indexPath: LayoutIndexPath(components: [0, 2, 1])),
        frame: Rect(x: 5, y: 5, width: 1, height: 1))

    @Test func jsonPrintsAndReadsEveryComponent() throws {
        let text = JSONLayoutWriter.element(Self.line)
        expect(
            text
                == "{\"category\": \"decoration\", \"kind\": \"line\", \"indexPath\": [0, 2, 1], \"frame\": {\"x\": 5, \"y\": 5, \"width\": 1, \"height\": 1}, \"alpha\": 1, \"zIndex\": 0, \"hidden\": false}"
        )
        let value = LayoutValue.object([
            "category": .string("decoration"), "kind": .string("line"),
            "indexPath": .array([.number(0), .number(2), .number(1)]),
            "frame": .object(["x": .number(5), "y": .number(5), "width": .number(1), "height": .number(1)]),
            "alpha": .number(1), "zIndex": .number(0), "hidden": .bool(false),
        ])
        expectEqual(try JSONLayoutReader.element(value, at: "e").key, Self.line.key)
    }

    @Test func labelsAndTooltipsShowTheWholePath() {
        expectEqual(ElementDrawing.label(of: Self.line, field: nil), "line [0, 2, 1]")
        expect(ElementDrawing.tooltip(Self.line).hasPrefix("decoration line [0, 2, 1]"))
    }
}
