/// What building a `RectIndex` needs from the frames, gathered in one pass over them: the
/// extent and mean element size on each axis (to choose the axis) and, per block of
/// `RectIndex.blockSize` elements from the first, each axis's lowest and highest leading
/// edge, highest trailing edge and largest step back (so the runs of a layout whose elements
/// never step back are built from the blocks, without reading the frames again).
struct RectIndexSummary {
    struct Part {
        var minLow = Double.infinity
        var maxLow = -Double.infinity
        var maxHigh = -Double.infinity
        /// The largest step back inside the block: an element's leading edge below the highest
        /// one before it in the block (−∞ when none is below).
        var maxDrop = -Double.infinity

        @inline(__always)
        mutating func add(low: Double, high: Double) {
            maxDrop = max(maxDrop, maxLow - low)
            minLow = min(minLow, low)
            maxLow = max(maxLow, low)
            maxHigh = max(maxHigh, high)
        }
    }

    struct Block {
        var x = Part()
        var y = Part()

        subscript(axis: Axis) -> Part { axis == .vertical ? y : x }
    }

    private(set) var blocks: [Block] = []
    /// Every frame finite (the blocks are meaningless otherwise).
    private(set) var allFinite = true
    // Over the finite frames, in order (the sums' rounding depends on it).
    private var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
    private var sumWidth = 0.0, sumHeight = 0.0
    /// The longest element on each axis (trailing less leading edge).
    private var longestX = -Double.infinity, longestY = -Double.infinity

    init(count: Int, frame frameAt: (Int) -> Rect) {
        let size = RectIndex.blockSize
        blocks.reserveCapacity((count + size - 1) / size)
        var start = 0
        while start < count {
            let end = min(start + size, count)
            var block = Block()
            for index in start..<end {
                let frame = frameAt(index)
                let low = (x: frame.minX, y: frame.minY), high = (x: frame.maxX, y: frame.maxY)
                if frame.isFinite {
                    minX = min(minX, low.x)
                    maxX = max(maxX, high.x)
                    minY = min(minY, low.y)
                    maxY = max(maxY, high.y)
                    sumWidth += frame.width
                    sumHeight += frame.height
                } else {
                    allFinite = false
                }
                block.x.add(low: low.x, high: high.x)
                block.y.add(low: low.y, high: high.y)
                longestX = max(longestX, high.x - low.x)
                longestY = max(longestY, high.y - low.y)
            }
            blocks.append(block)
            start = end
        }
    }

    /// The longest element along `axis` (trailing less leading edge).
    func longest(_ axis: Axis) -> Double {
        axis == .vertical ? longestY : longestX
    }

    /// The axis along which elements are spread the most (extent over mean element length),
    /// with the range of that axis the finite frames cover and the mean element length on it.
    func axisChoice(count: Int) -> (Axis, Double, Double, Double) {
        guard minX.isFinite, minY.isFinite else { return (.vertical, .infinity, -.infinity, 0) }
        let meanWidth = sumWidth / Double(count), meanHeight = sumHeight / Double(count)
        let spreadX = (maxX - minX) / max(meanWidth, 1e-9)
        let spreadY = (maxY - minY) / max(meanHeight, 1e-9)
        return spreadX > spreadY ? (.horizontal, minX, maxX, meanWidth) : (.vertical, minY, maxY, meanHeight)
    }
}
