/// Self-sizing (docs/compositional.md, "Estimated sizes"): estimates stand until the sizing
/// closure answers; then the root group's items restack along its axis, the group takes its
/// measured extent on its estimated dimensions, and the section's groups restack (along the
/// section's own scroll axis: down a normal section, across an orthogonal one).
enum CompositionalEstimates {
    /// Only the estimated axes of a preferred size are taken.
    static func take(_ answer: Size, into size: Size, width: Bool, height: Bool, kind: String) -> Size {
        var result = size
        if width, answer.width.isFinite, answer.width >= 0 { result.width = answer.width }
        if height, answer.height.isFinite, answer.height >= 0 { result.height = answer.height }
        return result
    }

    /// Whether a solved template has items self-sizing may change.
    static func needsMeasuring(_ template: CompositionalGroupTemplate, group: Compositional.Group) -> Bool {
        template.leaves.contains { leaf in
            guard leaf.depth == 0, let item = leaf.item else { return false }
            return item.size.width.isEstimated || item.size.height.isEstimated
        }
    }

    /// Whether every leaf of the template is an item of the root group with an estimated
    /// dimension: then every item of the section is measured, with its leaf's box as its
    /// fitting size, and the whole section can be measured in one batch.
    static func measuresEveryItem(_ template: CompositionalGroupTemplate) -> Bool {
        !template.leaves.isEmpty
            && template.leaves.allSatisfy { leaf in
                guard leaf.depth == 0, let item = leaf.item else { return false }
                return item.size.width.isEstimated || item.size.height.isEstimated
            }
    }

    /// Every item of a section measured in one batch (`Sizing.itemsInSection`): item i's
    /// fitting is its leaf's box (i mod the template's leaves), as `measureGroup` gives it.
    static func measureSection(
        _ template: CompositionalGroupTemplate, count: Int, section: Int,
        batch: (Int, inout [Size]) throws -> Void
    ) throws -> [Size] {
        let fitting = ContiguousArray(template.leaves.map(\.box.size))
        let k = fitting.count
        var sizes = [Size](unsafeUninitializedCapacity: count) { buffer, initialized in
            for i in 0..<count { buffer[i] = fitting[i % k] }
            initialized = count
        }
        try batch(section, &sizes)
        return sizes
    }

    /// One group's items measured and restacked: the leaves (first `count` of the template),
    /// relative to the group's origin, and the group's extent along its section's scroll axis.
    /// Steps: measure the root group's estimated items; give `uniformAcrossSiblings` items the
    /// largest of them; restack along the group's axis; size the group's estimated dimensions
    /// to its content; inset the cells.
    static func measureGroup(
        _ template: CompositionalGroupTemplate, group: Compositional.Group, count: Int, section: Int, firstItem: Int,
        sizing: Compositional.Sizing, measured: [Size]? = nil
    ) throws -> (cells: [Rect], size: Size) {
        var boxes = template.leaves.prefix(count).map(\.box)
        if let measured {
            // The section's answers, from `measureSection` (every leaf an estimated root item).
            for i in boxes.indices {
                guard let item = template.leaves[i].item else { continue }
                boxes[i].size = take(
                    measured[firstItem + i], into: boxes[i].size, width: item.size.width.isEstimated,
                    height: item.size.height.isEstimated, kind: "")
            }
        } else if let measure = sizing.item {
            try measureItems(&boxes, template.leaves, measure: measure, section: section, firstItem: firstItem)
        }
        makeSiblingsUniform(&boxes, template.leaves)
        restack(&boxes, template.leaves, group: group)
        let size = groupSize(boxes, template, group: group)
        let cells = boxes.indices.map { i -> Rect in
            guard let item = template.leaves[i].item else { return boxes[i] }
            // Content insets shrink the cell, except on an estimated axis.
            let ins = item.contentInsets
            let (l, t) = item.size.width.isEstimated ? (0.0, 0.0) : (ins.leading, ins.trailing)
            let (tp, b) = item.size.height.isEstimated ? (0.0, 0.0) : (ins.top, ins.bottom)
            return Rect(
                x: boxes[i].x + l, y: boxes[i].y + tp, width: max(0, boxes[i].width - l - t),
                height: max(0, boxes[i].height - tp - b))
        }
        return (cells, size)
    }

    /// The estimated axes of the root group's own items, as the sizing closure answers.
    private static func measureItems(
        _ boxes: inout [Rect], _ leaves: [CompositionalLeaf],
        measure: (LayoutIndexPath, Size) throws -> Size?, section: Int, firstItem: Int
    ) throws {
        for i in boxes.indices {
            let leaf = leaves[i]
            guard leaf.depth == 0, let item = leaf.item,
                item.size.width.isEstimated || item.size.height.isEstimated
            else { continue }
            if let answer = try measure(LayoutIndexPath(section, firstItem + i), boxes[i].size) {
                boxes[i].size = take(
                    answer, into: boxes[i].size, width: item.size.width.isEstimated,
                    height: item.size.height.isEstimated, kind: "")
            }
        }
    }

    /// uniformAcrossSiblings: every such sibling takes the largest measured size.
    private static func makeSiblingsUniform(_ boxes: inout [Rect], _ leaves: [CompositionalLeaf]) {
        var uniformWidth = 0.0, uniformHeight = 0.0
        for i in boxes.indices {
            guard let item = leaves[i].item else { continue }
            if case .uniformAcrossSiblings = item.size.width { uniformWidth = max(uniformWidth, boxes[i].width) }
            if case .uniformAcrossSiblings = item.size.height { uniformHeight = max(uniformHeight, boxes[i].height) }
        }
        for i in boxes.indices {
            guard let item = leaves[i].item else { continue }
            if case .uniformAcrossSiblings = item.size.width { boxes[i].size.width = uniformWidth }
            if case .uniformAcrossSiblings = item.size.height { boxes[i].size.height = uniformHeight }
        }
    }

    /// Restacks along the root group's axis when its items' extents there were measured (edge
    /// spacing and interItemSpacing kept).
    private static func restack(_ boxes: inout [Rect], _ leaves: [CompositionalLeaf], group: Compositional.Group) {
        let insets = group.contentInsets
        let spacing = group.interItemSpacing?.minimum ?? 0
        func measured(_ pick: (Compositional.LayoutSize) -> Compositional.Dimension) -> Bool {
            boxes.indices.contains {
                leaves[$0].depth == 0 && leaves[$0].item.map { pick($0.size).isEstimated } == true
            }
        }
        switch group.layout {
        case .vertical where measured(\.height):
            var cursor = leaves.first.map { $0.box.minY - ($0.item?.edgeSpacing.top?.minimum ?? 0) } ?? insets.top
            for i in boxes.indices where leaves[i].depth == 0 {
                let edges = leaves[i].item?.edgeSpacing
                cursor += edges?.top?.minimum ?? 0
                boxes[i].origin.y = cursor
                cursor += boxes[i].height + (edges?.bottom?.minimum ?? 0) + spacing
            }
        case .horizontal where measured(\.width):
            var cursor =
                leaves.first.map { $0.box.minX - ($0.item?.edgeSpacing.leading?.minimum ?? 0) } ?? insets.leading
            for i in boxes.indices where leaves[i].depth == 0 {
                let edges = leaves[i].item?.edgeSpacing
                cursor += edges?.leading?.minimum ?? 0
                boxes[i].origin.x = cursor
                cursor += boxes[i].width + (edges?.trailing?.minimum ?? 0) + spacing
            }
        default: break
        }
    }

    /// The group's size: its estimated dimensions reach its furthest item plus edge spacing
    /// and the group's own content insets; the others stay as solved.
    private static func groupSize(
        _ boxes: [Rect], _ template: CompositionalGroupTemplate, group: Compositional.Group
    ) -> Size {
        let leaves = template.leaves, insets = group.contentInsets
        var size = template.size
        if group.size.height.isEstimated {
            let bottom = boxes.indices.reduce(0.0) { result, i in
                max(result, boxes[i].maxY + (leaves[i].item?.edgeSpacing.bottom?.minimum ?? 0))
            }
            size.height = bottom + insets.bottom
        }
        if group.size.width.isEstimated {
            let trailing = boxes.indices.reduce(0.0) { result, i in
                max(result, boxes[i].maxX + (leaves[i].item?.edgeSpacing.trailing?.minimum ?? 0))
            }
            size.width = trailing + insets.trailing
        }
        return size
    }
}

/// `CompositionalEstimates.measureGroup` for a section measured in one batch (every leaf an
/// estimated item of the root group), with what it reads of each leaf taken out of the
/// template once per section: a group then costs its arithmetic alone (no array, closure or
/// item copied per group). The steps and the numbers are `measureGroup`'s, in its order.
struct CompositionalMeasuredGroups {
    struct Leaf {
        var box: Rect
        var widthEstimated: Bool, heightEstimated: Bool
        var widthUniform: Bool, heightUniform: Bool
        /// Edge spacing minima (0 where none).
        var top: Double, bottom: Double, leading: Double, trailing: Double
        /// Content insets as the cell takes them (0 on an estimated axis).
        var insetLeading: Double, insetTrailing: Double, insetTop: Double, insetBottom: Double
        var zIndex: Int32
    }

    /// The root group's axis (a custom group restacks nothing).
    enum Axis { case vertical, horizontal, none }

    let leaves: ContiguousArray<Leaf>
    let layout: Axis
    let spacing: Double
    let insets: Compositional.Insets
    let templateSize: Size
    let groupWidthEstimated: Bool, groupHeightEstimated: Bool
    /// Where restacking starts along the group's axis (the first leaf's box less its edge spacing).
    let startY: Double, startX: Double
    /// The measured leaves of the group being laid out (relative to its origin).
    private(set) var boxes: ContiguousArray<Rect>

    /// Nil when a leaf is not an item of the root group: `measureGroup` handles those.
    init?(_ template: CompositionalGroupTemplate, group: Compositional.Group) {
        var leaves = ContiguousArray<Leaf>()
        leaves.reserveCapacity(template.leaves.count)
        for leaf in template.leaves {
            guard leaf.depth == 0, let item = leaf.item else { return nil }
            let e = item.edgeSpacing, ins = item.contentInsets
            func uniform(_ d: Compositional.Dimension) -> Bool {
                if case .uniformAcrossSiblings = d { return true }
                return false
            }
            let w = item.size.width.isEstimated, h = item.size.height.isEstimated
            leaves.append(
                Leaf(
                    box: leaf.box, widthEstimated: w, heightEstimated: h,
                    widthUniform: uniform(item.size.width), heightUniform: uniform(item.size.height),
                    top: e.top?.minimum ?? 0, bottom: e.bottom?.minimum ?? 0, leading: e.leading?.minimum ?? 0,
                    trailing: e.trailing?.minimum ?? 0,
                    insetLeading: w ? 0 : ins.leading, insetTrailing: w ? 0 : ins.trailing,
                    insetTop: h ? 0 : ins.top, insetBottom: h ? 0 : ins.bottom, zIndex: leaf.zIndex))
        }
        self.leaves = leaves
        switch group.layout {
        case .vertical: layout = .vertical
        case .horizontal: layout = .horizontal
        case .custom: layout = .none
        }
        spacing = group.interItemSpacing?.minimum ?? 0
        insets = group.contentInsets
        templateSize = template.size
        groupWidthEstimated = group.size.width.isEstimated
        groupHeightEstimated = group.size.height.isEstimated
        startY = leaves.first.map { $0.box.minY - $0.top } ?? insets.top
        startX = leaves.first.map { $0.box.minX - $0.leading } ?? insets.leading
        boxes = ContiguousArray(repeating: .zero, count: leaves.count)
    }

    /// Measures the group of `count` leaves whose first item is `firstItem` of `measured`
    /// (the section's answers): `cell(i)` then gives leaf i's cell; returns the group's size.
    mutating func measure(count n: Int, firstItem: Int, measured: UnsafeBufferPointer<Size>) -> Size {
        var uniformWidth = 0.0, uniformHeight = 0.0
        var anyWidth = false, anyHeight = false
        leaves.withUnsafeBufferPointer { leaves in
            boxes.withUnsafeMutableBufferPointer { boxes in
                for i in 0..<n {
                    let leaf = leaves[i]
                    var box = leaf.box
                    box.size = CompositionalEstimates.take(
                        measured[firstItem + i], into: box.size, width: leaf.widthEstimated,
                        height: leaf.heightEstimated, kind: "")
                    boxes[i] = box
                    if leaf.widthUniform { uniformWidth = max(uniformWidth, box.width) }
                    if leaf.heightUniform { uniformHeight = max(uniformHeight, box.height) }
                    anyWidth = anyWidth || leaf.widthEstimated
                    anyHeight = anyHeight || leaf.heightEstimated
                }
                for i in 0..<n {
                    if leaves[i].widthUniform { boxes[i].size.width = uniformWidth }
                    if leaves[i].heightUniform { boxes[i].size.height = uniformHeight }
                }
                switch layout {
                case .vertical where anyHeight:
                    var cursor = startY
                    for i in 0..<n {
                        cursor += leaves[i].top
                        boxes[i].origin.y = cursor
                        cursor += boxes[i].height + leaves[i].bottom + spacing
                    }
                case .horizontal where anyWidth:
                    var cursor = startX
                    for i in 0..<n {
                        cursor += leaves[i].leading
                        boxes[i].origin.x = cursor
                        cursor += boxes[i].width + leaves[i].trailing + spacing
                    }
                default: break
                }
            }
        }
        var size = templateSize
        if groupHeightEstimated {
            var bottom = 0.0
            for i in 0..<n { bottom = max(bottom, boxes[i].maxY + leaves[i].bottom) }
            size.height = bottom + insets.bottom
        }
        if groupWidthEstimated {
            var trailing = 0.0
            for i in 0..<n { trailing = max(trailing, boxes[i].maxX + leaves[i].trailing) }
            size.width = trailing + insets.trailing
        }
        return size
    }

    /// Leaf i's cell after `measure`: its box less the content insets (not on an estimated axis).
    @inline(__always)
    func cell(_ i: Int) -> Rect {
        let box = boxes[i], leaf = leaves[i]
        let (l, t, tp, b) = (leaf.insetLeading, leaf.insetTrailing, leaf.insetTop, leaf.insetBottom)
        return Rect(
            x: box.x + l, y: box.y + tp, width: max(0, box.width - l - t), height: max(0, box.height - tp - b))
    }
}
