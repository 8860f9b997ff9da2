import InputFiles
import LayoutEngine
import Platform
import LayoutOutput

/// A bad argument to a simulation event (a point outside the viewport, a non-finite number):
/// nothing happened. Scenarios locate it at their line.
package struct SimulationError: Error, Equatable, CustomStringConvertible, Sendable {
    package var message: String

    package init(_ message: String) {
        self.message = message
    }

    package var description: String { message }
}

/// A headless collection view driven event by event — by a scenario, or by the interactive
/// preview — recording a timeline step for each event. Points are in viewport coordinates
/// (content = viewport + content offset). The controller, when given, is the view's delegate
/// and its options (selection, paging) apply.
package final class SimulationSession {
    package let view: HeadlessCollectionView
    package let controller: ControllerScript?
    /// The layouts the command line named (`--layout NAME=FILE`), for transitions by name.
    package let layouts: LayoutLibrary?
    package private(set) var timeline = Timeline()
    /// Seconds since the session began; only `wait` advances it.
    package private(set) var time = 0.0
    /// The latest time a scenario may wait until, in seconds.
    package static let maxTime = 1e12
    /// Bytes the timeline may hold (`--max-memory`; each step keeps the visible layout): a
    /// scenario looping over a million events stops at the cap, not at gigabytes.
    package var timelineByteLimit = Int.max
    private var timelineBytes = 0

    package init(
        layout: any CollectionViewLayout, context: CollectionContext, controller: ControllerScript? = nil,
        layouts: LayoutLibrary? = nil
    ) throws {
        // The controller's contentInsetAdjustmentBehavior is set before the first layout pass,
        // as a view controller sets it in viewDidLoad; a view at rest stays at rest.
        var context = context
        if let behavior = controller?.options.contentInsetAdjustmentBehavior {
            let atRest = context.contentOffset == context.restingContentOffset
            context.contentInsetAdjustmentBehavior = behavior
            if atRest { context.bounds.origin = context.restingContentOffset }
        }
        view = try HeadlessCollectionView(layout: layout, context: context)
        self.controller = controller
        self.layouts = layouts
        controller?.layouts = layouts
        if let controller {
            view.delegate = controller
            view.allowsSelection = controller.options.allowsSelection
            view.allowsMultipleSelection = controller.options.allowsMultipleSelection
            view.isPagingEnabled = controller.options.pagingEnabled
        }
        try record(.start, line: 0) {}
    }

    // MARK: Events

    @discardableResult
    package func tap(_ point: Point, line: Int = 0) throws -> TimelineStep {
        try checkInViewport(point, "tap")
        return try record(.tap(point), line: line) { try view.tap(at: try view.touchPoint(viewport: point)) }
    }

    /// A double tap (see `HeadlessCollectionView.doubleTap`).
    @discardableResult
    package func doubleTap(_ point: Point, line: Int = 0) throws -> TimelineStep {
        try checkInViewport(point, "doubleTap")
        return try record(.doubleTap(point), line: line) {
            try view.doubleTap(at: try view.touchPoint(viewport: point))
        }
    }

    /// A pinch centred on the point, from scale 1 to `scale` in `steps` steps; with `ends`
    /// false the fingers stay down (no "ended": the live preview's pinch in progress).
    @discardableResult
    package func pinch(
        _ point: Point, scale: Double, steps: Double = 10, ends: Bool = true, line: Int = 0
    ) throws -> TimelineStep {
        try checkInViewport(point, "pinch")
        // Checked as given, so the message quotes the value itself (1.5, 1e300), not a stand-in.
        guard scale.isFinite, scale > 0, steps == steps.rounded(), (1...1000).contains(steps) else {
            throw SimulationError(
                "pinch expects a scale > 0 and steps as a whole number 1…1000, got \(NumberFormatting.format(scale)), \(NumberFormatting.format(steps))"
            )
        }
        let steps = Int(steps)
        return try record(.pinch(point, scale: scale, steps: steps), line: line) {
            try view.pinch(at: try view.touchPoint(viewport: point), scale: scale, steps: steps, ends: ends)
        }
    }

    @discardableResult
    package func longPress(_ point: Point, line: Int = 0) throws -> TimelineStep {
        try checkInViewport(point, "longPress")
        return try record(.longPress(point), line: line) {
            try view.longPress(at: try view.touchPoint(viewport: point))
        }
    }

    @discardableResult
    package func touchDown(_ point: Point, line: Int = 0) throws -> TimelineStep {
        try checkInViewport(point, "touchDown")
        return try record(.touchDown(point), line: line) {
            try view.touchDown(at: try view.touchPoint(viewport: point))
        }
    }

    /// Lifts the finger; outside the viewport the touch is cancelled (no selection, no
    /// background tap).
    @discardableResult
    package func touchUp(_ point: Point, line: Int = 0) throws -> TimelineStep {
        try checkFinite(point, "touchUp")
        return try record(.touchUp(point), line: line) {
            let touch = try view.touchPoint(viewport: point)
            if viewportContains(point) { try view.touchUp(at: touch) } else { try view.cancelTouch(at: touch) }
        }
    }

    /// Moves the finger (anywhere; see `HeadlessCollectionView.touchMove`).
    @discardableResult
    package func touchMove(_ point: Point, line: Int = 0) throws -> TimelineStep {
        try checkFinite(point, "touchMove")
        return try record(.touchMove(point), line: line) { try view.touchMove(to: point) }
    }

    /// A drag starting inside the viewport (see `HeadlessCollectionView.drag`).
    @discardableResult
    package func drag(from start: Point, to end: Point, line: Int = 0) throws -> TimelineStep {
        try checkInViewport(start, "drag")
        try checkFinite(end, "drag")
        return try record(.drag(from: start, to: end), line: line) { try view.drag(from: start, to: end) }
    }

    /// Scrolls to a content offset (clamped as UIKit).
    @discardableResult
    package func scroll(to offset: Point, line: Int = 0) throws -> TimelineStep {
        try checkFinite(offset, "scroll")
        return try record(.scroll(to: offset), line: line) { try view.setContentOffset(offset) }
    }

    /// A fling with `velocity` in points/ms.
    @discardableResult
    package func fling(velocity: Point, line: Int = 0) throws -> TimelineStep {
        try checkFinite(velocity, "fling")
        return try record(.fling(velocity: velocity), line: line) { try view.fling(velocity: velocity) }
    }

    /// Scrolls orthogonal section `section` to `offset` along its axis (clamped to its range).
    @discardableResult
    package func scrollSection(_ section: Int, to offset: Double, line: Int = 0) throws -> TimelineStep {
        guard offset.isFinite else {
            throw SimulationError("scrollSection expects a finite offset, got \(NumberFormatting.format(offset))")
        }
        try checkOrthogonal(section, "scrollSection(\(section), …)")
        return try record(.scrollSection(section: section, offset: offset), line: line) {
            try view.setSectionOffset(section, offset)
        }
    }

    /// The scroll offset of orthogonal section `section` (where it rests before any scrolling).
    package func sectionOffset(_ section: Int) throws -> Double {
        try checkOrthogonal(section, "sectionOffset(\(section))")
        return view.sectionOffset(section) ?? 0
    }

    private func checkOrthogonal(_ section: Int, _ what: String) throws {
        guard view.region(section) == nil else { return }
        let sections = view.layout.scrollRegions.map { String($0.section) }
        throw SimulationError(
            "\(what): section \(section) does not scroll orthogonally (\(sections.isEmpty ? "the layout has no orthogonal sections" : "orthogonal sections: " + sections.joined(separator: ", ")))"
        )
    }

    /// Sets state (nil removes the key); with a `duration` > 0 the change is animated.
    @discardableResult
    package func setState(
        _ key: String, _ value: LayoutValue?, duration: Double? = nil, line: Int = 0
    ) throws -> TimelineStep {
        try record(.setState(key: key, value: value), line: line) {
            if let duration, duration > 0 {
                try view.setState(key, value, animatedFor: duration)
            } else {
                try view.setState(key, value)
            }
        }
    }

    /// Replaces the whole data (reloadData): nothing animates, selection and highlight go.
    @discardableResult
    package func reloadData(_ data: CollectionData, line: Int = 0) throws -> TimelineStep {
        try record(.reloadData, line: line) { try view.reloadData(data) }
    }

    /// Resizes the viewport (a rotation).
    @discardableResult
    package func setBounds(_ size: Size, line: Int = 0) throws -> TimelineStep {
        guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
            throw SimulationError(
                "setBounds expects a width and a height > 0, got \(NumberFormatting.format(size.width)), \(NumberFormatting.format(size.height))"
            )
        }
        return try record(.setBounds(size), line: line) { try view.setBounds(size) }
    }

    @discardableResult
    package func performBatchUpdates(
        _ batch: BatchUpdate, newData: CollectionData? = nil, line: Int = 0
    ) throws -> TimelineStep {
        try record(.batchUpdates(batch), line: line) { try view.performBatchUpdates(batch, newData: newData) }
    }

    /// A batch with the payloads of what it inserts (a scenario's or controller's table).
    @discardableResult
    package func performBatchUpdates(_ request: BatchRequest, line: Int = 0) throws -> TimelineStep {
        try record(.batchUpdates(request.batch), line: line) {
            try view.performBatchUpdates(
                request.batch, payloads: request.payloads, insertedSections: request.insertedSections,
                reloadPayloads: request.reloadPayloads)
        }
    }

    @discardableResult
    package func wait(seconds: Double, line: Int = 0) throws -> TimelineStep {
        guard seconds.isFinite, seconds >= 0 else {
            throw SimulationError("wait expects a number of seconds ≥ 0, got \(NumberFormatting.format(seconds))")
        }
        // The clock stays finite (and exact to the millisecond): 1e12 seconds is 31 700 years.
        guard time + seconds <= Self.maxTime else {
            throw SimulationError(
                "wait(\(NumberFormatting.format(seconds))) would take the scenario's clock past \(NumberFormatting.format(Self.maxTime)) seconds (it is at \(NumberFormatting.format(time)))"
            )
        }
        // The controller's timers (view:after) due by the end run in order, each at its time.
        return try record(.wait(seconds: seconds), line: line) {
            let end = time + seconds
            if let controller { try runTimers(controller, until: end, waiting: seconds) }
            time = end
            controller?.clock = end
        }
    }

    /// Most timers that may fire at one instant of the clock: more is a timer that schedules
    /// itself again with no delay, which would never let the clock move. Any number may fire
    /// over a long wait (a 100 Hz timer over `wait(200)` fires 20,000 times), each at its time.
    static let maximumTimersAtOneInstant = 10_000

    /// The controller's timers (view:after) due by `end`, in order, each at its time.
    private func runTimers(_ controller: ControllerScript, until end: Double, waiting seconds: Double) throws {
        var instant = -Double.infinity, firedThere = 0
        while let due = controller.nextTimerDue, due <= end {
            time = max(time, due)
            if time == instant {
                firedThere += 1
            } else {
                (instant, firedThere) = (time, 1)
            }
            guard firedThere <= Self.maximumTimersAtOneInstant else {
                throw SimulationError(
                    "wait(\(NumberFormatting.format(seconds))): the controller's timers (view:after) fired \(Self.maximumTimersAtOneInstant) times at one instant (\(NumberFormatting.format(time)) s) without the clock moving: a timer that schedules itself again with no delay (or one too small to move the clock)?"
                )
            }
            controller.clock = time
            try controller.fireNextTimer(view)
        }
    }

    // MARK: Edit menu

    /// Chooses `action` in the edit menu shown (a long press opened it): the menu closes and
    /// the controller's performAction runs for the menu's item.
    @discardableResult
    package func chooseMenuAction(_ action: String, line: Int = 0) throws -> TimelineStep {
        let shown = String(action.prefix(100).unicodeScalars.map { $0.isControlCharacter ? "?" : Character($0) })
        let quoted = "\"" + shown + "\""
        guard let menu = view.menu else {
            throw SimulationError(
                "chooseMenuAction(\(quoted)): no edit menu is shown (a long press on an item whose controller's shouldShowMenuForItem answers true opens one)"
            )
        }
        guard menu.actions.contains(action) else {
            throw SimulationError(
                "chooseMenuAction(\(quoted)): the menu on [\(menu.indexPath.section), \(menu.indexPath.item)] shows "
                    + menu.actions.map { "\"\($0)\"" }.joined(separator: ", "))
        }
        return try record(.chooseMenuAction(action), line: line) { try view.performMenuAction(action) }
    }

    // MARK: Interactive movement

    /// beginInteractiveMovementForItem: the item under the viewport point starts moving when
    /// the controller lets it (canMoveItem). Returns whether it began.
    @discardableResult
    package func beginMove(_ point: Point, line: Int = 0) throws -> Bool {
        try checkInViewport(point, "beginMove")
        var began = false
        try record(.beginMove(point), line: line) {
            began = try view.beginInteractiveMovement(at: try view.touchPoint(viewport: point).content)
        }
        return began
    }

    /// The finger, moving the item, is at the viewport point (anywhere).
    @discardableResult
    package func updateMove(_ point: Point, line: Int = 0) throws -> TimelineStep {
        try checkFinite(point, "updateMove")
        try checkMoving("updateMove")
        return try record(.updateMove(point), line: line) {
            try view.updateInteractiveMovement(
                to: Point(x: point.x + view.contentOffset.x, y: point.y + view.contentOffset.y))
        }
    }

    @discardableResult
    package func endMove(line: Int = 0) throws -> TimelineStep {
        try checkMoving("endMove")
        return try record(.endMove, line: line) { try view.endInteractiveMovement() }
    }

    @discardableResult
    package func cancelMove(line: Int = 0) throws -> TimelineStep {
        try checkMoving("cancelMove")
        return try record(.cancelMove, line: line) { try view.cancelInteractiveMovement() }
    }

    private func checkMoving(_ what: String) throws {
        guard view.movingItem != nil else {
            throw SimulationError("\(what): no item is moving (beginMove on an item the controller lets move first)")
        }
    }

    // MARK: Interactive transitions

    /// startInteractiveTransition(to:): the transition layout from the current layout to
    /// `layout` (bent by `transition` when given) is installed at progress 0. `names` are the
    /// files, as the timeline shows them.
    @discardableResult
    package func beginTransition(
        to layout: any CollectionViewLayout, bending transition: (any TransitionPathBending)?,
        names: (layout: String, transition: String?), line: Int = 0
    ) throws -> TimelineStep {
        try Self.checkNoTransition(view, "beginTransition")
        return try record(.beginTransition(layout: names.layout, transition: names.transition), line: line) {
            try view.startInteractiveTransition(to: layout, bending: transition)
        }
    }

    /// `beginTransition(NAME [, TRANSITION])`: the transition to the layout the command line
    /// named `name` (`LayoutLibrary`).
    @discardableResult
    package func beginTransition(named name: String, bending transition: String?, line: Int = 0) throws -> TimelineStep
    {
        guard let layouts else { throw LayoutLibrary.noNames(name, "beginTransition") }
        try Self.checkNoTransition(view, "beginTransition")
        let (layout, bending) = try layouts.transition(to: name, bending: transition, function: "beginTransition")
        return try beginTransition(to: layout, bending: bending, names: (name, transition), line: line)
    }

    /// Throws unless a transition may begin: none in progress, no item moving.
    static func checkNoTransition(_ view: HeadlessCollectionView, _ what: String) throws {
        if view.transitionLayout != nil {
            throw SimulationError("\(what): a transition is in progress (finishTransition or cancelTransition first)")
        }
        if view.movingItem != nil {
            throw SimulationError("\(what): an item is moving (endMove or cancelMove first)")
        }
    }

    /// The installed transition layout's progress, nil when no transition is in progress.
    package var transitionProgress: Double? { view.transitionLayout?.transitionProgress }

    @discardableResult
    package func setTransitionProgress(_ progress: Double, line: Int = 0) throws -> TimelineStep {
        try Self.checkTransition(view, "setTransitionProgress")
        try Self.checkProgress(progress, "setTransitionProgress")
        return try record(.setTransitionProgress(progress), line: line) { try view.setTransitionProgress(progress) }
    }

    @discardableResult
    package func updateAnimatedValue(_ key: String, _ value: LayoutValue, line: Int = 0) throws -> TimelineStep {
        try Self.checkTransition(view, "updateAnimatedValue")
        return try record(.updateAnimatedValue(key: key, value: value), line: line) {
            try view.updateAnimatedValue(value, forKey: key)
        }
    }

    @discardableResult
    package func finishTransition(line: Int = 0) throws -> TimelineStep {
        try Self.checkTransition(view, "finishTransition")
        return try record(.finishTransition, line: line) { try view.endInteractiveTransition(finish: true) }
    }

    @discardableResult
    package func cancelTransition(line: Int = 0) throws -> TimelineStep {
        try Self.checkTransition(view, "cancelTransition")
        return try record(.cancelTransition, line: line) { try view.endInteractiveTransition(finish: false) }
    }

    /// Throws unless a transition layout is installed.
    static func checkTransition(_ view: HeadlessCollectionView, _ what: String) throws {
        guard view.transitionLayout == nil else { return }
        throw SimulationError("\(what): no transition is in progress (beginTransition(layoutFile) first)")
    }

    /// Throws unless `progress` is a number 0…1.
    static func checkProgress(_ progress: Double, _ what: String) throws {
        guard progress.isFinite, (0...1).contains(progress) else {
            throw SimulationError(
                "\(what) expects a progress between 0 and 1, got \(NumberFormatting.format(progress))")
        }
    }

    // MARK: Queries

    /// The visible elements now, as drawn (orthogonal sections at their offsets, clipped to
    /// their bands), with the cells' states and the refresh control: what each step records,
    /// the preview shows and `run` pictures draw.
    package func snapshot() throws -> LayoutSnapshot {
        var snapshot = LayoutSnapshot(bounds: view.bounds, contentSize: view.contentSize, elements: [])
        snapshot.draw(try view.drawnElements())
        snapshot.background = controller?.options.backgroundColor
        snapshot.selected = Set(view.selectedItems)
        snapshot.highlighted = Set(view.highlightedItems)
        if view.isRefreshing {
            // UIRefreshControl sits just above the content, in the inset it adds.
            let height = HeadlessCollectionView.refreshControlHeight
            snapshot.refreshControl = Rect(x: view.bounds.x, y: -height, width: view.bounds.width, height: height)
        }
        return snapshot
    }

    /// The item's current attributes (the layout's per-item query, hooks applied), or nil.
    package func attributesOfItem(_ path: LayoutIndexPath) throws -> LayoutAttributes? {
        guard view.exists(path) else { return nil }
        return try view.attributesOfItem(at: path)
    }

    // MARK: Recording

    /// Runs `body`, then appends the step with what the view logged. On an error the log is
    /// dropped and nothing is appended.
    @discardableResult
    private func record(_ event: TimelineEvent, line: Int, _ body: () throws -> Void) throws -> TimelineStep {
        _ = view.takeEvents()
        // A fling right after a drag is that drag's release; anything else in between ends it.
        if case .fling = event {} else { view.forgetRelease() }
        do {
            try body()
        } catch {
            _ = view.takeEvents()
            throw error
        }
        let log = view.takeEvents()
        let step = TimelineStep(
            line: line, time: time, event: event, log: log, snapshot: try snapshot(), contentOffset: view.contentOffset,
            selected: view.selectedItems, highlighted: view.highlightedItems, state: view.context.state,
            menu: view.menu)
        try charge(step)
        timeline.steps.append(step)
        return step
    }

    /// Charges the step to `timelineBytes`; past the limit, the memory error (the step is not kept).
    private func charge(_ step: TimelineStep) throws {
        let bytes =
            512 + step.snapshot.elements.count * MemoryLayout<LayoutAttributes>.stride + step.log.count
            * MemoryLayout<CollectionViewEvent>.stride + (step.selected.count + step.highlighted.count)
            * MemoryLayout<LayoutIndexPath>.stride
        guard timelineBytes <= timelineByteLimit - bytes else {
            throw SimulationError(
                "memory limit exceeded: the timeline's \(timeline.steps.count) steps hold more than the memory cap (\(timelineByteLimit >> 20) MiB; each step keeps the visible layout, about \(bytes) bytes here; raise it with --max-memory)"
            )
        }
        timelineBytes += bytes
    }

    private func viewportContains(_ point: Point) -> Bool {
        Rect(origin: .zero, size: view.bounds.size).contains(point)
    }

    private func checkFinite(_ point: Point, _ what: String) throws {
        guard point.x.isFinite, point.y.isFinite else {
            throw SimulationError(
                "\(what) expects finite numbers, got (\(NumberFormatting.format(point.x)), \(NumberFormatting.format(point.y)))"
            )
        }
    }

    private func checkInViewport(_ point: Point, _ what: String) throws {
        try checkFinite(point, what)
        guard viewportContains(point) else {
            let size = view.bounds.size
            throw SimulationError(
                "\(what)(\(NumberFormatting.format(point.x)), \(NumberFormatting.format(point.y))): the point is outside the viewport (0…\(NumberFormatting.format(size.width)) × 0…\(NumberFormatting.format(size.height)); points are in viewport coordinates)"
            )
        }
    }
}
