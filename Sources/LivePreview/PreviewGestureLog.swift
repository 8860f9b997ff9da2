import LayoutEngine
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
}

package struct PreviewGestureError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
