/// Where a batch update takes every section and item, in both directions, after UIKit's
/// consistency checks: deleted/reloaded/moved-from positions exist before the update,
/// inserted/moved-to positions after it, nothing is named twice or both deleted and moved,
/// and each surviving section's new count is its old count − deletes − moves out + inserts +
/// moves in. Survivors keep their relative order and fill the positions no insert or move
/// claimed, in order.
package struct UpdateMapping: Sendable {
    /// What happened to one item.
    package enum Change: String, Sendable {
        case insert
        case delete
        case move
        case reload
        case persist
    }

    package let oldCounts: [Int]
    package let newCounts: [Int]
    /// Old section → new section (nil: deleted).
    package let sectionsOldToNew: [Int?]
    /// New section → old section (nil: inserted).
    package let sectionsNewToOld: [Int?]
    /// Per old section: the items that leave it (deleted or moved out), ascending. Survivors
    /// are the rest, so an item's place is found by counting, not kept per item.
    let leaving: [[Int]]
    /// Per new section: the places inserts and moves claim, ascending, and where each comes
    /// from (nil: inserted).
    let claimed: [[Int]]
    let claimedOrigins: [[LayoutIndexPath?]]
    /// Where each moved item goes.
    private let moveTargets: [LayoutIndexPath: LayoutIndexPath]
    private let movedItemsOld: Set<LayoutIndexPath>
    private let reloadedItemsOld: Set<LayoutIndexPath>
    private let reloadedSectionsOld: Set<Int>
    private let movedSectionsOld: Set<Int>

    /// Validates `update` against the sections' item counts before it and, when the host gives
    /// them (its model already changed), after it. `insertedSectionCounts` gives the item count
    /// of inserted sections when `newCounts` is not given (default 0). UIKit's checks, in order:
    /// 1. sections named once, each change naming a section that exists before (delete,
    ///    reload, move from) or after (insert, move to) the update, never two changes at once;
    /// 2. sections mapped: inserts and moves claim their places, survivors fill the rest in order;
    /// 3. items named once, deletes, reloads and moves from existing before the update, outside
    ///    deleted or reloaded sections, never two changes at once;
    /// 4. each surviving section's new count: old − deletes − moves out + inserts + moves in;
    /// 5. inserts and moves to existing after the update, outside inserted or reloaded sections;
    /// 6. items mapped: survivors fill the places no insert or move claimed, in order.
    package init(
        oldCounts: [Int], update: BatchUpdate, newCounts expected: [Int]? = nil,
        insertedSectionCounts: [Int: Int] = [:]
    ) throws(UpdateError) {
        let sections = try SectionChanges(update, oldSectionCount: oldCounts.count, expectedCount: expected?.count)
        let (sectionsNewToOld, sectionsOldToNew) = sections.mapping(update)
        let items = try ItemChanges(update, oldCounts: oldCounts, sections: sections)
        let newCounts = try Self.newCounts(
            update, oldCounts: oldCounts, items: items, sectionsNewToOld: sectionsNewToOld, expected: expected,
            insertedSectionCounts: insertedSectionCounts)
        try items.checkTargets(
            update, sections: sections, newCounts: newCounts, sectionsNewToOld: sectionsNewToOld)
        let (leaving, claimedPlaces) = try Self.placeSurvivors(
            update, items: items, oldCounts: oldCounts, newCounts: newCounts, sectionsNewToOld: sectionsNewToOld)

        self.oldCounts = oldCounts
        self.newCounts = newCounts
        self.sectionsOldToNew = sectionsOldToNew
        self.sectionsNewToOld = sectionsNewToOld
        self.leaving = leaving
        self.claimed = claimedPlaces.map { $0.map(\.item) }
        self.claimedOrigins = claimedPlaces.map { $0.map(\.origin) }
        self.moveTargets = Dictionary(uniqueKeysWithValues: update.movedItems.map { ($0.from, $0.to) })
        self.movedItemsOld = items.movedFrom
        self.reloadedItemsOld = items.reloaded
        self.reloadedSectionsOld = sections.reloaded
        self.movedSectionsOld = sections.movedFrom
    }

    /// `values` as a set; a value named twice is an error.
    static func checkUnique<T: Hashable>(_ values: [T], _ what: String) throws(UpdateError) -> Set<T> {
        var seen = Set<T>()
        for value in values where !seen.insert(value).inserted {
            throw UpdateError("\(what) \(value) is named twice")
        }
        return seen
    }

    /// Step 1: the section changes, checked.
    struct SectionChanges {
        let oldCount: Int, newCount: Int
        let deleted: Set<Int>, reloaded: Set<Int>, movedFrom: Set<Int>
        let inserted: Set<Int>, movedTo: Set<Int>

        init(_ update: BatchUpdate, oldSectionCount: Int, expectedCount: Int?) throws(UpdateError) {
            func checkOld(_ section: Int, _ what: String) throws(UpdateError) {
                guard (0..<oldSectionCount).contains(section) else {
                    throw UpdateError(
                        "cannot \(what) section \(section): there \(oldSectionCount == 1 ? "is only 1 section" : "are only \(oldSectionCount) sections") before the update"
                    )
                }
            }
            oldCount = oldSectionCount
            deleted = try checkUnique(update.deletedSections, "deleted section")
            reloaded = try checkUnique(update.reloadedSections, "reloaded section")
            movedFrom = try checkUnique(update.movedSections.map(\.from), "section moved from")
            for section in deleted { try checkOld(section, "delete") }
            for section in reloaded { try checkOld(section, "reload") }
            for section in movedFrom { try checkOld(section, "move") }
            if let section = deleted.intersection(reloaded).min() {
                throw UpdateError("section \(section) is both deleted and reloaded")
            }
            if let section = deleted.intersection(movedFrom).min() {
                throw UpdateError("section \(section) is both deleted and moved")
            }
            if let section = reloaded.intersection(movedFrom).min() {
                throw UpdateError("section \(section) is both reloaded and moved")
            }

            let newSectionCount = oldSectionCount - deleted.count + update.insertedSections.count
            newCount = newSectionCount
            if let expectedCount, expectedCount != newSectionCount {
                throw UpdateError(
                    "invalid number of sections: the data has \(expectedCount) after the update, but there were \(oldSectionCount) before it, plus \(update.insertedSections.count) inserted and minus \(deleted.count) deleted"
                )
            }
            func checkNew(_ section: Int, _ what: String) throws(UpdateError) {
                guard (0..<newSectionCount).contains(section) else {
                    throw UpdateError(
                        "cannot \(what) section \(section): there are \(newSectionCount) sections after the update")
                }
            }
            inserted = try checkUnique(update.insertedSections, "inserted section")
            movedTo = try checkUnique(update.movedSections.map(\.to), "section moved to")
            for section in inserted { try checkNew(section, "insert") }
            for section in movedTo { try checkNew(section, "move to") }
            if let section = inserted.intersection(movedTo).min() {
                throw UpdateError("section \(section) is both inserted and the target of a move")
            }
        }

        /// Step 2: new section → old (nil: inserted), and old → new (nil: deleted). Moves claim
        /// their targets, inserts their places; the surviving sections fill the rest in order.
        func mapping(_ update: BatchUpdate) -> (newToOld: [Int?], oldToNew: [Int?]) {
            var newToOld = [Int?](repeating: nil, count: newCount)
            var claimed = inserted
            for move in update.movedSections {
                newToOld[move.to] = move.from
                claimed.insert(move.to)
            }
            let surviving = (0..<oldCount).filter { !deleted.contains($0) && !movedFrom.contains($0) }
            let free = (0..<newCount).filter { !claimed.contains($0) }
            for (old, new) in zip(surviving, free) { newToOld[new] = old }
            var oldToNew = [Int?](repeating: nil, count: oldCount)
            for (new, old) in newToOld.enumerated() { if let old { oldToNew[old] = new } }
            return (newToOld, oldToNew)
        }
    }

    /// Steps 3 and 5: the item changes, checked before the update (3) and after it (5).
    struct ItemChanges {
        let deleted: Set<LayoutIndexPath>, reloaded: Set<LayoutIndexPath>, movedFrom: Set<LayoutIndexPath>

        init(_ update: BatchUpdate, oldCounts: [Int], sections: SectionChanges) throws(UpdateError) {
            deleted = try checkUnique(update.deletedItems, "deleted item")
            reloaded = try checkUnique(update.reloadedItems, "reloaded item")
            movedFrom = try checkUnique(update.movedItems.map(\.from), "item moved from")
            for (paths, what) in [(deleted, "delete"), (reloaded, "reload"), (movedFrom, "move")] {
                for path in paths.sorted() {
                    guard (0..<sections.oldCount).contains(path.section),
                        (0..<oldCounts[path.section]).contains(path.item)
                    else {
                        throw UpdateError("cannot \(what) item \(path): it does not exist before the update")
                    }
                    if sections.deleted.contains(path.section) {
                        throw UpdateError("cannot \(what) item \(path): its section \(path.section) is deleted")
                    }
                    if sections.reloaded.contains(path.section) {
                        throw UpdateError("cannot \(what) item \(path): its section \(path.section) is reloaded")
                    }
                }
            }
            if let path = deleted.intersection(movedFrom).min() {
                throw UpdateError("item \(path) is both deleted and moved")
            }
            if let path = deleted.intersection(reloaded).min() {
                throw UpdateError("item \(path) is both deleted and reloaded")
            }
            if let path = reloaded.intersection(movedFrom).min() {
                throw UpdateError("item \(path) is both reloaded and moved")
            }
        }

        /// Step 5: inserts and move targets exist after the update, outside inserted sections
        /// (which come with all their items) and reloaded ones.
        func checkTargets(
            _ update: BatchUpdate, sections: SectionChanges, newCounts: [Int], sectionsNewToOld: [Int?]
        ) throws(UpdateError) {
            let inserted = try checkUnique(update.insertedItems, "inserted item")
            let movedTo = try checkUnique(update.movedItems.map(\.to), "item moved to")
            for (paths, what) in [(inserted, "insert"), (movedTo, "move an item to")] {
                for path in paths.sorted() {
                    if sections.inserted.contains(path.section) {
                        throw UpdateError(
                            "cannot \(what) \(path): its section \(path.section) is inserted with all its items")
                    }
                    guard (0..<sections.newCount).contains(path.section),
                        (0..<newCounts[path.section]).contains(path.item)
                    else {
                        throw UpdateError("cannot \(what) \(path): it does not exist after the update")
                    }
                    if let old = sectionsNewToOld[path.section], sections.reloaded.contains(old) {
                        throw UpdateError("cannot \(what) \(path): its section is reloaded")
                    }
                }
            }
            if let path = inserted.intersection(movedTo).min() {
                throw UpdateError("item \(path) is both inserted and the target of a move")
            }
        }
    }

    /// Step 4: UIKit's rule for every section that existed before (old − deletes − moves out +
    /// inserts + moves in), checked against the host's counts when it gives them; inserted
    /// sections take the host's count.
    static func newCounts(
        _ update: BatchUpdate, oldCounts: [Int], items: ItemChanges, sectionsNewToOld: [Int?], expected: [Int]?,
        insertedSectionCounts: [Int: Int]
    ) throws(UpdateError) -> [Int] {
        func countBySection(_ paths: some Sequence<LayoutIndexPath>) -> [Int: Int] {
            paths.reduce(into: [:]) { $0[$1.section, default: 0] += 1 }
        }
        let insertedBySection = countBySection(update.insertedItems)
        let movedInBySection = countBySection(update.movedItems.map(\.to))
        let deletedBySection = countBySection(items.deleted)
        let movedOutBySection = countBySection(items.movedFrom)
        var newCounts = [Int](repeating: 0, count: sectionsNewToOld.count)
        for new in newCounts.indices {
            guard let old = sectionsNewToOld[new] else {
                newCounts[new] = expected?[new] ?? insertedSectionCounts[new] ?? 0
                continue
            }
            let inserted = insertedBySection[new] ?? 0, movedIn = movedInBySection[new] ?? 0
            let deleted = deletedBySection[old] ?? 0, movedOut = movedOutBySection[old] ?? 0
            let count = oldCounts[old] - deleted - movedOut + inserted + movedIn
            if let expected, expected[new] != count {
                throw UpdateError(
                    "invalid number of items in section \(new): the data has \(expected[new]) after the update, but the section had \(oldCounts[old]) before it, plus \(inserted) inserted and \(movedIn) moved in, minus \(deleted) deleted and \(movedOut) moved out"
                )
            }
            guard count >= 0 else { throw UpdateError("section \(new) would have \(count) items after the update") }
            newCounts[new] = count
        }
        return newCounts
    }

    /// Step 6: survivors keep their order and fill the places no insert or move claimed: only
    /// the changed items are kept (sorted per section), every other place is found by counting.
    static func placeSurvivors(
        _ update: BatchUpdate, items: ItemChanges, oldCounts: [Int], newCounts: [Int], sectionsNewToOld: [Int?]
    ) throws(UpdateError) -> (leaving: [[Int]], claimed: [[(item: Int, origin: LayoutIndexPath?)]]) {
        var leaving = [[Int]](repeating: [], count: oldCounts.count)
        for path in items.deleted.union(items.movedFrom) { leaving[path.section].append(path.item) }
        var claimed = [[(item: Int, origin: LayoutIndexPath?)]](repeating: [], count: newCounts.count)
        for path in Set(update.insertedItems) { claimed[path.section].append((path.item, nil)) }
        for move in update.movedItems { claimed[move.to.section].append((move.to.item, move.from)) }
        for section in leaving.indices { leaving[section].sort() }
        for section in claimed.indices { claimed[section].sort { $0.item < $1.item } }
        for new in newCounts.indices {
            guard let old = sectionsNewToOld[new] else { continue }
            let survivors = oldCounts[old] - leaving[old].count, free = newCounts[new] - claimed[new].count
            guard survivors == free else {
                throw UpdateError(
                    "section \(new): \(survivors) items survive the update but \(free) places are left for them")
            }
        }
        return (leaving, claimed)
    }

    /// The item's index path after the update, or nil when it is deleted.
    package func newIndexPath(forOld path: LayoutIndexPath) -> LayoutIndexPath? {
        guard oldCounts.indices.contains(path.section), (0..<oldCounts[path.section]).contains(path.item),
            let new = sectionsOldToNew[path.section]
        else { return nil }
        let leaving = self.leaving[path.section]
        let before = Self.count(below: path.item, in: leaving)
        if before < leaving.count && leaving[before] == path.item { return moveTargets[path] }
        // The survivor of rank r takes the r-th free place.
        return LayoutIndexPath(new, Self.unmarked(rank: path.item - before, marked: claimed[new]))
    }

    /// The item's index path before the update, or nil when it is inserted.
    package func oldIndexPath(forNew path: LayoutIndexPath) -> LayoutIndexPath? {
        guard newCounts.indices.contains(path.section), (0..<newCounts[path.section]).contains(path.item),
            let old = sectionsNewToOld[path.section]
        else { return nil }
        let claimed = self.claimed[path.section]
        let before = Self.count(below: path.item, in: claimed)
        if before < claimed.count && claimed[before] == path.item { return claimedOrigins[path.section][before] }
        // The r-th free place holds the survivor of rank r.
        return LayoutIndexPath(old, Self.unmarked(rank: path.item - before, marked: leaving[old]))
    }

    /// How many of the ascending `values` are below `value`.
    static func count(below value: Int, in values: [Int]) -> Int {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The `rank`-th (0-based) whole number ≥ 0 that is not in the ascending `marked`: rank + the
    /// number of marked values before it, which is the first j with marked[j] − j > rank.
    static func unmarked(rank: Int, marked: [Int]) -> Int {
        var low = 0, high = marked.count
        while low < high {
            let middle = (low + high) / 2
            if marked[middle] - middle <= rank { low = middle + 1 } else { high = middle }
        }
        return rank + low
    }

    /// What the update does to the item at `path` after it.
    package func change(ofNew path: LayoutIndexPath) -> Change {
        change(comingFrom: oldIndexPath(forNew: path))
    }

    /// What the update does to an item that was at `old` before it (nil: the item is new).
    func change(comingFrom old: LayoutIndexPath?) -> Change {
        guard let old else { return .insert }
        // Most batches reload and move nothing: skip hashing a million index paths then.
        if !reloadedItemsOld.isEmpty && reloadedItemsOld.contains(old) { return .reload }
        if !reloadedSectionsOld.isEmpty && reloadedSectionsOld.contains(old.section) { return .reload }
        return !movedItemsOld.isEmpty && movedItemsOld.contains(old) ? .move : .persist
    }

    /// What the update does to the item at `path` before it.
    package func change(ofOld path: LayoutIndexPath) -> Change {
        guard let new = newIndexPath(forOld: path) else { return .delete }
        return change(ofNew: new)
    }

    /// What the update does to a whole section (named by its index before the update).
    package func sectionChange(ofOld section: Int) -> Change {
        guard sectionsOldToNew.indices.contains(section), sectionsOldToNew[section] != nil else { return .delete }
        if reloadedSectionsOld.contains(section) { return .reload }
        return movedSectionsOld.contains(section) ? .move : .persist
    }

    /// The data after the update with the host's payloads: `payloads` for inserted items (new
    /// index paths), `insertedSections` for inserted sections (their items or count and their
    /// own payload); survivors keep their payloads and every surviving section its `data`.
    package func newData(
        from old: CollectionData, payloads: [LayoutIndexPath: LayoutValue],
        insertedSections: [Int: CollectionData.Section]
    ) -> CollectionData {
        let hasPayloads =
            !payloads.isEmpty || old.sections.contains { $0.items != nil }
            || insertedSections.values.contains { $0.items != nil }
        var cursor = OldPathCursor(self)
        return CollectionData(
            sections: newCounts.indices.map { section in
                let oldSection = sectionsNewToOld[section]
                let data = oldSection.flatMap { old.sectionData($0) } ?? insertedSections[section]?.data
                if oldSection == nil, let items = insertedSections[section]?.items {
                    return CollectionData.Section(items: items, data: data)
                }
                guard hasPayloads else { return CollectionData.Section(count: newCounts[section], data: data) }
                return CollectionData.Section(
                    items: (0..<newCounts[section]).map { item in
                        let path = LayoutIndexPath(section, item)
                        if let payload = payloads[path] { return payload }
                        return cursor.oldIndexPath(forNew: path).flatMap { old.item(at: $0) } ?? .null
                    }, data: data)
            })
    }

    /// The data after the update when the host gives no data after it (`update` without
    /// `--data-after`): every surviving item keeps its payload at its new index path (a moved
    /// item's goes with it), every surviving section its own `data` (a moved section's too);
    /// inserted items and sections have none.
    package func newData(from old: CollectionData) -> CollectionData {
        newData(from: old, payloads: [:], insertedSections: [:])
    }
}
