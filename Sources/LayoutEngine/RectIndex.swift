/// A static spatial index over element frames: rect queries in O(log n + k) for layouts whose
/// elements are spread along one axis (every scrolling layout).
///
/// Two shapes, chosen when the index is built:
/// - **Sorted runs** — when the elements, in storage order, form a few runs in which leading
///   edges only ever step back a little (a flow layout's cells, centred across their lines,
///   then its footers, then its headers), each run is binary-searched: candidates start where
///   the running maximum of trailing edges passes the query and end where the minimum of all
///   later leading edges passes it. Both are kept per block of `blockSize` elements, not per
///   element (a query scans at most two blocks more; the index costs ¼ byte an element).
/// - **Buckets** — otherwise the axis is cut into equal buckets (about four elements each);
///   an element is listed in every bucket it overlaps and reported only from the first bucket
///   shared by the element and the query. Elements spanning many buckets (backdrops) sit in a
///   short side list that every query checks.
package struct RectIndex: Sendable {
    private enum Storage: Sendable {
        /// `reach[b]`/`floor[b]`: of block b of a run (its elements from `first + b·blockSize`,
        /// blocks numbered from 0 across runs, `blockStarts[run]` the first of each run).
        case runs(starts: [Int], blockStarts: [Int], reach: [Double], floor: [Double])
        case buckets(origin: Double, length: Double, starts: [Int32], entries: [Int32], spanning: [Int32])
    }

    private let axis: Axis
    private let storage: Storage

    /// Elements a run-index block summarises.
    static let blockSize = 32
    /// More runs than this and the buckets are cheaper to query.
    static let maxRuns = 16
    /// Elements spanning more buckets than this go to the side list.
    private static let maxBucketsPerElement = 16

    package init(frames: [Rect]) {
        self.init(count: frames.count) { frames[$0] }
    }

    /// Indexes `count` frames read through `frameAt` (so the store needs no copy of them).
    package init(count: Int, frame frameAt: (Int) -> Rect) {
        // One pass over the frames gathers both the axis choice and, per block, what the runs need.
        let summary = RectIndexSummary(count: count, frame: frameAt)
        let (chosenAxis, low, high, meanLength) = summary.axisChoice(count: count)
        axis = chosenAxis
        if let runs = RectIndex.sortedRuns(
            count: count, axis: chosenAxis, meanLength: meanLength, summary: summary, frame: frameAt)
        {
            storage = runs
        } else {
            storage = RectIndex.buckets(count: count, axis: chosenAxis, low: low, high: high, frame: frameAt)
        }
    }

    /// Indices of the frames intersecting `rect`, ascending.
    package func indices(in rect: Rect, frames: [Rect]) -> [Int] {
        indices(in: rect) { frames[$0] }
    }

    /// Indices of the frames intersecting `rect`, ascending; frames read through `frameAt`.
    package func indices(in rect: Rect, frame frameAt: (Int) -> Rect) -> [Int] {
        var result: [Int] = []
        let queryLow = RectIndex.lower(rect, axis), queryHigh = RectIndex.upper(rect, axis)
        switch storage {
        case .runs(let starts, let blockStarts, let reach, let floor):
            let size = RectIndex.blockSize
            for run in 0..<(starts.count - 1) {
                let start = starts[run], end = starts[run + 1]
                let firstBlock = blockStarts[run], endBlock = blockStarts[run + 1]
                // From the first block whose running reach passes the query's leading edge…
                var low = firstBlock, high = endBlock
                while low < high {
                    let middle = (low + high) / 2
                    if reach[middle] > queryLow { high = middle } else { low = middle + 1 }
                }
                // …to the first block from which every leading edge is at or past its trailing edge.
                var a = low, b = endBlock
                while a < b {
                    let middle = (a + b) / 2
                    if floor[middle] >= queryHigh { b = middle } else { a = middle + 1 }
                }
                let from = start + (low - firstBlock) * size, to = min(end, start + (a - firstBlock) * size)
                guard from < to else { continue }
                for index in from..<to where frameAt(index).intersects(rect) {
                    result.append(index)
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
        case .runs(let starts, let blockStarts, let reach, let floor):
            Double(
                (starts.count + blockStarts.count) * MemoryLayout<Int>.stride
                    + (reach.count + floor.count) * MemoryLayout<Double>.stride)
        case .buckets(_, _, let starts, let entries, let spanning):
            Double((starts.count + entries.count + spanning.count) * MemoryLayout<Int32>.stride)
        }
    }

    // MARK: Building

    /// Runs in which leading edges never step back by more than a few element lengths, with
    /// each block's reach (the largest trailing edge in its run up to the block's end) and
    /// floor (the smallest leading edge from the block's start to the run's end); nil when
    /// there are too many runs, elements far longer than the rest (the buckets' side list
    /// suits those) or non-finite frames. Both are monotone, so a query binary-searches both
    /// ends of its scan. The blocks of the first run come from the summary while it shows no
    /// step back in them; from the first block that may hold one, the frames are read one by
    /// one. The floors then take a pass over the blocks.
    private static func sortedRuns(
        count: Int, axis: Axis, meanLength: Double, summary: RectIndexSummary, frame frameAt: (Int) -> Rect
    ) -> Storage? {
        guard count > 0 else { return .runs(starts: [0, 0], blockStarts: [0, 0], reach: [], floor: []) }
        guard meanLength.isFinite else { return nil }
        let mean = max(meanLength, 1e-9)
        let stepBack = 4 * mean, tall = 16 * mean
        // Every frame is read below: one not finite, or far longer than the mean, means no runs.
        guard summary.allFinite, summary.longest(axis) <= tall else { return nil }
        let size = blockSize
        var runs = RunsBuilder(capacity: count / size + 2 * maxRuns)
        var resumeAt = count
        for block in 0..<summary.blocks.count {
            let part = summary.blocks[block][axis]
            // No element of the block is below the highest leading edge before the block less
            // the step, nor below the highest one before it in the block less the step. The
            // second holds when the computed drop, widened by its rounding error, is within the
            // step (a drop computed ≤ 0 is ≤ 0); near the limit the frames are read one by one.
            guard part.minLow >= runs.runMaxLow - stepBack,
                part.maxDrop <= 0 || part.maxDrop * (1 + 0x1p-51) <= stepBack
            else {
                resumeAt = block * size
                break
            }
            runs.runMaxLow = max(runs.runMaxLow, part.maxLow)
            runs.runReach = max(runs.runReach, part.maxHigh)
            runs.reach.append(runs.runReach)
            runs.floor.append(part.minLow)
        }
        if resumeAt < count {
            for index in resumeAt..<count {
                let frame = frameAt(index)
                guard runs.add(index: index, low: lower(frame, axis), high: upper(frame, axis), stepBack: stepBack)
                else {
                    return nil
                }
            }
        }
        // Read from the summary, the last block is in already, partial or not.
        return runs.finish(count: count, lastBlockIn: resumeAt == count)
    }

    /// The runs' state as the frames are read in order (one run open at a time).
    private struct RunsBuilder {
        var starts = [0], blockStarts = [0]
        var reach = [Double](), floor = [Double]()
        var runStart = 0
        var runMaxLow = -Double.infinity
        var runReach = -Double.infinity
        var blockFloor = Double.infinity

        init(capacity: Int) {
            reach.reserveCapacity(capacity)
            floor.reserveCapacity(capacity)
        }

        /// Takes the element at `index`; false when the runs are too many.
        mutating func add(index: Int, low: Double, high: Double, stepBack: Double) -> Bool {
            let size = RectIndex.blockSize
            if low < runMaxLow - stepBack {
                if (index - runStart) % size != 0 {  // close the run's partial last block
                    reach.append(runReach)
                    floor.append(blockFloor)
                }
                starts.append(index)
                blockStarts.append(reach.count)
                guard starts.count <= RectIndex.maxRuns else { return false }
                runStart = index
                runMaxLow = -Double.infinity
                runReach = -Double.infinity
                blockFloor = .infinity
            }
            runMaxLow = max(runMaxLow, low)
            runReach = max(runReach, high)
            blockFloor = min(blockFloor, low)
            if (index - runStart) % size == size - 1 {
                reach.append(runReach)
                floor.append(blockFloor)
                blockFloor = .infinity
            }
            return true
        }

        mutating func finish(count: Int, lastBlockIn: Bool) -> Storage {
            let size = RectIndex.blockSize
            if !lastBlockIn, (count - runStart) % size != 0 {  // close the last run's partial block
                reach.append(runReach)
                floor.append(blockFloor)
            }
            starts.append(count)
            blockStarts.append(reach.count)
            // Each block's floor becomes the smallest leading edge from it to its run's end.
            for run in 0..<(blockStarts.count - 1) where blockStarts[run + 1] > blockStarts[run] {
                var runFloor = Double.infinity
                for block in stride(from: blockStarts[run + 1] - 1, through: blockStarts[run], by: -1) {
                    runFloor = min(runFloor, floor[block])
                    floor[block] = runFloor
                }
            }
            return .runs(starts: starts, blockStarts: blockStarts, reach: reach, floor: floor)
        }
    }

    private static func buckets(
        count: Int, axis: Axis, low: Double, high: Double, frame frameAt: (Int) -> Rect
    ) -> Storage {
        let bucketCount = max(1, count / 4)
        guard low.isFinite, high > low else {
            // Empty, or every element at one coordinate: one bucket holds everything.
            return .buckets(
                origin: low.isFinite ? low : 0, length: 1, starts: [0, Int32(count)],
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

    static func lower(_ rect: Rect, _ axis: Axis) -> Double { axis == .vertical ? rect.minY : rect.minX }
    static func upper(_ rect: Rect, _ axis: Axis) -> Double { axis == .vertical ? rect.maxY : rect.maxX }
}
