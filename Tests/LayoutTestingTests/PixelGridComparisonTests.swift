import TestExpectations
import Testing
import LayoutEngine
import LayoutOutput
@testable import LayoutTesting

@Suite("pixel-grid comparison")
struct PixelGridComparisonTests {
    /// 12748.25 at scale 2 is 25496.5 pixels, exactly on a rounding boundary: the noisy
    /// 12748.249999999998 rounds to pixel 25496 and 12748.25 to 25497, yet they are 2e-12
    /// apart, far below half a pixel (0.25 points): the same.
    @Test func noiseAcrossARoundingBoundaryIsTheSame() {
        let grid = PixelGridComparison(scale: 2, tolerance: 0)
        expect(PixelRounding.round(12748.249999999998, scale: 2) != PixelRounding.round(12748.25, scale: 2))
        expect(grid.same(12748.249999999998, 12748.25))
        // Half a pixel (0.25) is a move; just under it is not; one point is.
        expect(!grid.same(100, 100.25))
        expect(grid.same(100, 100.2499))
        expect(!grid.same(100, 101))
        expect(!grid.same(.nan, .nan))
        expect(grid.same(.infinity, .infinity))
    }

    /// --tolerance 1 at scale 3: slack max(1, 1/6) = 1, inclusive.
    @Test func toleranceWidensTheSlack() {
        let grid = PixelGridComparison(scale: 3, tolerance: 1)
        expectEqual(grid.slack, 1)
        expect(grid.same(10, 11))
        expect(!grid.same(10, 11.001))
        expectEqual(PixelGridComparison(scale: 0, tolerance: 0).slack, 0.5)
    }

    /// Only matching elements are snapped, and only their noisy coordinates: a real move stays.
    @Test func snappedKeepsRealChanges() {
        func cell(_ item: Int, _ x: Double) -> LayoutAttributes {
            LayoutAttributes(
                key: ElementKey(category: .cell, kind: "", indexPath: LayoutIndexPath(0, item)),
                frame: Rect(x: x, y: 0, width: 10, height: 10))
        }
        let stored = LayoutSnapshot(
            bounds: Rect(x: 0, y: 0, width: 100, height: 100), contentSize: Size(width: 100, height: 10),
            elements: [cell(0, 0), cell(1, 20)])
        let current = LayoutSnapshot(
            bounds: Rect(x: 0, y: 0, width: 100, height: 100), contentSize: Size(width: 100, height: 10.0000001),
            elements: [cell(0, 0.0000001), cell(1, 21)])
        let snapped = PixelGridComparison(scale: 1, tolerance: 0).snapped(current, to: stored)
        expectEqual(snapped.contentSize.height, 10)
        expectEqual(snapped.elements[0].frame.x, 0)
        expectEqual(snapped.elements[1].frame.x, 21)
    }
}
