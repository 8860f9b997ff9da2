import LayoutEngine
import Scenario
import WorkerProtocol

extension PreviewGesture {
    /// Plays the gesture on `session` (each a timeline step, as a scenario's global would).
    /// Moving, dropping or putting back an item when none is moving (the controller did not
    /// let it move) does nothing: nil.
    package func play(on session: SimulationSession) throws -> TimelineStep? {
        switch self {
        case .tap(let point): return try session.tap(point)
        case .longPress(let point): return try session.longPress(point)
        case .touchDown(let point): return try session.touchDown(point)
        case .drag(let from, let to): return try session.drag(from: from, to: to)
        case .scroll(let offset): return try session.scroll(to: offset)
        case .fling(let velocity): return try session.fling(velocity: velocity)
        case .doubleTap(let point): return try session.doubleTap(point)
        case .pinch(let point, let scale, let inProgress):
            return try session.pinch(point, scale: scale, steps: 1, ends: !inProgress)
        case .beginMove(let point):
            try session.beginMove(point)
            return session.timeline.steps.last
        case .updateMove(let point):
            return session.view.movingItem == nil ? nil : try session.updateMove(point)
        case .endMove:
            return session.view.movingItem == nil ? nil : try session.endMove()
        case .cancelMove:
            return session.view.movingItem == nil ? nil : try session.cancelMove()
        case .touchMove(let point): return try session.touchMove(point)
        case .wait(let seconds): return try session.wait(seconds: seconds)
        case .chooseMenuAction(let index):
            guard let menu = session.view.menu, index < menu.actions.count else {
                throw SimulationError(
                    "the edit menu has no action \(index + 1) (it shows \(session.view.menu?.actions.count ?? 0))")
            }
            return try session.chooseMenuAction(menu.actions[index])
        }
    }
}
