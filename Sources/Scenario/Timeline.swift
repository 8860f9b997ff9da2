import LayoutEngine
import LayoutOutput

/// What drove one step of a simulation (a scenario global or a preview gesture).
package enum TimelineEvent: Sendable, Equatable {
    /// The layout as first prepared, before any event.
    case start
    case tap(Point)
    case doubleTap(Point)
    /// A pinch centred on the point, from scale 1 to `scale` in `steps` steps.
    case pinch(Point, scale: Double, steps: Int)
    case longPress(Point)
    case touchDown(Point)
    case touchUp(Point)
    /// The finger moves (past 10 points from where it went down, it pans).
    case touchMove(Point)
    case drag(from: Point, to: Point)
    /// Scroll to this content offset (clamped).
    case scroll(to: Point)
    /// A fling with this velocity (points/ms).
    case fling(velocity: Point)
    /// Scroll an orthogonal section to an offset along its axis (clamped).
    case scrollSection(section: Int, offset: Double)
    /// The viewport resized (a rotation).
    case setBounds(Size)
    /// The whole data replaced.
    case reloadData
    case setState(key: String, value: LayoutValue?)
    case batchUpdates(BatchUpdate)
    case wait(seconds: Double)
    /// An interactive movement begins on the item under the point, follows the finger, ends
    /// (the item stays at its target) or is cancelled (the order comes back).
    case beginMove(Point)
    case updateMove(Point)
    case endMove
    case cancelMove
    /// An interactive transition to the layout in the file (bent by the transition script, if
    /// any), its progress, an animated key, and its end (finished: the new layout stays;
    /// cancelled: the old one comes back).
    case beginTransition(layout: String, transition: String?)
    case setTransitionProgress(Double)
    case updateAnimatedValue(key: String, value: LayoutValue)
    case finishTransition
    case cancelTransition
    /// An action chosen in the edit menu.
    case chooseMenuAction(String)

    /// The scenario global's name.
    package var name: String {
        switch self {
        case .start: "start"
        case .tap: "tap"
        case .doubleTap: "doubleTap"
        case .pinch: "pinch"
        case .longPress: "longPress"
        case .touchDown: "touchDown"
        case .touchUp: "touchUp"
        case .touchMove: "touchMove"
        case .drag: "drag"
        case .scroll: "scroll"
        case .fling: "fling"
        case .scrollSection: "scrollSection"
        case .setBounds: "setBounds"
        case .reloadData: "reloadData"
        case .setState: "setState"
        case .batchUpdates: "performBatchUpdates"
        case .wait: "wait"
        case .beginMove: "beginMove"
        case .updateMove: "updateMove"
        case .endMove: "endMove"
        case .cancelMove: "cancelMove"
        case .beginTransition: "beginTransition"
        case .setTransitionProgress: "setTransitionProgress"
        case .updateAnimatedValue: "updateAnimatedValue"
        case .finishTransition: "finishTransition"
        case .cancelTransition: "cancelTransition"
        case .chooseMenuAction: "chooseMenuAction"
        }
    }
}

/// One step: the event, everything the view did because of it (delegate calls in order, state
/// changes, bounds changes, prepares, the animated update), and where things stand after it.
package struct TimelineStep: Sendable, Equatable {
    /// The scenario line that drove the step (0 when not driven by a scenario line).
    package var line: Int
    /// Seconds since the session began (only `wait` advances the clock).
    package var time: Double
    package var event: TimelineEvent
    /// What happened, in order.
    package var log: [CollectionViewEvent]
    /// The visible elements after the step (bounds = the viewport at the content offset).
    package var snapshot: LayoutSnapshot
    package var contentOffset: Point
    package var selected: [LayoutIndexPath]
    package var highlighted: [LayoutIndexPath]
    package var state: [String: LayoutValue]
    /// The edit menu shown after the step, or nil.
    package var menu: HeadlessCollectionView.EditMenu? = nil

    /// The delegate calls of the step, in order, with the answers of `should…` calls.
    package var calls: [(name: String, indexPath: LayoutIndexPath?, result: Bool?)] {
        log.compactMap {
            if case .delegateCall(let name, let path, let result) = $0 { (name, path, result) } else { nil }
        }
    }

    /// The delegate calls as "name" or "name[s, i]" (with "→ false" when a should… said no).
    package var callNames: [String] {
        calls.map { call in
            var text = call.name + (call.indexPath.map { "[\($0.section), \($0.item)]" } ?? "")
            if call.result == false { text += " → false" }
            return text
        }
    }

    /// The state changes of the step, in order.
    package var stateChanges: [(key: String, old: LayoutValue?, new: LayoutValue?)] {
        log.compactMap { if case .stateChange(let key, let old, let new) = $0 { (key, old, new) } else { nil } }
    }

    /// Whether the layout was prepared again during the step.
    package var invalidated: Bool {
        log.contains { if case .prepare = $0 { true } else { false } }
    }

    /// How many times the layout was prepared during the step.
    package var prepareCount: Int {
        log.filter { if case .prepare = $0 { true } else { false } }.count
    }

    /// The animated batch updates of the step (usually at most one).
    package var animations: [AnimationPlan] {
        log.compactMap { if case .batchUpdate(let plan) = $0 { plan } else { nil } }
    }

    /// The animated state changes of the step, with their durations (seconds).
    package var animatedChanges: [(plan: AnimationPlan, duration: Double)] {
        log.compactMap { if case .animatedChange(let plan, let duration) = $0 { (plan, duration) } else { nil } }
    }

    package var animation: AnimationPlan? { animations.first }
}

/// Every step of a simulation, in order; the first is `.start`.
package struct Timeline: Sendable, Equatable {
    package var steps: [TimelineStep] = []

    package init(steps: [TimelineStep] = []) {
        self.steps = steps
    }
}
