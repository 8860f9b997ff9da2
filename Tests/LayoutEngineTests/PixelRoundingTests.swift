import LayoutEngine
import Testing

@Suite("Pixel rounding")
struct PixelRoundingTests {
    @Test(arguments: [
        (0.5, 1.0, 1.0), (-0.5, 1.0, -1.0), (2.25, 2.0, 2.5), (-2.25, 2.0, -2.5), (2.24, 2.0, 2.0),
        (1.0 / 6.0, 3.0, 1.0 / 3.0), (10.2, 3.0, 31.0 / 3.0),
    ])
    func roundsToThePixelGrid(value: Double, scale: Double, expected: Double) {
        #expect(PixelRounding.round(value, scale: scale) == expected)
    }
}

/// Found by the flow fuzzer: 1e308 is finite, 1e308 × 3 is not. Rounding leaves coordinates
/// that large alone (at that size every double is whole) instead of making them infinite.
@Suite("Pixel rounding of huge coordinates")
struct HugePixelRoundingTests {
    @Test func hugeCoordinatesStayFinite() {
        #expect(PixelRounding.round(1e308, scale: 3) == 1e308)
        #expect(PixelRounding.round(-1e308, scale: 3) == -1e308)
        #expect(PixelRounding.round(9_007_199_254_740_993, scale: 2) == 9_007_199_254_740_993)
        // Ordinary values still round: 10.25 × 2 = 20.5 → 21 → 10.5.
        #expect(PixelRounding.round(10.25, scale: 2) == 10.5)
    }
}
