import LayoutEngine

/// A compositional result as a `PreparedLayout` (a stop-gap over the engine's public queries
/// until the engine conforms itself): pinned boundary items, orthogonal sections scrolled to
/// `context.orthogonalOffsets`, visible-items handlers, the width rule and paging.
struct CompositionalPrepared: PreparedLayoutDynamics {
    let result: CompositionalLayoutResult
    let pinnedCount: Int
    let vertical: Bool
    let dimension: Double
    let regions: [ScrollRegion]

    static func prepared(_ result: CompositionalLayoutResult, context: CollectionContext, vertical: Bool) -> PreparedLayout {
        var unpinned = context
        unpinned.orthogonalOffsets = [:]
        let everything = result.allAttributes(context: unpinned)
        var regions: [ScrollRegion] = []
        for section in 0..<context.data.numberOfSections where result.isOrthogonal(section: section) {
            guard let frame = result.sectionFrame(section), let range = result.orthogonalOffsetRange(section: section) else { continue }
            regions.append(ScrollRegion(
                section: section, frame: frame, horizontal: vertical, minimumOffset: range.lowerBound,
                maximumOffset: range.upperBound, initialOffset: result.initialOrthogonalOffset(section: section)))
        }
        let dynamics = CompositionalPrepared(
            result: result, pinnedCount: max(0, everything.count - result.store.count), vertical: vertical,
            dimension: vertical ? context.bounds.width : context.bounds.height, regions: regions)
        return PreparedLayout(store: result.store, contentSize: result.contentSize, dynamics: dynamics)
    }

    var elementCount: Int { pinnedCount }

    func adjust(_ elements: inout [LayoutAttributes], in rect: Rect?, context: CollectionContext) throws {
        if let rect {
            elements = try result.elements(in: rect, context: context, orthogonalOffsets: context.orthogonalOffsets)
        } else if pinnedCount > 0 || !context.orthogonalOffsets.isEmpty {
            elements = result.allAttributes(context: context, orthogonalOffsets: context.orthogonalOffsets)
        }
    }

    func attributes(for key: ElementKey, context: CollectionContext) throws -> LayoutAttributes? {
        result.attributes(for: key, context: context, orthogonalOffsets: context.orthogonalOffsets)
    }

    /// Pinned items follow every scroll; otherwise only a change of the width across does.
    func shouldInvalidateLayout(forBoundsChange newBounds: Rect, context: CollectionContext) -> Bool {
        pinnedCount > 0 || (vertical ? newBounds.width : newBounds.height) != dimension
    }

    var scrollRegions: [ScrollRegion] { regions }

    func scrollsWithRegion(_ key: ElementKey) -> Bool { key.category != .decoration }

    func targetOffset(inRegion section: Int, proposed: Double, velocity: Double) -> Double {
        result.targetOrthogonalOffset(section: section, proposed: proposed, velocity: velocity)
    }
}
