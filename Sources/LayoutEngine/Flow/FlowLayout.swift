/// UICollectionViewFlowLayout: sections of items in lines, with optional headers and
/// footers, placed exactly as UIKit does (see docs/flow-layout.md).
public final class FlowLayout: CollectionViewLayout {
    public var configuration: FlowLayoutConfiguration
    public weak var delegate: (any FlowLayoutDelegate)?

    /// Where each section lies along the scroll axis, for pinning and queries.
    struct SectionGeometry {
        var start: Double
        var end: Double
        var header: LayoutAttributes?
        var footer: LayoutAttributes?
    }

    private(set) var store = ElementStore.empty
    private var sections: [SectionGeometry] = []
    private var contentSize = Size.zero
    private var dimension = 0.0

    public static let headerKind = "header"
    public static let footerKind = "footer"
    /// UIKit puts headers and footers above cells.
    public static let supplementaryZIndex = 10

    public init(configuration: FlowLayoutConfiguration = FlowLayoutConfiguration(), delegate: (any FlowLayoutDelegate)? = nil) {
        self.configuration = configuration
        self.delegate = delegate
    }

    private var isVertical: Bool { configuration.scrollDirection == .vertical }

    // MARK: Prepare

    public func prepare(in context: CollectionContext) throws {
        let config = configuration
        let vertical = isVertical
        let scale = context.scale
        // Everything is built aside and committed at the end: a prepare that fails (a bad
        // delegate value) leaves the previous layout whole.
        // Lines are laid out in the bounds less the adjusted content inset across the scroll axis.
        let adjusted = context.adjustedContentInset
        let D = max(0, vertical
            ? context.bounds.width - adjusted.left - adjusted.right
            : context.bounds.height - adjusted.top - adjusted.bottom)
        let (extraLead, extraTrail) = Self.referenceInsets(config.sectionInsetReference, context: context, vertical: vertical)
        var newSections: [SectionGeometry] = []
        guard D > 0 else {
            (dimension, sections, store, contentSize) = (D, [], .empty, .zero)
            return
        }
        var builder = ElementStoreBuilder()
        builder.reserveCapacity(context.data.totalItems)
        let headerKind = try builder.kindID(Self.headerKind)
        let footerKind = try builder.kindID(Self.footerKind)
        let pinHeaders = config.sectionHeadersPinToVisibleBounds
        let pinFooters = config.sectionFootersPinToVisibleBounds

        /// Converts axis-neutral (main, cross) to a frame, origin rounded to the pixel grid.
        var overflowed: (ElementKey, String)?
        func frame(_ key: @autoclosure () -> ElementKey, main: Double, cross: Double, mainLength: Double, crossLength: Double) -> Rect {
            let rect = vertical
                ? Rect(x: main, y: cross, width: mainLength, height: crossLength)
                : Rect(x: cross, y: main, width: crossLength, height: mainLength)
            if overflowed == nil, let problem = AttributeRules.frameProblem(rect) { overflowed = (key(), problem) }
            return PixelRounding.roundOrigin(rect, scale: scale)
        }

        var cursor = 0.0
        for section in 0..<context.data.numberOfSections {
            let count = context.data.numberOfItems(inSection: section)
            let insets = try delegate?.insetForSection(section, context: context) ?? config.sectionInset
            let lineSpacing = try delegate?.minimumLineSpacingForSection(section, context: context) ?? config.minimumLineSpacing
            let interitemSpacing = try delegate?.minimumInteritemSpacingForSection(section, context: context)
                ?? config.minimumInteritemSpacing
            let headerSize = try delegate?.referenceSizeForHeader(inSection: section, context: context) ?? config.headerReferenceSize
            let footerSize = try delegate?.referenceSizeForFooter(inSection: section, context: context) ?? config.footerReferenceSize
            try Self.validate(insets: insets, section: section)
            try Self.validate(spacing: lineSpacing, name: "minimum line spacing", section: section)
            try Self.validate(spacing: interitemSpacing, name: "minimum interitem spacing", section: section)
            try Self.validate(size: headerSize, what: "header reference size", section: section)
            try Self.validate(size: footerSize, what: "footer reference size", section: section)

            let (lead, trail, before, after) = vertical
                ? (insets.left + extraLead, insets.right + extraTrail, insets.top, insets.bottom)
                : (insets.top + extraLead, insets.bottom + extraTrail, insets.left, insets.right)
            // Only the scroll-axis component of a reference size counts.
            let headerLength = vertical ? headerSize.height : headerSize.width
            let footerLength = vertical ? footerSize.height : footerSize.width

            /// A header or footer across the full width at scroll position `cross`; stored for
            /// rect queries unless pinned (pinned ones are placed at query time).
            func supplementary(_ kind: String, _ kindID: UInt16, cross: Double, length: Double, pinned: Bool) -> LayoutAttributes {
                let attributes = LayoutAttributes(
                    key: .supplementary(kind, section, 0),
                    frame: frame(.supplementary(kind, section, 0), main: 0, cross: cross, mainLength: D, crossLength: length),
                    zIndex: Self.supplementaryZIndex)
                if !pinned {
                    builder.append(category: .supplementary, kindID: kindID, section: Int32(section), item: 0,
                                   frame: attributes.frame, zIndex: Int32(Self.supplementaryZIndex))
                }
                return attributes
            }

            var geometry = SectionGeometry(start: cursor, end: cursor)
            if headerLength > 0 {
                geometry.header = supplementary(Self.headerKind, headerKind, cross: cursor, length: headerLength, pinned: pinHeaders)
            }
            cursor += headerLength + before

            var delegatedSizes: [Size]?
            if let delegated = try delegate?.sizesForItems(inSection: section, count: count, context: context) {
                guard delegated.count == count else {
                    throw LayoutError("section \(section): \(delegated.count) item sizes for \(count) items")
                }
                for (item, size) in delegated.enumerated() {
                    try Self.validate(size: size, what: "item size", section: section, item: item)
                }
                delegatedSizes = delegated
            } else {
                try Self.validate(size: config.itemSize, what: "itemSize", section: section)
            }
            let fixed = config.itemSize
            let lines = FlowLineBuilder(
                available: D - lead - trail, lead: lead, interitemSpacing: interitemSpacing, lineSpacing: lineSpacing)
            let lineStart = cursor
            let sectionID = Int32(section)
            let extent: Double
            if let sizes = delegatedSizes {
                extent = lines.place(
                    count: count,
                    mainSize: { vertical ? sizes[$0].width : sizes[$0].height },
                    crossSize: { vertical ? sizes[$0].height : sizes[$0].width }
                ) { item, main, cross in
                    let size = sizes[item]
                    builder.append(
                        category: .cell, kindID: 0, section: sectionID, item: Int32(item),
                        frame: frame(.cell(section, item), main: main, cross: lineStart + cross, mainLength: vertical ? size.width : size.height,
                                     crossLength: vertical ? size.height : size.width))
                }
            } else {
                let (m, c) = vertical ? (fixed.width, fixed.height) : (fixed.height, fixed.width)
                extent = lines.place(count: count, mainSize: { _ in m }, crossSize: { _ in c }) { item, main, cross in
                    builder.append(
                        category: .cell, kindID: 0, section: sectionID, item: Int32(item),
                        frame: frame(.cell(section, item), main: main, cross: lineStart + cross, mainLength: m, crossLength: c))
                }
            }
            cursor += extent + after

            if footerLength > 0 {
                geometry.footer = supplementary(Self.footerKind, footerKind, cross: cursor, length: footerLength, pinned: pinFooters)
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
        let newStore = try builder.build()
        (dimension, sections, store) = (D, newSections, newStore)
        contentSize = vertical ? Size(width: D, height: cursor) : Size(width: cursor, height: D)
    }

    // MARK: Queries

    public var collectionViewContentSize: Size { contentSize }

    /// How many elements the last prepare placed (pinned headers and footers included).
    public var elementCount: Int {
        let pinned = (configuration.sectionHeadersPinToVisibleBounds ? sections.filter { $0.header != nil }.count : 0)
            + (configuration.sectionFootersPinToVisibleBounds ? sections.filter { $0.footer != nil }.count : 0)
        return store.count + pinned
    }

    public func layoutAttributesForElements(in rect: Rect, context: CollectionContext) throws -> [LayoutAttributes] {
        // One copy of the store, not one per element (each copy retains its arrays).
        let store = self.store
        var result = store.positions(in: rect).map { store.attributes(at: $0) }
        let pinned = pinnedElements(context: context) { self.sectionFrame($0).intersects(rect) }
        if !pinned.isEmpty {
            result += pinned
            result.sort { $0.key < $1.key }
        }
        return result
    }

    public func allLayoutAttributes(context: CollectionContext) throws -> [LayoutAttributes] {
        var result = store.allAttributes()
        let pinned = pinnedElements(context: context) { _ in true }
        if !pinned.isEmpty {
            result += pinned
            result.sort { $0.key < $1.key }
        }
        return result
    }

    public func layoutAttributesForItem(at indexPath: LayoutIndexPath, context: CollectionContext) throws -> LayoutAttributes? {
        store.attributes(for: ElementKey(category: .cell, indexPath: indexPath))
    }

    public func layoutAttributesForSupplementaryView(
        ofKind kind: String, at indexPath: LayoutIndexPath, context: CollectionContext
    ) throws -> LayoutAttributes? {
        guard sections.indices.contains(indexPath.section), indexPath.item == 0 else { return nil }
        let geometry = sections[indexPath.section]
        switch kind {
        case Self.headerKind:
            guard let header = geometry.header else { return nil }
            return configuration.sectionHeadersPinToVisibleBounds ? pinnedHeader(header, geometry, context) : header
        case Self.footerKind:
            guard let footer = geometry.footer else { return nil }
            return configuration.sectionFootersPinToVisibleBounds ? pinnedFooter(footer, geometry, context) : footer
        default:
            return nil
        }
    }

    public func layoutAttributesForDecorationView(
        ofKind kind: String, at indexPath: LayoutIndexPath, context: CollectionContext
    ) throws -> LayoutAttributes? { nil }

    /// UIKit's flow layout re-lays out when the width (height, scrolling horizontally) changes,
    /// and on every scroll when a header or footer is pinned.
    public func shouldInvalidateLayout(forBoundsChange newBounds: Rect, context: CollectionContext) throws -> Bool {
        if configuration.sectionHeadersPinToVisibleBounds || configuration.sectionFootersPinToVisibleBounds {
            return true
        }
        let adjusted = context.adjustedContentInset
        let newDimension = max(0, isVertical
            ? newBounds.width - adjusted.left - adjusted.right
            : newBounds.height - adjusted.top - adjusted.bottom)
        return newDimension != dimension
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

    public func targetContentOffset(
        forProposedContentOffset proposedContentOffset: Point, withScrollingVelocity velocity: Point,
        context: CollectionContext
    ) throws -> Point { proposedContentOffset }

    // MARK: Pinning

    private func sectionFrame(_ geometry: SectionGeometry) -> Rect {
        isVertical
            ? Rect(x: 0, y: geometry.start, width: dimension, height: geometry.end - geometry.start)
            : Rect(x: geometry.start, y: 0, width: geometry.end - geometry.start, height: dimension)
    }

    private func pinnedElements(context: CollectionContext, where include: (SectionGeometry) -> Bool) -> [LayoutAttributes] {
        let pinHeaders = configuration.sectionHeadersPinToVisibleBounds
        let pinFooters = configuration.sectionFootersPinToVisibleBounds
        guard pinHeaders || pinFooters else { return [] }
        var result: [LayoutAttributes] = []
        for geometry in sections where include(geometry) {
            if pinHeaders, let header = geometry.header { result.append(pinnedHeader(header, geometry, context)) }
            if pinFooters, let footer = geometry.footer { result.append(pinnedFooter(footer, geometry, context)) }
        }
        return result
    }

    /// A pinned header follows the top of the visible rect, never above its natural place and
    /// never past the point where the section's footer starts.
    private func pinnedHeader(_ header: LayoutAttributes, _ geometry: SectionGeometry, _ context: CollectionContext) -> LayoutAttributes {
        let length = scrollLength(header.frame)
        let footerStart = geometry.end - (geometry.footer.map { scrollLength($0.frame) } ?? 0)
        let visibleStart = isVertical ? context.bounds.minY : context.bounds.minX
        let position = max(geometry.start, min(max(geometry.start, visibleStart), footerStart - length))
        return moved(header, to: position, scale: context.scale)
    }

    /// A pinned footer follows the bottom of the visible rect, never below its natural place and
    /// never above the end of the section's header.
    private func pinnedFooter(_ footer: LayoutAttributes, _ geometry: SectionGeometry, _ context: CollectionContext) -> LayoutAttributes {
        let length = scrollLength(footer.frame)
        let natural = geometry.end - length
        let headerEnd = geometry.start + (geometry.header.map { scrollLength($0.frame) } ?? 0)
        let visibleEnd = isVertical ? context.bounds.maxY : context.bounds.maxX
        let position = min(natural, max(headerEnd, min(natural, visibleEnd - length)))
        return moved(footer, to: position, scale: context.scale)
    }

    private func scrollLength(_ frame: Rect) -> Double { isVertical ? frame.height : frame.width }

    private func moved(_ attributes: LayoutAttributes, to position: Double, scale: Double) -> LayoutAttributes {
        var result = attributes
        let rounded = PixelRounding.round(position, scale: scale)
        if isVertical { result.frame.origin.y = rounded } else { result.frame.origin.x = rounded }
        return result
    }

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
        if let problem = AttributeRules.spacingProblem(spacing) { throw LayoutError("\(name) for section \(section) \(problem)") }
    }
}
