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

    struct Placement {
        var main: Double
        /// Offset from the section's first line start along the scroll axis.
        var cross: Double
    }

    /// Main-axis positions and scroll offsets for every item, plus the extent of all lines
    /// (from the first line's start to the last line's end).
    func place(mainSizes: [Double], crossSizes: [Double]) -> (placements: [Placement], extent: Double) {
        guard !mainSizes.isEmpty else { return ([], 0) }
        let uniform = zip(mainSizes, crossSizes).allSatisfy { $0 == mainSizes[0] && $1 == crossSizes[0] }
        return uniform
            ? placeGrid(count: mainSizes.count, main: mainSizes[0], cross: crossSizes[0])
            : placeFlow(mainSizes: mainSizes, crossSizes: crossSizes)
    }

    /// Grid path: k columns; k = 1 centres the item, k ≥ 2 spreads the spare space evenly
    /// between columns. A partial last line keeps the columns.
    private func placeGrid(count: Int, main m: Double, cross c: Double) -> ([Placement], Double) {
        let perLine: Int
        if m + interitemSpacing > 0 {
            let fit = ((available + interitemSpacing) / (m + interitemSpacing)).rounded(.down)
            perLine = fit.isFinite ? max(1, Int(min(fit, Double(Int32.max)))) : 1
        } else {
            perLine = max(1, count)
        }
        let gap = perLine >= 2 ? (available - Double(perLine) * m) / Double(perLine - 1) : 0
        var placements: [Placement] = []
        placements.reserveCapacity(count)
        for j in 0..<count {
            let column = j % perLine, line = j / perLine
            let main = perLine == 1 ? lead + (available - m) / 2 : lead + Double(column) * (m + gap)
            placements.append(Placement(main: main, cross: Double(line) * (c + lineSpacing)))
        }
        let lines = (count + perLine - 1) / perLine
        return (placements, Double(lines) * c + Double(lines - 1) * lineSpacing)
    }

    /// Flow path: greedy packing; every line but the last is justified (a lone item centred);
    /// the last line is left-aligned at the minimum spacing unless every line holds one item or
    /// it has exactly the leftover of the line before. Items are centred across their line.
    private func placeFlow(mainSizes: [Double], crossSizes: [Double]) -> ([Placement], Double) {
        // Pack: [start, end) ranges of item indices.
        var lines: [Range<Int>] = []
        var lineStart = 0
        var remaining = available
        for (index, m) in mainSizes.enumerated() {
            if index > lineStart && m > remaining {
                lines.append(lineStart..<index)
                lineStart = index
                remaining = available
            }
            remaining -= m + interitemSpacing
        }
        lines.append(lineStart..<mainSizes.count)

        func leftover(_ line: Range<Int>) -> Double {
            available - mainSizes[line].reduce(0, +) - Double(line.count - 1) * interitemSpacing
        }
        let everyLineSingle = lines.allSatisfy { $0.count == 1 }
        let lastIsComplete = everyLineSingle
            || (lines.count >= 2 && leftover(lines[lines.count - 1]) == leftover(lines[lines.count - 2]))

        var placements = [Placement](repeating: Placement(main: 0, cross: 0), count: mainSizes.count)
        var lineOrigin = 0.0
        for (number, line) in lines.enumerated() {
            let thickness = crossSizes[line].max() ?? 0
            let isLast = number == lines.count - 1
            let total = mainSizes[line].reduce(0, +)
            var main = lead
            var gap = interitemSpacing
            if !isLast || lastIsComplete {
                if line.count == 1 {
                    main = lead + (available - total) / 2
                } else {
                    gap = (available - total) / Double(line.count - 1)
                }
            }
            for index in line {
                placements[index] = Placement(main: main, cross: lineOrigin + (thickness - crossSizes[index]) / 2)
                main += mainSizes[index] + gap
            }
            lineOrigin += thickness + (isLast ? 0 : lineSpacing)
        }
        return (placements, lineOrigin)
    }
}
