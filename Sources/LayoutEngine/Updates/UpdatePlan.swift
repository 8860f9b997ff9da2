/// A planned batch update as the writers read it: the listings before and after the update
/// (the layout's element stores when it has them) and entries only for the elements that do
/// more than go from their attributes before to those after. A million persisting cells cost
/// 4 bytes each here instead of an entry holding two `LayoutAttributes`.
package struct UpdatePlan: Sendable {
    package var bounds: Rect
    package var contentSizeBefore: Size
    package var contentSizeAfter: Size
    package var updates: [CollectionUpdate]
    /// Every element before and after the update, in output order.
    package let before: ElementList
    package let after: ElementList
    /// For each element after the update: its position in `before` when it persists (from its
    /// attributes there to those here), else −1 − the index of its entry in `changed`.
    let sources: [Int32]
    /// Entries of the elements after the update that appear, reload or move (hooks applied).
    let changed: [AnimationPlan.Entry]
    /// The elements that disappear, in their order before the update, with their positions there.
    package let disappearing: [(position: Int, entry: AnimationPlan.Entry)]

    init(
        bounds: Rect, contentSizeBefore: Size, contentSizeAfter: Size, updates: [CollectionUpdate],
        before: ElementList, after: ElementList, sources: [Int32], changed: [AnimationPlan.Entry],
        disappearing: [(position: Int, entry: AnimationPlan.Entry)]
    ) {
        (self.bounds, self.contentSizeBefore, self.contentSizeAfter, self.updates) = (
            bounds, contentSizeBefore, contentSizeAfter, updates
        )
        (self.before, self.after, self.sources, self.changed, self.disappearing) = (
            before, after, sources, changed, disappearing
        )
    }

    /// Every element before or after the update: one entry each.
    package var entryCount: Int { after.count + disappearing.count }

    /// Where the element at `position` after the update was, when it persists there (its
    /// entry is then the element before → the element after); nil when it has its own entry.
    @inline(__always)
    package func persistingSource(ofAfter position: Int) -> Int? {
        let source = sources[position]
        return source >= 0 ? Int(source) : nil
    }

    /// The entry of the element at `position` after the update.
    package func entry(ofAfter position: Int) -> AnimationPlan.Entry {
        let source = sources[position]
        guard source >= 0 else { return changed[Int(-1 - source)] }
        let old = before[Int(source)], new = after[position]
        return AnimationPlan.Entry(
            change: .persist, category: new.category, kind: new.kind, indexPathBefore: old.indexPath,
            indexPathAfter: new.indexPath, from: old, to: new)
    }

    /// The plan with every entry built: the elements after the update in their order, then
    /// the disappearing ones in theirs (as `UpdatePlanner.plan` returns it).
    package var animationPlan: AnimationPlan {
        var entries: [AnimationPlan.Entry] = []
        entries.reserveCapacity(entryCount)
        for position in 0..<after.count { entries.append(entry(ofAfter: position)) }
        entries += disappearing.map(\.entry)
        return AnimationPlan(
            bounds: bounds, contentSizeBefore: contentSizeBefore, contentSizeAfter: contentSizeAfter, updates: updates,
            entries: entries)
    }
}
