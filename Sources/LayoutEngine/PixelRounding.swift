/// UIKit aligns element origins to the pixel grid of the screen: `round(v·scale)/scale`,
/// halves away from zero. Sizes are left alone.
package enum PixelRounding {
    /// Beyond 2⁵² every double is whole, so there is nothing to round.
    private static let wholeBeyond = 4_503_599_627_370_496.0

    @inline(__always)
    package static func round(_ value: Double, scale: Double) -> Double {
        guard scale > 0, value.isFinite else { return value }
        // Scale 1 (the default): v·1 and r/1 are v and r exactly, so skip the multiply and divide.
        if scale == 1 { return abs(value) < wholeBeyond ? nearest(value) : value }
        let scaled = value * scale
        // A finite origin times the scale may overflow to infinity (1e308 × 3).
        guard scaled.isFinite, abs(scaled) < wholeBeyond else { return value }
        return nearest(scaled) / scale
    }

    /// `value.rounded(.toNearestOrAwayFromZero)` for |value| < 2⁵², without the libm call:
    /// truncation and the exact remainder, the sign kept (−0.3 rounds to −0).
    @inline(__always)
    static func nearest(_ value: Double) -> Double {
        let truncated = Double(Int64(value))
        let remainder = value - truncated
        let whole = remainder >= 0.5 ? truncated + 1 : remainder <= -0.5 ? truncated - 1 : truncated
        return Double(signOf: value, magnitudeOf: whole)
    }

    @inline(__always)
    package static func roundOrigin(_ rect: Rect, scale: Double) -> Rect {
        Rect(x: round(rect.x, scale: scale), y: round(rect.y, scale: scale), width: rect.width, height: rect.height)
    }
}
