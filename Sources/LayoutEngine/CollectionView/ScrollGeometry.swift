import Platform

/// UIScrollView's scrolling arithmetic, headless: the range a content offset may take, paging,
/// and how far a fling travels while it decelerates.
package enum ScrollGeometry {
    /// UIScrollView.DecelerationRate.normal: the velocity kept after each millisecond.
    package static let normalDecelerationRate = 0.998

    /// UIScrollView's rubber-band constant c (see `rubberBand`).
    package static let rubberBandConstant = 0.55

    /// How far the content moves past an edge when the finger has pulled it `distance` points
    /// past it, in a viewport `dimension` points long on that axis: UIScrollView's resistance,
    /// (1 − 1 / (x·c / d + 1))·d with c = 0.55. It starts at slope c (x = 10 moves it about 5.5
    /// points) and never reaches d.
    package static func rubberBand(
        _ distance: Double, dimension: Double, constant: Double = rubberBandConstant
    )
        -> Double
    {
        guard distance > 0, dimension > 0, distance.isFinite else { return distance.isFinite ? 0 : dimension }
        return (1 - 1 / (distance * constant / dimension + 1)) * dimension
    }

    /// The smallest and largest content offsets per axis: from −adjustedInset.top/left to
    /// contentSize − bounds + adjustedInset.bottom/right, never below the minimum (content
    /// smaller than the bounds stays at the minimum).
    package static func offsetRange(contentSize: Size, boundsSize: Size, inset: EdgeInsets) -> (min: Point, max: Point)
    {
        let low = Point(x: -inset.left, y: -inset.top)
        let high = Point(
            x: max(low.x, contentSize.width - boundsSize.width + inset.right),
            y: max(low.y, contentSize.height - boundsSize.height + inset.bottom))
        return (low, high)
    }

    /// `offset` kept inside the range (non-finite values fall to the minimum).
    package static func clamp(_ offset: Point, contentSize: Size, boundsSize: Size, inset: EdgeInsets) -> Point {
        let range = offsetRange(contentSize: contentSize, boundsSize: boundsSize, inset: inset)
        func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
            value.isFinite ? min(max(value, low), high) : low
        }
        return Point(x: clamp(offset.x, range.min.x, range.max.x), y: clamp(offset.y, range.min.y, range.max.y))
    }

    /// Where a fling starting at `offset` with `velocity` (points/ms) comes to rest before any
    /// clamping: each millisecond keeps `rate` of the velocity, so the distance is the sum
    /// v·(r + r² + r³ + …) = v·r / (1 − r) per axis (499·v at the normal rate).
    package static func decelerationEnd(
        from offset: Point, velocity: Point, rate: Double = normalDecelerationRate
    ) -> Point {
        let factor = rate / (1 - rate)
        return Point(x: offset.x + velocity.x * factor, y: offset.y + velocity.y * factor)
    }

    /// How long the deceleration takes, in seconds: until the faster axis slows below
    /// 0.01 points/ms, i.e. t = ln(0.01 / |v|) / ln(r) milliseconds (0 when already slower).
    package static func decelerationDuration(velocity: Point, rate: Double = normalDecelerationRate) -> Double {
        let speed = max(abs(velocity.x), abs(velocity.y))
        guard speed > 0.01, speed.isFinite else { return 0 }
        return log(0.01 / speed) / log(rate) / 1000
    }

    /// Paging (isPagingEnabled): the page boundary a fling from `offset` lands on. Pages are one
    /// bounds size apart starting at the minimum offset; a velocity goes to the next boundary in
    /// its direction (from a boundary, the next page), no velocity settles on the nearest one;
    /// the result is clamped to the range, so the last page ends at the content's end.
    package static func pageTarget(
        from offset: Point, velocity: Point, contentSize: Size, boundsSize: Size, inset: EdgeInsets
    ) -> Point {
        let range = offsetRange(contentSize: contentSize, boundsSize: boundsSize, inset: inset)
        func page(_ value: Double, _ speed: Double, _ low: Double, _ high: Double, _ size: Double) -> Double {
            guard size > 0 else { return low }
            let position = (value - low) / size
            let index =
                speed > 0 ? position.rounded(.down) + 1 : speed < 0 ? position.rounded(.up) - 1 : position.rounded()
            return min(max(low + index * size, low), high)
        }
        return Point(
            x: page(offset.x, velocity.x, range.min.x, range.max.x, boundsSize.width),
            y: page(offset.y, velocity.y, range.min.y, range.max.y, boundsSize.height))
    }
}
