import LayoutEngine
import TestExpectations
import Testing

@Suite("Pixel rounding")
struct PixelRoundingTests {
    @Test(arguments: [
        (0.5, 1.0, 1.0), (-0.5, 1.0, -1.0), (2.25, 2.0, 2.5), (-2.25, 2.0, -2.5), (2.24, 2.0, 2.0),
        (1.0 / 6.0, 3.0, 1.0 / 3.0), (10.2, 3.0, 31.0 / 3.0),
    ])
    func roundsToThePixelGrid(value: Double, scale: Double, expected: Double) {
        expectEqual(PixelRounding.round(value, scale: scale), expected)
    }
}

/// Found by the flow fuzzer: 1e308 is finite, 1e308 × 3 is not. Rounding leaves coordinates
/// that large alone (at that size every double is whole) instead of making them infinite.
@Suite("Pixel rounding of huge coordinates")
struct HugePixelRoundingTests {
    @Test func hugeCoordinatesStayFinite() {
        expectEqual(PixelRounding.round(1e308, scale: 3), 1e308)
        expectEqual(PixelRounding.round(-1e308, scale: 3), -1e308)
        // 2^53, past which a Double no longer holds every integer: x × 2 is exact, rounding it changes nothing.
        expectEqual(PixelRounding.round(9_007_199_254_740_992, scale: 2), 9_007_199_254_740_992)
        // Ordinary values still round: 10.25 × 2 = 20.5 → 21 → 10.5.
        expectEqual(PixelRounding.round(10.25, scale: 2), 10.5)
    }
}

/// Rounding runs without libm's `round` (truncation plus the exact remainder) and skips the
/// multiply and divide at scale 1; it must still be `rounded(.toNearestOrAwayFromZero)`.
@Suite("Pixel rounding without libm")
struct InlinePixelRoundingTests {
    @Test func halvesAndNeighboursAtScaleOne() {
        // The largest double below ½ stays below ½ (adding ½ to it would round up to 1).
        expectEqual(PixelRounding.round(0.49999999999999994, scale: 1), 0)
        expectEqual(PixelRounding.round(2.5, scale: 1), 3)
        expectEqual(PixelRounding.round(-2.5, scale: 1), -3)
        expectEqual(PixelRounding.round(-2.4, scale: 1), -2)
        // 2⁵² − ½ is the last double with a fraction: it rounds away from zero to 2⁵².
        expectEqual(PixelRounding.round(4_503_599_627_370_495.5, scale: 1), 4_503_599_627_370_496)
        // Zero keeps its sign, as libm's round does: −0.3 → −0.
        expectEqual(PixelRounding.round(-0.3, scale: 1).sign, .minus)
        expectEqual(PixelRounding.round(0.3, scale: 1).sign, .plus)
        expectEqual(PixelRounding.round(1e300, scale: 1), 1e300)
        expectEqual(PixelRounding.round(.infinity, scale: 1), .infinity)
    }

    @Test(arguments: [1.0, 2.0, 3.0, 0.5])
    func agreesWithTheStandardRounding(scale: Double) {
        // Every multiple of 1/64 in ±40 (each quarter, half and their neighbours one ulp away).
        for step in -2560...2560 {
            let base = Double(step) / 64
            for value in [base, base.nextUp, base.nextDown] {
                let scaled = value * scale
                let expected = scaled.rounded(.toNearestOrAwayFromZero) / scale
                let rounded = PixelRounding.round(value, scale: scale)
                expect(rounded == expected && rounded.sign == expected.sign, "\(value) at scale \(scale)")
            }
        }
    }
}
