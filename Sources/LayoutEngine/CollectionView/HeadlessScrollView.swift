/// The collection view as a UIScrollView: the content offset and its range, flings with
/// deceleration and paging, overscroll (the rubber band, the spring back) and the refresh
/// control, and the orthogonal sections' own scrolling.
extension HeadlessCollectionView {
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
    func moveBounds(to offset: Point) throws {
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

    /// Whether the content bounces on each axis (UIScrollView.bounces with alwaysBounce off):
    /// along an axis it scrolls on, and vertically always with a refresh control.
    var bouncesOnAxes: (horizontal: Bool, vertical: Bool) {
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
    func springBack() throws {
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
    func reclampOffset() throws {
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
    /// range, is proposed to its `orthogonalScrollingBehavior` (`--orthogonal-target`'s rule;
    /// the paging behaviours go at most one unit past the release), and the section comes to
    /// rest there.
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
        let target = layout.targetOffset(inRegion: section, releasedAt: from, proposed: proposed, velocity: velocity)
        let duration = ScrollGeometry.decelerationDuration(velocity: Point(x: velocity, y: 0))
        events.append(
            .sectionFling(section: section, velocity: velocity, proposed: proposed, target: target, duration: duration))
        let reached = try setSectionOffset(section, target)
        return (proposed, reached, duration)
    }

    /// The orthogonal section whose band holds `content` and scrolls along the movement's
    /// main axis, or nil.
    func sectionToPan(at content: Point, dx: Double, dy: Double) -> Int? {
        for region in layout.scrollRegions where region.frame.contains(content) {
            if region.horizontal ? abs(dx) > abs(dy) : abs(dy) > abs(dx) { return region.section }
        }
        return nil
    }

    /// A pan lets go: an orthogonal section comes to rest where its behaviour puts a release
    /// without velocity; with paging, the content settles on the nearest page.
    func settle(_ pan: Touch) throws {
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
}
