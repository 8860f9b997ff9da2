/// Runs UIKit's batch-update cycle on a layout and records what animates:
/// prepare on the old data → (data changes) → prepare on the new data →
/// `prepareForCollectionViewUpdates` → initial attributes of every appearing element and final
/// attributes of every disappearing one → `finalizeCollectionViewUpdates`.
package enum UpdatePlanner {
    /// A layout that failed in one of the cycle's two layout passes, saying which: on the data
    /// before the update, or after it.
    package struct PreparePhaseError: Error, CustomStringConvertible {
        package enum Phase: String, Sendable {
            case beforeUpdate = "the layout before the update"
            case afterUpdate = "the layout after the update"
        }

        package var phase: Phase
        package var underlying: any Error

        package var description: String { "\(underlying) (in \(phase.rawValue))" }
    }

    /// Validates `update` (nothing is prepared when it is invalid), then plans it. `new` is the
    /// collection after the model changed; its data must agree with the update.
    package static func plan(
        layout: any CollectionViewLayout, old: CollectionContext, new: CollectionContext, update: BatchUpdate
    ) throws -> AnimationPlan {
        try updatePlan(layout: layout, old: old, new: new, update: update).animationPlan
    }

    /// The same plan, kept as the two listings (the layout's element stores when it hands
    /// them over) with entries built only for the elements that appear, disappear, reload or move.
    package static func updatePlan(
        layout: any CollectionViewLayout, old: CollectionContext, new: CollectionContext, update: BatchUpdate
    ) throws -> UpdatePlan {
        let mapping = try UpdateMapping(
            oldCounts: old.data.sections.map(\.count), update: update, newCounts: new.data.sections.map(\.count))
        let before: ElementList, contentSizeBefore: Size
        do {
            try layout.prepare(in: old)
            before = try layout.allElementList(context: old)
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
        let after: ElementList
        do {
            after = try layout.allElementList(context: new)
        } catch {
            throw PreparePhaseError(phase: .afterUpdate, underlying: error)
        }

        let walk: Walk
        if let beforeStore = before.store, let afterStore = after.store {
            walk = try Walk(
                before: beforeStore, after: afterStore, mapping: mapping, layout: layout, previous: old, context: new)
        } else {
            walk = try Walk(
                before: AttributesListing(before.array, indexed: true),
                after: AttributesListing(after.array, indexed: false),
                mapping: mapping, layout: layout, previous: old, context: new)
        }
        try layout.finalizeCollectionViewUpdates(context: new)
        return UpdatePlan(
            bounds: new.bounds, contentSizeBefore: contentSizeBefore,
            contentSizeAfter: layout.collectionViewContentSize,
            updates: updates, before: before, after: after, sources: walk.sources, changed: walk.changed,
            disappearing: walk.disappearing)
    }

    /// One pass over the elements after the update (where each was before, and its change),
    /// then one over those before that nothing matched. Persisting elements note where they
    /// were; the others get entries, asking the layout's hooks in UIKit's order. As UIKit, the
    /// hooks are asked for every element on screen, not only the inserted, deleted and moved
    /// ones: the initial hook for every element visible after the update (a persisting one's
    /// `a` holds its attributes before), the final hook for every element visible before it
    /// (a persisting or moving one's `a` holds its attributes after). A persisting element
    /// whose initial attributes the hook changed gets an entry from them; the final answer
    /// for an element that stays on is asked and not used (it animates to its place after).
    private struct Walk {
        var sources: [Int32] = []
        var changed: [AnimationPlan.Entry] = []
        var disappearing: [(position: Int, entry: AnimationPlan.Entry)] = []

        init<Listing: PlannedListing>(
            before: Listing, after: Listing, mapping: UpdateMapping, layout: any CollectionViewLayout,
            previous: CollectionContext, context new: CollectionContext
        ) throws {
            var pass = WalkPass(
                before: before, after: after, mapping: mapping, layout: layout, previous: previous, new: new)
            try pass.run()
            (sources, changed, disappearing) = (pass.sources, pass.changed, pass.disappearing)
        }
    }

    /// The walk's steps over one pair of listings: each element after the update visited in
    /// order (`visit`: a persisting one, or one with an entry), then each element before it
    /// that nothing matched (`disappear`).
    private struct WalkPass<Listing: PlannedListing> {
        let before: Listing, after: Listing
        let mapping: UpdateMapping
        let layout: any CollectionViewLayout
        let previous: CollectionContext, new: CollectionContext
        var sources: [Int32] = []
        var changed: [AnimationPlan.Entry] = []
        var disappearing: [(position: Int, entry: AnimationPlan.Entry)] = []
        var matched: [Bool]
        /// Where the next cell before is expected: survivors keep their order.
        var hint = 0
        var cursor: OldPathCursor

        init(
            before: Listing, after: Listing, mapping: UpdateMapping, layout: any CollectionViewLayout,
            previous: CollectionContext, new: CollectionContext
        ) {
            (self.before, self.after, self.mapping, self.layout) = (before, after, mapping, layout)
            (self.previous, self.new) = (previous, new)
            matched = [Bool](repeating: false, count: before.count)
            cursor = OldPathCursor(mapping)
        }

        mutating func run() throws {
            sources.reserveCapacity(after.count)
            for position in 0..<after.count { try visit(position) }
            for position in 0..<before.count where !matched[position] { try disappear(position) }
        }

        /// The element after the update at `position`: where it was, and its change.
        mutating func visit(_ position: Int) throws {
            let oldPosition: Int?, change: UpdateMapping.Change
            if after.category(at: position) == .cell {
                let oldPath = cursor.oldIndexPath(forNew: after.indexPath(at: position))
                oldPosition = oldPath.flatMap { before.position(ofCell: $0, hint: hint) }
                change = mapping.change(comingFrom: oldPath)
            } else {
                (oldPosition, change) = UpdatePlanner.origin(of: after.key(at: position), mapping, before.position)
            }
            if let oldPosition { hint = oldPosition + 1 }
            if change == .persist, let oldPosition {
                try persist(position, from: oldPosition)
                return
            }
            let entry = try entry(position, from: oldPosition, change: change)
            sources.append(Int32(-1 - changed.count))
            changed.append(entry)
        }

        /// Persists: from its attributes before to those after, read when written, unless the
        /// initial hook moves its start (then it gets an entry from that start).
        mutating func persist(_ position: Int, from oldPosition: Int) throws {
            matched[oldPosition] = true
            if before.frame(at: oldPosition).intersects(previous.bounds) {
                var end = after.attributes(at: position)
                end.key = before.key(at: oldPosition)
                _ = try layout.finalLayoutAttributes(forDisappearing: end, context: new)
            }
            if after.frame(at: position).intersects(new.bounds) {
                let attributes = after.attributes(at: position)
                var start = before.attributes(at: oldPosition)
                let pathBefore = start.indexPath
                start.key = attributes.key
                let from = try layout.initialLayoutAttributes(forAppearing: start, context: new)
                if from != start {
                    sources.append(Int32(-1 - changed.count))
                    changed.append(
                        AnimationPlan.Entry(
                            change: .persist, category: attributes.category, kind: attributes.kind,
                            indexPathBefore: pathBefore, indexPathAfter: attributes.indexPath, from: from,
                            to: attributes))
                    return
                }
            }
            sources.append(Int32(oldPosition))
        }

        /// The entry of an element that appears, reloads, moves or changes otherwise.
        mutating func entry(
            _ position: Int, from oldPosition: Int?, change: UpdateMapping.Change
        ) throws -> AnimationPlan.Entry {
            let attributes = after.attributes(at: position)
            let oldAttributes = oldPosition.map { before.attributes(at: $0) }
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
                if old.frame.intersects(previous.bounds) {
                    var end = attributes
                    end.key = old.key
                    _ = try layout.finalLayoutAttributes(forDisappearing: end, context: new)
                }
                var start = old
                start.key = attributes.key
                entry.from = try layout.initialLayoutAttributes(forAppearing: start, context: new)
            case (_, let old?):
                matched[oldPosition!] = true
                entry.from = old
            }
            return entry
        }

        /// Disappears (deleted, reloaded away, or no longer placed): a fade in place.
        mutating func disappear(_ position: Int) throws {
            let attributes = before.attributes(at: position)
            var end = attributes
            end.alpha = 0
            let reloaded =
                attributes.category == .cell
                ? mapping.change(ofOld: attributes.indexPath) == .reload
                : mapping.sectionChange(ofOld: attributes.indexPath.section) == .reload
            let change: UpdateMapping.Change = reloaded ? .reload : .delete
            let entry = AnimationPlan.Entry(
                change: change, category: attributes.category, kind: attributes.kind,
                indexPathBefore: attributes.indexPath, indexPathAfter: nil,
                from: attributes, to: try layout.finalLayoutAttributes(forDisappearing: end, context: new))
            disappearing.append((position, entry))
        }
    }

    /// Where the element was before the update (its position in the old list), and its change.
    /// Cells follow the item mapping. Supplementary and decoration views belong to their
    /// section: a header at (s, 0) was the header of the section now at s; only when that
    /// section had no such element do per-item views follow the item mapping.
    fileprivate static func origin(
        of key: ElementKey, _ mapping: UpdateMapping, _ position: (ElementKey) -> Int?
    ) -> (Int?, UpdateMapping.Change) {
        let path = key.indexPath
        if key.category == .cell {
            let old = mapping.oldIndexPath(forNew: path).flatMap {
                position(ElementKey(category: .cell, indexPath: $0))
            }
            return (old, mapping.change(ofNew: path))
        }
        guard mapping.sectionsNewToOld.indices.contains(path.section),
            let oldSection = mapping.sectionsNewToOld[path.section]
        else {
            return (nil, .insert)
        }
        let sectionChange = mapping.sectionChange(ofOld: oldSection)
        if sectionChange == .reload {
            return (
                position(
                    ElementKey(
                        category: key.category, kind: key.kind,
                        indexPath: path.with(section: oldSection, item: path.item))),
                .reload
            )
        }
        if let old = position(
            ElementKey(
                category: key.category, kind: key.kind, indexPath: path.with(section: oldSection, item: path.item)))
        {
            return (old, sectionChange)
        }
        if let oldPath = mapping.oldIndexPath(forNew: path),
            let old = position(ElementKey(category: key.category, kind: key.kind, indexPath: oldPath))
        {
            return (old, .persist)
        }
        return (nil, .insert)
    }
}
