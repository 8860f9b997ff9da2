/// Rect and element queries on a prepared compositional layout: pinned items placed for the
/// visible rect, orthogonal sections shifted by their scroll offsets (cells and item
/// supplementaries only), visible-items handlers run (docs/compositional.md).
extension CompositionalLayoutResult {
    func flip(_ rect: Rect) -> Rect {
        transposed ? Rect(x: rect.y, y: rect.x, width: rect.height, height: rect.width) : rect
    }

    /// Whether an element moves with its section's orthogonal scrolling.
    func scrolls(_ key: ElementKey) -> Bool {
        switch key.category {
        case .cell: return true
        case .decoration: return false
        case .supplementary:
            let s = key.indexPath.section
            guard
                key.indexPath.item != 0
                    || !(sections.indices.contains(s) && sections[s]?.boundaryKinds.contains(key.kind) == true)
            else { return false }
            return !(key.indexPath == LayoutIndexPath(0, 0) && layoutBoundaryKinds.contains(key.kind))
        }
    }

    /// The output-space shift of section `s` scrolled to `offset`.
    private func shift(_ offset: Double) -> (dx: Double, dy: Double) {
        transposed ? (0, -offset) : (-offset, 0)
    }

    private func activeOffsets(_ offsets: [Int: Double]) -> [Int: Double] {
        offsets.filter { $0.value != 0 && isOrthogonal(section: $0.key) }
    }

    private func shifted(_ attributes: LayoutAttributes, _ offsets: [Int: Double]) -> LayoutAttributes {
        guard let offset = offsets[attributes.indexPath.section], scrolls(attributes.key) else { return attributes }
        var result = attributes
        let d = shift(offset)
        result.frame = rounding.round(attributes.frame.offsetBy(dx: d.dx, dy: d.dy))
        return result
    }

    /// Pinned items at their places for `context`'s visible rect, in output space.
    func placedPinned(context: CollectionContext) -> [LayoutAttributes] {
        guard !pinned.isEmpty else { return [] }
        let a = context.adjustedContentInset
        let b = context.bounds
        let visible = Rect(
            x: b.x + a.left, y: b.y + a.top, width: b.width - a.left - a.right, height: b.height - a.top - a.bottom)
        let frames = CompositionalPinning.place(pinned, visible: flip(visible))
        return zip(pinned, frames).map { item, frame in
            LayoutAttributes(key: item.key, frame: rounding.round(flip(frame)), zIndex: item.zIndex)
        }
    }

    /// Every element whose (scrolled, pinned) frame meets `rect`, in output order.
    package func elements(
        in rect: Rect, context: CollectionContext, orthogonalOffsets: [Int: Double] = [:]
    ) throws -> [LayoutAttributes] {
        let offsets = activeOffsets(orthogonalOffsets)
        var result: [LayoutAttributes] = []
        for position in store.positions(in: rect) {
            let attributes = store.attributes(at: position)
            if offsets[attributes.indexPath.section] != nil, scrolls(attributes.key) { continue }
            result.append(attributes)
        }
        for (section, offset) in offsets.sorted(by: { $0.key < $1.key }) {
            let d = shift(offset)
            for position in store.positions(in: rect.offsetBy(dx: -d.dx, dy: -d.dy)) {
                let attributes = store.attributes(at: position)
                guard attributes.indexPath.section == section, scrolls(attributes.key) else { continue }
                let moved = shifted(attributes, offsets)
                if moved.frame.intersects(rect) { result.append(moved) }
            }
        }
        result += placedPinned(context: context).filter { $0.frame.intersects(rect) }
        result.sort { $0.key < $1.key }
        try runHandlers(&result, context: context, offsets: orthogonalOffsets, framesShifted: true)
        return result
    }

    package func allAttributes(context: CollectionContext, orthogonalOffsets: [Int: Double] = [:]) -> [LayoutAttributes]
    {
        let offsets = activeOffsets(orthogonalOffsets)
        var result = store.allAttributes().map { shifted($0, offsets) }
        let pinnedNow = placedPinned(context: context)
        if !pinnedNow.isEmpty {
            result += pinnedNow
            result.sort { $0.key < $1.key }
        }
        return result
    }

    package func attributes(
        for key: ElementKey, context: CollectionContext, orthogonalOffsets: [Int: Double] = [:]
    ) -> LayoutAttributes? {
        if let found = store.attributes(for: key) { return shifted(found, activeOffsets(orthogonalOffsets)) }
        return placedPinned(context: context).first { $0.key == key }
    }

    /// A rect query picks an orthogonal section's scrolling elements by where they are drawn
    /// (shifted by the section's offset, or where it rests), though the frames it reports stay
    /// unscrolled: those drawn outside `rect` leave, those drawn into it from outside join.
    func selectDrawn(_ elements: inout [LayoutAttributes], in rect: Rect, offsets: [Int: Double]) {
        var changed = false
        for (s, geometry) in sections.enumerated() {
            guard let orthogonal = geometry?.orthogonal else { continue }
            let d = shift(offsets[s] ?? orthogonal.initialOffset)
            guard d.dx != 0 || d.dy != 0 else { continue }
            changed = true
            elements.removeAll {
                $0.indexPath.section == s && scrolls($0.key) && !$0.frame.offsetBy(dx: d.dx, dy: d.dy).intersects(rect)
            }
            for position in store.positions(in: rect.offsetBy(dx: -d.dx, dy: -d.dy)) {
                let attributes = store.attributes(at: position)
                guard attributes.indexPath.section == s, scrolls(attributes.key), !attributes.frame.intersects(rect)
                else { continue }
                elements.append(attributes)
            }
        }
        if changed { elements.sort { $0.key < $1.key } }
    }

    /// `visibleItemsInvalidationHandler`: each section's visible items (unscrolled frames, as
    /// UIKit's) with the visible origin including the section's orthogonal offset; transform,
    /// alpha and zIndex are taken back.
    func runHandlers(
        _ result: inout [LayoutAttributes], context: CollectionContext, offsets: [Int: Double], framesShifted: Bool
    ) throws {
        for (s, geometry) in sections.enumerated() {
            guard let handler = geometry?.visibleItemsInvalidationHandler else { continue }
            let indices = result.indices.filter { result[$0].indexPath.section == s && scrolls(result[$0].key) }
            guard !indices.isEmpty else { continue }
            let offset = offsets[s] ?? geometry?.orthogonal?.initialOffset ?? 0
            let d = shift(offset)
            var items = indices.map { i -> LayoutAttributes in
                var a = result[i]
                if framesShifted, offsets[s] != nil { a.frame = rounding.round(a.frame.offsetBy(dx: -d.dx, dy: -d.dy)) }
                return a
            }
            let origin = Point(x: context.bounds.x - d.dx, y: context.bounds.y - d.dy)
            try handler.body(&items, origin, environment)
            for (n, i) in indices.enumerated() where n < items.count {
                result[i].transform3D = items[n].transform3D
                result[i].alpha = items[n].alpha
                result[i].zIndex = items[n].zIndex
            }
        }
    }
}
