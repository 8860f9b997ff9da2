/// A UICollectionView without a screen: bounds and content offset, scrolling with UIKit's
/// clamping, paging and flings, hit testing, highlight and selection driven by touches with
/// UIKit's delegate call order, host state and batch updates. Everything that happens is
/// appended to `events`, which a host drains (`takeEvents`) after each interaction.
///
/// Touch points are in content coordinates here; hosts convert from the viewport.
///
/// The class is cut along UIKit's own seams, one file each: this one holds its state, the
/// layout passes and the delegate plumbing; `HeadlessScrollView` the scroll view (offset,
/// insets, deceleration, paging, overscroll, refresh, orthogonal sections); `HeadlessTouches`
/// the touch and gesture state machine; `HeadlessQueries`, `HeadlessSelection`,
/// `HeadlessEditMenu`, `HeadlessBatchUpdates`, `HeadlessTransitions` and `HeadlessMovement`
/// the collection view's own concerns.
package final class HeadlessCollectionView {
    /// The installed layout: a `TransitionLayout` during an interactive transition.
    package internal(set) var layout: any CollectionViewLayout
    /// The collection as the layout sees it (bounds origin = content offset).
    package internal(set) var context: CollectionContext
    package weak var delegate: (any CollectionViewDelegate)?
    package var allowsSelection = true
    package var allowsMultipleSelection = false
    /// UIScrollView.isPagingEnabled: flings stop on page boundaries instead of asking the layout.
    package var isPagingEnabled = false
    /// Selected items, in index-path order.
    package internal(set) var selectedItems: [LayoutIndexPath] = []
    package internal(set) var highlightedItems: [LayoutIndexPath] = []
    /// How many times the layout was prepared (the first time included).
    package internal(set) var prepareCount = 0
    package internal(set) var events: [CollectionViewEvent] = []

    /// The touch in progress: where it began, whether it highlighted its cell, where the finger
    /// is (viewport), and whether the pan took it over.
    struct Touch {
        var start: TouchPoint
        var highlighted = false
        var last: Point
        var panning = false
        /// The orthogonal section the pan scrolls (nil: the collection view).
        var section: Int?
        /// Where the finger alone would have put the content offset (no clamping): past an
        /// edge the content follows it through the rubber band (nil until the pan moves it).
        var raw: Point?
    }
    var touch: Touch?

    /// An interactive movement in progress: the data before it, where the item began, where it
    /// is laid out now, and where the finger is (content coordinates).
    struct Movement {
        var original: CollectionData
        var from: LayoutIndexPath
        var target: LayoutIndexPath
        var position: Point
    }
    var movement: Movement?

    /// Where the last pan let go, before the release settled it: a `fling` right after it is
    /// that release's velocity and starts from there. Cleared by `forgetRelease()`.
    enum Release {
        case content(Point)
        case section(Int, Double)
    }
    var release: Release?

    /// Distance a touch may move before the scroll view's pan takes it over (UIKit's slop).
    package static let panThreshold = 10.0

    /// With paging, a fling slower than this (points/ms, on its axis) settles on the nearest
    /// page as a release without velocity does; a faster one goes to the next page.
    package static let pagingFlingThreshold = 0.1

    /// Prepares `layout` in `context`, then clamps the content offset. A context whose offset is
    /// its resting one (−adjustedContentInset.left/top; `LayoutOptions` starts there without
    /// `--offset`) stays at rest as the layout pass settles the inset.
    package init(layout: any CollectionViewLayout, context: CollectionContext) throws {
        self.layout = layout
        self.context = context
        try prepare(reason: "initial")
        try setContentOffset(self.context.contentOffset)
    }

    package var bounds: Rect { context.bounds }
    package var contentOffset: Point { context.bounds.origin }
    package var contentSize: Size { layout.collectionViewContentSize }

    /// The events since the last call, removed from the log.
    package func takeEvents() -> [CollectionViewEvent] {
        defer { events = [] }
        return events
    }

    /// How deep in delegate callbacks the view is: while > 0, invalidations wait.
    var callbackDepth = 0
    /// Why the layout waits to be prepared (an invalidation inside a callback), or nil.
    var pendingInvalidation: String?
    /// Whether the refresh control is refreshing (from a pull past the threshold until
    /// `endRefreshing`).
    package internal(set) var isRefreshing = false
    /// The edit menu shown now, or nil. Any other touch (a tap elsewhere), a double tap, a
    /// pinch, a fling, an interactive movement, reloadData or a batch update closes it.
    package internal(set) var menu: EditMenu?
    /// The host's pasteboard (UIPasteboard.general): what a `copy` action put there.
    package var pasteboard: LayoutValue?

    // MARK: Layout

    /// Prepares the layout; when the content size it reports changes the adjusted content
    /// inset (`contentInsetAdjustmentBehavior`), once more, logged as "adjusted content inset"
    /// (a view resting at its offset moves to the new resting offset).
    func prepare(reason: String) throws {
        let twice = try layout.prepareSettlingInsets(
            in: &context, atRest: contentOffset == context.restingContentOffset)
        prepareCount += twice ? 2 : 1
        events.append(.prepare(reason: reason))
        if twice { events.append(.prepare(reason: "adjusted content inset")) }
        // Orthogonal sections keep their offsets within their (new) ranges; a section that no
        // longer scrolls orthogonally loses its offset.
        guard !context.orthogonalOffsets.isEmpty else { return }
        let regions = Dictionary(layout.scrollRegions.map { ($0.section, $0) }) { first, _ in first }
        for (section, offset) in context.orthogonalOffsets {
            guard let region = regions[section] else {
                context.orthogonalOffsets[section] = nil
                continue
            }
            context.orthogonalOffsets[section] = min(max(offset, region.minimumOffset), region.maximumOffset)
        }
    }

    /// invalidateLayout(): UIKit marks the layout dirty and lays out once, on the next pass.
    /// Outside delegate callbacks that pass is now; inside one it comes when the outermost
    /// callback returns (`layoutIfNeeded`), so any number of invalidations make one prepare.
    package func invalidateLayout(reason: String = "invalidated") throws {
        pendingInvalidation = pendingInvalidation ?? reason
        guard callbackDepth == 0 else { return }
        try layoutIfNeeded()
    }

    /// Prepares the layout now when an invalidation is waiting (UIView.layoutIfNeeded).
    package func layoutIfNeeded() throws {
        guard let reason = pendingInvalidation else { return }
        pendingInvalidation = nil
        try prepare(reason: reason)
        try reclampOffset()
    }

    /// Sets host state the layout reads as `cv.state[key]` (nil removes it) and invalidates
    /// the layout: elements jump, nothing animates.
    package func setState(_ key: String, _ value: LayoutValue?) throws {
        let old = context.state[key]
        context.state[key] = value
        events.append(.stateChange(key: key, old: old, new: value))
        try invalidateLayout(reason: "state")
    }

    /// setState inside `UIView.animate(withDuration:)`: the new layout is prepared at once and
    /// every visible element (in the viewport before or after) animates from its old to its
    /// new attributes over `duration` seconds; the plan is logged.
    @discardableResult
    package func setState(_ key: String, _ value: LayoutValue?, animatedFor duration: Double) throws -> AnimationPlan {
        try layoutIfNeeded()
        let before = try drawnElements().elements
        let contentSizeBefore = contentSize
        let old = context.state[key]
        context.state[key] = value
        events.append(.stateChange(key: key, old: old, new: value))
        pendingInvalidation = nil
        try prepare(reason: "state (animated)")
        try reclampOffset()
        let after = try drawnElements().elements
        var beforeByKey = Dictionary(before.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var entries: [AnimationPlan.Entry] = []
        for element in after {
            let from = beforeByKey.removeValue(forKey: element.key)
            var start = element
            if from == nil { start.alpha = 0 }
            entries.append(
                AnimationPlan.Entry(
                    change: from == nil ? .insert : .persist, category: element.category, kind: element.kind,
                    indexPathBefore: from == nil ? nil : element.indexPath, indexPathAfter: element.indexPath,
                    from: from ?? start, to: element))
        }
        for element in before where beforeByKey[element.key] != nil {
            var end = element
            end.alpha = 0
            entries.append(
                AnimationPlan.Entry(
                    change: .delete, category: element.category, kind: element.kind,
                    indexPathBefore: element.indexPath, indexPathAfter: nil, from: element, to: end))
        }
        let plan = AnimationPlan(
            bounds: bounds, contentSizeBefore: contentSizeBefore, contentSizeAfter: contentSize, updates: [],
            entries: entries)
        events.append(.animatedChange(plan, duration: duration))
        return plan
    }

    /// reloadData(): the whole data replaced, the layout prepared again, nothing animated;
    /// selection and highlight cleared (without delegate calls, as UIKit), a touch in progress
    /// ends, orthogonal sections rest where they start.
    package func reloadData(_ data: CollectionData) throws {
        closeMenu()
        touch = nil
        movement = nil
        release = nil
        for path in highlightedItems { setHighlighted(path, false) }
        for path in selectedItems { setSelected(path, false) }
        context.data = data
        context.orthogonalOffsets = [:]
        try invalidateLayout(reason: "reloadData")
    }

    /// The viewport resizes to `size` (a rotation): the layout is asked
    /// shouldInvalidateLayout(forBoundsChange:) (prepared again when it answers true, or when
    /// the size changed for a layout that says nothing — UIKit's default invalidates on a size
    /// change through its layout pass), the offset clamped to the new range and proposed to
    /// targetContentOffset(forProposedContentOffset:) without velocity.
    package func setBounds(_ size: Size) throws {
        let old = bounds
        let new = Rect(origin: old.origin, size: size)
        guard new != old else { return }
        let invalidate = try layout.shouldInvalidateLayout(forBoundsChange: new, context: context)
        context.bounds = new
        events.append(.boundsChange(from: old, to: new, invalidated: invalidate))
        try prepare(reason: "bounds change")
        let clamped = ScrollGeometry.clamp(
            contentOffset, contentSize: contentSize, boundsSize: size, inset: context.adjustedContentInset)
        let target = try layout.targetContentOffset(
            forProposedContentOffset: clamped, withScrollingVelocity: .zero, context: context)
        try setContentOffset(target)
    }

    // MARK: Delegate plumbing

    /// Calls a `should…` callback (UIKit's default without a delegate: true). The call is
    /// logged before it runs, so what the callback does is logged after it. A delegate without
    /// the method is not called (UIKit checks `responds(to:)` for optional methods): nothing is
    /// logged and the delegate's default answers.
    func ask(
        _ name: String, _ path: LayoutIndexPath, _ body: (any CollectionViewDelegate) throws -> Bool
    ) throws -> Bool {
        guard let delegate else { return true }
        guard delegate.implements(Self.method(name)) else { return try body(delegate) }
        let position = events.count
        events.append(.delegateCall(name: name, indexPath: path, result: nil))
        let answer = try deferringInvalidation { try body(delegate) }
        events[position] = .delegateCall(name: name, indexPath: path, result: answer)
        return answer
    }

    func tell(
        _ name: String, _ path: LayoutIndexPath?, _ body: (any CollectionViewDelegate) throws -> Void
    ) throws {
        guard let delegate, delegate.implements(Self.method(name)) else { return }
        events.append(.delegateCall(name: name, indexPath: path, result: nil))
        try deferringInvalidation { try body(delegate) }
    }

    /// The method a logged call names: `canPerformAction(copy)` is `canPerformAction`.
    static func method(_ name: String) -> String { String(name.prefix { $0 != "(" }) }

    /// Runs a delegate callback: invalidations inside it wait until it returns, then the
    /// layout is prepared once.
    func deferringInvalidation<T>(_ body: () throws -> T) throws -> T {
        callbackDepth += 1
        let result: T
        do {
            result = try body()
        } catch {
            callbackDepth -= 1
            throw error
        }
        callbackDepth -= 1
        if callbackDepth == 0 { try layoutIfNeeded() }
        return result
    }
}
