import LayoutEngine

/// A random collection and a random valid batch update, built the way a host changes its model:
/// every old section and item gets a fate (persist, delete, reload, move), inserted sections and
/// items and move targets take random places, and survivors fill the rest in order. The model
/// knows where everything goes, independently of `UpdateMapping`.
package struct BatchScenario {
    package var oldCounts: [Int]
    package var batch = BatchUpdate()
    package var insertedSectionCounts: [Int: Int] = [:]
    package var newCounts: [Int] = []
    /// Old section → new section (nil: deleted).
    package var sectionOldToNew: [Int?] = []
    package var sectionChange: [UpdateMapping.Change] = []
    /// Old item → new item (nil: deleted), and what happens to it.
    package var itemOldToNew: [[LayoutIndexPath?]] = []
    package var itemChange: [[UpdateMapping.Change]] = []
    /// New item → old item (nil: inserted).
    package var itemNewToOld: [[LayoutIndexPath?]] = []

    package var totalOld: Int { oldCounts.reduce(0, +) }
    package var totalNew: Int { newCounts.reduce(0, +) }

    package init(_ random: inout SplitMix64) {
        oldCounts = (0..<random.int(0...5)).map { _ in random.int(0...6) }
        let oldSections = oldCounts.count

        // Sections: fates, then places after the update.
        sectionChange = (0..<oldSections).map { _ in
            let roll = random.unit()
            return roll < 0.6 ? .persist : roll < 0.72 ? .delete : roll < 0.84 ? .reload : .move
        }
        let inserted = random.int(0...2)
        let moved = (0..<oldSections).filter { sectionChange[$0] == .move }
        let newSections = oldSections - sectionChange.filter { $0 == .delete }.count + inserted
        let claimed = random.shuffled(random.subset(Array(0..<newSections), count: inserted + moved.count))
        let insertedPlaces = Array(claimed.prefix(inserted))
        let movedPlaces = Array(claimed.dropFirst(inserted))
        var sectionNewToOld = [Int?](repeating: nil, count: newSections)
        sectionOldToNew = [Int?](repeating: nil, count: oldSections)
        for (old, new) in zip(moved, random.shuffled(movedPlaces)) {
            sectionNewToOld[new] = old
            sectionOldToNew[old] = new
            batch.movedSections.append(.init(from: old, to: new))
        }
        let staying = (0..<oldSections).filter { sectionChange[$0] == .persist || sectionChange[$0] == .reload }
        let free = (0..<newSections).filter { !claimed.contains($0) }
        for (old, new) in zip(staying, free) {
            sectionNewToOld[new] = old
            sectionOldToNew[old] = new
        }
        batch.deletedSections = (0..<oldSections).filter { sectionChange[$0] == .delete }
        batch.reloadedSections = (0..<oldSections).filter { sectionChange[$0] == .reload }
        batch.insertedSections = insertedPlaces
        for section in insertedPlaces { insertedSectionCounts[section] = random.int(0...3) }

        // Items of sections that keep their items (persisting or moved sections).
        let editable = (0..<oldSections).filter { sectionChange[$0] == .persist || sectionChange[$0] == .move }
        let targets = editable.compactMap { sectionOldToNew[$0] }
        itemChange = oldCounts.enumerated().map { section, count in
            (0..<count).map { _ in
                guard editable.contains(section) else { return sectionChange[section] == .delete ? .delete : .reload }
                let roll = random.unit()
                if roll < 0.6 || (roll >= 0.85 && targets.isEmpty) { return .persist }
                return roll < 0.72 ? .delete : roll < 0.85 ? .reload : .move
            }
        }
        var movesInto: [Int: [LayoutIndexPath]] = [:]
        for (section, changes) in itemChange.enumerated() {
            for (item, change) in changes.enumerated() where change == .move {
                movesInto[random.pick(targets), default: []].append(LayoutIndexPath(section, item))
            }
        }

        itemNewToOld = []
        newCounts = []
        for new in 0..<newSections {
            guard let old = sectionNewToOld[new] else {
                let count = insertedSectionCounts[new] ?? 0
                newCounts.append(count)
                itemNewToOld.append([LayoutIndexPath?](repeating: nil, count: count))
                continue
            }
            let survivors = (0..<oldCounts[old]).filter {
                itemChange[old][$0] == .persist || itemChange[old][$0] == .reload
            }
            .map { LayoutIndexPath(old, $0) }
            let insertsHere = editable.contains(old) ? random.int(0...2) : 0
            let arriving = random.shuffled(movesInto[new] ?? [])
            let count = survivors.count + insertsHere + arriving.count
            let places = random.shuffled(random.subset(Array(0..<count), count: insertsHere + arriving.count))
            var items = [LayoutIndexPath?](repeating: nil, count: count)
            for place in places.prefix(insertsHere) { batch.insertedItems.append(LayoutIndexPath(new, place)) }
            for (place, from) in zip(places.dropFirst(insertsHere), arriving) {
                items[place] = from
                batch.movedItems.append(.init(from: from, to: LayoutIndexPath(new, place)))
            }
            let open = (0..<count).filter { !places.contains($0) }
            for (place, from) in zip(open, survivors) { items[place] = from }
            newCounts.append(count)
            itemNewToOld.append(items)
        }
        itemOldToNew = oldCounts.map { [LayoutIndexPath?](repeating: nil, count: $0) }
        for (new, items) in itemNewToOld.enumerated() {
            for (item, old) in items.enumerated() {
                if let old { itemOldToNew[old.section][old.item] = LayoutIndexPath(new, item) }
            }
        }
        for (section, changes) in itemChange.enumerated() where editable.contains(section) {
            for (item, change) in changes.enumerated() {
                if change == .delete { batch.deletedItems.append(LayoutIndexPath(section, item)) }
                if change == .reload { batch.reloadedItems.append(LayoutIndexPath(section, item)) }
            }
        }
        // The host lists changes in any order.
        batch.deletedSections = random.shuffled(batch.deletedSections)
        batch.insertedSections = random.shuffled(batch.insertedSections)
        batch.deletedItems = random.shuffled(batch.deletedItems)
        batch.insertedItems = random.shuffled(batch.insertedItems)
        batch.reloadedItems = random.shuffled(batch.reloadedItems)
        batch.movedItems = random.shuffled(batch.movedItems)
    }

    /// What happens to the new item at `path`: inserted, or what happened to its old item.
    package func change(ofNew path: LayoutIndexPath) -> UpdateMapping.Change {
        guard let old = itemNewToOld[path.section][path.item] else { return .insert }
        return itemChange[old.section][old.item]
    }

    package var batchEntryCount: Int {
        batch.deletedSections.count + batch.insertedSections.count + batch.reloadedSections.count
            + batch.movedSections.count
            + batch.deletedItems.count + batch.insertedItems.count + batch.reloadedItems.count + batch.movedItems.count
    }
}

/// A flow layout that counts its prepares, to see that a rejected batch prepares nothing.
package final class CountingLayout: CollectionViewLayout {
    package let flow: FlowLayout
    package private(set) var prepares = 0

    package init(_ configuration: FlowLayoutConfiguration) { flow = FlowLayout(configuration: configuration) }

    package func prepare(in context: CollectionContext) throws {
        prepares += 1
        try flow.prepare(in: context)
    }

    package var collectionViewContentSize: Size { flow.collectionViewContentSize }

    package func layoutAttributesForElements(in rect: Rect, context: CollectionContext) throws -> [LayoutAttributes] {
        try flow.layoutAttributesForElements(in: rect, context: context)
    }

    package func layoutAttributesForItem(
        at indexPath: LayoutIndexPath, context: CollectionContext
    ) throws -> LayoutAttributes? {
        try flow.layoutAttributesForItem(at: indexPath, context: context)
    }

    package func layoutAttributesForSupplementaryView(
        ofKind kind: String, at indexPath: LayoutIndexPath, context: CollectionContext
    ) throws -> LayoutAttributes? {
        try flow.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath, context: context)
    }

    package func layoutAttributesForDecorationView(
        ofKind kind: String, at indexPath: LayoutIndexPath, context: CollectionContext
    ) throws -> LayoutAttributes? {
        nil
    }

    package func shouldInvalidateLayout(forBoundsChange newBounds: Rect, context: CollectionContext) throws -> Bool {
        false
    }

    package func targetContentOffset(
        forProposedContentOffset proposedContentOffset: Point, withScrollingVelocity velocity: Point,
        context: CollectionContext
    ) throws -> Point { proposedContentOffset }

    package func allLayoutAttributes(context: CollectionContext) throws -> [LayoutAttributes] {
        try flow.allLayoutAttributes(context: context)
    }
}

extension BatchScenario {
    /// The old section a new one comes from (nil: inserted).
    package func sectionNewToOld(_ new: Int) -> Int? { sectionOldToNew.firstIndex { $0 == new } }

    /// A batch that breaks one of UIKit's rules, made from a valid one; nil when none applies.
    package static func breaking(_ s: BatchScenario, _ random: inout SplitMix64) -> (BatchUpdate, [Int]?, String)? {
        var batch = s.batch
        let oldSections = s.oldCounts.count
        let editable = (0..<oldSections).filter {
            !s.batch.deletedSections.contains($0) && !s.batch.reloadedSections.contains($0)
        }
        let kept = s.newCounts.indices.filter {
            !s.batch.insertedSections.contains($0) && !s.batch.reloadedSections.contains(s.sectionNewToOld($0) ?? -1)
        }
        var rules: [(String, () -> (BatchUpdate, [Int]?))] = []
        if let section = editable.first {
            rules.append(
                (
                    "delete an item past the end",
                    {
                        batch.deletedItems.append(LayoutIndexPath(section, s.oldCounts[section]))
                        return (batch, nil)
                    }
                ))
        }
        if let deleted = s.batch.deletedItems.first {
            rules.append(
                (
                    "delete an item twice",
                    {
                        batch.deletedItems.append(deleted)
                        return (batch, nil)
                    }
                ))
            if let target = kept.first {
                rules.append(
                    (
                        "delete and move an item",
                        {
                            batch.movedItems.append(.init(from: deleted, to: LayoutIndexPath(target, 0)))
                            return (batch, nil)
                        }
                    ))
            }
            rules.append(
                (
                    "delete and reload an item",
                    {
                        batch.reloadedItems.append(deleted)
                        return (batch, nil)
                    }
                ))
        }
        if let section = kept.first {
            rules.append(
                (
                    "insert an item past the end",
                    {
                        batch.insertedItems.append(LayoutIndexPath(section, s.newCounts[section] + 1))
                        return (batch, nil)
                    }
                ))
            rules.append(
                (
                    "new counts off by one",
                    {
                        var counts = s.newCounts
                        counts[section] += 1
                        return (batch, counts)
                    }
                ))
        }
        if let moved = s.batch.movedItems.first {
            rules.append(
                (
                    "insert at a move's target",
                    {
                        batch.insertedItems.append(moved.to)
                        return (batch, nil)
                    }
                ))
            rules.append(
                (
                    "move an item twice",
                    {
                        batch.movedItems.append(.init(from: moved.from, to: moved.to))
                        return (batch, nil)
                    }
                ))
        }
        rules.append(
            (
                "delete a section past the end",
                {
                    batch.deletedSections.append(oldSections)
                    return (batch, nil)
                }
            ))
        rules.append(
            (
                "insert a section past the end",
                {
                    batch.insertedSections.append(s.newCounts.count + 1)
                    return (batch, nil)
                }
            ))
        if let section = s.batch.insertedSections.first {
            rules.append(
                (
                    "insert an item into an inserted section",
                    {
                        batch.insertedItems.append(LayoutIndexPath(section, 0))
                        return (batch, nil)
                    }
                ))
        }
        if let section = s.batch.reloadedSections.first, s.oldCounts[section] > 0 {
            rules.append(
                (
                    "reload an item of a reloaded section",
                    {
                        batch.reloadedItems.append(LayoutIndexPath(section, 0))
                        return (batch, nil)
                    }
                ))
        }
        if let section = s.batch.deletedSections.first {
            rules.append(
                (
                    "delete a section twice",
                    {
                        batch.deletedSections.append(section)
                        return (batch, nil)
                    }
                ))
            rules.append(
                (
                    "delete and reload a section",
                    {
                        batch.reloadedSections.append(section)
                        return (batch, nil)
                    }
                ))
        }
        guard !rules.isEmpty else { return nil }
        let (name, make) = random.pick(rules)
        let (broken, counts) = make()
        return (broken, counts, name)
    }
}
