/// UICollectionViewCompositionalLayout as a pure compute step: configuration + data +
/// context (+ optional self-sizing answers) → a prepared element store and what queries need.
package enum CompositionalEngine {
    /// The elements and the engine's per-section state may take `byteLimit` bytes (past it: a
    /// `LayoutError`, "memory limit exceeded").
    package static func prepare(
        sections: Compositional.Sections, configuration: Compositional.Configuration, context: CollectionContext,
        sizing: Compositional.Sizing? = nil, byteLimit: Int = .max
    ) throws -> CompositionalLayoutResult {
        guard context.scale.isFinite, context.scale > 0 else {
            throw LayoutError(
                "the display scale must be a finite number above 0, got \(AttributeRules.number(context.scale))")
        }
        guard configuration.interSectionSpacing.isFinite else {
            throw LayoutError(
                "interSectionSpacing must be a finite number, got \(AttributeRules.number(configuration.interSectionSpacing))"
            )
        }
        let transposed = configuration.scrollDirection == .horizontal
        var preparer = CompositionalPreparer(
            configuration: transposed ? configuration.transposed : configuration,
            context: transposed ? context.transposed : context, sizing: transposed ? sizing?.transposed : sizing,
            transposed: transposed, byteLimit: byteLimit)
        let provider: (Int) throws -> Compositional.Section?
        let environment = preparer.environment.transposed(transposed)
        switch sections {
        case .single(let section):
            let laid = transposed ? section.transposed : section
            provider = { _ in laid }
        case .provider(let body):
            provider = { index in try body(index, environment).map { transposed ? $0.transposed : $0 } }
        }
        return try preparer.run(provider, outputEnvironment: environment)
    }
}

/// One prepare, in layout space (a vertical layout; horizontal ones arrive transposed).
struct CompositionalPreparer {
    let configuration: Compositional.Configuration
    let bounds: Size
    let data: CollectionData
    let context: CollectionContext
    let sizing: Compositional.Sizing?
    let rounding: CompositionalRounding
    let warnings = CompositionalWarnings()
    let transposed: Bool
    var sink: CompositionalElementSink
    var sections: [CompositionalSectionGeometry?]
    var pinned: [CompositionalPinnedItem] = []

    init(
        configuration: Compositional.Configuration, context: CollectionContext, sizing: Compositional.Sizing?,
        transposed: Bool, byteLimit: Int = .max
    ) {
        self.configuration = configuration
        self.context = context
        self.bounds = context.bounds.size
        self.data = context.data
        self.sizing = sizing
        self.transposed = transposed
        let release = context.iosVersion.compositionalRounding
        self.rounding = CompositionalRounding(scale: context.scale, model: configuration.roundingModel ?? release)
        if let chosen = configuration.roundingModel, chosen != release {
            warnings.add(
                "roundingModel = \"\(chosen.rawValue)\" overrides the rounding of iOS \(context.iosVersion) (\(release.rawValue))"
            )
        }
        self.sink = CompositionalElementSink(
            transposed: transposed, rounding: rounding, byteLimit: byteLimit)
        // Made in `run` once charged to the limit: a million sections' geometry is tens of MB.
        self.sections = []
    }

    /// The environment a section provider sees (layout space).
    var environment: Compositional.Environment {
        let reference = referenceInsets(configuration.contentInsetsReference)
        return Compositional.Environment(
            container: Compositional.Container(
                contentSize: bounds,
                contentInsets: Compositional.Insets(leading: reference.lead, trailing: reference.trail)),
            displayScale: context.scale)
    }

    /// How far the reference's edges reach in across the scroll axis (left/right, vertical).
    func referenceInsets(_ reference: Compositional.ContentInsetsReference) -> (lead: Double, trail: Double) {
        let edges: EdgeInsets
        switch reference {
        case .none: return (0, 0)
        case .automatic, .safeArea: edges = context.safeAreaInsets
        // readableContent: the layout margins (this engine has no readable-width rule).
        case .layoutMargins, .readableContent: edges = context.layoutMargins
        }
        return (max(0, edges.left), max(0, edges.right))
    }

    mutating func run(
        _ provider: (Int) throws -> Compositional.Section?, outputEnvironment: Compositional.Environment
    ) throws -> CompositionalLayoutResult {
        guard bounds.width.isFinite, bounds.height.isFinite else { throw LayoutError("the bounds must be finite") }
        // Layout-wide boundary items: around all sections, across the reference band.
        let reference = referenceInsets(configuration.contentInsetsReference)
        let band = (x: reference.lead, width: max(0, bounds.width - reference.lead - reference.trail))
        let layoutBoundary = try CompositionalBoundaryPlacement(
            configuration.boundarySupplementaryItems, container: Size(width: band.width, height: bounds.height),
            section: 0, itemIndex: 0, rounding: rounding, sizing: sizing)
        var cursor = layoutBoundary.lengthBefore
        let sectionsStart = cursor
        // A cell an item, unless the provider skips a section: reserved, not required.
        sink.builder.reserveCapacity(data.totalItems)
        sink.builder.charge(data.numberOfSections, times: MemoryLayout<CompositionalSectionGeometry?>.stride)
        if sink.builder.isOverLimit { throw sink.builder.memoryError }
        sections = Array(repeating: nil, count: data.numberOfSections)
        var previous = false
        for s in 0..<data.numberOfSections {
            guard let section = try provider(s) else { continue }
            if previous { cursor += configuration.interSectionSpacing }
            cursor = try layOutSection(section, index: s, start: cursor)
            if sink.builder.isOverLimit { throw sink.builder.memoryError }
            previous = true
            guard cursor.isFinite else {
                throw LayoutError(
                    "section \(s) does not fit in finite coordinates (sizes, spacings or insets too large)")
            }
        }
        let sectionsEnd = cursor
        let end = sectionsEnd + layoutBoundary.lengthAfter
        let contentRect = Rect(x: band.x, y: sectionsStart, width: band.width, height: sectionsEnd - sectionsStart)
        let frames = layoutBoundary.frames(start: 0, afterStart: sectionsEnd, band: band, content: contentRect)
        for (sized, frame) in zip(layoutBoundary.items, frames) {
            if sized.item.pinToVisibleBounds {
                pinned.append(
                    CompositionalPinnedItem(
                        key: .supplementary(sized.item.kind, 0, 0), frame: frame, zIndex: sized.item.zIndex,
                        alignment: sized.item.alignment, sectionStart: 0, sectionEnd: end, group: -1))
            } else {
                sink.add(
                    .supplementary, kind: sized.item.kind, section: 0, item: 0, frame: frame, zIndex: sized.item.zIndex)
            }
        }
        let store = try sink.build()
        let size = Size(width: rounding.round(bounds.width), height: rounding.round(max(0, end)))
        return CompositionalLayoutResult(
            store: store, contentSize: transposed ? Size(width: size.height, height: size.width) : size,
            warnings: warnings.list, sections: sections, pinned: pinned,
            layoutBoundaryKinds: Set(configuration.boundarySupplementaryItems.map(\.kind)), transposed: transposed,
            rounding: rounding, environment: outputEnvironment,
            preparedBounds: transposed ? bounds.transposed : bounds)
    }
}
