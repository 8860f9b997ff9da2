/// UIKit aligns element origins to the pixel grid of the screen: `round(v·scale)/scale`,
/// halves away from zero. Sizes are left alone.
public enum PixelRounding {
    public static func round(_ value: Double, scale: Double) -> Double {
        guard scale > 0, value.isFinite else { return value }
        let scaled = value * scale
        // Beyond 2⁵² points every double is whole, so there is nothing to round; and a finite
        // origin times the scale may overflow to infinity (1e308 × 3).
        guard scaled.isFinite, abs(scaled) < 4_503_599_627_370_496 else { return value }
        return scaled.rounded(.toNearestOrAwayFromZero) / scale
    }

    public static func roundOrigin(_ rect: Rect, scale: Double) -> Rect {
        Rect(x: round(rect.x, scale: scale), y: round(rect.y, scale: scale), width: rect.width, height: rect.height)
    }
}
