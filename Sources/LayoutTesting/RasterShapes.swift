import LayoutEngine
import LayoutOutput

/// The shapes an image snapshot draws besides element boxes: an element's parts (pill, circle,
/// rounded rectangle, cross; `ElementPaint`) and the refresh control's placeholder, each pixel
/// painted when its centre is inside the shape (no antialiasing: the pixels do not depend on a
/// renderer).
extension LayoutRaster {
    /// Paints every pixel of the box `rect` (picture pixels) whose centre `inside` accepts.
    private mutating func paint(_ rect: Rect, _ color: RGB, alpha: Double, inside: (Double, Double) -> Bool) {
        guard rect.isFinite, width > 0, height > 0 else { return }
        let minX = max(0, Int(rect.x.rounded(.down))), maxX = min(width - 1, Int((rect.x + rect.width).rounded(.up)))
        let minY = max(0, Int(rect.y.rounded(.down))), maxY = min(height - 1, Int((rect.y + rect.height).rounded(.up)))
        guard minX <= maxX, minY <= maxY else { return }
        for y in minY...maxY {
            for x in minX...maxX where inside(Double(x) + 0.5, Double(y) + 0.5) { blend(x, y, color, alpha) }
        }
    }

    /// One part of an element, in picture pixels (`place` maps content points there).
    mutating func draw(_ part: ElementPaint.Part, scale: Double, place: (Point) -> Point, alpha: Double) {
        let origin = place(part.frame.origin)
        let box = Rect(x: origin.x, y: origin.y, width: part.frame.width * scale, height: part.frame.height * scale)
        guard let color = Self.rgb(part.color) else { return }
        let (x0, y0, x1, y1) = (box.x, box.y, box.x + box.width, box.y + box.height)
        switch part.shape {
        case .circle:
            let (cx, cy, rx, ry) = (box.center.x, box.center.y, box.width / 2, box.height / 2)
            guard rx > 0, ry > 0 else { return }
            paint(box, color, alpha: alpha) { x, y in
                let (u, v) = ((x - cx) / rx, (y - cy) / ry)
                return u * u + v * v <= 1
            }
        case .pill, .rounded:
            // The corner radius, clamped as SVG clamps `rx` (at most half of either side).
            let r = min(ElementPaint.radius(of: part) * scale, box.width / 2, box.height / 2)
            paint(box, color, alpha: alpha) { x, y in
                guard x >= x0, x <= x1, y >= y0, y <= y1 else { return false }
                let dx = max(x0 + r - x, 0, x - (x1 - r)), dy = max(y0 + r - y, 0, y - (y1 - r))
                return dx * dx + dy * dy <= r * r
            }
        case .cross:
            let half = ElementPaint.crossWidth(part.frame) * scale / 2
            let stroke = Rect(x: x0 - half, y: y0 - half, width: box.width + 2 * half, height: box.height + 2 * half)
            let length = (box.width * box.width + box.height * box.height).squareRoot()
            guard length > 0 else { return }
            paint(stroke, color, alpha: alpha) { x, y in
                // Distance to either diagonal (as segments, with round caps).
                [(x0, y0, x1, y1), (x1, y0, x0, y1)].contains { a in
                    let (dx, dy) = (a.2 - a.0, a.3 - a.1)
                    let t = min(1, max(0, ((x - a.0) * dx + (y - a.1) * dy) / (length * length)))
                    let (px, py) = (a.0 + t * dx - x, a.1 + t * dy - y)
                    return px * px + py * py <= half * half
                }
            }
        }
    }

    /// The refresh control while it refreshes: the spinner's placeholder, a grey ring between
    /// the spinner's inner and outer radii in the middle of its band.
    mutating func drawRefreshPlaceholder(_ band: Rect, scale: Double, place: (Point) -> Point) {
        let c = place(band.center)
        let inner = ElementPaint.inner * scale, outer = ElementPaint.outer * scale
        guard let color = Self.rgb(ElementPaint.spinnerColor) else { return }
        let box = Rect(x: c.x - outer, y: c.y - outer, width: 2 * outer, height: 2 * outer)
        paint(box, color, alpha: 1) { x, y in
            let d = ((x - c.x) * (x - c.x) + (y - c.y) * (y - c.y)).squareRoot()
            return d >= inner && d <= outer
        }
    }
}
