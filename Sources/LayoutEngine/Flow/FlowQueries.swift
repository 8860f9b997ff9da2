/// The query-time part of a prepared flow layout: pinned headers and footers (placed from the
/// visible rect of each query) and UIKit's invalidation rule.
package struct FlowQueries: PreparedLayoutDynamics {
    /// Where each section lies along the scroll axis, for pinning and queries.
    package struct SectionGeometry: Sendable {
        var start: Double
        var end: Double
        var header: LayoutAttributes?
        var footer: LayoutAttributes?
    }

    let vertical: Bool
    /// The working dimension across the scroll axis the prepare laid out in.
    let dimension: Double
    let sections: [SectionGeometry]
    let pinHeaders: Bool
    let pinFooters: Bool

    package var elementCount: Int {
        (pinHeaders ? sections.filter { $0.header != nil }.count : 0)
            + (pinFooters ? sections.filter { $0.footer != nil }.count : 0)
    }

    /// Without pinned headers or footers a flow's listing is its store.
    package var storeIsTheListing: Bool { elementCount == 0 }

    /// A pinned header or footer is in a rect query while its section's frame meets the rect.
    package func elements(in rect: Rect?, context: CollectionContext) -> [LayoutAttributes] {
        guard pinHeaders || pinFooters else { return [] }
        var result: [LayoutAttributes] = []
        for geometry in sections where rect.map({ sectionFrame(geometry).intersects($0) }) ?? true {
            if pinHeaders, let header = geometry.header { result.append(pinnedHeader(header, geometry, context)) }
            if pinFooters, let footer = geometry.footer { result.append(pinnedFooter(footer, geometry, context)) }
        }
        return result
    }

    /// The direct supplementary query always returns the pinned frame.
    package func attributes(for key: ElementKey, context: CollectionContext) -> LayoutAttributes? {
        guard key.category == .supplementary, sections.indices.contains(key.indexPath.section), key.indexPath.item == 0
        else {
            return nil
        }
        let geometry = sections[key.indexPath.section]
        switch key.kind {
        case FlowLayout.headerKind:
            guard pinHeaders, let header = geometry.header else { return nil }
            return pinnedHeader(header, geometry, context)
        case FlowLayout.footerKind:
            guard pinFooters, let footer = geometry.footer else { return nil }
            return pinnedFooter(footer, geometry, context)
        default:
            return nil
        }
    }

    /// UIKit's flow layout re-lays out when the width (height, scrolling horizontally) changes,
    /// and on every scroll when a header or footer is pinned.
    package func shouldInvalidateLayout(forBoundsChange newBounds: Rect, context: CollectionContext) -> Bool {
        if pinHeaders || pinFooters { return true }
        let adjusted = context.adjustedContentInset
        let newDimension = max(
            0,
            vertical
                ? newBounds.width - adjusted.left - adjusted.right
                : newBounds.height - adjusted.top - adjusted.bottom)
        return newDimension != dimension
    }

    // MARK: Pinning

    private func sectionFrame(_ geometry: SectionGeometry) -> Rect {
        vertical
            ? Rect(x: 0, y: geometry.start, width: dimension, height: geometry.end - geometry.start)
            : Rect(x: geometry.start, y: 0, width: geometry.end - geometry.start, height: dimension)
    }

    /// A pinned header follows the top of the visible rect, never above its natural place and
    /// never past the point where the section's footer starts.
    private func pinnedHeader(
        _ header: LayoutAttributes, _ geometry: SectionGeometry, _ context: CollectionContext
    ) -> LayoutAttributes {
        let length = scrollLength(header.frame)
        let footerStart = geometry.end - (geometry.footer.map { scrollLength($0.frame) } ?? 0)
        let visibleStart = vertical ? context.bounds.minY : context.bounds.minX
        let position = max(geometry.start, min(max(geometry.start, visibleStart), footerStart - length))
        return moved(header, to: position, scale: context.scale)
    }

    /// A pinned footer follows the bottom of the visible rect, never below its natural place and
    /// never above the end of the section's header.
    private func pinnedFooter(
        _ footer: LayoutAttributes, _ geometry: SectionGeometry, _ context: CollectionContext
    ) -> LayoutAttributes {
        let length = scrollLength(footer.frame)
        let natural = geometry.end - length
        let headerEnd = geometry.start + (geometry.header.map { scrollLength($0.frame) } ?? 0)
        let visibleEnd = vertical ? context.bounds.maxY : context.bounds.maxX
        let position = min(natural, max(headerEnd, min(natural, visibleEnd - length)))
        return moved(footer, to: position, scale: context.scale)
    }

    private func scrollLength(_ frame: Rect) -> Double { vertical ? frame.height : frame.width }

    private func moved(_ attributes: LayoutAttributes, to position: Double, scale: Double) -> LayoutAttributes {
        var result = attributes
        let rounded = PixelRounding.round(position, scale: scale)
        if vertical { result.frame.origin.y = rounded } else { result.frame.origin.x = rounded }
        return result
    }
}
