extension FlowLayout {
    /// Every element in output order, read from the store as it is written (no array of
    /// attributes); pinned headers and footers move with the bounds, so those take the general path.
    public func allElements(context: CollectionContext) throws -> ElementList {
        if configuration.sectionHeadersPinToVisibleBounds || configuration.sectionFootersPinToVisibleBounds {
            return ElementList(try allLayoutAttributes(context: context))
        }
        return ElementList(store: store)
    }
}
