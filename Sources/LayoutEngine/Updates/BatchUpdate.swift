/// A batch of changes to the data, as a host describes it to UICollectionView's
/// performBatchUpdates: deletes and reloads name **old** index paths, inserts **new** ones,
/// a move names both. The model changes first; the batch tells the collection what changed.
package struct BatchUpdate: Sendable, Equatable {
    package var deletedSections: [Int] = []
    package var insertedSections: [Int] = []
    package var reloadedSections: [Int] = []
    package var movedSections: [Move<Int>] = []
    package var deletedItems: [LayoutIndexPath] = []
    package var insertedItems: [LayoutIndexPath] = []
    package var reloadedItems: [LayoutIndexPath] = []
    package var movedItems: [Move<LayoutIndexPath>] = []

    package struct Move<Position: Hashable & Sendable>: Hashable, Sendable {
        package var from: Position
        package var to: Position

        package init(from: Position, to: Position) {
            self.from = from
            self.to = to
        }
    }

    package init(
        deletedSections: [Int] = [], insertedSections: [Int] = [], reloadedSections: [Int] = [],
        movedSections: [Move<Int>] = [], deletedItems: [LayoutIndexPath] = [], insertedItems: [LayoutIndexPath] = [],
        reloadedItems: [LayoutIndexPath] = [], movedItems: [Move<LayoutIndexPath>] = []
    ) {
        self.deletedSections = deletedSections
        self.insertedSections = insertedSections
        self.reloadedSections = reloadedSections
        self.movedSections = movedSections
        self.deletedItems = deletedItems
        self.insertedItems = insertedItems
        self.reloadedItems = reloadedItems
        self.movedItems = movedItems
    }

    package var isEmpty: Bool { self == BatchUpdate() }

    /// The batch as the layout sees it in prepareForCollectionViewUpdates. Reloads name where
    /// the element is after the update too, which `mapping` knows when other changes shift it.
    package func collectionUpdates(mapping: UpdateMapping? = nil) -> [CollectionUpdate] {
        var updates: [CollectionUpdate] = []
        updates += deletedSections.sorted().map { .init(action: .delete, before: .init(section: $0), after: nil) }
        updates += insertedSections.sorted().map { .init(action: .insert, before: nil, after: .init(section: $0)) }
        updates += reloadedSections.sorted().map { section in
            let after =
                mapping.flatMap { $0.sectionsOldToNew.indices.contains(section) ? $0.sectionsOldToNew[section] : nil }
                ?? section
            return .init(action: .reload, before: .init(section: section), after: .init(section: after))
        }
        updates += movedSections.map {
            .init(action: .move, before: .init(section: $0.from), after: .init(section: $0.to))
        }
        func target(_ path: LayoutIndexPath) -> CollectionUpdate.Target {
            .init(section: path.section, item: path.item)
        }
        updates += deletedItems.sorted().map { .init(action: .delete, before: target($0), after: nil) }
        updates += insertedItems.sorted().map { .init(action: .insert, before: nil, after: target($0)) }
        updates += reloadedItems.sorted().map { path in
            .init(action: .reload, before: target(path), after: target(mapping?.newIndexPath(forOld: path) ?? path))
        }
        updates += movedItems.map { .init(action: .move, before: target($0.from), after: target($0.to)) }
        return updates
    }
}

/// Why a batch cannot be applied (UIKit raises NSInternalInconsistencyException; here the
/// batch is rejected whole and nothing changes).
package struct UpdateError: Error, Equatable, CustomStringConvertible, Sendable {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}
