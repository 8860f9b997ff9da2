/// Where a batch update takes every section and item, in both directions, after UIKit's
/// consistency checks: deleted/reloaded/moved-from positions exist before the update,
/// inserted/moved-to positions after it, nothing is named twice or both deleted and moved,
/// and each surviving section's new count is its old count − deletes − moves out + inserts +
/// moves in. Survivors keep their relative order and fill the positions no insert or move
/// claimed, in order.
public struct UpdateMapping: Sendable {
    /// What happened to one item.
    public enum Change: String, Sendable {
        case insert
        case delete
        case move
        case reload
        case persist
    }

    public let oldCounts: [Int]
    public let newCounts: [Int]
    /// Old section → new section (nil: deleted).
    public let sectionsOldToNew: [Int?]
    /// New section → old section (nil: inserted).
    public let sectionsNewToOld: [Int?]
    private let itemsNewToOld: [[LayoutIndexPath?]]
    private let itemsOldToNew: [[LayoutIndexPath?]]
    private let movedItemsOld: Set<LayoutIndexPath>
    private let reloadedItemsOld: Set<LayoutIndexPath>
    private let reloadedSectionsOld: Set<Int>
    private let movedSectionsOld: Set<Int>

    /// Validates `update` against the sections' item counts before it and, when the host gives
    /// them (its model already changed), after it. `insertedSectionCounts` gives the item count
    /// of inserted sections when `newCounts` is not given (default 0).
    public init(oldCounts: [Int], update: BatchUpdate, newCounts expected: [Int]? = nil,
                insertedSectionCounts: [Int: Int] = [:]) throws(UpdateError) {
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
                throw UpdateError("cannot \(what) section \(section): there \(oldSectionCount == 1 ? "is only 1 section" : "are only \(oldSectionCount) sections") before the update")
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
                "invalid number of sections: the data has \(expected.count) after the update, but there were \(oldSectionCount) before it, plus \(update.insertedSections.count) inserted and minus \(deletedSections.count) deleted")
        }
        func checkNewSection(_ section: Int, _ what: String) throws(UpdateError) {
            guard (0..<newSectionCount).contains(section) else {
                throw UpdateError("cannot \(what) section \(section): there are \(newSectionCount) sections after the update")
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
        let survivingSections = (0..<oldSectionCount).filter { !deletedSections.contains($0) && !movedFromSections.contains($0) }
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
                guard (0..<oldSectionCount).contains(path.section), (0..<oldCounts[path.section]).contains(path.item) else {
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
        if let path = deletedItems.intersection(movedFromItems).min() { throw UpdateError("item \(path) is both deleted and moved") }
        if let path = deletedItems.intersection(reloadedItems).min() { throw UpdateError("item \(path) is both deleted and reloaded") }
        if let path = reloadedItems.intersection(movedFromItems).min() { throw UpdateError("item \(path) is both reloaded and moved") }

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
                    "invalid number of items in section \(new): the data has \(expected[new]) after the update, but the section had \(oldCounts[old]) before it, plus \(inserted) inserted and \(movedIn) moved in, minus \(deleted) deleted and \(movedOut) moved out")
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
                    throw UpdateError("cannot \(what) \(path): its section \(path.section) is inserted with all its items")
                }
                guard (0..<newSectionCount).contains(path.section), (0..<newCounts[path.section]).contains(path.item) else {
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

        var itemsNewToOld = newCounts.map { [LayoutIndexPath?](repeating: nil, count: $0) }
        var claimedItems = insertedItems
        for move in update.movedItems {
            itemsNewToOld[move.to.section][move.to.item] = move.from
            claimedItems.insert(move.to)
        }
        // Per-section masks rather than a set lookup per item: a million items cost one pass.
        let leavingBySection = Dictionary(grouping: deletedItems.union(movedFromItems), by: \.section)
        let claimedBySection = Dictionary(grouping: claimedItems, by: \.section)
        /// Which of `count` items `paths` name, and how many they are.
        func mask(_ count: Int, _ paths: [LayoutIndexPath]?) -> (marked: [Bool], unmarked: Int) {
            var mask = [Bool](repeating: false, count: count)
            var unmarked = count
            for path in paths ?? [] where mask.indices.contains(path.item) && !mask[path.item] {
                mask[path.item] = true
                unmarked -= 1
            }
            return (mask, unmarked)
        }
        var itemsOldToNew = oldCounts.map { [LayoutIndexPath?](repeating: nil, count: $0) }
        for new in 0..<newSectionCount {
            guard let old = sectionsNewToOld[new] else { continue }
            let (leaving, survivors) = mask(oldCounts[old], leavingBySection[old])
            let (taken, free) = mask(newCounts[new], claimedBySection[new])
            guard survivors == free else {
                throw UpdateError("section \(new): \(survivors) items survive the update but \(free) places are left for them")
            }
            // Survivors fill the free places in order (plain loops: this runs once per item).
            var item = 0, place = 0
            while item < leaving.count {
                if !leaving[item] {
                    while taken[place] { place += 1 }
                    itemsNewToOld[new][place] = LayoutIndexPath(old, item)
                    itemsOldToNew[old][item] = LayoutIndexPath(new, place)
                    place += 1
                }
                item += 1
            }
        }
        for move in update.movedItems { itemsOldToNew[move.from.section][move.from.item] = move.to }

        self.oldCounts = oldCounts
        self.newCounts = newCounts
        self.sectionsOldToNew = sectionsOldToNew
        self.sectionsNewToOld = sectionsNewToOld
        self.itemsNewToOld = itemsNewToOld
        self.itemsOldToNew = itemsOldToNew
        self.movedItemsOld = movedFromItems
        self.reloadedItemsOld = reloadedItems
        self.reloadedSectionsOld = reloadedSections
        self.movedSectionsOld = movedFromSections
    }

    /// The item's index path after the update, or nil when it is deleted.
    public func newIndexPath(forOld path: LayoutIndexPath) -> LayoutIndexPath? {
        guard itemsOldToNew.indices.contains(path.section), itemsOldToNew[path.section].indices.contains(path.item) else { return nil }
        return itemsOldToNew[path.section][path.item]
    }

    /// The item's index path before the update, or nil when it is inserted.
    public func oldIndexPath(forNew path: LayoutIndexPath) -> LayoutIndexPath? {
        guard itemsNewToOld.indices.contains(path.section), itemsNewToOld[path.section].indices.contains(path.item) else { return nil }
        return itemsNewToOld[path.section][path.item]
    }

    /// What the update does to the item at `path` after it.
    public func change(ofNew path: LayoutIndexPath) -> Change {
        guard let old = oldIndexPath(forNew: path) else { return .insert }
        // Most batches reload and move nothing: skip hashing a million index paths then.
        if !reloadedItemsOld.isEmpty && reloadedItemsOld.contains(old) { return .reload }
        if !reloadedSectionsOld.isEmpty && reloadedSectionsOld.contains(old.section) { return .reload }
        return !movedItemsOld.isEmpty && movedItemsOld.contains(old) ? .move : .persist
    }

    /// What the update does to the item at `path` before it.
    public func change(ofOld path: LayoutIndexPath) -> Change {
        guard let new = newIndexPath(forOld: path) else { return .delete }
        return change(ofNew: new)
    }

    /// What the update does to a whole section (named by its index before the update).
    public func sectionChange(ofOld section: Int) -> Change {
        guard sectionsOldToNew.indices.contains(section), sectionsOldToNew[section] != nil else { return .delete }
        if reloadedSectionsOld.contains(section) { return .reload }
        return movedSectionsOld.contains(section) ? .move : .persist
    }

    /// The data after the update: surviving items keep their payloads; inserted ones have none.
    public func newData(from old: CollectionData) -> CollectionData {
        let hasPayloads = old.sections.contains { $0.items != nil }
        guard hasPayloads else { return CollectionData(counts: newCounts) }
        return CollectionData(sections: itemsNewToOld.map { items in
            CollectionData.Section(items: items.map { path in path.flatMap { old.item(at: $0) } ?? .null })
        })
    }
}
