import LayoutEngine
import Scenario
import WorkerProtocol

extension PreviewGesture {
    /// The log's text form: `KIND:N,N[,N,N]` joined by `;`, KIND one of t (tap), l (long
    /// press), h (touch down), d (drag from → to), s (scroll to an offset), f (fling, pt/ms).
    package static func parse(_ text: String) throws(PreviewGestureError) -> [PreviewGesture] {
        let parts = text.split(separator: ";", omittingEmptySubsequences: true)
        guard parts.count <= maximumCount else {
            throw PreviewGestureError("log: at most \(maximumCount) gestures, got \(parts.count)")
        }
        var gestures: [PreviewGesture] = []
        for (position, part) in parts.enumerated() {
            let fields = part.split(separator: ":", maxSplits: 1)
            let numbers = fields.count == 2 ? fields[1].split(separator: ",").map { Double($0) } : []
            guard fields.count == 2, numbers.allSatisfy({ $0?.isFinite == true }) else {
                throw PreviewGestureError("log: gesture \(position + 1) ('\(part.prefix(40))') is not KIND:NUMBERS")
            }
            let n = numbers.map { $0! }
            let expected = fields[0] == "d" ? 4 : 2
            guard n.count == expected else {
                throw PreviewGestureError(
                    "log: gesture \(position + 1) ('\(part.prefix(40))') needs \(expected) numbers")
            }
            let point = Point(x: n[0], y: n[1])
            switch fields[0] {
            case "t": gestures.append(.tap(point))
            case "l": gestures.append(.longPress(point))
            case "h": gestures.append(.touchDown(point))
            case "d": gestures.append(.drag(from: point, to: Point(x: n[2], y: n[3])))
            case "s": gestures.append(.scroll(to: point))
            case "f": gestures.append(.fling(velocity: point))
            default:
                throw PreviewGestureError(
                    "log: gesture \(position + 1) has an unknown kind '\(fields[0])' (t, l, h, d, s or f)")
            }
        }
        return gestures
    }

    /// Plays the gesture on `session` (each a timeline step, as a scenario's global would).
    package func play(on session: SimulationSession) throws -> TimelineStep {
        switch self {
        case .tap(let point): try session.tap(point)
        case .longPress(let point): try session.longPress(point)
        case .touchDown(let point): try session.touchDown(point)
        case .drag(let from, let to): try session.drag(from: from, to: to)
        case .scroll(let offset): try session.scroll(to: offset)
        case .fling(let velocity): try session.fling(velocity: velocity)
        }
    }
}

package struct PreviewGestureError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
