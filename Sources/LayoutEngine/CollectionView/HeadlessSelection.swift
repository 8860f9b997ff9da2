/// Selection and highlight as state (programmatic: no delegate calls, as UIKit's
/// selectItem/deselectItem).
extension HeadlessCollectionView {
    /// selectItem(at:): selects `path` (in single selection, replacing the selection). False
    /// when the item does not exist or selection is not allowed.
    @discardableResult
    package func selectItem(at path: LayoutIndexPath) -> Bool {
        guard allowsSelection, exists(path) else { return false }
        if !allowsMultipleSelection { for other in selectedItems where other != path { setSelected(other, false) } }
        setSelected(path, true)
        return true
    }

    package func deselectItem(at path: LayoutIndexPath) {
        setSelected(path, false)
    }

    /// Whether the data has this item.
    package func exists(_ path: LayoutIndexPath) -> Bool {
        path.item >= 0 && path.item < context.data.numberOfItems(inSection: path.section)
    }

    func setSelected(_ path: LayoutIndexPath, _ selected: Bool) {
        if selected {
            guard !selectedItems.contains(path) else { return }
            selectedItems.append(path)
            selectedItems.sort()
            events.append(.select(path))
        } else if let position = selectedItems.firstIndex(of: path) {
            selectedItems.remove(at: position)
            events.append(.deselect(path))
        }
    }

    func setHighlighted(_ path: LayoutIndexPath, _ highlighted: Bool) {
        if highlighted {
            guard !highlightedItems.contains(path) else { return }
            highlightedItems.append(path)
            highlightedItems.sort()
            events.append(.highlight(path))
        } else if let position = highlightedItems.firstIndex(of: path) {
            highlightedItems.remove(at: position)
            events.append(.unhighlight(path))
        }
    }
}
