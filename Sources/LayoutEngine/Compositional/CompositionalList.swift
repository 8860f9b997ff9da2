/// List sections (UICollectionLayoutListConfiguration, `NSCollectionLayoutSection.list(using:
/// layoutEnvironment:)`): rows one under another, self-sizing from an estimate, with
/// separators, headers and footers as elements. Every number below is in docs/lists.md with
/// its source, or the note that no public source gives it.
extension Compositional {
    /// UICollectionLayoutListConfiguration.Appearance.
    package enum ListAppearance: String, Hashable, Sendable, CaseIterable {
        case plain, grouped, insetGrouped, sidebar, sidebarPlain
    }

    /// UICollectionLayoutListConfiguration.HeaderMode.
    package enum ListHeaderMode: String, Hashable, Sendable, CaseIterable {
        case none, supplementary, firstItemInSection
    }

    /// UICollectionLayoutListConfiguration.FooterMode.
    package enum ListFooterMode: String, Hashable, Sendable, CaseIterable {
        case none, supplementary
    }

    /// UICollectionLayoutListConfiguration.
    package struct ListConfiguration: Hashable, Sendable {
        package var appearance: ListAppearance
        package var headerMode: ListHeaderMode
        package var footerMode: ListFooterMode
        /// nil: the appearance's default (shown except in sidebars).
        package var showsSeparators: Bool?
        /// nil: automatic (`ListMetrics.automaticHeaderTopPadding`).
        package var headerTopPadding: Double?
        /// A color name or `#RRGGBB`; nil: the appearance's own (no background element).
        package var backgroundColor: String?

        package init(
            appearance: ListAppearance, headerMode: ListHeaderMode = .none, footerMode: ListFooterMode = .none,
            showsSeparators: Bool? = nil, headerTopPadding: Double? = nil, backgroundColor: String? = nil
        ) {
            self.appearance = appearance
            self.headerMode = headerMode
            self.footerMode = footerMode
            self.showsSeparators = showsSeparators
            self.headerTopPadding = headerTopPadding
            self.backgroundColor = backgroundColor
        }

        /// Whether rows get separators.
        package var separatorsShown: Bool {
            showsSeparators ?? (appearance != .sidebar && appearance != .sidebarPlain)
        }
    }
}

extension Compositional.Section {
    /// `NSCollectionLayoutSection.list(using:layoutEnvironment:)`: a section laid out as a list
    /// (its group is a stand-in, full width and estimated rows, for code that reads groups).
    package static func list(_ configuration: Compositional.ListConfiguration) -> Compositional.Section {
        let row = Compositional.LayoutSize(
            width: .fractionalWidth(1), height: .estimated(ListMetrics.rowEstimate))
        var section = Compositional.Section(
            group: Compositional.Group(size: row, layout: .horizontal(.count(.item(Compositional.Item(size: row)), 1))))
        section.list = configuration
        return section
    }
}

/// The list metrics (docs/lists.md, "Metrics"): points, independent of the display scale
/// except the separator's hairline.
package enum ListMetrics {
    /// Every row's estimated height.
    package static let rowEstimate = 44.0
    /// Layout margins when the collection view gives none: 16 on compact widths, 20 on
    /// regular ones (a regular horizontal size class, or 414 points and wider).
    package static let compactMargin = 16.0
    package static let regularMargin = 20.0
    package static let regularWidth = 414.0
    /// Sidebar rows sit this far in from the band's edges.
    package static let sidebarInset = 10.0
    /// Corner radius of insetGrouped sections and sidebar rows.
    package static let cornerRadius = 10.0

    /// Space above every section.
    package static func sectionSpacing(_ appearance: Compositional.ListAppearance) -> Double {
        switch appearance {
        case .plain, .sidebarPlain: 0
        case .grouped, .insetGrouped: 35
        case .sidebar: 10
        }
    }

    /// The estimated height of a supplementary header.
    package static func headerEstimate(_ appearance: Compositional.ListAppearance) -> Double {
        switch appearance {
        case .plain, .sidebarPlain: 28
        case .grouped, .insetGrouped, .sidebar: 38
        }
    }

    /// The estimated height of a supplementary footer.
    package static let footerEstimate = 28.0

    /// `headerTopPadding = nil`: space above a supplementary header.
    package static func automaticHeaderTopPadding(_ appearance: Compositional.ListAppearance) -> Double {
        switch appearance {
        case .plain, .sidebarPlain: 22
        case .grouped, .insetGrouped, .sidebar: 0
        }
    }
}

/// List section layout, in layout space (lists scroll vertically).
extension CompositionalPreparer {
    /// The collection view's layout margins across (left, right, from the bounds' edges), and
    /// the system margin a cell keeps inside itself.
    func listMargins() -> (left: Double, right: Double, cell: Double) {
        let system =
            context.traits.horizontalSizeClass == "regular" || bounds.width >= ListMetrics.regularWidth
            ? ListMetrics.regularMargin : ListMetrics.compactMargin
        let given = context.layoutMargins
        if given.left > 0 || given.right > 0 {
            return (max(0, given.left), max(0, given.right), system)
        }
        let safe = context.safeAreaInsets
        return (max(0, safe.left) + system, max(0, safe.right) + system, system)
    }

    /// Lays out list section `s` from `start`; returns where it ends (docs/lists.md, "Layout"),
    /// in four steps: `listColumn` (the band and the column rows share), `placeListHeader`
    /// (section spacing, header padding, the header), `placeListRows` (rows and separators),
    /// then `finishListSection` (footer, background, the section's geometry).
    mutating func layOutListSection(
        _ section: Compositional.Section, _ list: Compositional.ListConfiguration, index s: Int, start: Double
    ) throws -> Double {
        guard !transposed else {
            throw LayoutError("section \(s): a list scrolls vertically; remove scrollDirection = \"horizontal\"")
        }
        if let padding = list.headerTopPadding, !(padding.isFinite && padding >= 0) {
            throw LayoutError("section \(s): headerTopPadding must be a finite number ≥ 0")
        }
        let geometry = try listColumn(section, list, index: s)
        let zFloor: Int32 = list.backgroundColor == nil ? 0 : 1
        var y = try placeListHeader(list, column: geometry.column, index: s, start: start, zFloor: zFloor)
        y = try placeListRows(list, geometry, index: s, top: y, zFloor: zFloor)
        return try finishListSection(list, geometry, index: s, span: (start, y), zFloor: zFloor)
    }

    /// Where a list section's elements go across: the band (`contentInsetsReference`), the
    /// column rows, headers and footers share, and the layout margins.
    struct ListGeometry {
        var band: (x: Double, width: Double)
        var column: (x: Double, width: Double)
        var margins: (left: Double, right: Double, cell: Double)
    }

    /// Step 1: the column by appearance ("Layout": plain, grouped and sidebarPlain use the
    /// band, insetGrouped the layout margins, sidebar the band less its inset).
    func listColumn(
        _ section: Compositional.Section, _ list: Compositional.ListConfiguration, index s: Int
    ) throws -> ListGeometry {
        let reference = referenceInsets(section.contentInsetsReference ?? configuration.contentInsetsReference)
        let band = (x: reference.lead, width: max(0, bounds.width - reference.lead - reference.trail))
        let margins = listMargins()
        let column: (x: Double, width: Double)
        switch list.appearance {
        case .plain, .grouped, .sidebarPlain:
            column = band
        case .insetGrouped:
            column = (margins.left, bounds.width - margins.left - margins.right)
        case .sidebar:
            column = (band.x + ListMetrics.sidebarInset, band.width - 2 * ListMetrics.sidebarInset)
        }
        guard column.width > 0 else {
            throw LayoutError(
                "section \(s): no room for list rows: the column is \(AttributeRules.number(column.width)) points wide (bounds less margins)"
            )
        }
        return ListGeometry(band: band, column: column, margins: margins)
    }

    /// Step 2: the space above the section, then (supplementary header mode) the header
    /// after its top padding; returns where the rows start.
    mutating func placeListHeader(
        _ list: Compositional.ListConfiguration, column: (x: Double, width: Double), index s: Int, start: Double,
        zFloor: Int32
    ) throws -> Double {
        var y = start + ListMetrics.sectionSpacing(list.appearance)
        guard list.headerMode == .supplementary else { return y }
        // Automatic padding is iOS 15's (docs/uikit-versions.md); iOS 14 headers sit at the top.
        let automatic = context.iosVersion.listsPadHeaders ? ListMetrics.automaticHeaderTopPadding(list.appearance) : 0
        let padding = list.headerTopPadding ?? automatic
        y = try Self.finite(y + padding, section: s, "headerTopPadding \(AttributeRules.number(padding)) too large")
        let height = try supplementaryHeight(
            "header", estimate: ListMetrics.headerEstimate(list.appearance), width: column.width, section: s)
        sink.add(
            .supplementary, kind: "header", section: s, item: 0,
            frame: Rect(x: column.x, y: y, width: column.width, height: height), zIndex: Int(zFloor) + 1)
        return try Self.finite(y + height, section: s, "header height \(AttributeRules.number(height)) too large")
    }

    /// `y` when it is finite; otherwise the section does not fit, and `cause` says why (the
    /// step that left finite coordinates, so the message blames the value that did).
    static func finite(_ y: Double, section s: Int, _ cause: @autoclosure () -> String) throws -> Double {
        guard y.isFinite else { throw LayoutError("section \(s) does not fit in finite coordinates (\(cause()))") }
        return y
    }

    /// Step 3: the rows one under another from `top`, each with its corner fields and the
    /// separator along its bottom edge; returns where the last row ends.
    mutating func placeListRows(
        _ list: Compositional.ListConfiguration, _ geometry: ListGeometry, index s: Int, top: Double, zFloor: Int32
    ) throws -> Double {
        let column = geometry.column
        let count = data.numberOfItems(inSection: s)
        let heights = try rowHeights(count: count, width: column.width, section: s)
        let headerItem = list.headerMode == .firstItemInSection && count > 0
        let firstRow = headerItem ? 1 : 0
        let rounded = list.appearance == .insetGrouped
        let separators = list.separatorsShown
        // The few distinct custom-field sets, made once and shared by the rows (copy on write).
        let cornerFields = Dictionary(
            uniqueKeysWithValues: ["top", "bottom", "all", "none"].map {
                ($0, ["cornerRadius": LayoutValue.number(ListMetrics.cornerRadius), "corners": .string($0)])
            })
        var y = top
        for item in 0..<count {
            let frame = Rect(x: column.x, y: y, width: column.width, height: heights[item])
            var custom: [String: LayoutValue] = [:]
            if rounded, item >= firstRow {
                custom = cornerFields[Self.roundedCorners(item: item, first: firstRow, last: count - 1)] ?? [:]
            } else if list.appearance == .sidebar {
                custom = cornerFields["all"] ?? [:]
            }
            if item == 0, headerItem { custom["listHeader"] = .bool(true) }
            sink.cell(
                section: Int32(clamping: s), item: Int32(clamping: item), frame: frame, zIndex: zFloor,
                custom: custom)
            // A separator along the row's bottom edge, from the cell's content margin to its
            // trailing edge; none under a header item, nor under the last row of a grouped
            // or insetGrouped section.
            let lastOfGroup = item == count - 1 && list.appearance != .plain && list.appearance != .sidebarPlain
            if separators, item >= firstRow, !lastOfGroup {
                let hairline = 1 / rounding.scale
                let x = max(
                    column.x + geometry.margins.cell, list.appearance == .insetGrouped ? 0 : geometry.margins.left)
                sink.add(
                    .decoration, kind: "separator", section: s, item: item,
                    frame: Rect(
                        x: x, y: frame.maxY - hairline, width: max(0, frame.maxX - x), height: hairline),
                    zIndex: Int(zFloor) + 1)
            }
            y += heights[item]
        }
        return try Self.finite(y, section: s, "row heights too large")
    }

    /// Step 4: the footer (supplementary footer mode) after the rows, the background behind the
    /// whole section, and the section's frame and boundary kinds; returns where it ends.
    mutating func finishListSection(
        _ list: Compositional.ListConfiguration, _ geometry: ListGeometry, index s: Int,
        span: (start: Double, rowsEnd: Double), zFloor: Int32
    ) throws -> Double {
        let column = geometry.column, band = geometry.band, start = span.start
        var end = span.rowsEnd
        if list.footerMode == .supplementary {
            let height = try supplementaryHeight(
                "footer", estimate: ListMetrics.footerEstimate, width: column.width, section: s)
            sink.add(
                .supplementary, kind: "footer", section: s, item: 0,
                frame: Rect(x: column.x, y: end, width: column.width, height: height), zIndex: Int(zFloor) + 1)
            end = try Self.finite(end + height, section: s, "footer height \(AttributeRules.number(height)) too large")
        }
        if let color = list.backgroundColor {
            sink.add(
                .decoration, kind: "background", section: s, item: 0,
                frame: Rect(x: band.x, y: start, width: band.width, height: end - start), zIndex: 0,
                custom: ["backgroundColor": .string(color)])
        }
        var kinds: Set<String> = []
        if list.headerMode == .supplementary { kinds.insert("header") }
        if list.footerMode == .supplementary { kinds.insert("footer") }
        sections[s] = CompositionalSectionGeometry(
            frame: Rect(x: band.x, y: start, width: band.width, height: end - start), boundaryKinds: kinds,
            visibleItemsInvalidationHandler: nil)
        return end
    }

    /// Which corners of row `item` an insetGrouped section rounds.
    static func roundedCorners(item: Int, first: Int, last: Int) -> String {
        switch (item == first, item == last) {
        case (true, true): "all"
        case (true, false): "top"
        case (false, true): "bottom"
        case (false, false): "none"
        }
    }

    /// Every row's height: the estimate, or what `preferredSizeForItem` answers (the height
    /// only: rows are as wide as the column).
    private func rowHeights(count: Int, width: Double, section s: Int) throws -> [Double] {
        let fitting = Size(width: width, height: ListMetrics.rowEstimate)
        guard let sizing, sizing.item != nil || sizing.itemsInSection != nil, count > 0 else {
            return Array(repeating: ListMetrics.rowEstimate, count: count)
        }
        var sizes = Array(repeating: fitting, count: count)
        if let batch = sizing.itemsInSection {
            try batch(s, &sizes)
        } else if let measure = sizing.item {
            for item in 0..<count {
                if let answer = try measure(LayoutIndexPath(s, item), fitting) { sizes[item] = answer }
            }
        }
        return sizes.map {
            CompositionalEstimates.take($0, into: fitting, width: false, height: true, kind: "cell").height
        }
    }

    /// A header's or footer's height: the estimate, or `preferredSizeForSupplementary`'s.
    private func supplementaryHeight(_ kind: String, estimate: Double, width: Double, section s: Int) throws -> Double {
        let fitting = Size(width: width, height: estimate)
        guard let measure = sizing?.supplementary, let answer = try measure(kind, LayoutIndexPath(s, 0), fitting)
        else { return estimate }
        return CompositionalEstimates.take(answer, into: fitting, width: false, height: true, kind: kind).height
    }
}
