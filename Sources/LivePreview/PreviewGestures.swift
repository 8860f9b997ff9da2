import LayoutEngine
import LayoutOutput
import Scenario

/// One gesture of an interactive preview page, in viewport points, as the page sends it
/// (`/interact?log=t:100,200;s:0,640;…`) and the worker replays it on a simulation session.
enum PreviewGesture: Equatable {
    case tap(Point)
    case longPress(Point)
    /// Touch down without lifting yet: the highlight the page shows while a finger is down.
    case touchDown(Point)
    case drag(from: Point, to: Point)
    case scroll(to: Point)
    case fling(velocity: Point)

    /// Most gestures one request may replay: the log is the page's whole session.
    static let maximumCount = 1000

    /// The log's text form: `KIND:N,N[,N,N]` joined by `;`, KIND one of t (tap), l (long
    /// press), h (touch down), d (drag from → to), s (scroll to an offset), f (fling, pt/ms).
    static func parse(_ text: String) throws(PreviewGestureError) -> [PreviewGesture] {
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
    func play(on session: SimulationSession) throws -> TimelineStep {
        switch self {
        case .tap(let point): try session.tap(point)
        case .longPress(let point): try session.longPress(point)
        case .touchDown(let point): try session.touchDown(point)
        case .drag(let from, let to): try session.drag(from: from, to: to)
        case .scroll(let offset): try session.scroll(to: offset)
        case .fling(let velocity): try session.fling(velocity: velocity)
        }
    }

    /// Kind and numbers, for the worker's wire.
    var wire: (kind: UInt8, numbers: [Double]) {
        switch self {
        case .tap(let p): (0, [p.x, p.y])
        case .longPress(let p): (1, [p.x, p.y])
        case .touchDown(let p): (2, [p.x, p.y])
        case .drag(let a, let b): (3, [a.x, a.y, b.x, b.y])
        case .scroll(let p): (4, [p.x, p.y])
        case .fling(let p): (5, [p.x, p.y])
        }
    }

    init?(kind: UInt8, numbers n: [Double]) {
        switch (kind, n.count) {
        case (0, 2): self = .tap(Point(x: n[0], y: n[1]))
        case (1, 2): self = .longPress(Point(x: n[0], y: n[1]))
        case (2, 2): self = .touchDown(Point(x: n[0], y: n[1]))
        case (3, 4): self = .drag(from: Point(x: n[0], y: n[1]), to: Point(x: n[2], y: n[3]))
        case (4, 2): self = .scroll(to: Point(x: n[0], y: n[1]))
        case (5, 2): self = .fling(velocity: Point(x: n[0], y: n[1]))
        default: return nil
        }
    }
}

struct PreviewGestureError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Where an interactive preview stands after replaying a log: the visible layout at the
/// session's content offset, selection, highlight, state, and what the last gesture caused.
struct PreviewInteraction: Equatable {
    var snapshot: LayoutSnapshot
    var selected: [LayoutIndexPath]
    var highlighted: [LayoutIndexPath]
    var state: [String: LayoutValue]
    /// The last step's delegate calls and notes (`shouldSelectItem[0, 3] → false`, `state …`).
    var lastCalls: [String]
}
