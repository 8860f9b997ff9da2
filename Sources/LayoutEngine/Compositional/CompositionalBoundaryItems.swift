/// Boundary supplementaries (docs/compositional.md, "Boundary supplementaries"): sizing,
/// stacking outside the content when they extend the boundary, overlaying it otherwise.
struct CompositionalBoundaryPlacement {
    struct Sized {
        var item: Compositional.BoundarySupplementaryItem
        var size: Size
        /// Sits before (top) or after (bottom) the content and grows the section.
        var extendsBefore: Bool
        var extendsAfter: Bool
    }

    var items: [Sized] = []

    /// Sizes each item against `container` (estimated axes measured when `sizing` answers).
    init(
        _ boundary: [Compositional.BoundarySupplementaryItem], container: Size, section: Int, itemIndex: Int,
        rounding: CompositionalRounding, sizing: Compositional.Sizing?
    ) throws {
        for item in boundary {
            if let problem = item.size.problem() {
                throw LayoutError("section \(section): boundary supplementary \"\(item.kind)\": \(problem)")
            }
            guard item.offset.x.isFinite, item.offset.y.isFinite else {
                throw LayoutError("section \(section): boundary supplementary \"\(item.kind)\": offset must be finite")
            }
            var size = item.size.resolve(in: container, rounding)
            if let measure = sizing?.supplementary, item.size.width.isEstimated || item.size.height.isEstimated,
                let answer = try measure(item.kind, LayoutIndexPath(section, itemIndex), size)
            {
                size = CompositionalEstimates.take(
                    answer, into: size, width: item.size.width.isEstimated,
                    height: item.size.height.isEstimated, kind: item.kind)
            }
            let edges = item.alignment.edges
            items.append(
                Sized(
                    item: item, size: size,
                    extendsBefore: item.extendsBoundary && edges.contains(.top),
                    extendsAfter: item.extendsBoundary && edges.contains(.bottom)))
        }
    }

    var lengthBefore: Double { items.filter(\.extendsBefore).reduce(0) { $0 + $1.size.height } }
    var lengthAfter: Double { items.filter(\.extendsAfter).reduce(0) { $0 + $1.size.height } }

    /// Frames: extending items stacked from `start` (before) and `afterStart` (after), across
    /// in `band`; the others aligned inside `content`.
    func frames(start: Double, afterStart: Double, band: (x: Double, width: Double), content: Rect) -> [Rect] {
        var before = start, after = afterStart
        return items.map { sized in
            let edges = sized.item.alignment.edges
            if sized.extendsBefore || sized.extendsAfter {
                let y = sized.extendsBefore ? before : after
                if sized.extendsBefore { before += sized.size.height } else { after += sized.size.height }
                let strip = Rect(x: band.x, y: y, width: band.width, height: sized.size.height)
                return CompositionalAnchors.aligned(edges, size: sized.size, in: strip, offset: sized.item.offset)
            }
            return CompositionalAnchors.aligned(edges, size: sized.size, in: content, offset: sized.item.offset)
        }
    }
}

/// A pinned boundary item, kept out of the store and placed at each rect query (layout space).
struct CompositionalPinnedItem: Sendable {
    var key: ElementKey
    var frame: Rect
    var zIndex: Int
    var alignment: Compositional.Alignment
    /// The section's extent along the scroll axis, boundary items included (the clamp).
    var sectionStart: Double
    var sectionEnd: Double
    var group: Int
}

enum CompositionalPinning {
    /// Positions pinned items for the visible rect (layout space, already inset by the
    /// adjusted content inset). Items of one group (section) with the same zIndex stack:
    /// top-aligned ones push later ones down, bottom-aligned ones push earlier ones up, and the
    /// two sets keep clear of each other inside the section, even where that leaves an item
    /// above or below its own frame (iOS 14's empty sections, recorded).
    static func place(_ items: [CompositionalPinnedItem], visible: Rect) -> [Rect] {
        var frames = items.map(\.frame)
        var index = 0
        while index < items.count {
            var end = index
            while end < items.count, items[end].group == items[index].group { end += 1 }
            let run = Array(index..<end)
            for z in Set(run.map { items[$0].zIndex }) {
                let same = run.filter { items[$0].zIndex == z }
                let tops = same.filter { pinsTop(items[$0]) }
                let bottoms = same.filter { !pinsTop(items[$0]) && items[$0].alignment.edges.contains(.bottom) }
                placeTop(tops, below: height(bottoms, items), items, &frames, visible: visible)
                placeBottom(bottoms, above: height(tops, items), items, &frames, visible: visible)
            }
            index = end
        }
        return frames
    }

    private static func height(_ run: [Int], _ items: [CompositionalPinnedItem]) -> Double {
        run.reduce(0.0) { $0 + items[$1].frame.height }
    }

    private static func pinsTop(_ item: CompositionalPinnedItem) -> Bool {
        item.alignment.edges.contains(.top)
    }

    private static func meets(_ item: CompositionalPinnedItem, _ visible: Rect) -> Bool {
        item.sectionStart < visible.maxY && visible.minY < item.sectionEnd
    }

    /// Top-pinned items: down to the visible top when scrolled past, never below the section's
    /// end less the items pinned after them (`later`, and the bottom-pinned ones, `below`).
    private static func placeTop(
        _ run: [Int], below: Double, _ items: [CompositionalPinnedItem], _ frames: inout [Rect], visible: Rect
    ) {
        var top = visible.minY
        for (n, i) in run.enumerated() {
            let item = items[i]
            let later = height(Array(run[(n + 1)...]), items)
            let limit = item.sectionEnd - item.frame.height - later - below
            var y = item.frame.minY
            if meets(item, visible), y < top { y = top }
            frames[i].origin.y = min(y, limit)
            top = max(top, frames[i].maxY)
        }
    }

    /// Bottom-pinned items: up to the visible bottom when it cuts them, never above the
    /// section's start plus the items pinned before them (`earlier`, and the top-pinned ones).
    private static func placeBottom(
        _ run: [Int], above: Double, _ items: [CompositionalPinnedItem], _ frames: inout [Rect], visible: Rect
    ) {
        var bottom = visible.maxY
        for (n, i) in run.enumerated().reversed() {
            let item = items[i]
            let earlier = height(Array(run[..<n]), items)
            let limit = item.sectionStart + earlier + above
            var y = item.frame.minY
            if meets(item, visible), item.frame.maxY > bottom { y = bottom - item.frame.height }
            frames[i].origin.y = max(y, limit)
            bottom = min(bottom, frames[i].minY)
        }
    }
}
