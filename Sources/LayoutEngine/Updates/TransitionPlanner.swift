/// A layout-to-layout transition (UICollectionViewTransitionLayout): the same data in two
/// layouts; every element animates from its attributes in the first to those in the second,
/// elements only one layout places fade in or out in place. Progress 0…1 is linear.
package enum TransitionPlanner {
    package static func plan(
        from current: any CollectionViewLayout, to next: any CollectionViewLayout, context: CollectionContext
    ) throws -> AnimationPlan {
        try current.prepare(in: context)
        let before = try current.allLayoutAttributes(context: context)
        let contentSizeBefore = current.collectionViewContentSize
        try next.prepare(in: context)
        let after = try next.allLayoutAttributes(context: context)

        var beforeByKey: [ElementKey: LayoutAttributes] = [:]
        beforeByKey.reserveCapacity(before.count)
        for attributes in before { beforeByKey[attributes.key] = attributes }
        var entries: [AnimationPlan.Entry] = []
        entries.reserveCapacity(max(before.count, after.count))
        for attributes in after {
            if let old = beforeByKey.removeValue(forKey: attributes.key) {
                entries.append(
                    entry(
                        .persist, attributes, before: old.indexPath, after: attributes.indexPath, from: old,
                        to: attributes))
            } else {
                var start = attributes
                start.alpha = 0
                entries.append(
                    entry(.insert, attributes, before: nil, after: attributes.indexPath, from: start, to: attributes))
            }
        }
        for attributes in before where beforeByKey[attributes.key] != nil {
            var end = attributes
            end.alpha = 0
            entries.append(
                entry(.delete, attributes, before: attributes.indexPath, after: nil, from: attributes, to: end))
        }
        return AnimationPlan(
            bounds: context.bounds, contentSizeBefore: contentSizeBefore,
            contentSizeAfter: next.collectionViewContentSize,
            updates: [], entries: entries)
    }

    private static func entry(
        _ change: UpdateMapping.Change, _ attributes: LayoutAttributes, before: LayoutIndexPath?,
        after: LayoutIndexPath?,
        from: LayoutAttributes, to: LayoutAttributes
    ) -> AnimationPlan.Entry {
        AnimationPlan.Entry(
            change: change, category: attributes.category, kind: attributes.kind, indexPathBefore: before,
            indexPathAfter: after,
            from: from, to: to)
    }
}
