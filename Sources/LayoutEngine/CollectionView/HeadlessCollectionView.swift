/// A UICollectionView without a screen: bounds and content offset, scrolling with UIKit's
/// clamping, paging and flings, hit testing, highlight and selection driven by touches with
/// UIKit's delegate call order, host state and batch updates. Everything that happens is
/// appended to `events`, which a host drains (`takeEvents`) after each interaction.
///
/// Touch points are in content coordinates here; hosts convert from the viewport.
package final class HeadlessCollectionView {
    /// The installed layout: a `TransitionLayout` during an interactive transition.
    package private(set) var layout: any CollectionViewLayout
    /// The collection as the layout sees it (bounds origin = content offset).
    package private(set) var context: CollectionContext
    package weak var delegate: (any CollectionViewDelegate)?
    package var allowsSelection = true
    package var allowsMultipleSelection = false
    /// UIScrollView.isPagingEnabled: flings stop on page boundaries instead of asking the layout.
    package var isPagingEnabled = false
    /// Selected items, in index-path order.
    package private(set) var selectedItems: [LayoutIndexPath] = []
    package private(set) var highlightedItems: [LayoutIndexPath] = []
    /// How many times the layout was prepared (the first time included).
    package private(set) var prepareCount = 0
    package private(set) var events: [CollectionViewEvent] = []

    /// The touch in progress: where it began, whether it highlighted its cell, where the finger
    /// is (viewport), and whether the pan took it over.
    private struct Touch {
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
    private var touch: Touch?

    /// An interactive movement in progress: the data before it, where the item began, where it
    /// is laid out now, and where the finger is (content coordinates).
    private struct Movement {
        var original: CollectionData
        var from: LayoutIndexPath
        var target: LayoutIndexPath
        var position: Point
    }
    private var movement: Movement?

    /// Where the last pan let go, before the release settled it: a `fling` right after it is
    /// that release's velocity and starts from there. Cleared by `forgetRelease()`.
    private enum Release {
        case content(Point)
        case section(Int, Double)
    }
    private var release: Release?

    /// Distance a touch may move before the scroll view's pan takes it over (UIKit's slop).
    package static let panThreshold = 10.0

    /// With paging, a fling slower than this (points/ms, on its axis) settles on the nearest
    /// page as a release without velocity does; a faster one goes to the next page.
    package static let pagingFlingThreshold = 0.1

    /// Prepares `layout` in `context`, then clamps the content offset.
    package init(layout: any CollectionViewLayout, context: CollectionContext) throws {
        self.layout = layout
        self.context = context
        try prepare(reason: "initial")
        try setContentOffset(context.contentOffset)
    }

    package var bounds: Rect { context.bounds }
    package var contentOffset: Point { context.bounds.origin }
    package var contentSize: Size { layout.collectionViewContentSize }

    /// The events since the last call, removed from the log.
    package func takeEvents() -> [CollectionViewEvent] {
        defer { events = [] }
        return events
    }

    // MARK: Layout

    private func prepare(reason: String) throws {
        try layout.prepare(in: context)
        prepareCount += 1
        events.append(.prepare(reason: reason))
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

    /// How deep in delegate callbacks the view is: while > 0, invalidations wait.
    private var callbackDepth = 0
    /// Why the layout waits to be prepared (an invalidation inside a callback), or nil.
    private var pendingInvalidation: String?

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

    // MARK: Scrolling

    /// UIKit's range for the content offset with the current content size and insets.
    package var contentOffsetRange: (min: Point, max: Point) {
        ScrollGeometry.offsetRange(
            contentSize: contentSize, boundsSize: bounds.size, inset: context.adjustedContentInset)
    }

    /// Moves the bounds to `offset`, clamped; asks the layout whether the new bounds invalidate
    /// it (cv.bounds is still the old bounds then, the new ones are the argument) and prepares
    /// it again when told. Returns the offset reached.
    @discardableResult
    package func setContentOffset(_ offset: Point) throws -> Point {
        let clamped = ScrollGeometry.clamp(
            offset, contentSize: contentSize, boundsSize: bounds.size, inset: context.adjustedContentInset)
        try moveBounds(to: clamped)
        return clamped
    }

    /// Moves the bounds to `offset` as it is (a rubber-banded offset may be past the range).
    private func moveBounds(to offset: Point) throws {
        guard offset != contentOffset else { return }
        let old = bounds
        let new = Rect(origin: offset, size: old.size)
        let invalidate = try layout.shouldInvalidateLayout(forBoundsChange: new, context: context)
        context.bounds = new
        events.append(.boundsChange(from: old, to: new, invalidated: invalidate))
        if invalidate { try prepare(reason: "bounds change") }
    }

    // MARK: Overscroll and the refresh control

    /// UIRefreshControl's height: the adjusted top inset grows by it while refreshing.
    package static let refreshControlHeight = 60.0
    /// How far past the top the content must be (rubber-banded, when the finger lets go) for a
    /// refresh control to start refreshing: its whole height shown. UIRefreshControl's own
    /// threshold is not public; this one is the simulator's choice.
    package static let refreshThreshold = refreshControlHeight

    /// Whether the refresh control is refreshing (from a pull past the threshold until
    /// `endRefreshing`).
    package private(set) var isRefreshing = false

    /// Whether the content bounces on each axis (UIScrollView.bounces with alwaysBounce off):
    /// along an axis it scrolls on, and vertically always with a refresh control.
    private var bouncesOnAxes: (horizontal: Bool, vertical: Bool) {
        let range = contentOffsetRange
        return (range.max.x > range.min.x, range.max.y > range.min.y || (delegate?.hasRefreshControl ?? false))
    }

    /// The content offset a pan puts the content at when the finger alone says `raw`: inside
    /// the range, `raw`; past an edge on an axis that bounces, the edge plus the rubber band
    /// of the distance past it (`ScrollGeometry.rubberBand`, the viewport's length on that
    /// axis as the dimension); on an axis that does not bounce, clamped.
    package func rubberBandedOffset(_ raw: Point) -> Point {
        let range = contentOffsetRange, bounces = bouncesOnAxes
        func band(_ value: Double, _ low: Double, _ high: Double, _ dimension: Double, _ bounces: Bool) -> Double {
            guard value.isFinite else { return low }
            if value < low {
                return bounces ? low - ScrollGeometry.rubberBand(low - value, dimension: dimension) : low
            }
            if value > high {
                return bounces ? high + ScrollGeometry.rubberBand(value - high, dimension: dimension) : high
            }
            return value
        }
        return Point(
            x: band(raw.x, range.min.x, range.max.x, bounds.width, bounces.horizontal),
            y: band(raw.y, range.min.y, range.max.y, bounds.height, bounces.vertical))
    }

    /// A pan let go of the content: with a refresh control not yet refreshing, a top overscroll
    /// of at least `refreshThreshold` starts refreshing (the adjusted top inset grows by the
    /// control's height, the layout is invalidated); then content past an edge springs back to
    /// the range (logged); then `didPullToRefresh` is told.
    private func springBack() throws {
        let from = contentOffset
        var refreshes = false
        if let delegate, delegate.hasRefreshControl, !isRefreshing,
            contentOffsetRange.min.y - from.y >= Self.refreshThreshold - 1e-9
        {
            refreshes = true
            isRefreshing = true
            context.refreshControlInset = Self.refreshControlHeight
            events.append(.refreshing(true))
        }
        let to = ScrollGeometry.clamp(
            from, contentSize: contentSize, boundsSize: bounds.size, inset: context.adjustedContentInset)
        if to != from {
            events.append(.springBack(from: from, to: to))
            try moveBounds(to: to)
        }
        guard refreshes else { return }
        try invalidateLayout(reason: "adjusted content inset")
        try tell("didPullToRefresh", nil) { try $0.didPullToRefresh(self) }
    }

    /// UIRefreshControl.endRefreshing(): the adjusted top inset loses the control's height,
    /// the layout is invalidated and the offset comes back inside the range. Nothing happens
    /// when not refreshing.
    package func endRefreshing() throws {
        guard isRefreshing else { return }
        isRefreshing = false
        context.refreshControlInset = 0
        events.append(.refreshing(false))
        try invalidateLayout(reason: "adjusted content inset")
        if callbackDepth == 0 { try reclampOffset() }
    }

    /// Runs a host callback that is not a delegate method (a controller's timer): logged as a
    /// call named `name`; invalidations inside it wait until it returns.
    package func hostCallback(_ name: String, _ body: () throws -> Void) throws {
        events.append(.delegateCall(name: name, indexPath: nil, result: nil))
        try deferringInvalidation(body)
    }

    /// After the content size changed: keeps the offset inside the new range.
    private func reclampOffset() throws {
        try setContentOffset(contentOffset)
    }

    /// A fling with `velocity` (points/ms, as UIKit's targetContentOffset receives it): the
    /// deceleration's end (`ScrollGeometry.decelerationEnd`, clamped to the range) is proposed
    /// to the layout's targetContentOffset — or, with paging, the page boundary is taken (the
    /// next one in the fling's direction, the nearest for a fling slower than
    /// `pagingFlingThreshold`) — and the offset moves there (clamped again). Right after a pan
    /// it is the pan's release: it starts from where the finger let go, and after a pan of an
    /// orthogonal section it flings that section (`flingSection`). Returns the event recorded.
    @discardableResult
    package func fling(velocity: Point) throws -> (proposed: Point, target: Point, duration: Double) {
        closeMenu()
        let released = release
        release = nil
        if case .section(let section, let at)? = released, let region = region(section) {
            let speed = region.horizontal ? velocity.x : velocity.y
            let result = try flingSection(section, from: at, velocity: speed)
            let point = { (value: Double) in region.horizontal ? Point(x: value, y: 0) : Point(x: 0, y: value) }
            return (point(result.proposed), point(result.target), result.duration)
        }
        let start: Point
        if case .content(let at)? = released { start = at } else { start = contentOffset }
        let inset = context.adjustedContentInset
        let natural = ScrollGeometry.decelerationEnd(from: start, velocity: velocity)
        let proposed = ScrollGeometry.clamp(natural, contentSize: contentSize, boundsSize: bounds.size, inset: inset)
        let target: Point
        if isPagingEnabled {
            let slow = { (v: Double) in abs(v) < Self.pagingFlingThreshold ? 0 : v }
            target = ScrollGeometry.pageTarget(
                from: start, velocity: Point(x: slow(velocity.x), y: slow(velocity.y)), contentSize: contentSize,
                boundsSize: bounds.size, inset: inset)
        } else {
            target = try layout.targetContentOffset(
                forProposedContentOffset: proposed, withScrollingVelocity: velocity, context: context)
        }
        let duration = ScrollGeometry.decelerationDuration(velocity: velocity)
        events.append(.fling(velocity: velocity, proposed: proposed, target: target, duration: duration))
        let reached = try setContentOffset(target)
        return (proposed, reached, duration)
    }

    /// A drag's release is forgotten: a later fling starts where the content is.
    package func forgetRelease() { release = nil }

    // MARK: Orthogonal sections

    /// The layout's orthogonal section `section`, or nil.
    package func region(_ section: Int) -> ScrollRegion? {
        layout.scrollRegions.first { $0.section == section }
    }

    /// The scroll offset of orthogonal section `section` along its axis (where it rests
    /// before any scrolling: its `initialOffset`), or nil when it does not scroll orthogonally.
    package func sectionOffset(_ section: Int) -> Double? {
        guard let region = region(section) else { return nil }
        return context.orthogonalOffsets[section] ?? region.initialOffset
    }

    /// Scrolls orthogonal section `section` to `offset`, clamped to its range (no paging: as
    /// setting an inner scroll view's content offset). The layout is not prepared again; its
    /// rect queries read the offset (and run the visible-items handler). Returns the offset
    /// reached; throws when the section does not scroll orthogonally.
    @discardableResult
    package func setSectionOffset(_ section: Int, _ offset: Double) throws -> Double {
        guard let region = region(section) else {
            let sections = layout.scrollRegions.map { String($0.section) }
            throw LayoutError(
                "section \(section) does not scroll orthogonally (\(sections.isEmpty ? "the layout has no orthogonal sections" : "orthogonal sections: " + sections.joined(separator: ", ")))"
            )
        }
        let old = context.orthogonalOffsets[section] ?? region.initialOffset
        let clamped = offset.isFinite ? min(max(offset, region.minimumOffset), region.maximumOffset) : old
        guard clamped != old else { return clamped }
        context.orthogonalOffsets[section] = clamped
        events.append(.sectionScroll(section: section, from: old, to: clamped))
        return clamped
    }

    /// A fling of orthogonal section `section` released at `start` (default: its offset) with
    /// `velocity` (points/ms along its axis): the deceleration's end, clamped to the section's
    /// range, is proposed to its `orthogonalScrollingBehavior` (`--orthogonal-target`'s rule),
    /// and the section comes to rest there.
    @discardableResult
    package func flingSection(
        _ section: Int, from start: Double? = nil, velocity: Double
    ) throws -> (proposed: Double, target: Double, duration: Double) {
        guard let region = region(section), let current = sectionOffset(section) else {
            try setSectionOffset(section, 0)  // throws the message
            return (0, 0, 0)
        }
        let from = start ?? current
        let natural = ScrollGeometry.decelerationEnd(from: Point(x: from, y: 0), velocity: Point(x: velocity, y: 0)).x
        let proposed = min(max(natural, region.minimumOffset), region.maximumOffset)
        let target = layout.targetOffset(inRegion: section, proposed: proposed, velocity: velocity)
        let duration = ScrollGeometry.decelerationDuration(velocity: Point(x: velocity, y: 0))
        events.append(
            .sectionFling(section: section, velocity: velocity, proposed: proposed, target: target, duration: duration))
        let reached = try setSectionOffset(section, target)
        return (proposed, reached, duration)
    }

    /// The orthogonal section whose band holds `content` and scrolls along the movement's
    /// main axis, or nil.
    private func sectionToPan(at content: Point, dx: Double, dy: Double) -> Int? {
        for region in layout.scrollRegions where region.frame.contains(content) {
            if region.horizontal ? abs(dx) > abs(dy) : abs(dy) > abs(dx) { return region.section }
        }
        return nil
    }

    /// A pan lets go: an orthogonal section comes to rest where its behaviour puts a release
    /// without velocity; with paging, the content settles on the nearest page.
    private func settle(_ pan: Touch) throws {
        if let section = pan.section, let at = sectionOffset(section) {
            release = .section(section, at)
            try setSectionOffset(section, layout.targetOffset(inRegion: section, proposed: at, velocity: 0))
            return
        }
        try springBack()
        release = .content(contentOffset)
        guard isPagingEnabled else { return }
        try setContentOffset(
            ScrollGeometry.pageTarget(
                from: contentOffset, velocity: .zero, contentSize: contentSize, boundsSize: bounds.size,
                inset: context.adjustedContentInset))
    }

    // MARK: Queries

    /// The elements in the visible bounds, in output order (the rect query UIKit makes), each
    /// through the layout's single-element hooks (`drawnAttributes`: what is drawn). While
    /// an item is moved interactively its cell is drawn where the finger is (see
    /// `movingAttributes`), even when its slot is outside the bounds.
    package func visibleElements() throws -> [LayoutAttributes] {
        var elements = try layout.drawnAttributes(
            try layout.layoutAttributesForElements(in: bounds, context: context), context: context)
        guard let movement else { return elements }
        let isMoving = { (element: LayoutAttributes) in
            element.category == .cell && element.indexPath == movement.target
        }
        let position = elements.firstIndex(where: isMoving)
        let slot =
            try position.map { elements[$0] } ?? layout.layoutAttributesForItem(at: movement.target, context: context)
        guard let slot else { return elements }
        let zIndex = (elements.filter { !isMoving($0) }.map(\.zIndex).max() ?? 0) + 1
        let moving = try movingAttributes(slot, movement.position, zIndex: zIndex)
        if let position {
            elements[position] = moving
        } else if moving.frame.intersects(bounds) {
            elements.append(moving)
        }
        return elements
    }

    /// The moving cell as drawn: centred on the finger, one zIndex above every other visible
    /// element, then edited by the layout's layoutAttributesForInteractivelyMovingItem.
    private func movingAttributes(_ slot: LayoutAttributes, _ position: Point, zIndex: Int) throws -> LayoutAttributes {
        var moving = slot
        moving.frame.origin = Point(
            x: position.x - slot.frame.size.width / 2, y: position.y - slot.frame.size.height / 2)
        moving.zIndex = max(slot.zIndex, zIndex)
        return try layout.layoutAttributesForInteractivelyMovingItem(moving, position: position, context: context)
    }

    /// The visible cells' index paths, in order.
    package func indexPathsForVisibleItems() throws -> [LayoutIndexPath] {
        try visibleElements().filter { $0.category == .cell }.map(\.indexPath)
    }

    /// The visible elements as they are drawn (orthogonal sections at their offsets).
    package func drawnElements() throws -> DrawnElements {
        DrawnElements(try visibleElements(), layout: layout, context: context)
    }

    /// indexPathForItem(at:): the cell drawn under `point` (content coordinates), as
    /// `DrawnElements.cell(at:)` finds it among the elements of the visible rect query (what is
    /// on screen, every hook applied): topmost by zIndex, then the later in output order;
    /// hidden or transparent cells, gaps, insets and other elements are not hit. A point
    /// outside the viewport is looked up with a 1×1 query at the point. Also returns the point
    /// in the cell's coordinates.
    package func indexPathForItem(at point: Point) throws -> (indexPath: LayoutIndexPath, local: Point)? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        let rect = bounds.contains(point) ? bounds : Rect(x: point.x, y: point.y, width: 1, height: 1)
        let drawn = try DrawnElements.drawing(
            try layout.layoutAttributesForElements(in: rect, context: context), layout: layout, context: context)
        return drawn.cell(at: point)
    }

    /// The touch point for a viewport point.
    package func touchPoint(viewport: Point) throws -> TouchPoint {
        let content = Point(x: viewport.x + contentOffset.x, y: viewport.y + contentOffset.y)
        let hit = try indexPathForItem(at: content)
        return TouchPoint(viewport: viewport, content: content, indexPath: hit?.indexPath, local: hit?.local)
    }

    // MARK: Touches

    /// A finger goes down: on a cell, when selection is allowed, shouldHighlight → (highlighted)
    /// didHighlight. Any touch still in progress is cancelled first.
    package func touchDown(at point: TouchPoint) throws {
        closeMenu()
        try cancelTouch()
        touch = Touch(start: point, last: point.viewport)
        guard allowsSelection, let path = point.indexPath else { return }
        let allowed = try ask("shouldHighlightItem", path) { try $0.shouldHighlightItem(self, at: path, point: point) }
        guard allowed else { return }
        touch?.highlighted = true
        setHighlighted(path, true)
        try tell("didHighlightItem", path) { try $0.didHighlightItem(self, at: path, point: point) }
    }

    /// The finger lifts at `point`. Inside the highlighted cell it selects (see `select`);
    /// anywhere else the highlight is cancelled. A touch that began and ended on empty space is
    /// a background tap.
    package func touchUp(at point: TouchPoint) throws {
        guard let current = touch else { return }
        touch = nil
        // A pan settles (paging, an orthogonal section's behaviour): nothing is selected or tapped.
        guard !current.panning else { return try settle(current) }
        guard let path = current.start.indexPath else {
            if point.indexPath == nil {
                try tell("didTapBackground", nil) { try $0.didTapBackground(self, point: point) }
            }
            return
        }
        guard current.highlighted else { return }
        guard point.indexPath == path else {
            try unhighlight(path, point)
            return
        }
        try tapSelect(path, point)
    }

    /// The touch is cancelled (a pan or a long press took it over): the highlight goes, nothing
    /// is selected.
    package func cancelTouch(at point: TouchPoint? = nil) throws {
        guard let current = touch else { return }
        touch = nil
        if current.highlighted, let path = current.start.indexPath {
            try unhighlight(path, point ?? current.start)
        }
        if current.panning { try settle(current) }
    }

    /// A long press: the touch goes down (highlighting), the recognizer fires and cancels it
    /// (didUnhighlight). On a cell the delegate is asked `shouldShowMenuForItem`; when it
    /// answers true the edit menu opens with those of its `menuActions` that
    /// `canPerformAction` allows (none allowed: no menu) and `didLongPress` is not called.
    /// Otherwise `didLongPress` with the point (item nil on empty space).
    package func longPress(at point: TouchPoint) throws {
        try touchDown(at: point)
        try cancelTouch(at: point)
        if let path = point.indexPath, let delegate {
            let show = try ask("shouldShowMenuForItem", path) { try $0.shouldShowMenuForItem(self, at: path) }
            if show {
                var actions: [String] = []
                for action in delegate.menuActions {
                    let allowed = try ask("canPerformAction(\(action))", path) {
                        try $0.canPerformAction(self, action: action, at: path)
                    }
                    if allowed { actions.append(action) }
                }
                guard !actions.isEmpty else { return }
                menu = EditMenu(indexPath: path, actions: actions)
                events.append(.editMenu(path, actions: actions))
                return
            }
        }
        try tell("didLongPress", point.indexPath) { try $0.didLongPress(self, point: point) }
    }

    // MARK: Edit menu

    /// UIMenuController's standard edit actions a collection view offers.
    package static let standardMenuActions = ["cut", "copy", "paste"]

    /// The edit menu shown: on which item, with which actions, in order.
    package struct EditMenu: Sendable, Equatable {
        package var indexPath: LayoutIndexPath
        package var actions: [String]

        package init(indexPath: LayoutIndexPath, actions: [String]) {
            self.indexPath = indexPath
            self.actions = actions
        }
    }

    /// The edit menu shown now, or nil. Any other touch (a tap elsewhere), a double tap, a
    /// pinch, a fling, an interactive movement, reloadData or a batch update closes it.
    package private(set) var menu: EditMenu?

    /// The host's pasteboard (UIPasteboard.general): what a `copy` action put there.
    package var pasteboard: LayoutValue?

    /// Closes the edit menu (logged when it was open).
    package func closeMenu() {
        guard let shown = menu else { return }
        menu = nil
        events.append(.editMenu(shown.indexPath, actions: nil))
    }

    /// The user chose `action` in the menu: it closes, then the delegate's performAction runs
    /// for the menu's item. Throws when no menu is shown or it does not offer `action`.
    package func performMenuAction(_ action: String) throws {
        guard let shown = menu else { throw LayoutError("no edit menu is shown") }
        guard shown.actions.contains(action) else {
            throw LayoutError("the edit menu shows \(shown.actions.joined(separator: ", ")), not \(action)")
        }
        closeMenu()
        try tell("performAction(\(action))", shown.indexPath) {
            try $0.performAction(self, action: action, at: shown.indexPath)
        }
    }

    /// A double tap. When the delegate has a double-tap recognizer (`recognizesDoubleTap`), it
    /// takes priority, as a single-tap recognizer required to wait for it: nothing is
    /// highlighted or selected, and `didDoubleTap` is called once. Otherwise it is two taps.
    package func doubleTap(at point: TouchPoint) throws {
        guard let delegate, delegate.recognizesDoubleTap else {
            try tap(at: point)
            try tap(at: point)
            return
        }
        closeMenu()
        try cancelTouch()
        try tell("didDoubleTap", point.indexPath) { try $0.didDoubleTap(self, point: point) }
    }

    /// A pinch centred on `point` from scale 1 to `scale` in `steps` steps (UIPinchGestureRecognizer):
    /// any touch in progress is cancelled, then `didPinch` is told "began" (scale 1), "changed"
    /// once a step with the scale growing linearly (1 + (scale − 1)·k/steps, k = 1…steps) and
    /// "ended" (scale). With `ends` false the fingers are still down: no "ended" (the live
    /// preview's pinch in progress).
    package func pinch(at point: TouchPoint, scale: Double, steps: Int, ends: Bool = true) throws {
        closeMenu()
        try cancelTouch()
        release = nil
        let phases =
            [("began", 1.0)]
            + (1...max(steps, 1)).map { ("changed", 1 + (scale - 1) * Double($0) / Double(max(steps, 1))) }
            + (ends ? [("ended", scale)] : [])
        for (phase, value) in phases {
            try tell("didPinch", point.indexPath) { try $0.didPinch(self, scale: value, point: point, phase: phase) }
        }
    }

    /// A tap: touch down and up at the same point.
    package func tap(at point: TouchPoint) throws {
        try touchDown(at: point)
        try touchUp(at: point)
    }

    /// The finger moves to `viewport`. Once it has gone more than `panThreshold` from where it
    /// went down, the scroll view's pan takes the touch over (the highlight is cancelled), and
    /// from then on every move scrolls the content by the finger's movement, clamped (no
    /// rubber-banding).
    package func touchMove(to viewport: Point) throws {
        guard var current = touch else { return }
        if !current.panning {
            let dx = viewport.x - current.start.viewport.x, dy = viewport.y - current.start.viewport.y
            guard (dx * dx + dy * dy).squareRoot() > Self.panThreshold else {
                touch?.last = viewport
                return
            }
            current.panning = true
            current.section = sectionToPan(at: current.start.content, dx: dx, dy: dy)
            let wasHighlighted = current.highlighted
            current.highlighted = false
            touch = current
            if wasHighlighted, let path = current.start.indexPath {
                try unhighlight(path, try touchPoint(viewport: viewport))
            }
        }
        let dx = viewport.x - current.last.x, dy = viewport.y - current.last.y
        touch?.last = viewport
        if let section = current.section, let region = region(section), let offset = sectionOffset(section) {
            // Right to left, a horizontal region's offset runs from its leading (right) edge:
            // the finger moving right brings its later groups in from the left.
            let along = region.horizontal ? dx : dy
            try setSectionOffset(section, offset + (layout.isFlippedHorizontally && region.horizontal ? along : -along))
        } else {
            let start = current.raw ?? contentOffset
            let raw = Point(x: start.x - dx, y: start.y - dy)
            touch?.raw = raw
            try moveBounds(to: rubberBandedOffset(raw))
        }
    }

    /// Whether the touch in progress is a pan (it moved past `panThreshold`).
    package var isPanning: Bool { touch?.panning ?? false }

    /// A drag from `start` to `end` (viewport points): touch down, one move, touch up. Past
    /// `panThreshold` it is a pan (highlight cancelled, content moved by start − end, no
    /// fling); a shorter move is a tap that lifts at `end`.
    package func drag(from start: Point, to end: Point) throws {
        try touchDown(at: try touchPoint(viewport: start))
        try touchMove(to: end)
        try touchUp(at: try touchPoint(viewport: end))
    }

    /// Touch up inside the highlighted cell: shouldSelect (shouldDeselect for a selected cell
    /// in multiple selection) → didUnhighlight → in single selection, each other selected item
    /// is deselected (shouldDeselect → didDeselect; a false keeps it and stops the selection) →
    /// didSelect (didDeselect).
    private func tapSelect(_ path: LayoutIndexPath, _ point: TouchPoint) throws {
        if allowsMultipleSelection && selectedItems.contains(path) {
            let allowed = try ask("shouldDeselectItem", path) {
                try $0.shouldDeselectItem(self, at: path, point: point)
            }
            try unhighlight(path, point)
            guard allowed else { return }
            setSelected(path, false)
            try tell("didDeselectItem", path) { try $0.didDeselectItem(self, at: path, point: point) }
            return
        }
        let allowed = try ask("shouldSelectItem", path) { try $0.shouldSelectItem(self, at: path, point: point) }
        try unhighlight(path, point)
        guard allowed else { return }
        if !allowsMultipleSelection {
            for other in selectedItems where other != path {
                let deselect = try ask("shouldDeselectItem", other) {
                    try $0.shouldDeselectItem(self, at: other, point: point)
                }
                guard deselect else { return }
                setSelected(other, false)
                try tell("didDeselectItem", other) { try $0.didDeselectItem(self, at: other, point: point) }
            }
        }
        setSelected(path, true)
        try tell("didSelectItem", path) { try $0.didSelectItem(self, at: path, point: point) }
    }

    private func unhighlight(_ path: LayoutIndexPath, _ point: TouchPoint) throws {
        guard highlightedItems.contains(path) else { return }
        setHighlighted(path, false)
        try tell("didUnhighlightItem", path) { try $0.didUnhighlightItem(self, at: path, point: point) }
    }

    // MARK: Selection (programmatic: no delegate calls, as UIKit's selectItem/deselectItem)

    /// selectItem(at:): selects `path` (in single selection, replacing the selection). False
    /// when the item does not exist or selection is not allowed.
    @discardableResult
    package func selectItem(at path: LayoutIndexPath) -> Bool {
        guard allowsSelection, exists(path) else { return false }
        if !allowsMultipleSelection { for other in selectedItems where other != path { setSelected(other, false) } }
        setSelected(path, true)
        return true
    }

    package func deselectItem(at path: LayoutIndexPath) {
        setSelected(path, false)
    }

    /// Whether the data has this item.
    package func exists(_ path: LayoutIndexPath) -> Bool {
        path.item >= 0 && path.item < context.data.numberOfItems(inSection: path.section)
    }

    private func setSelected(_ path: LayoutIndexPath, _ selected: Bool) {
        if selected {
            guard !selectedItems.contains(path) else { return }
            selectedItems.append(path)
            selectedItems.sort()
            events.append(.select(path))
        } else if let position = selectedItems.firstIndex(of: path) {
            selectedItems.remove(at: position)
            events.append(.deselect(path))
        }
    }

    private func setHighlighted(_ path: LayoutIndexPath, _ highlighted: Bool) {
        if highlighted {
            guard !highlightedItems.contains(path) else { return }
            highlightedItems.append(path)
            highlightedItems.sort()
            events.append(.highlight(path))
        } else if let position = highlightedItems.firstIndex(of: path) {
            highlightedItems.remove(at: position)
            events.append(.unhighlight(path))
        }
    }

    // MARK: Batch updates

    /// performBatchUpdates: the model has changed to `newData` (default: the old data with the
    /// batch applied, inserted items carrying `payloads` (new index paths), reloaded items
    /// `reloadPayloads` (old index paths) and inserted sections `insertedSections`' items or
    /// count); the batch is validated against it,
    /// the update planned (UpdatePlanner) and selection and highlight follow their items
    /// (deleted items leave them). A bad batch changes nothing.
    @discardableResult
    package func performBatchUpdates(
        _ batch: BatchUpdate, newData: CollectionData? = nil, payloads: [LayoutIndexPath: LayoutValue] = [:],
        insertedSections: [Int: CollectionData.Section] = [:], reloadPayloads: [LayoutIndexPath: LayoutValue] = [:]
    ) throws -> AnimationPlan {
        // An interactive movement in progress is cancelled: the batch is against the model's data.
        try cancelInteractiveMovement()
        closeMenu()
        let oldCounts = context.data.sections.map(\.count)
        let mapping = try UpdateMapping(
            oldCounts: oldCounts, update: batch, newCounts: newData?.sections.map(\.count),
            insertedSectionCounts: insertedSections.mapValues(\.count))
        var new = context
        var payloads = payloads
        for (old, payload) in reloadPayloads {
            guard let moved = mapping.newIndexPath(forOld: old) else { continue }
            payloads[moved] = payload
        }
        new.data =
            newData
            ?? mapping.newData(from: context.data, payloads: payloads, insertedSections: insertedSections)
        // Section offsets follow their sections; a deleted section's goes.
        new.orthogonalOffsets = Dictionary(
            context.orthogonalOffsets.compactMap { section, offset in
                guard mapping.sectionsOldToNew.indices.contains(section), let moved = mapping.sectionsOldToNew[section]
                else { return nil }
                return (moved, offset)
            }, uniquingKeysWith: { first, _ in first })
        let plan = try UpdatePlanner.plan(layout: layout, old: context, new: new, update: batch)
        // UpdatePlanner prepares twice: on the data before the update and after it.
        prepareCount += 2
        events.append(.prepare(reason: "batch update (before)"))
        events.append(.prepare(reason: "batch update (after)"))
        context = new
        let selected = selectedItems, highlighted = highlightedItems
        for path in selected where mapping.newIndexPath(forOld: path) == nil { setSelected(path, false) }
        for path in highlighted where mapping.newIndexPath(forOld: path) == nil { setHighlighted(path, false) }
        selectedItems = selectedItems.compactMap { mapping.newIndexPath(forOld: $0) }.sorted()
        highlightedItems = highlightedItems.compactMap { mapping.newIndexPath(forOld: $0) }.sorted()
        if let current = touch, let path = current.start.indexPath {
            var start = current.start
            start.indexPath = mapping.newIndexPath(forOld: path)
            var moved = current
            moved.start = start
            // A pan goes on; a touch whose cell was deleted ends (its lift selects nothing).
            touch = start.indexPath == nil && !moved.panning ? nil : moved
        }
        events.append(.batchUpdate(plan))
        // The update prepared the layout on the new data (and any state set before it).
        pendingInvalidation = nil
        try reclampOffset()
        return plan
    }

    // MARK: Interactive transitions

    /// The transition layout installed by `startInteractiveTransition`, or nil.
    package var transitionLayout: TransitionLayout? { layout as? TransitionLayout }

    /// startInteractiveTransition(to:completion:): installs a transition layout from the
    /// current layout to `next` at progress 0 (and prepares it). Any touch in progress is
    /// cancelled. Throws when a transition or an interactive movement is already in progress.
    package func startInteractiveTransition(
        to next: any CollectionViewLayout, bending: (any TransitionPathBending)? = nil
    ) throws {
        guard transitionLayout == nil else {
            throw LayoutError("a transition is already in progress (finishTransition or cancelTransition first)")
        }
        guard movement == nil else { throw LayoutError("an item is moving (endMove or cancelMove first)") }
        try cancelTouch()
        release = nil
        let transition = TransitionLayout(current: layout, next: next, bending: bending)
        let previous = layout
        layout = transition
        do {
            try prepare(reason: "transition began")
        } catch {
            layout = previous
            throw error
        }
        events.append(.transition(action: "begin", progress: 0))
        try reclampOffset()
    }

    /// Sets the installed transition layout's `transitionProgress` (0…1): every element moves
    /// to its place at that progress.
    package func setTransitionProgress(_ progress: Double) throws {
        guard let transition = transitionLayout else { throw Self.noTransition }
        try transition.setTransitionProgress(progress, context: context)
        events.append(.transition(action: "progress", progress: progress))
        try reclampOffset()
    }

    /// updateValue(_:forAnimatedKey:) on the installed transition layout.
    package func updateAnimatedValue(_ value: LayoutValue, forKey key: String) throws {
        guard let transition = transitionLayout else { throw Self.noTransition }
        try transition.updateValue(value, forAnimatedKey: key, context: context)
        events.append(.transition(action: "animatedValue", progress: transition.transitionProgress))
    }

    /// finishInteractiveTransition() (`true`: the next layout is installed) or
    /// cancelInteractiveTransition() (`false`: the current layout comes back); either is
    /// prepared again and the content offset clamped to it.
    package func endInteractiveTransition(finish: Bool) throws {
        guard let transition = transitionLayout else { throw Self.noTransition }
        layout = finish ? transition.nextLayout : transition.currentLayout
        try prepare(reason: finish ? "transition finished" : "transition cancelled")
        events.append(.transition(action: finish ? "finish" : "cancel", progress: finish ? 1 : 0))
        try reclampOffset()
    }

    private static let noTransition = LayoutError("no transition is in progress (beginTransition first)")

    // MARK: Interactive movement

    /// The item being moved interactively, where it is laid out now (nil when none is).
    package var movingItem: LayoutIndexPath? { movement?.target }

    /// The item's attributes as the layout's per-item query answers them; for the item being
    /// moved, where it is drawn (following the finger) when that is in the viewport.
    package func attributesOfItem(at path: LayoutIndexPath) throws -> LayoutAttributes? {
        if let movement, movement.target == path,
            let drawn = try visibleElements().first(where: { $0.category == .cell && $0.indexPath == path })
        {
            return drawn
        }
        return try layout.layoutAttributesForItem(at: path, context: context)
    }

    /// beginInteractiveMovementForItem(at:): the item under `point` (content coordinates) starts
    /// moving when the delegate's canMoveItem allows it. Any touch in progress is cancelled.
    /// Returns whether the movement began (false on empty space, when refused, or when one is
    /// already in progress).
    @discardableResult
    package func beginInteractiveMovement(at point: Point) throws -> Bool {
        guard movement == nil, let path = try indexPathForItem(at: point)?.indexPath else { return false }
        closeMenu()
        try cancelTouch()
        release = nil
        guard delegate != nil else { return false }
        guard try ask("canMoveItem", path, { try $0.canMoveItem(self, at: path) }) else { return false }
        movement = Movement(original: context.data, from: path, target: path, position: point)
        return true
    }

    /// updateInteractiveMovementTargetPosition: the finger is at `point` (content coordinates).
    /// The layout's targetIndexPathForInteractivelyMovingItem proposes where the item goes (by
    /// default the item drawn under the point, the moving one left out, else the current
    /// target); the delegate's targetIndexPathForMove has the last word. When the target
    /// changes, the data is the original with the item moved there and the layout is prepared
    /// again: the other items make room live.
    package func updateInteractiveMovement(to point: Point) throws {
        guard var current = movement else { return }
        current.position = point
        movement = current
        let proposed: LayoutIndexPath
        if let fromLayout = try layout.targetIndexPathForInteractivelyMovingItem(
            current.target, position: point, context: context)
        {
            proposed = fromLayout
        } else {
            var drawn = try drawnElements()
            drawn.elements = drawn.elements.map { element in
                guard element.category == .cell, element.indexPath == current.target else { return element }
                var hidden = element
                hidden.hidden = true
                return hidden
            }
            proposed = drawn.cell(at: point)?.indexPath ?? current.target
        }
        var target = proposed
        if let delegate {
            events.append(.delegateCall(name: "targetIndexPathForMove", indexPath: proposed, result: nil))
            target = try deferringInvalidation {
                try delegate.targetIndexPathForMove(self, from: current.from, proposed: proposed)
            }
        }
        guard target != current.target else { return }
        guard let data = Self.moving(current.original, current.from, to: target) else {
            throw LayoutError(
                "the item at [\(current.from.section), \(current.from.item)] cannot move to [\(target.section), \(target.item)]: no such place in the data"
            )
        }
        movement?.target = target
        context.data = data
        try prepare(reason: "interactive movement")
        try reclampOffset()
    }

    /// endInteractiveMovement(): the item stays at its target; selection follows the items it
    /// passed; the delegate's moveItem is told (from the original index path to the target).
    package func endInteractiveMovement() throws {
        guard let current = movement else { return }
        movement = nil
        let selected = selectedItems
        selectedItems = selected.map { Self.movedPath($0, current.from, current.target) }.sorted()
        try prepare(reason: "interactive movement (end)")
        try reclampOffset()
        try tell("moveItem", current.target) { try $0.moveItem(self, from: current.from, to: current.target) }
    }

    /// cancelInteractiveMovement(): the original order comes back.
    package func cancelInteractiveMovement() throws {
        guard let current = movement else { return }
        movement = nil
        context.data = current.original
        try prepare(reason: "interactive movement (cancelled)")
        try reclampOffset()
    }

    /// Where `path` of the data before the move is once the item at `from` moved to `to`: the
    /// item leaves `from` (the later items of its section move up one), then goes in at `to`
    /// (the items at and after `to` in that section move down one).
    package static func movedPath(
        _ path: LayoutIndexPath, _ from: LayoutIndexPath, _ to: LayoutIndexPath
    )
        -> LayoutIndexPath
    {
        guard path != from else { return to }
        var moved = path
        if moved.section == from.section && moved.item > from.item {
            moved = LayoutIndexPath(moved.section, moved.item - 1)
        }
        if moved.section == to.section && moved.item >= to.item {
            moved = LayoutIndexPath(moved.section, moved.item + 1)
        }
        return moved
    }

    /// `data` with the item at `from` moved to `to` (payload and counts), or nil when `to` is
    /// not a place in the data after the move, or the two sections do not both have payloads.
    package static func moving(
        _ data: CollectionData, _ from: LayoutIndexPath, to: LayoutIndexPath
    )
        -> CollectionData?
    {
        var data = data
        guard data.sections.indices.contains(from.section), data.sections.indices.contains(to.section),
            from.item >= 0, from.item < data.sections[from.section].count
        else { return nil }
        let lastAfter = data.sections[to.section].count - (to.section == from.section ? 1 : 0)
        guard to.item >= 0, to.item <= lastAfter else { return nil }
        if to.section == from.section {
            if var items = data.sections[from.section].items {
                items.insert(items.remove(at: from.item), at: to.item)
                data.sections[from.section].items = items
            }
            return data
        }
        guard (data.sections[from.section].items == nil) == (data.sections[to.section].items == nil) else {
            return nil
        }
        if var source = data.sections[from.section].items, var destination = data.sections[to.section].items {
            destination.insert(source.remove(at: from.item), at: to.item)
            data.sections[from.section].items = source
            data.sections[to.section].items = destination
        }
        data.sections[from.section].count -= 1
        data.sections[to.section].count += 1
        return data
    }

    // MARK: Delegate plumbing

    /// Calls a `should…` callback (UIKit's default without a delegate: true). The call is
    /// logged before it runs, so what the callback does is logged after it.
    private func ask(
        _ name: String, _ path: LayoutIndexPath, _ body: (any CollectionViewDelegate) throws -> Bool
    ) throws -> Bool {
        guard let delegate else { return true }
        let position = events.count
        events.append(.delegateCall(name: name, indexPath: path, result: nil))
        let answer = try deferringInvalidation { try body(delegate) }
        events[position] = .delegateCall(name: name, indexPath: path, result: answer)
        return answer
    }

    private func tell(
        _ name: String, _ path: LayoutIndexPath?, _ body: (any CollectionViewDelegate) throws -> Void
    ) throws {
        guard let delegate else { return }
        events.append(.delegateCall(name: name, indexPath: path, result: nil))
        try deferringInvalidation { try body(delegate) }
    }

    /// Runs a delegate callback: invalidations inside it wait until it returns, then the
    /// layout is prepared once.
    private func deferringInvalidation<T>(_ body: () throws -> T) throws -> T {
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
