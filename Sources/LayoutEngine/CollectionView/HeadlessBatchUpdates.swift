/// performBatchUpdates: the batch validated, planned and applied; selection, highlight, a
/// touch and orthogonal offsets follow their items.
extension HeadlessCollectionView {
    /// performBatchUpdates: the model has changed to `newData` (default: the old data with the
    /// batch applied, inserted items carrying `payloads` (new index paths), reloaded items
    /// `reloadPayloads` (old index paths) and inserted sections `insertedSections`' items or
    /// count); the batch is validated against it,
    /// the update planned (UpdatePlanner) and selection and highlight follow their items
    /// (deleted items leave them). A bad batch changes nothing.
    @discardableResult
    package func performBatchUpdates(
        _ batch: BatchUpdate, newData: CollectionData? = nil, payloads: [LayoutIndexPath: LayoutValue] = [:],
        insertedSections: [Int: CollectionData.Section] = [:], reloadPayloads: [LayoutIndexPath: LayoutValue] = [:]
    ) throws -> AnimationPlan {
        // An interactive movement in progress is cancelled: the batch is against the model's data.
        try cancelInteractiveMovement()
        closeMenu()
        let oldCounts = context.data.sections.map(\.count)
        let mapping = try UpdateMapping(
            oldCounts: oldCounts, update: batch, newCounts: newData?.sections.map(\.count),
            insertedSectionCounts: insertedSections.mapValues(\.count))
        var new = context
        var payloads = payloads
        for (old, payload) in reloadPayloads {
            guard let moved = mapping.newIndexPath(forOld: old) else { continue }
            payloads[moved] = payload
        }
        new.data =
            newData
            ?? mapping.newData(from: context.data, payloads: payloads, insertedSections: insertedSections)
        // Section offsets follow their sections; a deleted section's goes.
        new.orthogonalOffsets = Dictionary(
            context.orthogonalOffsets.compactMap { section, offset in
                guard mapping.sectionsOldToNew.indices.contains(section), let moved = mapping.sectionsOldToNew[section]
                else { return nil }
                return (moved, offset)
            }, uniquingKeysWith: { first, _ in first })
        let plan = try UpdatePlanner.plan(layout: layout, old: context, new: new, update: batch)
        // UpdatePlanner prepares twice: on the data before the update and after it.
        prepareCount += 2
        events.append(.prepare(reason: "batch update (before)"))
        events.append(.prepare(reason: "batch update (after)"))
        context = new
        let selected = selectedItems, highlighted = highlightedItems
        for path in selected where mapping.newIndexPath(forOld: path) == nil { setSelected(path, false) }
        for path in highlighted where mapping.newIndexPath(forOld: path) == nil { setHighlighted(path, false) }
        selectedItems = selectedItems.compactMap { mapping.newIndexPath(forOld: $0) }.sorted()
        highlightedItems = highlightedItems.compactMap { mapping.newIndexPath(forOld: $0) }.sorted()
        if let current = touch, let path = current.start.indexPath {
            var start = current.start
            start.indexPath = mapping.newIndexPath(forOld: path)
            var moved = current
            moved.start = start
            // A pan goes on; a touch whose cell was deleted ends (its lift selects nothing).
            touch = start.indexPath == nil && !moved.panning ? nil : moved
        }
        events.append(.batchUpdate(plan))
        // The update prepared the layout on the new data (and any state set before it).
        pendingInvalidation = nil
        try reclampOffset()
        return plan
    }
}
