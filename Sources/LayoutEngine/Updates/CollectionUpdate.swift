/// UICollectionViewUpdateItem: one change of a batch update, as the layout sees it.
/// Deletes and reloads name old index paths, inserts new ones, a move names both; a whole-
/// section update has no item (`item == nil`).
public struct CollectionUpdate: Hashable, Sendable {
    public enum Action: String, Hashable, Sendable {
        case insert
        case delete
        case move
        case reload
    }

    /// A section, or one item of it.
    public struct Target: Hashable, Sendable {
        public var section: Int
        public var item: Int?

        public init(section: Int, item: Int? = nil) {
            self.section = section
            self.item = item
        }
    }

    public var action: Action
    public var before: Target?
    public var after: Target?

    public init(action: Action, before: Target?, after: Target?) {
        self.action = action
        self.before = before
        self.after = after
    }

    public var isSectionUpdate: Bool { (before ?? after)?.item == nil }
}

/// The update part of UICollectionViewLayout. The defaults are UIKit's: no preparation, and
/// appearing/disappearing elements keep the starting/ending attributes they are given
/// (the engine passes in the default: the element in place, faded out).
public protocol CollectionViewLayoutUpdates {
    func prepare(forCollectionViewUpdates updates: [CollectionUpdate], context: CollectionContext) throws
    func finalizeCollectionViewUpdates(context: CollectionContext) throws
    /// Where an appearing element starts; `attributes` holds the default start.
    func initialLayoutAttributes(
        forAppearing attributes: LayoutAttributes, context: CollectionContext
    ) throws -> LayoutAttributes
    /// Where a disappearing element ends; `attributes` holds the default end.
    func finalLayoutAttributes(
        forDisappearing attributes: LayoutAttributes, context: CollectionContext
    ) throws -> LayoutAttributes
}

extension CollectionViewLayoutUpdates {
    public func prepare(forCollectionViewUpdates updates: [CollectionUpdate], context: CollectionContext) throws {}
    public func finalizeCollectionViewUpdates(context: CollectionContext) throws {}
    public func initialLayoutAttributes(
        forAppearing attributes: LayoutAttributes, context: CollectionContext
    ) throws -> LayoutAttributes {
        attributes
    }
    public func finalLayoutAttributes(
        forDisappearing attributes: LayoutAttributes, context: CollectionContext
    ) throws -> LayoutAttributes {
        attributes
    }
}
