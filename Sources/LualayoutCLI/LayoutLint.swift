import LayoutEngine

/// The geometric warnings of `lualayout check`: overlapping cells, elements outside the
/// content size, frames off the pixel grid.
struct LayoutLint {
    enum ScrollAxis { case horizontal, vertical }

    /// Pairs of cells whose frames share area (touching edges do not count).
    var overlapCount = 0
    /// The first few overlapping pairs, in sweep order.
    var overlaps: [(LayoutAttributes, LayoutAttributes)] = []
    /// Whether the search stopped early (the count is then a lower bound): at
    /// `maxCountedOverlaps` pairs, or after `maxComparisons` when cells pile up along the
    /// scroll axis without overlapping.
    var overlapCountCapped = false
    var outside: [LayoutAttributes] = []
    var outsideCount = 0
    var offGrid: [LayoutAttributes] = []
    var offGridCount = 0

    static let examples = 3
    /// Counting every pair of a heap of cells piled on each other is quadratic: stop there.
    static let maxCountedOverlaps = 1_000_000
    static let maxComparisons = 20_000_000
    /// Slack for floating-point noise, in points.
    static let tolerance = 1e-6

    /// `scrolling`: the axis an element scrolls along on its own (an orthogonal section's cells
    /// and item supplementaries: horizontal in a vertical layout), nil for the others. UIKit
    /// places such elements past the content's edge along that axis, so only the other axis is
    /// checked for them.
    init(
        elements: [LayoutAttributes], contentSize: Size, scale: Double,
        scrolling: (LayoutAttributes) -> ScrollAxis? = { _ in nil }
    ) {
        findOverlaps(elements.filter { $0.category == .cell }, alongY: contentSize.height >= contentSize.width)
        let bounds = Rect(origin: .zero, size: contentSize)
        for element in elements {
            var frame = element.frame
            switch scrolling(element) {
            case .horizontal?: (frame.origin.x, frame.size.width) = (0, 0)
            case .vertical?: (frame.origin.y, frame.size.height) = (0, 0)
            case nil: break
            }
            if !Self.contains(bounds, frame) {
                outsideCount += 1
                if outside.count < Self.examples { outside.append(element) }
            }
            if !Self.onGrid(element.frame, scale: scale) {
                offGridCount += 1
                if offGrid.count < Self.examples { offGrid.append(element) }
            }
        }
    }

    /// A sweep along the scroll axis (the longer side of the content): cells sorted by their
    /// start, each compared only with the cells still open where it starts. Sorting is
    /// n log n; the comparisons are few for any layout whose cells do not pile up.
    private mutating func findOverlaps(_ cells: [LayoutAttributes], alongY: Bool) {
        func start(_ rect: Rect) -> Double { alongY ? rect.minY : rect.minX }
        func end(_ rect: Rect) -> Double { alongY ? rect.maxY : rect.maxX }
        let sorted = cells.filter { $0.frame.width > 0 && $0.frame.height > 0 }.sorted {
            start($0.frame) < start($1.frame)
        }
        // The comparisons read frames only: an array of them, not the attributes, each of which
        // (names and all) a debug build would copy whole on every read.
        let frames = sorted.map(\.frame)
        var open: [Int] = []
        var comparisons = 0
        for (index, frame) in frames.enumerated() {
            let from = start(frame)
            open.removeAll { end(frames[$0]) <= from + Self.tolerance }
            comparisons += open.count
            if comparisons > Self.maxComparisons {
                overlapCountCapped = true
                return
            }
            for other in open where Self.shareArea(frames[other], frame) {
                overlapCount += 1
                if overlaps.count < Self.examples { overlaps.append((sorted[other], sorted[index])) }
                if overlapCount >= Self.maxCountedOverlaps {
                    overlapCountCapped = true
                    return
                }
            }
            open.append(index)
        }
    }

    static func shareArea(_ a: Rect, _ b: Rect) -> Bool {
        min(a.maxX, b.maxX) - max(a.minX, b.minX) > tolerance && min(a.maxY, b.maxY) - max(a.minY, b.minY) > tolerance
    }

    static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        inner.minX >= outer.minX - tolerance && inner.minY >= outer.minY - tolerance
            && inner.maxX <= outer.maxX + tolerance && inner.maxY <= outer.maxY + tolerance
    }

    /// Every edge of the frame on a device pixel (a multiple of 1/scale).
    static func onGrid(_ frame: Rect, scale: Double) -> Bool {
        [frame.minX, frame.minY, frame.maxX, frame.maxY].allSatisfy { value in
            let pixels = value * scale
            return abs(pixels - pixels.rounded()) <= tolerance * max(1, abs(pixels))
        }
    }

}
