/// The items a collection shows: a count per section and, optionally, a payload per item.
public struct CollectionData: Hashable, Sendable {
    public struct Section: Hashable, Sendable {
        public var count: Int
        /// One payload per item, or nil when the data only gives counts.
        public var items: [LayoutValue]?

        public init(count: Int) {
            self.count = count
            self.items = nil
        }

        public init(items: [LayoutValue]) {
            self.count = items.count
            self.items = items
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
              items.indices.contains(indexPath.item) else { return nil }
        return items[indexPath.item]
    }

    public var totalItems: Int { sections.reduce(0) { $0 + $1.count } }
}

/// What a layout may read of its collection view: the bounds (origin = content offset), the
/// screen scale, the data and host state. Passed explicitly to every layout call.
public struct CollectionContext: Hashable, Sendable {
    public var bounds: Rect
    public var scale: Double
    public var data: CollectionData
    /// Host/app state a layout may read (e.g. `deletionMode`).
    public var state: [String: LayoutValue]

    public init(bounds: Rect, scale: Double = 1, data: CollectionData, state: [String: LayoutValue] = [:]) {
        self.bounds = bounds
        self.scale = scale
        self.data = data
        self.state = state
    }

    public var contentOffset: Point { bounds.origin }
}
