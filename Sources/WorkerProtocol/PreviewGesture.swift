import LayoutEngine
import LayoutOutput

/// One gesture of an interactive preview page, in viewport points, as the page sends it
/// (`/interact?log=t:100,200;s:0,640;…`) and the worker replays it on a simulation session.
package enum PreviewGesture: Equatable {
    case tap(Point)
    case longPress(Point)
    /// Touch down without lifting yet: the highlight the page shows while a finger is down.
    case touchDown(Point)
    case drag(from: Point, to: Point)
    case scroll(to: Point)
    case fling(velocity: Point)

    /// Most gestures one request may replay: the log is the page's whole session.
    package static let maximumCount = 1000

    /// Kind and numbers, for the worker's wire.
    package var wire: (kind: UInt8, numbers: [Double]) {
        switch self {
        case .tap(let p): (0, [p.x, p.y])
        case .longPress(let p): (1, [p.x, p.y])
        case .touchDown(let p): (2, [p.x, p.y])
        case .drag(let a, let b): (3, [a.x, a.y, b.x, b.y])
        case .scroll(let p): (4, [p.x, p.y])
        case .fling(let p): (5, [p.x, p.y])
        }
    }

    package init?(kind: UInt8, numbers n: [Double]) {
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

/// Where an interactive preview stands after replaying a log: the visible layout at the
/// session's content offset, selection, highlight, state, and what the last gesture caused.
package struct PreviewInteraction: Equatable {
    package var snapshot: LayoutSnapshot
    package var selected: [LayoutIndexPath]
    package var highlighted: [LayoutIndexPath]
    package var state: [String: LayoutValue]
    /// The last step's delegate calls and notes (`shouldSelectItem[0, 3] → false`, `state …`).
    package var lastCalls: [String]
    /// The last step's animated state changes, each as a page that plays it (`update`'s player).
    package var animations: [String]

    package init(
        snapshot: LayoutSnapshot, selected: [LayoutIndexPath], highlighted: [LayoutIndexPath],
        state: [String: LayoutValue], lastCalls: [String], animations: [String] = []
    ) {
        self.snapshot = snapshot
        self.selected = selected
        self.highlighted = highlighted
        self.state = state
        self.lastCalls = lastCalls
        self.animations = animations
    }
}
