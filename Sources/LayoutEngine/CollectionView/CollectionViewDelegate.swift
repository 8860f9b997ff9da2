/// Where a touch landed: the cell under it (topmost by zIndex, then output order) and the point
/// in content, viewport and the cell's own coordinates.
package struct TouchPoint: Hashable, Sendable {
    /// In viewport coordinates (content = viewport + content offset).
    package var viewport: Point
    package var content: Point
    /// The cell hit, or nil on empty space (gaps, insets, supplementary or decoration views).
    package var indexPath: LayoutIndexPath?
    /// The point relative to the cell's frame origin (nil when no cell was hit).
    package var local: Point?

    package init(viewport: Point, content: Point, indexPath: LayoutIndexPath?, local: Point?) {
        self.viewport = viewport
        self.content = content
        self.indexPath = indexPath
        self.local = local
    }
}

/// UICollectionViewDelegate's selection and highlight callbacks, plus the two gestures a host
/// adds (long press, tap on empty space). `should…` answers false to stop that step. Every
/// callback may change the view (state, batch updates, selection, scrolling) and may throw; the
/// error stops the interaction and reaches whoever drove it.
package protocol CollectionViewDelegate: AnyObject {
    func shouldHighlightItem(
        _ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint
    ) throws -> Bool
    func didHighlightItem(_ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint) throws
    func didUnhighlightItem(_ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint) throws
    func shouldSelectItem(
        _ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint
    ) throws -> Bool
    func didSelectItem(_ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint) throws
    func shouldDeselectItem(
        _ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint
    ) throws -> Bool
    func didDeselectItem(_ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint) throws
    /// A long press; `point.indexPath` is nil on empty space.
    func didLongPress(_ view: HeadlessCollectionView, point: TouchPoint) throws
    /// A tap that began and ended on empty space.
    func didTapBackground(_ view: HeadlessCollectionView, point: TouchPoint) throws
    /// Whether the host has a double-tap recognizer (it then takes priority over selection).
    var recognizesDoubleTap: Bool { get }
    /// A double tap, recognised; `point.indexPath` is nil on empty space.
    func didDoubleTap(_ view: HeadlessCollectionView, point: TouchPoint) throws
    /// A pinch's phase ("began", "changed", "ended") with its scale; `point.indexPath` is the
    /// item under the pinch's centre (nil on empty space).
    func didPinch(_ view: HeadlessCollectionView, scale: Double, point: TouchPoint, phase: String) throws
    /// collectionView(_:canMoveItemAt:): whether an interactive movement may start on the item.
    func canMoveItem(_ view: HeadlessCollectionView, at indexPath: LayoutIndexPath) throws -> Bool
    /// targetIndexPathForMoveFromItemAt: where the item that began at `from` goes when the
    /// layout proposes `proposed` (both index paths of the data after the move).
    func targetIndexPathForMove(
        _ view: HeadlessCollectionView, from: LayoutIndexPath, proposed: LayoutIndexPath
    ) throws -> LayoutIndexPath
    /// collectionView(_:moveItemAt:to:): the movement ended; the data already has the item at
    /// `to` (the model follows).
    func moveItem(_ view: HeadlessCollectionView, from: LayoutIndexPath, to: LayoutIndexPath) throws
    /// collectionView(_:shouldShowMenuForItemAt:): whether a long press on the item shows the
    /// edit menu (then `didLongPress` is not called).
    func shouldShowMenuForItem(_ view: HeadlessCollectionView, at indexPath: LayoutIndexPath) throws -> Bool
    /// The actions the edit menu may offer, in order (UIMenuController's standard ones by default).
    var menuActions: [String] { get }
    /// collectionView(_:canPerformAction:forItemAt:withSender:): whether the menu shows `action`.
    func canPerformAction(_ view: HeadlessCollectionView, action: String, at indexPath: LayoutIndexPath) throws -> Bool
    /// collectionView(_:performAction:forItemAt:withSender:): the action was chosen in the menu.
    func performAction(_ view: HeadlessCollectionView, action: String, at indexPath: LayoutIndexPath) throws
    /// Whether the view has a refresh control (UIRefreshControl): a pull past the threshold
    /// starts refreshing.
    var hasRefreshControl: Bool { get }
    /// The refresh control's valueChanged: the user pulled to refresh.
    func didPullToRefresh(_ view: HeadlessCollectionView) throws
    /// Whether the delegate defines the method `name` (`didPinch`): UIKit calls an optional
    /// delegate method only when the delegate responds to it, so the view neither calls nor
    /// logs one it lacks (the protocol's default answers for it).
    func implements(_ name: String) -> Bool
}

/// UIKit's defaults: everything allowed, nothing done.
extension CollectionViewDelegate {
    package func shouldHighlightItem(
        _ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint
    ) throws -> Bool { true }
    package func didHighlightItem(
        _ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint
    ) throws {}
    package func didUnhighlightItem(
        _ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint
    ) throws {}
    package func shouldSelectItem(
        _ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint
    ) throws -> Bool { true }
    package func didSelectItem(_ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint) throws
    {
    }
    package func shouldDeselectItem(
        _ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint
    ) throws -> Bool { true }
    package func didDeselectItem(
        _ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint
    ) throws {}
    package func didLongPress(_ view: HeadlessCollectionView, point: TouchPoint) throws {}
    package func didTapBackground(_ view: HeadlessCollectionView, point: TouchPoint) throws {}
    package var recognizesDoubleTap: Bool { false }
    package func didPinch(_ view: HeadlessCollectionView, scale: Double, point: TouchPoint, phase: String) throws {}
    package func didDoubleTap(_ view: HeadlessCollectionView, point: TouchPoint) throws {}
    /// UIKit's data source without moveItemAt answers false.
    package func canMoveItem(_ view: HeadlessCollectionView, at indexPath: LayoutIndexPath) throws -> Bool { false }
    package func targetIndexPathForMove(
        _ view: HeadlessCollectionView, from: LayoutIndexPath, proposed: LayoutIndexPath
    ) throws -> LayoutIndexPath { proposed }
    package func moveItem(_ view: HeadlessCollectionView, from: LayoutIndexPath, to: LayoutIndexPath) throws {}
    /// UIKit's delegate without shouldShowMenuForItemAt shows no menu.
    package func shouldShowMenuForItem(_ view: HeadlessCollectionView, at indexPath: LayoutIndexPath) throws -> Bool {
        false
    }
    package var menuActions: [String] { HeadlessCollectionView.standardMenuActions }
    package func canPerformAction(
        _ view: HeadlessCollectionView, action: String, at indexPath: LayoutIndexPath
    ) throws -> Bool { false }
    package func performAction(
        _ view: HeadlessCollectionView, action: String, at indexPath: LayoutIndexPath
    ) throws {}
    package var hasRefreshControl: Bool { false }
    package func didPullToRefresh(_ view: HeadlessCollectionView) throws {}
    /// A Swift delegate implements every method (its defaults are its answers).
    package func implements(_ name: String) -> Bool { true }
}

/// One thing that happened inside the view, in order: what a timeline records.
package enum CollectionViewEvent: Sendable, Equatable {
    /// A delegate callback, with its answer for `should…` callbacks.
    case delegateCall(name: String, indexPath: LayoutIndexPath?, result: Bool?)
    case stateChange(key: String, old: LayoutValue?, new: LayoutValue?)
    /// The layout was prepared again, and why ("state", "bounds change", "batch update", "initial").
    case prepare(reason: String)
    /// The bounds moved (scrolling); `invalidated`: the layout asked to be prepared again.
    case boundsChange(from: Rect, to: Rect, invalidated: Bool)
    /// A fling: where deceleration would stop, where the layout (or paging) made it stop.
    case fling(velocity: Point, proposed: Point, target: Point, duration: Double)
    /// An orthogonal section scrolled along its axis (a pan, `scrollSection`, a fling's end).
    case sectionScroll(section: Int, from: Double, to: Double)
    /// A fling of an orthogonal section: where deceleration would stop, where its
    /// `orthogonalScrollingBehavior` made it stop.
    case sectionFling(section: Int, velocity: Double, proposed: Double, target: Double, duration: Double)
    /// An animated batch update (the plan of every element's change).
    case batchUpdate(AnimationPlan)
    /// A state change animated over `duration` seconds (every visible element from its old to
    /// its new attributes).
    case animatedChange(AnimationPlan, duration: Double)
    /// An interactive transition: "begin", "progress", "animatedValue", "finish" or "cancel",
    /// with the transition progress after it.
    case transition(action: String, progress: Double)
    case select(LayoutIndexPath)
    case deselect(LayoutIndexPath)
    case highlight(LayoutIndexPath)
    case unhighlight(LayoutIndexPath)
    /// The edit menu opened on the item with these actions, or (nil) closed.
    case editMenu(LayoutIndexPath, actions: [String]?)
    /// The top rubber-band was let go past the threshold: refreshing began (the adjusted top
    /// inset grew by the control's height), or (false) `endRefreshing` ended it.
    case refreshing(Bool)
    /// A pan let go past an edge: the content springs back from the rubber-banded offset.
    case springBack(from: Point, to: Point)
}
