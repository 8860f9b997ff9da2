/// What `CompositionalEngine.prepare` produces: the element store (unscrolled, unpinned
/// frames), the content size, the warnings, and what rect queries need afterwards (pinned
/// boundary items, orthogonal sections' scrolling, visible-items handlers).
package struct CompositionalLayoutResult: Sendable {
    package var store: ElementStore
    package var contentSize: Size
    /// Insets on an estimated axis, ignored flexible edges…: once per prepare.
    package var warnings: [String]
    /// Per data section; nil for a section the provider left empty. Layout space.
    var sections: [CompositionalSectionGeometry?]
    /// Kept out of the store; placed at each query. Layout space.
    var pinned: [CompositionalPinnedItem]
    /// Kinds of the layout-wide boundary items (at [0, 0]; they never scroll with a section).
    var layoutBoundaryKinds: Set<String>
    /// A horizontal layout is computed as a vertical one: layout space is transposed.
    var transposed: Bool
    var rounding: CompositionalRounding
    /// The environment the section provider saw (output space).
    package var environment: Compositional.Environment
    /// The bounds size the prepare used (output space).
    var preparedBounds: Size

    /// Whether section `s` scrolls orthogonally.
    package func isOrthogonal(section s: Int) -> Bool { orthogonal(s) != nil }

    /// Scroll range, paging and snapping of an orthogonal section (nil otherwise).
    package func orthogonal(_ s: Int) -> CompositionalOrthogonalGeometry? {
        sections.indices.contains(s) ? sections[s]?.orthogonal : nil
    }

    package func initialOrthogonalOffset(section s: Int) -> Double { orthogonal(s)?.initialOffset ?? 0 }

    package func orthogonalOffsetRange(section s: Int) -> ClosedRange<Double>? { orthogonal(s)?.offsetRange }

    package func targetOrthogonalOffset(section s: Int, proposed: Double, velocity: Double) -> Double {
        orthogonal(s)?.targetOffset(proposed: proposed, velocity: velocity) ?? proposed
    }

    /// A swipe of section `s` released at `release` (see `CompositionalOrthogonalGeometry`).
    package func targetOrthogonalOffset(
        section s: Int, releasedAt release: Double, proposed: Double, velocity: Double
    ) -> Double {
        orthogonal(s)?.targetOffset(release: release, proposed: proposed, velocity: velocity) ?? proposed
    }

    /// The frame of section `s` (boundary items included), in output space.
    package func sectionFrame(_ s: Int) -> Rect? {
        guard sections.indices.contains(s), let frame = sections[s]?.frame else { return nil }
        return flip(frame)
    }
}

/// Where a section lies (layout space) and what scrolls with it.
struct CompositionalSectionGeometry: Sendable {
    var frame: Rect
    var boundaryKinds: Set<String>
    var visibleItemsInvalidationHandler: Compositional.VisibleItemsHandler?
    var orthogonal: CompositionalOrthogonalGeometry?
}
