/// UICollectionViewFlowLayout: sections of items in lines, with optional headers and
/// footers, placed exactly as UIKit does (see docs/flow-layout.md).
///
/// The work is `FlowLayout.compute(configuration:delegate:context:)`, a pure step from the
/// configuration, the delegate's answers and the context to a `PreparedLayout`; this class is
/// the engine's own host of that step (script layouts host it themselves).
package final class FlowLayout: CollectionViewLayout {
    package var configuration: FlowLayoutConfiguration
    package var delegate: (any FlowLayoutDelegate)?
    package private(set) var prepared = FlowLayout.unprepared

    package static let headerKind = "header"
    package static let footerKind = "footer"
    /// UIKit puts headers and footers above cells.
    package static let supplementaryZIndex = 10

    package init(
        configuration: FlowLayoutConfiguration = FlowLayoutConfiguration(), delegate: (any FlowLayoutDelegate)? = nil
    ) {
        self.configuration = configuration
        self.delegate = delegate
    }

    /// What a flow layout answers before its first prepare: nothing, laid out in no width.
    package static var unprepared: PreparedLayout {
        PreparedLayout(
            store: .empty, contentSize: .zero,
            dynamics: FlowQueries(vertical: true, dimension: 0, sections: [], pinHeaders: false, pinFooters: false))
    }

    // MARK: Prepare

    package func prepare(in context: CollectionContext) throws {
        // A prepare that fails (a bad delegate value) leaves the previous layout whole.
        prepared = try Self.compute(configuration: configuration, delegate: delegate, context: context)
    }

    /// The flow layout's compute step: every element placed once, headers and footers that
    /// pin kept aside for query time (docs/flow-layout.md). Section by section, each a step of
    /// `FlowPreparation`: 1. the section's metrics (delegate answers, else the configuration),
    /// checked; 2. the header at the cursor; 3. the items in lines after the top inset;
    /// 4. the footer after the bottom inset; 5. the section's end, never above its start.
    /// The elements and the sections' geometry may take `byteLimit` bytes (past it: a
    /// `LayoutError`, "memory limit exceeded").
    package static func compute(
        configuration config: FlowLayoutConfiguration, delegate: (any FlowLayoutDelegate)?, context: CollectionContext,
        byteLimit: Int = .max
    ) throws -> PreparedLayout {
        var preparation = FlowPreparation(
            configuration: config, delegate: delegate, context: context, byteLimit: byteLimit)
        guard preparation.dimension > 0 else {
            return PreparedLayout(store: .empty, contentSize: .zero, dynamics: preparation.queries([]))
        }
        try preparation.registerKinds()
        for section in 0..<context.data.numberOfSections { try preparation.layOutSection(section) }
        return try preparation.finish()
    }

    // MARK: Queries

    package var collectionViewContentSize: Size { prepared.contentSize }

    /// How many elements the last prepare placed (pinned headers and footers included).
    package var elementCount: Int { prepared.elementCount }

    package func layoutAttributesForElements(in rect: Rect, context: CollectionContext) throws -> [LayoutAttributes] {
        try prepared.elements(in: rect, context: context)
    }

    package func allLayoutAttributes(context: CollectionContext) throws -> [LayoutAttributes] {
        try prepared.allElements(context: context)
    }

    package func allElementList(context: CollectionContext) throws -> ElementList {
        try prepared.allElementList(context: context)
    }

    package func layoutAttributesForItem(
        at indexPath: LayoutIndexPath, context: CollectionContext
    ) throws -> LayoutAttributes? {
        try prepared.attributes(for: ElementKey(category: .cell, indexPath: indexPath), context: context)
    }

    package func layoutAttributesForSupplementaryView(
        ofKind kind: String, at indexPath: LayoutIndexPath, context: CollectionContext
    ) throws -> LayoutAttributes? {
        try prepared.attributes(for: .supplementary(kind, indexPath.section, indexPath.item), context: context)
    }

    package func layoutAttributesForDecorationView(
        ofKind kind: String, at indexPath: LayoutIndexPath, context: CollectionContext
    ) throws -> LayoutAttributes? { nil }

    /// Pinning switched on since the last prepare invalidates too (the configuration is live).
    package func shouldInvalidateLayout(forBoundsChange newBounds: Rect, context: CollectionContext) throws -> Bool {
        if configuration.sectionHeadersPinToVisibleBounds || configuration.sectionFootersPinToVisibleBounds {
            return true
        }
        return prepared.shouldInvalidateLayout(forBoundsChange: newBounds, context: context)
    }

    /// How far the section inset reference's edges reach in beyond the adjusted content inset,
    /// at the two ends of the main axis: what `.safeArea` / `.layoutMargins` add to the insets.
    static func referenceInsets(
        _ reference: FlowLayoutConfiguration.SectionInsetReference, context: CollectionContext, vertical: Bool
    ) -> (lead: Double, trail: Double) {
        let edges: EdgeInsets
        switch reference {
        case .contentInset: return (0, 0)
        case .safeArea: edges = context.safeAreaInsets
        case .layoutMargins: edges = context.layoutMargins
        }
        let adjusted = context.adjustedContentInset
        return vertical
            ? (max(0, edges.left - adjusted.left), max(0, edges.right - adjusted.right))
            : (max(0, edges.top - adjusted.top), max(0, edges.bottom - adjusted.bottom))
    }

    package func targetContentOffset(
        forProposedContentOffset proposedContentOffset: Point, withScrollingVelocity velocity: Point,
        context: CollectionContext
    ) throws -> Point { proposedContentOffset }

    // MARK: Validation

    static func validate(size: Size, what: String, section: Int, item: Int? = nil) throws {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
            let place = item.map { "item [\(section), \($0)]" } ?? "section \(section)"
            throw LayoutError("\(what) for \(place) must be finite and non-negative, got \(size.width)×\(size.height)")
        }
    }

    static func validate(insets: EdgeInsets, section: Int) throws {
        guard [insets.top, insets.left, insets.bottom, insets.right].allSatisfy(\.isFinite) else {
            throw LayoutError("section inset for section \(section) must be finite")
        }
    }

    static func validate(spacing: Double, name: String, section: Int) throws {
        if let problem = AttributeRules.spacingProblem(spacing) {
            throw LayoutError("\(name) for section \(section) \(problem)")
        }
    }
}
