/// Runs UIKit's batch-update cycle on a layout and records what animates:
/// prepare on the old data → (data changes) → prepare on the new data →
/// `prepareForCollectionViewUpdates` → initial attributes of every appearing element and final
/// attributes of every disappearing one → `finalizeCollectionViewUpdates`.
public enum UpdatePlanner {
    /// A layout that failed in one of the cycle's two layout passes, saying which: on the data
    /// before the update, or after it.
    public struct PreparePhaseError: Error, CustomStringConvertible {
        public enum Phase: String, Sendable {
            case beforeUpdate = "the layout before the update"
            case afterUpdate = "the layout after the update"
        }

        public var phase: Phase
        public var underlying: any Error

        public var description: String { "\(underlying) (in \(phase.rawValue))" }
    }

    /// Validates `update` (nothing is prepared when it is invalid), then plans it. `new` is the
    /// collection after the model changed; its data must agree with the update.
    public static func plan(
        layout: any CollectionViewLayout, old: CollectionContext, new: CollectionContext, update: BatchUpdate
    ) throws -> AnimationPlan {
        let mapping = try UpdateMapping(
            oldCounts: old.data.sections.map(\.count), update: update, newCounts: new.data.sections.map(\.count))
        let before: [LayoutAttributes], contentSizeBefore: Size
        do {
            try layout.prepare(in: old)
            before = try layout.allLayoutAttributes(context: old)
            contentSizeBefore = layout.collectionViewContentSize
        } catch {
            throw PreparePhaseError(phase: .beforeUpdate, underlying: error)
        }
        do {
            try layout.prepare(in: new)
        } catch {
            throw PreparePhaseError(phase: .afterUpdate, underlying: error)
        }
        let updates = update.collectionUpdates(mapping: mapping)
        try layout.prepare(forCollectionViewUpdates: updates, context: new)
        let after: [LayoutAttributes]
        do {
            after = try layout.allLayoutAttributes(context: new)
        } catch {
            throw PreparePhaseError(phase: .afterUpdate, underlying: error)
        }

        // Find an element's attributes before the update: cells (most elements, in index-path
        // order at the front of the list) by binary search, other elements through a table.
        let cellCount = before.prefix { $0.category == .cell }.count
        var otherPositions: [ElementKey: Int] = [:]
        for position in cellCount..<before.count { otherPositions[before[position].key] = position }
        func position(of key: ElementKey) -> Int? {
            guard key.category == .cell else { return otherPositions[key] }
            var low = 0, high = cellCount
            while low < high {
                let middle = (low + high) / 2
                if before[middle].indexPath < key.indexPath { low = middle + 1 } else { high = middle }
            }
            return low < cellCount && before[low].indexPath == key.indexPath ? low : nil
        }

        var entries: [AnimationPlan.Entry] = []
        entries.reserveCapacity(after.count + before.count / 8)
        var matched = [Bool](repeating: false, count: before.count)
        for attributes in after {
            let (oldPosition, change) = origin(of: attributes.key, mapping, position)
            let oldAttributes = oldPosition.map { before[$0] }
            var entry = AnimationPlan.Entry(
                change: change, category: attributes.category, kind: attributes.kind,
                indexPathBefore: oldAttributes?.indexPath, indexPathAfter: attributes.indexPath,
                from: attributes, to: attributes)
            switch (change, oldAttributes) {
            case (.insert, _), (.reload, _), (_, nil):
                // Appears: UIKit's default is a fade in place.
                var start = attributes
                start.alpha = 0
                entry.change = change == .reload ? .reload : .insert
                entry.indexPathBefore = change == .reload ? oldAttributes?.indexPath : nil
                entry.from = try layout.initialLayoutAttributes(forAppearing: start, context: new)
            case (.move, let old?):
                // Moving elements are asked too (a layout filters them with the updates): they
                // start where they were, under their new index path, as UIKit passes it.
                matched[oldPosition!] = true
                var start = old
                start.key = attributes.key
                entry.from = try layout.initialLayoutAttributes(forAppearing: start, context: new)
            case (_, let old?):
                matched[oldPosition!] = true
                entry.from = old
            }
            entries.append(entry)
        }
        for (position, attributes) in before.enumerated() where !matched[position] {
            // Disappears (deleted, reloaded away, or no longer placed): a fade in place.
            var end = attributes
            end.alpha = 0
            let reloaded = attributes.category == .cell
                ? mapping.change(ofOld: attributes.indexPath) == .reload
                : mapping.sectionChange(ofOld: attributes.indexPath.section) == .reload
            let change: UpdateMapping.Change = reloaded ? .reload : .delete
            entries.append(AnimationPlan.Entry(
                change: change, category: attributes.category, kind: attributes.kind,
                indexPathBefore: attributes.indexPath, indexPathAfter: nil,
                from: attributes, to: try layout.finalLayoutAttributes(forDisappearing: end, context: new)))
        }
        try layout.finalizeCollectionViewUpdates(context: new)
        return AnimationPlan(
            bounds: new.bounds, contentSizeBefore: contentSizeBefore, contentSizeAfter: layout.collectionViewContentSize,
            updates: updates, entries: entries)
    }

    /// Where the element was before the update (its position in the old list), and its change.
    /// Cells follow the item mapping. Supplementary and decoration views belong to their
    /// section: a header at (s, 0) was the header of the section now at s; only when that
    /// section had no such element do per-item views follow the item mapping.
    private static func origin(
        of key: ElementKey, _ mapping: UpdateMapping, _ position: (ElementKey) -> Int?
    ) -> (Int?, UpdateMapping.Change) {
        let path = key.indexPath
        if key.category == .cell {
            let old = mapping.oldIndexPath(forNew: path).flatMap { position(ElementKey(category: .cell, indexPath: $0)) }
            return (old, mapping.change(ofNew: path))
        }
        guard mapping.sectionsNewToOld.indices.contains(path.section), let oldSection = mapping.sectionsNewToOld[path.section] else {
            return (nil, .insert)
        }
        let sectionChange = mapping.sectionChange(ofOld: oldSection)
        if sectionChange == .reload { return (position(ElementKey(category: key.category, kind: key.kind, indexPath: LayoutIndexPath(oldSection, path.item))), .reload) }
        if let old = position(ElementKey(category: key.category, kind: key.kind, indexPath: LayoutIndexPath(oldSection, path.item))) {
            return (old, sectionChange)
        }
        if let oldPath = mapping.oldIndexPath(forNew: path),
           let old = position(ElementKey(category: key.category, kind: key.kind, indexPath: oldPath)) {
            return (old, .persist)
        }
        return (nil, .insert)
    }
}
