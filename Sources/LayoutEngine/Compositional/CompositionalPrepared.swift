/// The compositional result as the engine's common `PreparedLayout`: the store plus dynamics
/// for pinning, orthogonal regions and paging, and the visible-items handlers.
extension CompositionalLayoutResult {
    package var prepared: PreparedLayout {
        PreparedLayout(store: store, contentSize: contentSize, dynamics: CompositionalDynamics(result: self))
    }
}

struct CompositionalDynamics: PreparedLayoutDynamics {
    let result: CompositionalLayoutResult

    var elementCount: Int { result.pinned.count }

    /// Nothing pinned (placed from the bounds) and no visible-items handler (which edits the
    /// listing): the whole listing is the store as it is, and the writers stream it.
    var storeIsTheListing: Bool {
        result.pinned.isEmpty && !result.sections.contains { $0?.visibleItemsInvalidationHandler != nil }
    }

    func elements(in rect: Rect?, context: CollectionContext) throws -> [LayoutAttributes] {
        let placed = result.placedPinned(context: context)
        guard let rect else { return placed }
        return placed.filter { $0.frame.intersects(rect) }
    }

    /// Orthogonal sections' elements chosen by where they are drawn, then the visible-items
    /// handlers, with each section's offset from the context (absent = where it rests); frames
    /// stay unscrolled.
    func adjust(_ elements: inout [LayoutAttributes], in rect: Rect?, context: CollectionContext) throws {
        if let rect { result.selectDrawn(&elements, in: rect, offsets: context.orthogonalOffsets) }
        try result.runHandlers(&elements, context: context, offsets: context.orthogonalOffsets, framesShifted: false)
    }

    func attributes(for key: ElementKey, context: CollectionContext) throws -> LayoutAttributes? {
        guard result.pinned.contains(where: { $0.key == key }) else { return nil }
        return result.placedPinned(context: context).first { $0.key == key }
    }

    /// UIKit's compositional layout re-lays out on any size change; pinned items follow every scroll.
    func shouldInvalidateLayout(forBoundsChange newBounds: Rect, context: CollectionContext) -> Bool {
        !result.pinned.isEmpty || newBounds.size != result.preparedBounds
    }

    var scrollRegions: [ScrollRegion] {
        result.sections.enumerated().compactMap { s, geometry in
            guard let geometry, let orthogonal = geometry.orthogonal else { return nil }
            let range = orthogonal.offsetRange
            return ScrollRegion(
                section: s, frame: result.flip(geometry.frame), horizontal: !result.transposed,
                minimumOffset: range.lowerBound, maximumOffset: range.upperBound,
                initialOffset: orthogonal.initialOffset)
        }
    }

    func scrollsWithRegion(_ key: ElementKey) -> Bool {
        result.isOrthogonal(section: key.indexPath.section) && result.scrolls(key)
    }

    func targetOffset(inRegion section: Int, releasedAt release: Double, proposed: Double, velocity: Double) -> Double {
        result.targetOrthogonalOffset(section: section, releasedAt: release, proposed: proposed, velocity: velocity)
    }
}
