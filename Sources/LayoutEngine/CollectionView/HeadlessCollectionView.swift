/// A UICollectionView without a screen: bounds and content offset, scrolling with UIKit's
/// clamping, paging and flings, hit testing, highlight and selection driven by touches with
/// UIKit's delegate call order, host state and batch updates. Everything that happens is
/// appended to `events`, which a host drains (`takeEvents`) after each interaction.
///
/// Touch points are in content coordinates here; hosts convert from the viewport.
package final class HeadlessCollectionView {
    package let layout: any CollectionViewLayout
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
    }
    private var touch: Touch?

    /// Distance a touch may move before the scroll view's pan takes it over (UIKit's slop).
    package static let panThreshold = 10.0

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
    }

    /// invalidateLayout(): prepared again at once (headless, there is no next layout pass).
    package func invalidateLayout(reason: String = "invalidated") throws {
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
        guard clamped != contentOffset else { return clamped }
        let old = bounds
        let new = Rect(origin: clamped, size: old.size)
        let invalidate = try layout.shouldInvalidateLayout(forBoundsChange: new, context: context)
        context.bounds = new
        events.append(.boundsChange(from: old, to: new, invalidated: invalidate))
        if invalidate { try prepare(reason: "bounds change") }
        return clamped
    }

    /// After the content size changed: keeps the offset inside the new range.
    private func reclampOffset() throws {
        try setContentOffset(contentOffset)
    }

    /// A fling with `velocity` (points/ms, as UIKit's targetContentOffset receives it): the
    /// deceleration's end (`ScrollGeometry.decelerationEnd`, clamped to the range) is proposed
    /// to the layout's targetContentOffset — or, with paging, the next page boundary is taken —
    /// and the offset moves there (clamped again). Returns the event recorded.
    @discardableResult
    package func fling(velocity: Point) throws -> (proposed: Point, target: Point, duration: Double) {
        let inset = context.adjustedContentInset
        let natural = ScrollGeometry.decelerationEnd(from: contentOffset, velocity: velocity)
        let proposed = ScrollGeometry.clamp(natural, contentSize: contentSize, boundsSize: bounds.size, inset: inset)
        let target: Point
        if isPagingEnabled {
            target = ScrollGeometry.pageTarget(
                from: contentOffset, velocity: velocity, contentSize: contentSize, boundsSize: bounds.size, inset: inset
            )
        } else {
            target = try layout.targetContentOffset(
                forProposedContentOffset: proposed, withScrollingVelocity: velocity, context: context)
        }
        let duration = ScrollGeometry.decelerationDuration(velocity: velocity)
        events.append(.fling(velocity: velocity, proposed: proposed, target: target, duration: duration))
        let reached = try setContentOffset(target)
        return (proposed, reached, duration)
    }

    // MARK: Queries

    /// The elements in the visible bounds, in output order (the rect query UIKit makes).
    package func visibleElements() throws -> [LayoutAttributes] {
        try layout.layoutAttributesForElements(in: bounds, context: context)
    }

    /// The visible cells' index paths, in order.
    package func indexPathsForVisibleItems() throws -> [LayoutIndexPath] {
        try visibleElements().filter { $0.category == .cell }.map(\.indexPath)
    }

    /// indexPathForItem(at:): the cell under `point` (content coordinates), topmost by zIndex,
    /// then the later in output order; hidden or transparent (alpha < 0.01, as UIKit's hit
    /// testing) cells are skipped, and so are gaps, insets and other elements. The frame is
    /// the untransformed one. Also returns the point in the cell's coordinates.
    package func indexPathForItem(at point: Point) throws -> (indexPath: LayoutIndexPath, local: Point)? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        // A 1×1 rect at the point: every frame containing the point intersects it.
        let probe = Rect(x: point.x, y: point.y, width: 1, height: 1)
        var best: LayoutAttributes?
        for element in try layout.layoutAttributesForElements(in: probe, context: context)
        where element.category == .cell && !element.hidden && element.alpha >= 0.01 && element.frame.contains(point) {
            if let current = best, current.zIndex > element.zIndex { continue }
            best = element
        }
        guard let best else { return nil }
        return (best.indexPath, Point(x: point.x - best.frame.x, y: point.y - best.frame.y))
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
        // A pan ends where it is: nothing is selected or tapped.
        guard !current.panning else { return }
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
    }

    /// A long press: the touch goes down (highlighting), the recognizer fires and cancels it
    /// (didUnhighlight), then `didLongPress` with the point (item nil on empty space).
    package func longPress(at point: TouchPoint) throws {
        try touchDown(at: point)
        try cancelTouch(at: point)
        try tell("didLongPress", point.indexPath) { try $0.didLongPress(self, point: point) }
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
            let wasHighlighted = current.highlighted
            current.highlighted = false
            touch = current
            if wasHighlighted, let path = current.start.indexPath {
                try unhighlight(path, try touchPoint(viewport: viewport))
            }
        }
        let dx = viewport.x - current.last.x, dy = viewport.y - current.last.y
        touch?.last = viewport
        try setContentOffset(Point(x: contentOffset.x - dx, y: contentOffset.y - dy))
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
    /// batch applied, inserted items without payloads); the batch is validated against it,
    /// the update planned (UpdatePlanner) and selection and highlight follow their items
    /// (deleted items leave them). A bad batch changes nothing.
    @discardableResult
    package func performBatchUpdates(_ batch: BatchUpdate, newData: CollectionData? = nil) throws -> AnimationPlan {
        let oldCounts = context.data.sections.map(\.count)
        let mapping = try UpdateMapping(oldCounts: oldCounts, update: batch, newCounts: newData?.sections.map(\.count))
        var new = context
        new.data = newData ?? mapping.newData(from: context.data)
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
        try reclampOffset()
        return plan
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
        let answer = try body(delegate)
        events[position] = .delegateCall(name: name, indexPath: path, result: answer)
        return answer
    }

    private func tell(
        _ name: String, _ path: LayoutIndexPath?, _ body: (any CollectionViewDelegate) throws -> Void
    ) throws {
        guard let delegate else { return }
        events.append(.delegateCall(name: name, indexPath: path, result: nil))
        try body(delegate)
    }
}
