#if !canImport(UIKit)
// Batch updates of items, transcribed from developer.apple.com/documentation/uikit/uicollectionview
// ("Inserting, deleting, and moving items") and …/uicollectionviewlayout ("Responding to
// collection view updates"). The batch is checked against the counts of the last layout pass
// as UIKit checks it (an inconsistent batch raises UIKit's exception); then the layout is
// prepared on the new data, told `prepare(forCollectionViewUpdates:)`, asked the initial
// attributes of every item on screen after the update and the final attributes of every item
// on screen before it, and told `finalizeCollectionViewUpdates()`. Nothing animates here: each
// view is given (`apply(_:)`) where its animation starts, then where it ends, at once.
// Section updates and reloads are not transcribed.
import Foundation

extension UICollectionView {
    /// …/uicollectionview/performbatchupdates(_:completion:): `completion` is called at once
    /// with true (there is no animation to wait for).
    @available(iOS 11.0, *)
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        if pendingUpdates != nil {
            // Nested in another batch: its changes join that batch.
            updates?()
            completion?(true)
            return
        }
        layoutIfNeeded()
        pendingUpdates = []
        updates?()
        let items = pendingUpdates ?? []
        pendingUpdates = nil
        animate(items)
        completion?(true)
    }

    /// …/uicollectionview/insertitems(at:) (outside a batch: a batch of its own)
    @available(iOS 6.0, *)
    public func insertItems(at indexPaths: [IndexPath]) {
        record(indexPaths.map { UICollectionViewUpdateItem(action: .insert, before: nil, after: $0) })
    }

    /// …/uicollectionview/deleteitems(at:) (outside a batch: a batch of its own)
    @available(iOS 6.0, *)
    public func deleteItems(at indexPaths: [IndexPath]) {
        record(indexPaths.map { UICollectionViewUpdateItem(action: .delete, before: $0, after: nil) })
    }

    /// …/uicollectionview/moveitem(at:to:) (outside a batch: a batch of its own)
    @available(iOS 6.0, *)
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record([UICollectionViewUpdateItem(action: .move, before: indexPath, after: newIndexPath)])
    }

    /// …/uicollectionview/visiblecells
    @available(iOS 6.0, *)
    public var visibleCells: [UICollectionViewCell] {
        visibleViews.sorted { $0.key < $1.key }.compactMap { $0.value as? UICollectionViewCell }
    }

    private func record(_ items: [UICollectionViewUpdateItem]) {
        if pendingUpdates != nil {
            pendingUpdates?.append(contentsOf: items)
        } else {
            performBatchUpdates({ self.pendingUpdates?.append(contentsOf: items) })
        }
    }

    /// The update run through the layout, each item's view given its start and end.
    private func animate(_ items: [UICollectionViewUpdateItem]) {
        let newCounts = (0..<numberOfSections).map(numberOfItems(inSection:))
        let destinations = Self.destinations(of: items, counts: countsAtLastLayout, newCounts: newCounts)
        let layout = collectionViewLayout
        let before = cellAttributes(layout)
        // Where every item that stays was, on screen or not: an item moving into view starts there.
        var previous: [IndexPath: UICollectionViewLayoutAttributes] = [:]
        for path in destinations.keys {
            previous[path] = layout.layoutAttributesForItem(at: path)?.copy() as? UICollectionViewLayoutAttributes
        }
        layout.isInvalid = false
        layout.prepare()
        contentSize = layout.collectionViewContentSize
        countsAtLastLayout = newCounts
        layout.prepare(forCollectionViewUpdates: items)
        let after = cellAttributes(layout)
        var origins: [IndexPath: IndexPath] = [:]
        for (old, new) in destinations { origins[new] = old }
        var shown: [VisibleElement: UICollectionReusableView] = [:]
        for end in after {
            let origin = origins[end.indexPath]
            let kept = origin.flatMap { visibleViews[VisibleElement(cellAt: $0)] }
            let start =
                layout.initialLayoutAttributesForAppearingItem(at: end.indexPath)
                ?? origin.flatMap { previous[$0] } ?? Self.faded(end)
            let view = kept ?? cell(at: end.indexPath)
            view.show(start)
            view.show(end)
            shown[VisibleElement(cellAt: end.indexPath)] = view
        }
        for start in before {
            let final = layout.finalLayoutAttributesForDisappearingItem(at: start.indexPath)
            let new = destinations[start.indexPath]
            // An item still on screen after the update was asked, and its answer is not used.
            if let new, shown[VisibleElement(cellAt: new)] != nil { continue }
            // Without an answer, a deleted item fades in place; one that moves off screen goes
            // to its new place.
            let end = final ?? new.flatMap { layout.layoutAttributesForItem(at: $0) } ?? Self.faded(start)
            visibleViews[VisibleElement(cellAt: start.indexPath)]?.show(end)
        }
        layout.finalizeCollectionViewUpdates()
        visibleViews = shown
        setNeedsLayout()
    }

    /// The cells the layout places in the bounds.
    private func cellAttributes(_ layout: UICollectionViewLayout) -> [UICollectionViewLayoutAttributes] {
        (layout.layoutAttributesForElements(in: bounds) ?? []).filter { $0.representedElementCategory == .cell }
    }

    /// UIKit's default start of an appearing item and end of a disappearing one: in place,
    /// transparent.
    private static func faded(_ attributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {
        let copy = attributes.copy() as? UICollectionViewLayoutAttributes ?? attributes
        copy.alpha = 0
        return copy
    }

    /// Where each item before the batch is after it (deleted items are absent), as UIKit
    /// applies a batch: deletes and moves out at their index paths before the update, then
    /// inserts and moves in at theirs after it, in ascending order. A batch that does not
    /// account for the new counts raises UIKit's exception.
    static func destinations(
        of items: [UICollectionViewUpdateItem], counts: [Int], newCounts: [Int]
    ) -> [IndexPath: IndexPath] {
        var sections = counts.enumerated().map { section, count in
            (0..<count).map { Optional(IndexPath(item: $0, section: section)) }
        }
        var removed: Set<IndexPath> = []
        var arrivals: [(path: IndexPath, origin: IndexPath?)] = []
        for item in items {
            if let old = item.indexPathBeforeUpdate {
                guard sections.indices.contains(old.section), sections[old.section].indices.contains(old.item) else {
                    let count = counts.indices.contains(old.section) ? counts[old.section] : 0
                    UIKitException.raise(
                        "attempt to \(item.updateAction == .move ? "move" : "delete") item \(old.item) from section \(old.section) which only contains \(count) items before the update"
                    )
                    return [:]
                }
                removed.insert(old)
            }
            if let new = item.indexPathAfterUpdate { arrivals.append((new, item.indexPathBeforeUpdate)) }
        }
        for section in sections.indices { sections[section].removeAll { $0.map(removed.contains) ?? false } }
        while sections.count < newCounts.count { sections.append([]) }
        for arrival in arrivals.sorted(by: { $0.path < $1.path }) {
            let path = arrival.path
            guard sections.indices.contains(path.section), path.item <= sections[path.section].count else {
                UIKitException.raise(
                    "attempt to insert item \(path.item) into section \(path.section), but there are only \(sections.indices.contains(path.section) ? sections[path.section].count : 0) items in section \(path.section) after the update"
                )
                return [:]
            }
            sections[path.section].insert(arrival.origin, at: path.item)
        }
        for section in newCounts.indices where sections[section].count != newCounts[section] {
            let before = counts.indices.contains(section) ? counts[section] : 0
            let inserted = items.filter { $0.updateAction == .insert && $0.indexPathAfterUpdate?.section == section }
            let deleted = items.filter { $0.updateAction == .delete && $0.indexPathBeforeUpdate?.section == section }
            UIKitException.raise(
                "Invalid update: invalid number of items in section \(section). The number of items contained in an existing section after the update (\(newCounts[section])) must be equal to the number of items contained in that section before the update (\(before)), plus or minus the number of items inserted or deleted from that section (\(inserted.count) inserted, \(deleted.count) deleted)"
            )
            return [:]
        }
        var result: [IndexPath: IndexPath] = [:]
        for (section, tokens) in sections.enumerated() {
            for (item, token) in tokens.enumerated() {
                if let token { result[token] = IndexPath(item: item, section: section) }
            }
        }
        return result
    }
}

/// An element shown by the collection view: its category, kind and index path.
struct VisibleElement: Hashable, Comparable {
    var category: UInt
    var kind: String
    var indexPath: IndexPath

    @MainActor
    init(_ attributes: UICollectionViewLayoutAttributes) {
        category = attributes.representedElementCategory.rawValue
        kind = attributes.representedElementKind ?? ""
        indexPath = attributes.indexPath
    }

    init(cellAt indexPath: IndexPath) {
        category = UICollectionView.ElementCategory.cell.rawValue
        kind = ""
        self.indexPath = indexPath
    }

    static func < (a: VisibleElement, b: VisibleElement) -> Bool {
        (a.category, a.kind) != (b.category, b.kind)
            ? (a.category, a.kind) < (b.category, b.kind) : a.indexPath < b.indexPath
    }
}

extension UICollectionReusableView {
    /// As UIKit shows an element's view: its frame from the attributes, then `apply(_:)`.
    func show(_ attributes: UICollectionViewLayoutAttributes) {
        frame = attributes.frame
        apply(attributes)
    }
}
#endif
