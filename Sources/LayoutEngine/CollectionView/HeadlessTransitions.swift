/// Interactive transitions (startInteractiveTransition): a transition layout installed,
/// driven by progress and animated keys, finished or cancelled.
extension HeadlessCollectionView {
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

    static let noTransition = LayoutError("no transition is in progress (beginTransition first)")
}
