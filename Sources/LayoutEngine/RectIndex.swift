/// A static spatial index over element frames: rect queries in O(log n + k) for layouts whose
/// elements are spread along one axis (every scrolling layout).
///
/// Two shapes, chosen when the index is built:
/// - **Sorted runs** — when the elements, in storage order, form a few runs whose leading
///   edges never decrease along the axis (a flow layout's cells, then its footers, then its
///   headers), each run is binary-searched: candidates start where the running maximum of
///   trailing edges passes the query and end where leading edges pass it.
/// - **Buckets** — otherwise the axis is cut into equal buckets (about four elements each);
///   an element is listed in every bucket it overlaps and reported only from the first bucket
///   shared by the element and the query. Elements spanning many buckets (backdrops) sit in a
///   short side list that every query checks.
public struct RectIndex: Sendable {
    private enum Storage: Sendable {
        case runs(starts: [Int], reach: [Double])
        case buckets(origin: Double, length: Double, starts: [Int32], entries: [Int32], spanning: [Int32])
    }

    private let axis: Axis
    private let storage: Storage

    /// More runs than this and the buckets are cheaper to query.
    private static let maxRuns = 16
    /// Elements spanning more buckets than this go to the side list.
    private static let maxBucketsPerElement = 16

    public init(frames: [Rect]) {
        self.init(count: frames.count) { frames[$0] }
    }

    /// Indexes `count` frames read through `frameAt` (so the store needs no copy of them).
    public init(count: Int, frame frameAt: (Int) -> Rect) {
        let (chosenAxis, low, high) = RectIndex.chooseAxis(count: count, frame: frameAt)
        axis = chosenAxis
        if let runs = RectIndex.sortedRuns(count: count, axis: chosenAxis, frame: frameAt) {
            storage = runs
        } else {
            storage = RectIndex.buckets(count: count, axis: chosenAxis, low: low, high: high, frame: frameAt)
        }
    }

    /// Indices of the frames intersecting `rect`, ascending.
    public func indices(in rect: Rect, frames: [Rect]) -> [Int] {
        indices(in: rect) { frames[$0] }
    }

    /// Indices of the frames intersecting `rect`, ascending; frames read through `frameAt`.
    public func indices(in rect: Rect, frame frameAt: (Int) -> Rect) -> [Int] {
        var result: [Int] = []
        let queryLow = RectIndex.lower(rect, axis), queryHigh = RectIndex.upper(rect, axis)
        switch storage {
        case .runs(let starts, let reach):
            for run in 0..<(starts.count - 1) {
                let start = starts[run], end = starts[run + 1]
                // First element whose running reach passes the query's leading edge…
                var low = start, high = end
                while low < high {
                    let middle = (low + high) / 2
                    if reach[middle] > queryLow { high = middle } else { low = middle + 1 }
                }
                // …up to the first whose leading edge is at or past the query's trailing edge.
                for index in low..<end {
                    let frame = frameAt(index)
                    if RectIndex.lower(frame, axis) >= queryHigh { break }
                    if frame.intersects(rect) { result.append(index) }
                }
            }
        case .buckets(let origin, let length, let starts, let entries, let spanning):
            let bucketCount = starts.count - 1
            if bucketCount > 0, queryHigh >= origin {
                let first = RectIndex.bucket(queryLow, origin, length, bucketCount)
                let last = RectIndex.bucket(queryHigh, origin, length, bucketCount)
                for b in first...last {
                    for position in Int(starts[b])..<Int(starts[b + 1]) {
                        let index = Int(entries[position])
                        let frame = frameAt(index)
                        // Report from the first bucket both the element and the query touch.
                        let elementFirst = RectIndex.bucket(RectIndex.lower(frame, axis), origin, length, bucketCount)
                        guard max(first, elementFirst) == b else { continue }
                        if frame.intersects(rect) { result.append(index) }
                    }
                }
            }
            for index in spanning where frameAt(Int(index)).intersects(rect) {
                result.append(Int(index))
            }
            result.sort()
        }
        return result
    }

    var approximateBytes: Double {
        switch storage {
        case .runs(let starts, let reach):
            Double(starts.count * MemoryLayout<Int>.stride + reach.count * MemoryLayout<Double>.stride)
        case .buckets(_, _, let starts, let entries, let spanning):
            Double((starts.count + entries.count + spanning.count) * MemoryLayout<Int32>.stride)
        }
    }

    // MARK: Building

    /// Runs of non-decreasing leading edges, with each element's reach (the largest trailing
    /// edge so far in its run); nil when there are too many runs or non-finite frames.
    private static func sortedRuns(count: Int, axis: Axis, frame frameAt: (Int) -> Rect) -> Storage? {
        var starts = [0]
        var reach = [Double]()
        reach.reserveCapacity(count)
        var previousLow = -Double.infinity
        var runReach = -Double.infinity
        for index in 0..<count {
            let frame = frameAt(index)
            guard frame.isFinite else { return nil }
            let low = lower(frame, axis)
            if low < previousLow {
                starts.append(index)
                guard starts.count <= maxRuns else { return nil }
                runReach = -Double.infinity
            }
            previousLow = low
            runReach = max(runReach, upper(frame, axis))
            reach.append(runReach)
        }
        starts.append(count)
        return .runs(starts: starts, reach: reach)
    }

    private static func buckets(count: Int, axis: Axis, low: Double, high: Double, frame frameAt: (Int) -> Rect) -> Storage {
        let bucketCount = max(1, count / 4)
        guard low.isFinite, high > low else {
            // Empty, or every element at one coordinate: one bucket holds everything.
            return .buckets(origin: low.isFinite ? low : 0, length: 1, starts: [0, Int32(count)],
                            entries: (0..<count).map { Int32($0) }, spanning: [])
        }
        let length = (high - low) / Double(bucketCount)
        func range(_ frame: Rect) -> ClosedRange<Int>? {
            guard frame.isFinite else { return nil }
            let first = bucket(lower(frame, axis), low, length, bucketCount)
            let last = bucket(upper(frame, axis), low, length, bucketCount)
            return last - first >= maxBucketsPerElement ? nil : first...last
        }
        // Two passes: count per bucket, then fill (compressed rows).
        var starts = [Int32](repeating: 0, count: bucketCount + 1)
        var spanning: [Int32] = []
        for index in 0..<count {
            if let span = range(frameAt(index)) {
                for b in span { starts[b + 1] += 1 }
            } else {
                spanning.append(Int32(index))
            }
        }
        for b in 0..<bucketCount { starts[b + 1] += starts[b] }
        var fill = starts
        var entries = [Int32](repeating: 0, count: Int(starts[bucketCount]))
        for index in 0..<count {
            guard let span = range(frameAt(index)) else { continue }
            for b in span {
                entries[Int(fill[b])] = Int32(index)
                fill[b] += 1
            }
        }
        return .buckets(origin: low, length: length, starts: starts, entries: entries, spanning: spanning)
    }

    private static func bucket(_ value: Double, _ origin: Double, _ length: Double, _ bucketCount: Int) -> Int {
        let position = ((value - origin) / length).rounded(.down)
        guard position.isFinite else { return position > 0 ? bucketCount - 1 : 0 }
        return Int(min(Double(bucketCount - 1), max(0, position)))
    }

    /// The axis along which elements are spread the most (extent over mean element length),
    /// with the range of that axis the finite frames cover.
    private static func chooseAxis(count: Int, frame frameAt: (Int) -> Rect) -> (Axis, Double, Double) {
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        var sumWidth = 0.0, sumHeight = 0.0
        for index in 0..<count {
            let frame = frameAt(index)
            guard frame.isFinite else { continue }
            minX = min(minX, frame.minX); maxX = max(maxX, frame.maxX)
            minY = min(minY, frame.minY); maxY = max(maxY, frame.maxY)
            sumWidth += frame.width; sumHeight += frame.height
        }
        guard minX.isFinite, minY.isFinite else { return (.vertical, .infinity, -.infinity) }
        let spreadX = (maxX - minX) / max(sumWidth / Double(count), 1e-9)
        let spreadY = (maxY - minY) / max(sumHeight / Double(count), 1e-9)
        return spreadX > spreadY ? (.horizontal, minX, maxX) : (.vertical, minY, maxY)
    }

    private static func lower(_ rect: Rect, _ axis: Axis) -> Double { axis == .vertical ? rect.minY : rect.minX }
    private static func upper(_ rect: Rect, _ axis: Axis) -> Double { axis == .vertical ? rect.maxY : rect.maxX }
}
