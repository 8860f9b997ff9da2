/// A static spatial index over element frames: rect queries in O(log n + k) for layouts whose
/// elements are spread along one axis (every scrolling layout).
///
/// The scroll-like axis is cut into equal buckets (about four elements each); an element is
/// listed in every bucket it overlaps, and reported only from the first bucket shared by the
/// element and the query, so no result is repeated. Elements spanning many buckets (backdrops,
/// full-content decorations) sit in a short side list that every query checks.
public struct RectIndex: Sendable {
    private let axis: Axis
    private let origin: Double
    private let bucketLength: Double
    private let bucketStarts: [Int32]
    private let entries: [Int32]
    private let spanning: [Int32]

    /// Elements spanning more buckets than this go to the side list.
    private static let maxBucketsPerElement = 16

    public init(frames: [Rect]) {
        self.init(count: frames.count) { frames[$0] }
    }

    /// Indexes `count` frames read through `frame` (so the store needs no copy of them).
    public init(count: Int, frame frameAt: (Int) -> Rect) {
        let (chosenAxis, low, high) = RectIndex.chooseAxis(count: count, frame: frameAt)
        axis = chosenAxis
        let bucketCount = max(1, count / 4)
        guard low.isFinite, high > low else {
            // Empty, or every element at one coordinate: one bucket holds everything.
            origin = low.isFinite ? low : 0
            bucketLength = 1
            bucketStarts = [0, Int32(count)]
            entries = (0..<count).map { Int32($0) }
            spanning = []
            return
        }
        let length = (high - low) / Double(bucketCount)
        origin = low
        bucketLength = length

        // Two passes: count per bucket, then fill (compressed rows).
        var starts = [Int32](repeating: 0, count: bucketCount + 1)
        var side: [Int32] = []
        func range(_ frame: Rect) -> ClosedRange<Int>? {
            guard frame.isFinite else { return nil }
            let first = RectIndex.bucket(RectIndex.lower(frame, chosenAxis), low, length, bucketCount)
            let last = RectIndex.bucket(RectIndex.upper(frame, chosenAxis), low, length, bucketCount)
            return last - first >= RectIndex.maxBucketsPerElement ? nil : first...last
        }
        for index in 0..<count {
            if let span = range(frameAt(index)) {
                for b in span { starts[b + 1] += 1 }
            } else {
                side.append(Int32(index))
            }
        }
        for b in 0..<bucketCount { starts[b + 1] += starts[b] }
        var fill = starts
        var list = [Int32](repeating: 0, count: Int(starts[bucketCount]))
        for index in 0..<count {
            guard let span = range(frameAt(index)) else { continue }
            for b in span {
                list[Int(fill[b])] = Int32(index)
                fill[b] += 1
            }
        }
        bucketStarts = starts
        entries = list
        spanning = side
    }

    /// Indices of the frames intersecting `rect`, ascending.
    public func indices(in rect: Rect, frames: [Rect]) -> [Int] {
        indices(in: rect) { frames[$0] }
    }

    /// Indices of the frames intersecting `rect`, ascending; frames read through `frameAt`.
    public func indices(in rect: Rect, frame frameAt: (Int) -> Rect) -> [Int] {
        var result: [Int] = []
        let bucketCount = bucketStarts.count - 1
        let queryLow = RectIndex.lower(rect, axis), queryHigh = RectIndex.upper(rect, axis)
        if bucketCount > 0, queryHigh >= origin {
            let first = bucket(queryLow, bucketCount), last = bucket(queryHigh, bucketCount)
            if first <= last {
                for b in first...last {
                    for position in Int(bucketStarts[b])..<Int(bucketStarts[b + 1]) {
                        let index = Int(entries[position])
                        let frame = frameAt(index)
                        // Report from the first bucket both the element and the query touch.
                        guard max(first, bucket(RectIndex.lower(frame, axis), bucketCount)) == b else { continue }
                        if frame.intersects(rect) { result.append(index) }
                    }
                }
            }
        }
        for index in spanning where frameAt(Int(index)).intersects(rect) {
            result.append(Int(index))
        }
        result.sort()
        return result
    }

    private func bucket(_ value: Double, _ bucketCount: Int) -> Int {
        RectIndex.bucket(value, origin, bucketLength, bucketCount)
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

extension RectIndex {
    var approximateBytes: Double {
        Double((bucketStarts.count + entries.count + spanning.count) * MemoryLayout<Int32>.stride)
    }
}
