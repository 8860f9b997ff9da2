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
    /// Two taps in quick succession (the controller's didDoubleTap takes priority when defined).
    case doubleTap(Point)
    /// A pinch centred on the point from scale 1 to `scale` ("began", one "changed", and
    /// "ended" unless `inProgress`: the fingers are still down).
    case pinch(Point, scale: Double, inProgress: Bool)
    /// Interactive movement: the item under the point is picked up (when the controller lets
    /// it move), follows the finger to a point, is dropped, or goes back.
    case beginMove(Point)
    case updateMove(Point)
    case endMove
    case cancelMove
    /// The edit menu's action at this position (0 = the first shown) is chosen.
    case chooseMenuAction(Int)
    /// The finger, down, moves to the point (a pan in progress: past an edge it rubber-bands).
    case touchMove(Point)
    /// The clock advances (seconds): the controller's timers (view:after) due by then run.
    case wait(Double)

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
        case .doubleTap(let p): (6, [p.x, p.y])
        case .pinch(let p, let scale, let inProgress): (inProgress ? 8 : 7, [p.x, p.y, scale])
        case .beginMove(let p): (9, [p.x, p.y])
        case .updateMove(let p): (10, [p.x, p.y])
        case .endMove: (11, [])
        case .cancelMove: (12, [])
        case .chooseMenuAction(let index): (13, [Double(index)])
        case .touchMove(let p): (14, [p.x, p.y])
        case .wait(let seconds): (15, [seconds])
        }
    }

    /// How many numbers follow a gesture of this kind on the wire (nil: no such kind).
    package static func numberCount(kind: UInt8) -> Int? {
        switch kind {
        case 3: 4
        case 7, 8: 3
        case 11, 12: 0
        case 13, 15: 1
        case 0...12, 14: 2
        default: nil
        }
    }

    package init?(kind: UInt8, numbers n: [Double]) {
        guard Self.numberCount(kind: kind) == n.count else { return nil }
        let point = n.count >= 2 ? Point(x: n[0], y: n[1]) : .zero
        switch kind {
        case 0: self = .tap(point)
        case 1: self = .longPress(point)
        case 2: self = .touchDown(point)
        case 3: self = .drag(from: point, to: Point(x: n[2], y: n[3]))
        case 4: self = .scroll(to: point)
        case 5: self = .fling(velocity: point)
        case 6: self = .doubleTap(point)
        case 7, 8: self = .pinch(point, scale: n[2], inProgress: kind == 8)
        case 9: self = .beginMove(point)
        case 10: self = .updateMove(point)
        case 11: self = .endMove
        case 12: self = .cancelMove
        case 13:
            guard n[0] >= 0, n[0] < Double(Int32.max), n[0].rounded() == n[0] else { return nil }
            self = .chooseMenuAction(Int(n[0]))
        case 14: self = .touchMove(point)
        case 15: self = .wait(n[0])
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
    /// The item being moved interactively, where it is laid out now (nil when none is).
    package var moving: LayoutIndexPath?
    /// The edit menu shown (a long press opened it), or nil.
    package var menu: HeadlessCollectionView.EditMenu?
    /// Whether the refresh control is refreshing.
    package var refreshing = false
    /// Seconds of the session's clock until the controller's next timer (view:after), or nil.
    package var nextTimer: Double?

    package init(
        snapshot: LayoutSnapshot, selected: [LayoutIndexPath], highlighted: [LayoutIndexPath],
        state: [String: LayoutValue], lastCalls: [String], animations: [String] = [],
        moving: LayoutIndexPath? = nil, menu: HeadlessCollectionView.EditMenu? = nil, refreshing: Bool = false,
        nextTimer: Double? = nil
    ) {
        self.snapshot = snapshot
        self.selected = selected
        self.highlighted = highlighted
        self.state = state
        self.lastCalls = lastCalls
        self.animations = animations
        self.moving = moving
        self.menu = menu
        self.refreshing = refreshing
        self.nextTimer = nextTimer
    }
}
