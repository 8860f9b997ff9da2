import LayoutEngine
import LayoutOutput

/// Snapshots compared on the pixel grid of the test's scale: two coordinates closer than half
/// a pixel (1 / (2·scale) points), or within the run's `--tolerance`, are the same. Float noise
/// of a refactor (`12748.2499999999999` for `12748.25`) passes even where it crosses a rounding
/// boundary; a move of one pixel or more does not.
package struct PixelGridComparison {
    package var scale: Double
    /// Extra points of slack (`--tolerance POINTS`), beyond half a pixel.
    package var tolerance: Double

    package init(scale: Double, tolerance: Double) {
        self.scale = scale > 0 && scale.isFinite ? scale : 1
        self.tolerance = max(0, tolerance)
    }

    /// The largest difference that still counts as the same.
    package var slack: Double { max(tolerance, 0.5 / scale) }

    package func same(_ a: Double, _ b: Double) -> Bool {
        if a == b { return true }
        guard a.isFinite, b.isFinite else { return false }
        // Strictly less than half a pixel: a move of exactly half a pixel is a move.
        return tolerance > 0 ? abs(a - b) <= slack : abs(a - b) < slack
    }

    /// `current` with every coordinate (bounds, content size, element frames) that is the same
    /// as `stored`'s on the grid replaced by `stored`'s value, the elements matched in order by
    /// identity: written out, it equals the stored text exactly when only noise differs, and a
    /// diff of it shows only real changes.
    package func snapped(_ current: LayoutSnapshot, to stored: LayoutSnapshot) -> LayoutSnapshot {
        var result = current
        result.bounds = snapped(current.bounds, to: stored.bounds)
        result.contentSize = Size(
            width: pick(current.contentSize.width, stored.contentSize.width),
            height: pick(current.contentSize.height, stored.contentSize.height))
        guard current.elements.count == stored.elements.count else { return result }
        var elements = current.elements.array
        for index in elements.indices {
            let old = stored.elements[index]
            guard elements[index].key == old.key else { continue }
            elements[index].frame = snapped(elements[index].frame, to: old.frame)
        }
        result.elements = ElementList(elements)
        return result
    }

    private func snapped(_ rect: Rect, to stored: Rect) -> Rect {
        Rect(
            x: pick(rect.x, stored.x), y: pick(rect.y, stored.y), width: pick(rect.width, stored.width),
            height: pick(rect.height, stored.height))
    }

    private func pick(_ value: Double, _ stored: Double) -> Double { same(value, stored) ? stored : value }
}
