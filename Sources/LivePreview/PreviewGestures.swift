import LayoutEngine
import Scenario
import WorkerProtocol

extension PreviewGesture {
    /// The log's text form: `KIND:N,N[,…]` joined by `;`, KIND one of t (tap), l (long press),
    /// h (touch down), d (drag from → to), s (scroll to an offset), f (fling, pt/ms), D (double
    /// tap), p (pinch at x,y to a scale), P (a pinch still in progress: no "ended"), b (pick up
    /// the item at x,y), u (the moving item follows the finger to x,y), e (drop it: `e:`), c (put
    /// it back: `c:`), m (choose the edit menu's action at a position, 0 the first: `m:1`) and v
    /// (the finger, still down, moves to x,y: the page's pan in progress, after an h) and w (the
    /// clock advances that many seconds: the controller's timers due run).
    package static func parse(_ text: String) throws(PreviewGestureError) -> [PreviewGesture] {
        let parts = text.split(separator: ";", omittingEmptySubsequences: true)
        guard parts.count <= maximumCount else {
            throw PreviewGestureError("log: at most \(maximumCount) gestures, got \(parts.count)")
        }
        let kinds: [String: UInt8] = [
            "t": 0, "l": 1, "h": 2, "d": 3, "s": 4, "f": 5, "D": 6, "p": 7, "P": 8, "b": 9, "u": 10, "e": 11, "c": 12,
            "m": 13, "v": 14, "w": 15,
        ]
        var gestures: [PreviewGesture] = []
        for (position, part) in parts.enumerated() {
            let fields = part.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let numbers = fields.count == 2 ? fields[1].split(separator: ",").map { Double($0) } : []
            guard fields.count == 2, numbers.allSatisfy({ $0?.isFinite == true }) else {
                throw PreviewGestureError("log: gesture \(position + 1) ('\(part.prefix(40))') is not KIND:NUMBERS")
            }
            guard let kind = kinds[String(fields[0])], let expected = numberCount(kind: kind) else {
                throw PreviewGestureError(
                    "log: gesture \(position + 1) has an unknown kind '\(fields[0])' (t, l, h, d, s, f, D, p, P, b, u, e, c, m, v or w)"
                )
            }
            let n = numbers.map { $0! }
            guard n.count == expected else {
                throw PreviewGestureError(
                    "log: gesture \(position + 1) ('\(part.prefix(40))') needs \(expected) numbers")
            }
            guard let gesture = PreviewGesture(kind: kind, numbers: n) else {
                throw PreviewGestureError(
                    "log: gesture \(position + 1) ('\(part.prefix(40))') needs a whole number ≥ 0 (the action's position)"
                )
            }
            gestures.append(gesture)
        }
        return gestures
    }

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

package struct PreviewGestureError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
