/// One section's cells placed from sizes that arrive a chunk at a time (a delegate's
/// `streamSizesForItems`): each line goes into the store as soon as the next item opens the
/// next one, so a section keeps no array of its sizes nor of its lines, only the open line.
///
/// UIKit's two paths: every size equal takes the grid path (`FlowLineBuilder.placeGrid`,
/// decided at the end; equal sizes are only counted until one differs, then replayed);
/// otherwise the flow path: greedy packing, every line but the last justified (a lone item
/// centred), the last left-aligned at the minimum spacing unless every line holds one item or
/// it has exactly the leftover of the line before; items centred across their line. Only the
/// last line needs the lines before it, and only their count, shape and last leftover.
struct FlowCellStream {
    let lines: FlowLineBuilder
    let vertical: Bool
    let scale: Double
    /// Where the section's first line starts on the scroll axis.
    let lineStart: Double
    let section: Int32

    /// Sizes handed over so far (past a bad one: none).
    private(set) var received = 0
    /// The first size that is not finite and ≥ 0, with its item.
    private(set) var invalid: (item: Int, size: Size)?
    /// The first cell whose frame fails `AttributeRules.frameProblem` (unrounded), with its item.
    private(set) var overflow: (item: Int, frame: Rect)?

    /// Every size so far equals `firstSize` (none stored, none placed yet).
    private var uniform = true
    private var firstSize = Size.zero
    /// Items packed into lines (the next item's index).
    private var packed = 0
    /// The open line: its items' sizes (from item `lineFirst`), what is left of the main
    /// axis, the sum of its main sizes and its thickness.
    private let open = OpenLine()
    private var lineFirst = 0
    private var remaining: Double
    private var total = 0.0
    private var thickness = 0.0
    /// Of the lines already placed: how many, whether each held one item, the last one's
    /// leftover (the last line's alignment compares with it), where the next starts, and the
    /// far edge of all of them.
    private var closedLines = 0
    private var everyLineSingle = true
    private var previousLeftover = 0.0
    private var lineOrigin = 0.0
    private var reach = 0.0

    init(lines: FlowLineBuilder, vertical: Bool, scale: Double, lineStart: Double, section: Int32) {
        self.lines = lines
        self.vertical = vertical
        self.scale = scale
        self.lineStart = lineStart
        self.section = section
        remaining = lines.available
    }

    /// Takes the next chunk of sizes, in item order; false (stop) at the first bad size.
    mutating func add(_ chunk: UnsafeBufferPointer<Size>, into builder: inout ElementStoreBuilder) -> Bool {
        // One branch on the direction a chunk: the loops below are specialized for each.
        vertical ? add(chunk, VerticalFlow.self, into: &builder) : add(chunk, HorizontalFlow.self, into: &builder)
    }

    private mutating func add<Axis: FlowAxis>(
        _ chunk: UnsafeBufferPointer<Size>, _ axis: Axis.Type, into builder: inout ElementStoreBuilder
    ) -> Bool {
        for size in chunk {
            // A NaN fails every comparison.
            guard size.width >= 0, size.height >= 0, size.width <= .greatestFiniteMagnitude,
                size.height <= .greatestFiniteMagnitude
            else {
                invalid = (received, size)
                return false
            }
            if uniform {
                if received == 0 || size == firstSize {
                    if received == 0 { firstSize = size }
                    received += 1
                    continue
                }
                uniform = false
                for _ in 0..<received { pack(firstSize, axis, into: &builder) }
            }
            pack(size, axis, into: &builder)
            received += 1
        }
        return true
    }

    /// Counts sizes handed over beyond the section's items (a delegate's mistake, reported by count).
    mutating func skip(_ count: Int) {
        received += count
    }

    /// Places what is still open (the last line, or every item on the grid path) and returns
    /// the extent of the lines: from the first line's start to the far edge of any line.
    mutating func finish(into builder: inout ElementStoreBuilder) -> Double {
        guard received > 0 else { return 0 }
        if uniform {
            let (m, c) = vertical ? (firstSize.width, firstSize.height) : (firstSize.height, firstSize.width)
            return lines.placeGrid(count: received, main: m, cross: c) { item, main, cross in
                place(item: item, main: main, cross: cross, mainLength: m, crossLength: c, into: &builder)
            }
        }
        let single = everyLineSingle && open.count == 1
        let complete = single || (closedLines >= 1 && leftover() == previousLeftover)
        if vertical {
            placeOpenLine(justified: complete, VerticalFlow.self, into: &builder)
        } else {
            placeOpenLine(justified: complete, HorizontalFlow.self, into: &builder)
        }
        return reach
    }

    /// Greedy packing: an item that does not fit what is left of the line opens the next one.
    @inline(__always)
    private mutating func pack<Axis: FlowAxis>(_ size: Size, _ axis: Axis.Type, into builder: inout ElementStoreBuilder)
    {
        let (m, c) = Axis.split(size)
        if packed > lineFirst && m > remaining {
            everyLineSingle = everyLineSingle && open.count == 1
            previousLeftover = leftover()
            closedLines += 1
            placeOpenLine(justified: true, axis, into: &builder)
            lineOrigin += lines.lineAdvance(thickness: thickness)
            open.count = 0
            lineFirst = packed
            remaining = lines.available
            total = 0
            thickness = 0
        }
        remaining -= m + lines.interitemSpacing
        total += m
        thickness = max(thickness, c)
        open.append(size)
        packed += 1
    }

    private func leftover() -> Double {
        lines.available - total - Double(open.count - 1) * lines.interitemSpacing
    }

    /// A justified line spreads its spare space between its items (a lone item centred); the
    /// last line, unless complete, keeps the minimum spacing from the lead.
    private mutating func placeOpenLine<Axis: FlowAxis>(
        justified: Bool, _ axis: Axis.Type, into builder: inout ElementStoreBuilder
    ) {
        var main = lines.lead
        var gap = lines.interitemSpacing
        let count = open.count
        if justified {
            if count == 1 {
                main = lines.lead + (lines.available - total) / 2
            } else {
                gap = (lines.available - total) / Double(count - 1)
            }
        }
        let first = lineFirst, sizes = open.sizes, scale = scale, section = section
        // The line's place across the scroll axis, from the section's start.
        let lineOrigin = lineOrigin, lineCross = thickness, lineStart = lineStart
        var overflowed = overflow != nil
        for offset in 0..<count {
            let (m, c) = Axis.split(sizes[offset])
            let rect = Axis.rect(
                main: main, cross: lineStart + (lineOrigin + (lineCross - c) / 2), mainLength: m, crossLength: c)
            // The sizes are finite and ≥ 0: a finite far edge is then all `frameProblem` asks.
            if !(rect.maxX.isFinite && rect.maxY.isFinite), !overflowed {
                overflow = (first + offset, rect)
                overflowed = true
            }
            builder.append(
                category: .cell, kindID: 0, section: section, item: Int32(first + offset),
                frame: PixelRounding.roundOrigin(rect, scale: scale))
            main += m + gap
        }
        reach = max(reach, lineOrigin + lineCross)
    }

    /// One cell's frame from axis-neutral coordinates (the grid path's), checked, origin rounded
    /// to the pixel grid, appended.
    private mutating func place(
        item: Int, main: Double, cross: Double, mainLength: Double, crossLength: Double,
        into builder: inout ElementStoreBuilder
    ) {
        let across = lineStart + cross
        let rect =
            vertical
            ? Rect(x: main, y: across, width: mainLength, height: crossLength)
            : Rect(x: across, y: main, width: crossLength, height: mainLength)
        if overflow == nil, !(rect.maxX.isFinite && rect.maxY.isFinite) { overflow = (item, rect) }
        builder.append(
            category: .cell, kindID: 0, section: section, item: Int32(item),
            frame: PixelRounding.roundOrigin(rect, scale: scale))
    }
}

/// The scroll direction as a type, so that each direction gets its own specialized loop.
protocol FlowAxis {
    /// (main, cross): a size along the line and across it.
    static func split(_ size: Size) -> (Double, Double)
    static func rect(main: Double, cross: Double, mainLength: Double, crossLength: Double) -> Rect
}

/// Vertical scrolling: lines run along x.
enum VerticalFlow: FlowAxis {
    @inline(__always) static func split(_ size: Size) -> (Double, Double) { (size.width, size.height) }
    @inline(__always) static func rect(main: Double, cross: Double, mainLength: Double, crossLength: Double) -> Rect {
        Rect(x: main, y: cross, width: mainLength, height: crossLength)
    }
}

/// Horizontal scrolling: lines run along y.
enum HorizontalFlow: FlowAxis {
    @inline(__always) static func split(_ size: Size) -> (Double, Double) { (size.height, size.width) }
    @inline(__always) static func rect(main: Double, cross: Double, mainLength: Double, crossLength: Double) -> Rect {
        Rect(x: cross, y: main, width: crossLength, height: mainLength)
    }
}

/// The sizes of the line being packed: a buffer reused from line to line, grown by doubling
/// (a line of zero-width items may hold a whole section).
private final class OpenLine {
    private(set) var sizes: UnsafeMutablePointer<Size>
    private var capacity = 64
    var count = 0

    init() {
        sizes = .allocate(capacity: capacity)
    }

    deinit {
        sizes.deallocate()
    }

    @inline(__always)
    func append(_ size: Size) {
        if count == capacity { grow() }
        (sizes + count).initialize(to: size)
        count += 1
    }

    private func grow() {
        let larger = UnsafeMutablePointer<Size>.allocate(capacity: 2 * capacity)
        larger.moveInitialize(from: sizes, count: count)
        sizes.deallocate()
        sizes = larger
        capacity *= 2
    }
}
