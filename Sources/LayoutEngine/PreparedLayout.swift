/// What one prepare of any kind of layout produces: the elements it placed, the content size,
/// and the few answers that depend on the query (pinned headers follow the visible rect).
///
/// Every layout kind is a pure compute step, configuration + sizes/callbacks + context →
/// `PreparedLayout` (as Taffy's `compute_flexbox_layout`): `FlowLayout.compute(…)`, a custom
/// layout's `prepare(cv, out)`, the compositional engine. Hosts keep the value and answer every
/// query from it, so no layout holds a reference to its sizes or callbacks after prepare.
package struct PreparedLayout {
    /// The elements placed once per prepare, in output order.
    package var store: ElementStore
    package var contentSize: Size
    /// Query-time behaviour, or nil when the store holds every answer.
    package var dynamics: (any PreparedLayoutDynamics)?

    package init(store: ElementStore, contentSize: Size, dynamics: (any PreparedLayoutDynamics)? = nil) {
        self.store = store
        self.contentSize = contentSize
        self.dynamics = dynamics
    }

    package static var empty: PreparedLayout { PreparedLayout(store: .empty, contentSize: .zero) }

    /// Every element the prepare placed, query-time ones included.
    package var elementCount: Int { store.count + (dynamics?.elementCount ?? 0) }

    /// Every element whose frame intersects `rect`, in output order.
    package func elements(in rect: Rect, context: CollectionContext) throws -> [LayoutAttributes] {
        let stored = store.positions(in: rect).map { store.attributes(at: $0) }
        guard let dynamics else { return stored }
        var result = merged(stored, try dynamics.elements(in: rect, context: context))
        try dynamics.adjust(&result, in: rect, context: context)
        return result
    }

    /// Every element, in output order.
    package func allElements(context: CollectionContext) throws -> [LayoutAttributes] {
        guard let dynamics else { return store.allAttributes() }
        var result = merged(store.allAttributes(), try dynamics.elements(in: nil, context: context))
        try dynamics.adjust(&result, in: nil, context: context)
        return result
    }

    /// Every element, in output order, as the writers take it: the store itself when there
    /// are no query-time answers (pinned headers, orthogonal sections), so a million elements
    /// are written without a million `LayoutAttributes` in between.
    package func allElementList(context: CollectionContext) throws -> ElementList {
        if let dynamics, !dynamics.storeIsTheListing { return ElementList(try allElements(context: context)) }
        return ElementList(store: store)
    }

    /// The attributes of one element: the dynamics' answer when it owns the element, else the store's.
    package func attributes(for key: ElementKey, context: CollectionContext) throws -> LayoutAttributes? {
        if let dynamics, let answer = try dynamics.attributes(for: key, context: context) { return answer }
        return store.attributes(for: key)
    }

    /// The kind's own rule for bounds changes (a script's hook overrides it); false without one.
    package func shouldInvalidateLayout(forBoundsChange newBounds: Rect, context: CollectionContext) -> Bool {
        dynamics?.shouldInvalidateLayout(forBoundsChange: newBounds, context: context) ?? false
    }

    /// The kind's own scroll targeting; the proposal unchanged without one.
    package func targetContentOffset(
        forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Point, context: CollectionContext
    ) -> Point {
        dynamics?.targetContentOffset(
            forProposedContentOffset: proposed, withScrollingVelocity: velocity, context: context)
            ?? proposed
    }

    private func merged(_ stored: [LayoutAttributes], _ extra: [LayoutAttributes]) -> [LayoutAttributes] {
        guard !extra.isEmpty else { return stored }
        return (stored + extra).sorted { $0.key < $1.key }
    }
}

/// The query-time part of a prepared layout. Implementations are values computed by the
/// prepare (no references back to the layout) and answer from the query's context; they may
/// hold the script's query-time callbacks (a visible-items handler), hence `throws`.
package protocol PreparedLayoutDynamics {
    /// How many elements live here rather than in the store.
    var elementCount: Int { get }

    /// Whether the whole listing is the store as it is: no elements kept here, nothing adjusted
    /// (the writers then stream the store without building attributes).
    var storeIsTheListing: Bool { get }

    /// The elements kept out of the store (placed from the current bounds) that belong in a
    /// query of `rect`, or all of them when `rect` is nil.
    func elements(in rect: Rect?, context: CollectionContext) throws -> [LayoutAttributes]

    /// Edits the merged answer of a rect query (`rect` nil: the whole listing) before any
    /// script hook sees it: a visible-items handler's transforms, alphas and zIndexes.
    func adjust(_ elements: inout [LayoutAttributes], in rect: Rect?, context: CollectionContext) throws

    /// The answer for `key` when this part owns the element; nil to use the store.
    func attributes(for key: ElementKey, context: CollectionContext) throws -> LayoutAttributes?

    func shouldInvalidateLayout(forBoundsChange newBounds: Rect, context: CollectionContext) -> Bool

    func targetContentOffset(
        forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Point, context: CollectionContext
    ) -> Point

    /// Parts of the content that scroll on their own (orthogonal sections); empty for most layouts.
    var scrollRegions: [ScrollRegion] { get }

    /// Whether `key` moves when its section's region scrolls (a compositional section's cells
    /// and item supplementaries do; its boundary items and background do not).
    func scrollsWithRegion(_ key: ElementKey) -> Bool

    /// Where region `section` comes to rest when a swipe released at `release` with `velocity`
    /// (points/ms along the region's axis) proposes `proposed`: its paging rule.
    func targetOffset(inRegion section: Int, releasedAt release: Double, proposed: Double, velocity: Double) -> Double
}

/// A part of the content that scrolls on its own, across the layout's scroll direction (a
/// compositional layout's orthogonal section). Reported frames are those at offset 0.
package struct ScrollRegion: Sendable, Equatable {
    package var section: Int
    /// The band the region shows, in content coordinates: its clip rect in pictures.
    package var frame: Rect
    /// True when the region scrolls horizontally (inside a vertical layout).
    package var horizontal: Bool
    /// The scroll offsets it can take along its axis.
    package var minimumOffset: Double
    package var maximumOffset: Double
    /// Where it rests before any scrolling (negative when it starts centred).
    package var initialOffset: Double

    package init(
        section: Int, frame: Rect, horizontal: Bool, minimumOffset: Double, maximumOffset: Double, initialOffset: Double
    ) {
        self.section = section
        self.frame = frame
        self.horizontal = horizontal
        self.minimumOffset = minimumOffset
        self.maximumOffset = maximumOffset
        self.initialOffset = initialOffset
    }
}

extension PreparedLayoutDynamics {
    package var elementCount: Int { 0 }

    package var storeIsTheListing: Bool { false }

    package func elements(in rect: Rect?, context: CollectionContext) throws -> [LayoutAttributes] { [] }

    package func adjust(_ elements: inout [LayoutAttributes], in rect: Rect?, context: CollectionContext) throws {}

    package func attributes(for key: ElementKey, context: CollectionContext) throws -> LayoutAttributes? { nil }

    package func shouldInvalidateLayout(forBoundsChange newBounds: Rect, context: CollectionContext) -> Bool { false }

    package func targetContentOffset(
        forProposedContentOffset proposed: Point, withScrollingVelocity velocity: Point, context: CollectionContext
    ) -> Point { proposed }

    package var scrollRegions: [ScrollRegion] { [] }

    package func scrollsWithRegion(_ key: ElementKey) -> Bool { false }

    package func targetOffset(
        inRegion section: Int, releasedAt release: Double, proposed: Double, velocity: Double
    ) -> Double { proposed }
}
