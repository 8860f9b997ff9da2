/// Packs one section's items into lines and places them on the main axis, following UIKit's
/// two paths: the grid path for uniform sizes and the flow path for mixed sizes.
///
/// Coordinates here are axis-neutral: `main` runs inside a line, `cross` is the scroll axis.
struct FlowLineBuilder {
    /// Main-axis space for items: D − lead − trail.
    var available: Double
    /// Section inset at the start of the main axis.
    var lead: Double
    var interitemSpacing: Double
    var lineSpacing: Double

    /// Places items 0..<count, reporting each item's main-axis position and its offset from
    /// the first line's start along the scroll axis; returns the extent of all lines (from the
    /// first line's start to the last line's end). Sizes are read through `mainSize` and
    /// `crossSize` so uniform sections need no arrays.
    func place(
        count: Int, mainSize: (Int) -> Double, crossSize: (Int) -> Double, emit: (Int, Double, Double) -> Void
    ) -> Double {
        guard count > 0 else { return 0 }
        let m0 = mainSize(0), c0 = crossSize(0)
        var uniform = true
        for index in 1..<max(count, 1) where mainSize(index) != m0 || crossSize(index) != c0 {
            uniform = false
            break
        }
        return uniform
            ? placeGrid(count: count, main: m0, cross: c0, emit: emit)
            : placeFlow(count: count, mainSize: mainSize, crossSize: crossSize, emit: emit)
    }

    /// Grid path: k columns; k = 1 centres the item, k ≥ 2 spreads the spare space evenly
    /// between columns. A partial last line keeps the columns.
    func placeGrid(count: Int, main m: Double, cross c: Double, emit: (Int, Double, Double) -> Void) -> Double {
        let perLine: Int
        if m + interitemSpacing > 0 {
            let fit = ((available + interitemSpacing) / (m + interitemSpacing)).rounded(.down)
            perLine = fit.isFinite ? Int(max(1, min(fit, Double(Int32.max)))) : 1
        } else {
            perLine = max(1, count)
        }
        let gap = perLine >= 2 ? (available - Double(perLine) * m) / Double(perLine - 1) : 0
        let advance = lineAdvance(thickness: c)
        var column = 0, line = 0
        for index in 0..<count {
            let main = perLine == 1 ? lead + (available - m) / 2 : lead + Double(column) * (m + gap)
            emit(index, main, line == 0 ? 0 : Double(line) * advance)  // 0 · inf would be NaN
            column += 1
            if column == perLine {
                column = 0
                line += 1
            }
        }
        let lines = (count + perLine - 1) / perLine
        return Double(lines - 1) * advance + c
    }

    /// From one line's start to the next: thickness plus line spacing. A negative spacing
    /// overlaps the lines, as in UIKit, but a line never starts before the one above it.
    func lineAdvance(thickness: Double) -> Double {
        max(0, thickness + lineSpacing)
    }

    /// Flow path: greedy packing; every line but the last is justified (a lone item centred);
    /// the last line is left-aligned at the minimum spacing unless every line holds one item or
    /// it has exactly the leftover of the line before. Items are centred across their line.
    private func placeFlow(
        count: Int, mainSize: (Int) -> Double, crossSize: (Int) -> Double, emit: (Int, Double, Double) -> Void
    ) -> Double {
        // Pack into lines: each line's first item, total main size and thickness.
        struct Line {
            var first: Int
            var end: Int
            var total: Double
            var thickness: Double
            var count: Int { end - first }
        }
        var lines: [Line] = []
        var current = Line(first: 0, end: 0, total: 0, thickness: 0)
        var remaining = available
        for index in 0..<count {
            let m = mainSize(index)
            if index > current.first && m > remaining {
                lines.append(current)
                current = Line(first: index, end: index, total: 0, thickness: 0)
                remaining = available
            }
            remaining -= m + interitemSpacing
            current.end = index + 1
            current.total += m
            current.thickness = max(current.thickness, crossSize(index))
        }
        lines.append(current)

        func leftover(_ line: Line) -> Double {
            available - line.total - Double(line.count - 1) * interitemSpacing
        }
        let everyLineSingle = lines.allSatisfy { $0.count == 1 }
        let lastIsComplete = everyLineSingle
            || (lines.count >= 2 && leftover(lines[lines.count - 1]) == leftover(lines[lines.count - 2]))

        var lineOrigin = 0.0
        // The far edge of the lines so far: with overlapping lines, not always the last one's.
        var reach = 0.0
        for (number, line) in lines.enumerated() {
            let isLast = number == lines.count - 1
            var main = lead
            var gap = interitemSpacing
            if !isLast || lastIsComplete {
                if line.count == 1 {
                    main = lead + (available - line.total) / 2
                } else {
                    gap = (available - line.total) / Double(line.count - 1)
                }
            }
            for index in line.first..<line.end {
                emit(index, main, lineOrigin + (line.thickness - crossSize(index)) / 2)
                main += mainSize(index) + gap
            }
            reach = max(reach, lineOrigin + line.thickness)
            if !isLast { lineOrigin += lineAdvance(thickness: line.thickness) }
        }
        return reach
    }
}
