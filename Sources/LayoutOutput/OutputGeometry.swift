import LayoutEngine

/// The range of geometry the pictures draw: ±1e15 points. The engine keeps every frame
/// finite, but a picture derives more numbers from them (margins, scales, label sizes) and a
/// finite 1e308 overflows there; clamped first, no output holds `inf` or `nan`. The command
/// line refuses geometry options beyond the same limit.
package enum OutputGeometry {
    package static let limit = 1e15

    /// `value` within ±`limit`; nan (which no engine value is) as 0.
    package static func clamp(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, -limit), limit)
    }

    /// `rect` with its edges within ±`limit`.
    package static func clamp(_ rect: Rect) -> Rect {
        let minX = clamp(rect.x), minY = clamp(rect.y)
        let maxX = clamp(rect.x + rect.width), maxY = clamp(rect.y + rect.height)
        return Rect(x: minX, y: minY, width: max(0, maxX - minX), height: max(0, maxY - minY))
    }
}
