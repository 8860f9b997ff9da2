/// UIKit aligns element origins to the pixel grid of the screen: `round(v·scale)/scale`,
/// halves away from zero. Sizes are left alone.
public enum PixelRounding {
    public static func round(_ value: Double, scale: Double) -> Double {
        guard scale > 0, value.isFinite else { return value }
        return (value * scale).rounded(.toNearestOrAwayFromZero) / scale
    }

    public static func roundOrigin(_ rect: Rect, scale: Double) -> Rect {
        Rect(x: round(rect.x, scale: scale), y: round(rect.y, scale: scale), width: rect.width, height: rect.height)
    }
}
