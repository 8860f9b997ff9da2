import LayoutEngine
import TestExpectations
import Testing

/// A delegate recording each pinch phase with its scale and item.
private final class PinchDelegate: CollectionViewDelegate {
    var phases: [String] = []

    func didPinch(_ view: HeadlessCollectionView, scale: Double, point: TouchPoint, phase: String) throws {
        phases.append("\(phase) \(scale) \(point.indexPath.map { "[\($0.section), \($0.item)]" } ?? "nil")")
    }
}

@Suite("Headless view: pinch")
struct HeadlessPinchTests {
    @Test func phasesGrowTheScaleLinearly() throws {
        let delegate = PinchDelegate()
        let view = try HeadlessCollectionView(layout: TestLayout(), context: headlessContext(items: 6))
        view.delegate = delegate
        // Scale 0.5 in 2 steps: 1 + (0.5 − 1)·1/2 = 0.75, then 1 + (0.5 − 1)·2/2 = 0.5. Item 3's
        // centre is (170, 170).
        try view.pinch(at: try view.touchPoint(viewport: gridCentre(3)), scale: 0.5, steps: 2)
        expect(
            delegate.phases == ["began 1.0 [0, 3]", "changed 0.75 [0, 3]", "changed 0.5 [0, 3]", "ended 0.5 [0, 3]"])
        // Nothing is highlighted or selected by a pinch.
        expect(view.selectedItems.isEmpty && view.highlightedItems.isEmpty)
        // On the inset (5, 5) the pinch has no item.
        delegate.phases = []
        try view.pinch(at: try view.touchPoint(viewport: Point(x: 5, y: 5)), scale: 2, steps: 1)
        expectEqual(delegate.phases, ["began 1.0 nil", "changed 2.0 nil", "ended 2.0 nil"])
    }
}
