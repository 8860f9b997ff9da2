/// The items a collection shows: a count per section and, optionally, a payload per item.
public struct CollectionData: Hashable, Sendable {
    public struct Section: Hashable, Sendable {
        public var count: Int
        /// One payload per item, or nil when the data only gives counts.
        public var items: [LayoutValue]?
        /// The section's own payload (a title, a column count…), or nil.
        public var data: LayoutValue?

        public init(count: Int, data: LayoutValue? = nil) {
            self.count = count
            self.items = nil
            self.data = data
        }

        public init(items: [LayoutValue], data: LayoutValue? = nil) {
            self.count = items.count
            self.items = items
            self.data = data
        }
    }

    public var sections: [Section]

    public init(sections: [Section]) {
        self.sections = sections
    }

    /// `counts.count` sections with the given item counts and no payloads.
    public init(counts: [Int]) {
        self.sections = counts.map { Section(count: $0) }
    }

    public var numberOfSections: Int { sections.count }

    public func numberOfItems(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].count : 0
    }

    /// The payload of an item, or nil when there is none or the index path is out of range.
    public func item(at indexPath: LayoutIndexPath) -> LayoutValue? {
        guard sections.indices.contains(indexPath.section),
            let items = sections[indexPath.section].items,
            items.indices.contains(indexPath.item)
        else { return nil }
        return items[indexPath.item]
    }

    public var totalItems: Int { sections.reduce(0) { $0 + $1.count } }

    /// The payload of a section, or nil when there is none or no such section.
    public func sectionData(_ section: Int) -> LayoutValue? {
        sections.indices.contains(section) ? sections[section].data : nil
    }
}

/// What a layout may read of its collection view: the bounds (origin = content offset), the
/// screen scale, the insets, the data and host state. Passed explicitly to every layout call.
public struct CollectionContext: Hashable, Sendable {
    public var bounds: Rect
    public var scale: Double
    public var data: CollectionData
    /// Host/app state a layout may read (e.g. `deletionMode`).
    public var state: [String: LayoutValue]
    /// UIScrollView's `contentInset`, set by the app.
    public var contentInset: EdgeInsets
    /// UIView's `safeAreaInsets` (notch, bars), measured from the bounds' edges.
    public var safeAreaInsets: EdgeInsets
    /// UIView's `layoutMargins`, measured from the bounds' edges.
    public var layoutMargins: EdgeInsets
    /// The scroll offset of each orthogonally scrolling section (section → offset along its
    /// own axis), as the bounds' origin is the main content offset; absent = where it rests.
    public var orthogonalOffsets: [Int: Double] = [:]
    /// UITraitCollection: size classes, idiom, content size category (`--trait`).
    public var traits = TraitCollection()
    /// The collection view's layout direction (`--layout-direction rtl`): layouts that flip
    /// (flow, compositional, a custom layout asking for it) are mirrored across the content.
    public var layoutDirection = LayoutDirection.leftToRight
    /// The iOS release whose UIKit behaviour applies where releases differ (`--ios`).
    public var iosVersion = IOSVersion.default
    /// What a refreshing refresh control adds to the adjusted top inset (its height while
    /// refreshing, else 0).
    public var refreshControlInset = 0.0
    /// UIScrollView.contentInsetAdjustmentBehavior (a controller's field,
    /// `--content-inset-adjustment`): which edges of the safe area `adjustedContentInset` adds.
    public var contentInsetAdjustmentBehavior = ContentInsetAdjustmentBehavior.automatic
    /// UIScrollView.contentSize: the content size the view last took from its layout (zero
    /// before the first pass); it says which axes scroll, for the inset adjustment.
    public var contentSize = Size.zero

    public init(
        bounds: Rect, scale: Double = 1, data: CollectionData, state: [String: LayoutValue] = [:],
        contentInset: EdgeInsets = .zero, safeAreaInsets: EdgeInsets = .zero, layoutMargins: EdgeInsets = .zero
    ) {
        self.bounds = bounds
        self.scale = scale
        self.data = data
        self.state = state
        self.contentInset = contentInset
        self.safeAreaInsets = safeAreaInsets
        self.layoutMargins = layoutMargins
    }

    public var contentOffset: Point { bounds.origin }
}
