/// UICollectionViewLayout: the lifecycle every layout follows.
///
/// `prepare(in:)` runs once per invalidation; content size and all queries are then answered
/// from the prepared state and never change it. The context is passed to every call, so a
/// layout never holds a reference back to its host.
package protocol CollectionViewLayout: AnyObject, CollectionViewLayoutUpdates {
    func prepare(in context: CollectionContext) throws

    /// The size of everything the layout placed (valid after `prepare`).
    var collectionViewContentSize: Size { get }

    /// Every element whose frame intersects `rect`, in output order.
    func layoutAttributesForElements(in rect: Rect, context: CollectionContext) throws -> [LayoutAttributes]

    func layoutAttributesForItem(at indexPath: LayoutIndexPath, context: CollectionContext) throws -> LayoutAttributes?

    func layoutAttributesForSupplementaryView(
        ofKind kind: String, at indexPath: LayoutIndexPath, context: CollectionContext
    ) throws -> LayoutAttributes?

    func layoutAttributesForDecorationView(
        ofKind kind: String, at indexPath: LayoutIndexPath, context: CollectionContext
    ) throws -> LayoutAttributes?

    /// Whether scrolling or resizing to `newBounds` needs a new `prepare`.
    func shouldInvalidateLayout(forBoundsChange newBounds: Rect, context: CollectionContext) throws -> Bool

    /// Where scrolling should stop when a fling proposes `proposedContentOffset`.
    func targetContentOffset(
        forProposedContentOffset proposedContentOffset: Point, withScrollingVelocity velocity: Point,
        context: CollectionContext
    ) throws -> Point

    /// Every element the layout placed, in output order (the whole-content listing).
    func allLayoutAttributes(context: CollectionContext) throws -> [LayoutAttributes]

    /// The same listing as `allLayoutAttributes`, as the writers and the update planner read it:
    /// the layout's element store itself when nothing changes it at query time.
    func allElementList(context: CollectionContext) throws -> ElementList

    /// Parts of the content that scroll on their own (a compositional layout's orthogonal
    /// sections), as the last prepare placed them; empty for most layouts.
    var scrollRegions: [ScrollRegion] { get }

    /// Whether `key` moves when its section's region scrolls.
    func scrollsWithRegion(_ key: ElementKey) -> Bool

    /// Whether the layout is mirrored right to left: a horizontal region then scrolls from its
    /// leading (right) edge, so a positive offset moves its elements to the right.
    var isFlippedHorizontally: Bool { get }

    /// Where region `section` comes to rest when a swipe released at `release` with `velocity`
    /// (points/ms) proposes `proposed` (its deceleration's end): the section's paging rule.
    func targetOffset(inRegion section: Int, releasedAt release: Double, proposed: Double, velocity: Double) -> Double

    /// targetIndexPath(forInteractivelyMovingItem:withPosition:): where the item being moved
    /// (now at `indexPath`) goes with the finger at `position` (content coordinates). Nil takes
    /// the default: the item under the position, else the current target.
    func targetIndexPathForInteractivelyMovingItem(
        _ indexPath: LayoutIndexPath, position: Point, context: CollectionContext
    ) throws -> LayoutIndexPath?

    /// layoutAttributesForInteractivelyMovingItem(at:withTargetPosition:): the moving cell as it
    /// is drawn. `attributes` come already centred on the position and above the others (the
    /// default); the layout may edit them.
    func layoutAttributesForInteractivelyMovingItem(
        _ attributes: LayoutAttributes, position: Point, context: CollectionContext
    ) throws -> LayoutAttributes

    /// What is drawn and hit of the elements a rect query returned: each through the layout's
    /// single-element override (`layoutAttributesForItem(at:)` and its siblings), so a picture,
    /// a tap and a single-element query agree. Default: the elements as given.
    func drawnAttributes(_ elements: [LayoutAttributes], context: CollectionContext) throws -> [LayoutAttributes]
}

extension CollectionViewLayout {
    package var scrollRegions: [ScrollRegion] { [] }

    package func scrollsWithRegion(_ key: ElementKey) -> Bool { false }

    package var isFlippedHorizontally: Bool { false }

    package func targetOffset(
        inRegion section: Int, releasedAt release: Double, proposed: Double, velocity: Double
    ) -> Double { proposed }

    /// A release at `proposed` itself (no deceleration: `run --orthogonal-target`, a settle).
    package func targetOffset(inRegion section: Int, proposed: Double, velocity: Double) -> Double {
        targetOffset(inRegion: section, releasedAt: proposed, proposed: proposed, velocity: velocity)
    }

    package func targetIndexPathForInteractivelyMovingItem(
        _ indexPath: LayoutIndexPath, position: Point, context: CollectionContext
    ) throws -> LayoutIndexPath? { nil }

    package func layoutAttributesForInteractivelyMovingItem(
        _ attributes: LayoutAttributes, position: Point, context: CollectionContext
    ) throws -> LayoutAttributes { attributes }

    package func allElementList(context: CollectionContext) throws -> ElementList {
        ElementList(try allLayoutAttributes(context: context))
    }

    package func drawnAttributes(
        _ elements: [LayoutAttributes], context: CollectionContext
    ) throws -> [LayoutAttributes] { elements }

    /// The attributes for any element key.
    package func layoutAttributes(for key: ElementKey, context: CollectionContext) throws -> LayoutAttributes? {
        switch key.category {
        case .cell: try layoutAttributesForItem(at: key.indexPath, context: context)
        case .supplementary:
            try layoutAttributesForSupplementaryView(ofKind: key.kind, at: key.indexPath, context: context)
        case .decoration: try layoutAttributesForDecorationView(ofKind: key.kind, at: key.indexPath, context: context)
        }
    }
}

/// Errors raised by the engine itself (script-backed layouts add their own, located ones).
public struct LayoutError: Error, Equatable, CustomStringConvertible, Sendable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
