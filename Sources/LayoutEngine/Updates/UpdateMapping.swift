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
    /// of inserted sections when `newCounts` is not given (default 0).
    package init(
        oldCounts: [Int], update: BatchUpdate, newCounts expected: [Int]? = nil,
        insertedSectionCounts: [Int: Int] = [:]
    ) throws(UpdateError) {
        let oldSectionCount = oldCounts.count

        // Sections.
        func checkUnique<T: Hashable>(_ values: [T], _ what: String) throws(UpdateError) -> Set<T> {
            var seen = Set<T>()
            for value in values where !seen.insert(value).inserted {
                throw UpdateError("\(what) \(value) is named twice")
            }
            return seen
        }
        func checkOldSection(_ section: Int, _ what: String) throws(UpdateError) {
            guard (0..<oldSectionCount).contains(section) else {
                throw UpdateError(
                    "cannot \(what) section \(section): there \(oldSectionCount == 1 ? "is only 1 section" : "are only \(oldSectionCount) sections") before the update"
                )
            }
        }
        let deletedSections = try checkUnique(update.deletedSections, "deleted section")
        let reloadedSections = try checkUnique(update.reloadedSections, "reloaded section")
        let movedFromSections = try checkUnique(update.movedSections.map(\.from), "section moved from")
        for section in deletedSections { try checkOldSection(section, "delete") }
        for section in reloadedSections { try checkOldSection(section, "reload") }
        for section in movedFromSections { try checkOldSection(section, "move") }
        if let section = deletedSections.intersection(reloadedSections).min() {
            throw UpdateError("section \(section) is both deleted and reloaded")
        }
        if let section = deletedSections.intersection(movedFromSections).min() {
            throw UpdateError("section \(section) is both deleted and moved")
        }
        if let section = reloadedSections.intersection(movedFromSections).min() {
            throw UpdateError("section \(section) is both reloaded and moved")
        }

        let newSectionCount = oldSectionCount - deletedSections.count + update.insertedSections.count
        if let expected, expected.count != newSectionCount {
            throw UpdateError(
                "invalid number of sections: the data has \(expected.count) after the update, but there were \(oldSectionCount) before it, plus \(update.insertedSections.count) inserted and minus \(deletedSections.count) deleted"
            )
        }
        func checkNewSection(_ section: Int, _ what: String) throws(UpdateError) {
            guard (0..<newSectionCount).contains(section) else {
                throw UpdateError(
                    "cannot \(what) section \(section): there are \(newSectionCount) sections after the update")
            }
        }
        let insertedSections = try checkUnique(update.insertedSections, "inserted section")
        let movedToSections = try checkUnique(update.movedSections.map(\.to), "section moved to")
        for section in insertedSections { try checkNewSection(section, "insert") }
        for section in movedToSections { try checkNewSection(section, "move to") }
        if let section = insertedSections.intersection(movedToSections).min() {
            throw UpdateError("section \(section) is both inserted and the target of a move")
        }

        var sectionsNewToOld = [Int?](repeating: nil, count: newSectionCount)
        var claimed = insertedSections
        for move in update.movedSections {
            sectionsNewToOld[move.to] = move.from
            claimed.insert(move.to)
        }
        let survivingSections = (0..<oldSectionCount).filter {
            !deletedSections.contains($0) && !movedFromSections.contains($0)
        }
        let freeSections = (0..<newSectionCount).filter { !claimed.contains($0) }
        for (old, new) in zip(survivingSections, freeSections) { sectionsNewToOld[new] = old }
        var sectionsOldToNew = [Int?](repeating: nil, count: oldSectionCount)
        for (new, old) in sectionsNewToOld.enumerated() { if let old { sectionsOldToNew[old] = new } }

        // Items, before the update.
        let deletedItems = try checkUnique(update.deletedItems, "deleted item")
        let reloadedItems = try checkUnique(update.reloadedItems, "reloaded item")
        let movedFromItems = try checkUnique(update.movedItems.map(\.from), "item moved from")
        for (paths, what) in [(deletedItems, "delete"), (reloadedItems, "reload"), (movedFromItems, "move")] {
            for path in paths.sorted() {
                guard (0..<oldSectionCount).contains(path.section), (0..<oldCounts[path.section]).contains(path.item)
                else {
                    throw UpdateError("cannot \(what) item \(path): it does not exist before the update")
                }
                if deletedSections.contains(path.section) {
                    throw UpdateError("cannot \(what) item \(path): its section \(path.section) is deleted")
                }
                if reloadedSections.contains(path.section) {
                    throw UpdateError("cannot \(what) item \(path): its section \(path.section) is reloaded")
                }
            }
        }
        if let path = deletedItems.intersection(movedFromItems).min() {
            throw UpdateError("item \(path) is both deleted and moved")
        }
        if let path = deletedItems.intersection(reloadedItems).min() {
            throw UpdateError("item \(path) is both deleted and reloaded")
        }
        if let path = reloadedItems.intersection(movedFromItems).min() {
            throw UpdateError("item \(path) is both reloaded and moved")
        }

        // New counts: UIKit's rule for every section that existed before.
        func countBySection(_ paths: some Sequence<LayoutIndexPath>) -> [Int: Int] {
            paths.reduce(into: [:]) { $0[$1.section, default: 0] += 1 }
        }
        let insertedBySection = countBySection(update.insertedItems)
        let movedInBySection = countBySection(update.movedItems.map(\.to))
        let deletedBySection = countBySection(deletedItems)
        let movedOutBySection = countBySection(movedFromItems)
        var newCounts = [Int](repeating: 0, count: newSectionCount)
        for new in 0..<newSectionCount {
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

        // Items, after the update.
        let insertedItems = try checkUnique(update.insertedItems, "inserted item")
        let movedToItems = try checkUnique(update.movedItems.map(\.to), "item moved to")
        for (paths, what) in [(insertedItems, "insert"), (movedToItems, "move an item to")] {
            for path in paths.sorted() {
                if insertedSections.contains(path.section) {
                    throw UpdateError(
                        "cannot \(what) \(path): its section \(path.section) is inserted with all its items")
                }
                guard (0..<newSectionCount).contains(path.section), (0..<newCounts[path.section]).contains(path.item)
                else {
                    throw UpdateError("cannot \(what) \(path): it does not exist after the update")
                }
                if let old = sectionsNewToOld[path.section], reloadedSections.contains(old) {
                    throw UpdateError("cannot \(what) \(path): its section is reloaded")
                }
            }
        }
        if let path = insertedItems.intersection(movedToItems).min() {
            throw UpdateError("item \(path) is both inserted and the target of a move")
        }

        // Survivors keep their order and fill the places no insert or move claimed: only the
        // changed items are kept (sorted per section), every other place is found by counting.
        var leaving = [[Int]](repeating: [], count: oldSectionCount)
        for path in deletedItems.union(movedFromItems) { leaving[path.section].append(path.item) }
        var claimedPlaces = [[(item: Int, origin: LayoutIndexPath?)]](repeating: [], count: newSectionCount)
        for path in insertedItems { claimedPlaces[path.section].append((path.item, nil)) }
        for move in update.movedItems { claimedPlaces[move.to.section].append((move.to.item, move.from)) }
        for section in leaving.indices { leaving[section].sort() }
        for section in claimedPlaces.indices { claimedPlaces[section].sort { $0.item < $1.item } }
        for new in 0..<newSectionCount {
            guard let old = sectionsNewToOld[new] else { continue }
            let survivors = oldCounts[old] - leaving[old].count, free = newCounts[new] - claimedPlaces[new].count
            guard survivors == free else {
                throw UpdateError(
                    "section \(new): \(survivors) items survive the update but \(free) places are left for them")
            }
        }

        self.oldCounts = oldCounts
        self.newCounts = newCounts
        self.sectionsOldToNew = sectionsOldToNew
        self.sectionsNewToOld = sectionsNewToOld
        self.leaving = leaving
        self.claimed = claimedPlaces.map { $0.map(\.item) }
        self.claimedOrigins = claimedPlaces.map { $0.map(\.origin) }
        self.moveTargets = Dictionary(uniqueKeysWithValues: update.movedItems.map { ($0.from, $0.to) })
        self.movedItemsOld = movedFromItems
        self.reloadedItemsOld = reloadedItems
        self.reloadedSectionsOld = reloadedSections
        self.movedSectionsOld = movedFromSections
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

    /// The data after the update: surviving items keep their payloads; inserted ones have none.
    package func newData(from old: CollectionData) -> CollectionData {
        let hasPayloads = old.sections.contains { $0.items != nil }
        guard hasPayloads else { return CollectionData(counts: newCounts) }
        var cursor = OldPathCursor(self)  // the items in order: one step each
        return CollectionData(
            sections: newCounts.indices.map { section in
                CollectionData.Section(
                    items: (0..<newCounts[section]).map { item in
                        cursor.oldIndexPath(forNew: LayoutIndexPath(section, item)).flatMap { old.item(at: $0) }
                            ?? .null
                    })
            })
    }
}
