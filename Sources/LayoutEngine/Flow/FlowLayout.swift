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
    /// pin kept aside for query time.
    package static func compute(
        configuration config: FlowLayoutConfiguration, delegate: (any FlowLayoutDelegate)?, context: CollectionContext
    ) throws -> PreparedLayout {
        let vertical = config.scrollDirection == .vertical
        let scale = context.scale
        // Lines are laid out in the bounds less the adjusted content inset across the scroll axis.
        let adjusted = context.adjustedContentInset
        let D = max(
            0,
            vertical
                ? context.bounds.width - adjusted.left - adjusted.right
                : context.bounds.height - adjusted.top - adjusted.bottom)
        let (extraLead, extraTrail) = Self.referenceInsets(
            config.sectionInsetReference, context: context, vertical: vertical)
        var newSections: [FlowQueries.SectionGeometry] = []
        let pinHeaders = config.sectionHeadersPinToVisibleBounds
        let pinFooters = config.sectionFootersPinToVisibleBounds
        func queries(_ sections: [FlowQueries.SectionGeometry]) -> FlowQueries {
            FlowQueries(
                vertical: vertical, dimension: D, sections: sections, pinHeaders: pinHeaders, pinFooters: pinFooters)
        }
        guard D > 0 else { return PreparedLayout(store: .empty, contentSize: .zero, dynamics: queries([])) }
        var builder = ElementStoreBuilder()
        builder.reserveCapacity(context.data.totalItems)
        let headerKind = try builder.kindID(Self.headerKind)
        let footerKind = try builder.kindID(Self.footerKind)

        /// Converts axis-neutral (main, cross) to a frame, origin rounded to the pixel grid.
        var overflowed: (ElementKey, String)?
        func frame(
            _ key: @autoclosure () -> ElementKey, main: Double, cross: Double, mainLength: Double, crossLength: Double
        ) -> Rect {
            let rect =
                vertical
                ? Rect(x: main, y: cross, width: mainLength, height: crossLength)
                : Rect(x: cross, y: main, width: crossLength, height: mainLength)
            if overflowed == nil, let problem = AttributeRules.frameProblem(rect) { overflowed = (key(), problem) }
            return PixelRounding.roundOrigin(rect, scale: scale)
        }

        var cursor = 0.0
        for section in 0..<context.data.numberOfSections {
            let count = context.data.numberOfItems(inSection: section)
            let insets = try delegate?.insetForSection(section, context: context) ?? config.sectionInset
            let lineSpacing =
                try delegate?.minimumLineSpacingForSection(section, context: context) ?? config.minimumLineSpacing
            let interitemSpacing =
                try delegate?.minimumInteritemSpacingForSection(section, context: context)
                ?? config.minimumInteritemSpacing
            let headerSize =
                try delegate?.referenceSizeForHeader(inSection: section, context: context) ?? config.headerReferenceSize
            let footerSize =
                try delegate?.referenceSizeForFooter(inSection: section, context: context) ?? config.footerReferenceSize
            try Self.validate(insets: insets, section: section)
            try Self.validate(spacing: lineSpacing, name: "minimum line spacing", section: section)
            try Self.validate(spacing: interitemSpacing, name: "minimum interitem spacing", section: section)
            try Self.validate(size: headerSize, what: "header reference size", section: section)
            try Self.validate(size: footerSize, what: "footer reference size", section: section)

            let (lead, trail, before, after) =
                vertical
                ? (insets.left + extraLead, insets.right + extraTrail, insets.top, insets.bottom)
                : (insets.top + extraLead, insets.bottom + extraTrail, insets.left, insets.right)
            // Only the scroll-axis component of a reference size counts.
            let headerLength = vertical ? headerSize.height : headerSize.width
            let footerLength = vertical ? footerSize.height : footerSize.width

            /// A header or footer across the full width at scroll position `cross`; stored for
            /// rect queries unless pinned (pinned ones are placed at query time).
            func supplementary(
                _ kind: String, _ kindID: UInt16, cross: Double, length: Double, pinned: Bool
            ) -> LayoutAttributes {
                let attributes = LayoutAttributes(
                    key: .supplementary(kind, section, 0),
                    frame: frame(
                        .supplementary(kind, section, 0), main: 0, cross: cross, mainLength: D, crossLength: length),
                    zIndex: Self.supplementaryZIndex)
                if !pinned {
                    builder.append(
                        category: .supplementary, kindID: kindID, section: Int32(section), item: 0,
                        frame: attributes.frame, zIndex: Int32(Self.supplementaryZIndex))
                }
                return attributes
            }

            var geometry = FlowQueries.SectionGeometry(start: cursor, end: cursor)
            if headerLength > 0 {
                geometry.header = supplementary(
                    Self.headerKind, headerKind, cross: cursor, length: headerLength, pinned: pinHeaders)
            }
            cursor += headerLength + before

            let lines = FlowLineBuilder(
                available: D - lead - trail, lead: lead, interitemSpacing: interitemSpacing, lineSpacing: lineSpacing)
            let lineStart = cursor
            let sectionID = Int32(section)
            // A delegate's sizes are placed as they arrive, straight into the store (the stream
            // is made with the first chunk: sections without delegated sizes need none).
            func newStream() -> FlowCellStream {
                FlowCellStream(lines: lines, vertical: vertical, scale: scale, lineStart: lineStart, section: sectionID)
            }
            var started: FlowCellStream?
            let streamed =
                try delegate?.streamSizesForItems(inSection: section, count: count, context: context) { chunk in
                    if started == nil { started = newStream() }
                    guard started!.received + chunk.count <= count else {
                        started!.skip(chunk.count)
                        return false
                    }
                    return started!.add(chunk, into: &builder)
                } ?? false
            let extent: Double
            if streamed {
                var stream = started ?? newStream()
                if let (item, size) = stream.invalid {
                    try Self.validate(size: size, what: "item size", section: section, item: item)
                }
                guard stream.received == count else {
                    throw LayoutError("section \(section): \(stream.received) item sizes for \(count) items")
                }
                extent = stream.finish(into: &builder)
                if overflowed == nil, let (item, frame) = stream.overflow,
                    let problem = AttributeRules.frameProblem(frame)
                {
                    overflowed = (.cell(section, item), problem)
                }
            } else {
                try Self.validate(size: config.itemSize, what: "itemSize", section: section)
                let fixed = config.itemSize
                let (m, c) = vertical ? (fixed.width, fixed.height) : (fixed.height, fixed.width)
                extent =
                    count == 0
                    ? 0
                    : lines.placeGrid(count: count, main: m, cross: c) { item, main, cross in
                        builder.append(
                            category: .cell, kindID: 0, section: sectionID, item: Int32(item),
                            frame: frame(
                                .cell(section, item), main: main, cross: lineStart + cross, mainLength: m,
                                crossLength: c))
                    }
            }
            cursor += extent + after

            if footerLength > 0 {
                geometry.footer = supplementary(
                    Self.footerKind, footerKind, cross: cursor, length: footerLength, pinned: pinFooters)
            }
            cursor += footerLength
            // Negative insets may pull the end above the start; a section never takes less
            // than no room, so the content size never goes negative.
            cursor = max(cursor, geometry.start)
            geometry.end = cursor
            newSections.append(geometry)
            if let (key, problem) = overflowed {
                throw LayoutError("\(key): \(problem) (sizes, spacings or insets too large)")
            }
            guard cursor.isFinite else {
                throw LayoutError(
                    "section \(section) does not fit in finite coordinates (sizes, spacings or insets too large)")
            }
        }
        return PreparedLayout(
            store: try builder.build(),
            contentSize: vertical ? Size(width: D, height: cursor) : Size(width: cursor, height: D),
            dynamics: queries(newSections))
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
