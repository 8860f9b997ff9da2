/// One flow layout's prepare in progress (`FlowLayout.compute`): the cursor along the scroll
/// axis, the store being built, and the sections laid out so far, in axis-neutral terms: "main"
/// runs along a line (across the scroll axis), "cross" along the scroll axis.
struct FlowPreparation {
    let config: FlowLayoutConfiguration
    let delegate: (any FlowLayoutDelegate)?
    let context: CollectionContext
    let vertical: Bool
    let scale: Double
    /// The length of a line: the bounds less the adjusted content inset across the scroll axis.
    let dimension: Double
    /// What the section inset reference adds to every section's insets at the two line ends.
    let extraLead: Double, extraTrail: Double
    var builder: ElementStoreBuilder
    var headerKind: UInt16 = 0, footerKind: UInt16 = 0
    /// The first element whose frame left finite coordinates, and why.
    var overflowed: (ElementKey, String)?
    var cursor = 0.0
    var sections: [FlowQueries.SectionGeometry] = []

    /// `byteLimit`: what the prepared layout may take (`ElementStoreBuilder.byteLimit`).
    init(
        configuration: FlowLayoutConfiguration, delegate: (any FlowLayoutDelegate)?, context: CollectionContext,
        byteLimit: Int = .max
    ) {
        builder = ElementStoreBuilder(byteLimit: byteLimit)
        config = configuration
        self.delegate = delegate
        self.context = context
        vertical = configuration.scrollDirection == .vertical
        scale = context.scale
        // Lines are laid out in the bounds less the adjusted content inset across the scroll axis.
        let adjusted = context.adjustedContentInset
        dimension = max(
            0,
            vertical
                ? context.bounds.width - adjusted.left - adjusted.right
                : context.bounds.height - adjusted.top - adjusted.bottom)
        (extraLead, extraTrail) = FlowLayout.referenceInsets(
            configuration.sectionInsetReference, context: context, vertical: vertical)
    }

    func queries(_ sections: [FlowQueries.SectionGeometry]) -> FlowQueries {
        FlowQueries(
            vertical: vertical, dimension: dimension, sections: sections,
            pinHeaders: config.sectionHeadersPinToVisibleBounds, pinFooters: config.sectionFootersPinToVisibleBounds)
    }

    mutating func registerKinds() throws {
        try builder.reserve(elements: context.data.totalItems)
        headerKind = try builder.kindID(FlowLayout.headerKind)
        footerKind = try builder.kindID(FlowLayout.footerKind)
    }

    func finish() throws -> PreparedLayout {
        PreparedLayout(
            store: try builder.build(),
            contentSize: vertical ? Size(width: dimension, height: cursor) : Size(width: cursor, height: dimension),
            dynamics: queries(sections))
    }

    /// Converts axis-neutral (main, cross) to a frame, origin rounded to the pixel grid; the
    /// first frame outside finite coordinates is remembered for the section's check.
    mutating func frame(
        _ key: @autoclosure () -> ElementKey, main: Double, cross: Double, mainLength: Double, crossLength: Double
    ) -> Rect {
        let rect =
            vertical
            ? Rect(x: main, y: cross, width: mainLength, height: crossLength)
            : Rect(x: cross, y: main, width: crossLength, height: mainLength)
        if overflowed == nil, let problem = AttributeRules.frameProblem(rect) { overflowed = (key(), problem) }
        return PixelRounding.roundOrigin(rect, scale: scale)
    }

    /// A section's metrics: the delegate's answers, else the configuration's values.
    struct SectionMetrics {
        var insets: EdgeInsets
        var lineSpacing: Double, interitemSpacing: Double
        var headerSize: Size, footerSize: Size
    }

    /// Step 1: the section's metrics, each checked (finite insets; spacings finite and not
    /// negative; reference sizes finite and not negative).
    func sectionMetrics(_ section: Int) throws -> SectionMetrics {
        let metrics = SectionMetrics(
            insets: try delegate?.insetForSection(section, context: context) ?? config.sectionInset,
            lineSpacing: try delegate?.minimumLineSpacingForSection(section, context: context)
                ?? config.minimumLineSpacing,
            interitemSpacing: try delegate?.minimumInteritemSpacingForSection(section, context: context)
                ?? config.minimumInteritemSpacing,
            headerSize: try delegate?.referenceSizeForHeader(inSection: section, context: context)
                ?? config.headerReferenceSize,
            footerSize: try delegate?.referenceSizeForFooter(inSection: section, context: context)
                ?? config.footerReferenceSize)
        try FlowLayout.validate(insets: metrics.insets, section: section)
        try FlowLayout.validate(spacing: metrics.lineSpacing, name: "minimum line spacing", section: section)
        try FlowLayout.validate(spacing: metrics.interitemSpacing, name: "minimum interitem spacing", section: section)
        try FlowLayout.validate(size: metrics.headerSize, what: "header reference size", section: section)
        try FlowLayout.validate(size: metrics.footerSize, what: "footer reference size", section: section)
        return metrics
    }

    /// Lays out one section at the cursor and moves the cursor past it (steps 1–5).
    mutating func layOutSection(_ section: Int) throws {
        let metrics = try sectionMetrics(section)
        let insets = metrics.insets
        let (lead, trail, before, after) =
            vertical
            ? (insets.left + extraLead, insets.right + extraTrail, insets.top, insets.bottom)
            : (insets.top + extraLead, insets.bottom + extraTrail, insets.left, insets.right)
        // Only the scroll-axis component of a reference size counts.
        let headerLength = vertical ? metrics.headerSize.height : metrics.headerSize.width
        let footerLength = vertical ? metrics.footerSize.height : metrics.footerSize.width

        var geometry = FlowQueries.SectionGeometry(start: cursor, end: cursor)
        if headerLength > 0 {
            geometry.header = supplementary(
                FlowLayout.headerKind, headerKind, section: section, length: headerLength,
                pinned: config.sectionHeadersPinToVisibleBounds)
        }
        cursor += headerLength + before
        let lines = FlowLineBuilder(
            available: dimension - lead - trail, lead: lead, interitemSpacing: metrics.interitemSpacing,
            lineSpacing: metrics.lineSpacing)
        cursor += try placeItems(section, lines: lines) + after
        if footerLength > 0 {
            geometry.footer = supplementary(
                FlowLayout.footerKind, footerKind, section: section, length: footerLength,
                pinned: config.sectionFootersPinToVisibleBounds)
        }
        cursor += footerLength
        // Negative insets may pull the end above the start; a section never takes less
        // than no room, so the content size never goes negative.
        cursor = max(cursor, geometry.start)
        geometry.end = cursor
        builder.charge(MemoryLayout<FlowQueries.SectionGeometry>.stride)
        if builder.isOverLimit { throw builder.memoryError }
        sections.append(geometry)
        if let (key, problem) = overflowed {
            throw LayoutError("\(key): \(problem) (sizes, spacings or insets too large)")
        }
        guard cursor.isFinite else {
            throw LayoutError(
                "section \(section) does not fit in finite coordinates (sizes, spacings or insets too large)")
        }
    }

    /// Steps 2 and 4: a header or footer across the full line length at the cursor; stored
    /// for rect queries unless pinned (pinned ones are placed at query time).
    mutating func supplementary(
        _ kind: String, _ kindID: UInt16, section: Int, length: Double, pinned: Bool
    ) -> LayoutAttributes {
        let attributes = LayoutAttributes(
            key: .supplementary(kind, section, 0),
            frame: frame(
                .supplementary(kind, section, 0), main: 0, cross: cursor, mainLength: dimension, crossLength: length),
            zIndex: FlowLayout.supplementaryZIndex)
        if !pinned {
            builder.append(
                category: .supplementary, kindID: kindID, section: Int32(section), item: 0,
                frame: attributes.frame, zIndex: Int32(FlowLayout.supplementaryZIndex))
        }
        return attributes
    }

    /// Step 3: the section's items in lines from the cursor; returns how far the lines reach.
    /// A delegate's sizes are placed as they arrive, straight into the store (the stream is
    /// made with the first chunk: sections without delegated sizes need none); otherwise every
    /// item has the configuration's itemSize and the lines form a grid.
    mutating func placeItems(_ section: Int, lines: FlowLineBuilder) throws -> Double {
        let count = context.data.numberOfItems(inSection: section)
        let lineStart = cursor
        let sectionID = Int32(section)
        let (vertical, scale) = (self.vertical, self.scale)
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
        if streamed {
            var stream = started ?? newStream()
            if let (item, size) = stream.invalid {
                try FlowLayout.validate(size: size, what: "item size", section: section, item: item)
            }
            guard stream.received == count else {
                throw LayoutError("section \(section): \(stream.received) item sizes for \(count) items")
            }
            let extent = stream.finish(into: &builder)
            if overflowed == nil, let (item, frame) = stream.overflow, let problem = AttributeRules.frameProblem(frame)
            {
                overflowed = (.cell(section, item), problem)
            }
            return extent
        }
        try FlowLayout.validate(size: config.itemSize, what: "itemSize", section: section)
        let fixed = config.itemSize
        let (m, c) = vertical ? (fixed.width, fixed.height) : (fixed.height, fixed.width)
        guard count > 0 else { return 0 }
        return lines.placeGrid(count: count, main: m, cross: c) { item, main, cross in
            let frame = frame(.cell(section, item), main: main, cross: lineStart + cross, mainLength: m, crossLength: c)
            builder.append(category: .cell, kindID: 0, section: sectionID, item: Int32(item), frame: frame)
        }
    }
}
