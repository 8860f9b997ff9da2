/// One section's line geometry, and UIKit's grid path for uniform sizes (a fixed `itemSize`,
/// or every delegated size equal). The flow path for mixed sizes, fed as the sizes arrive, is
/// `FlowCellStream`.
///
/// Coordinates here are axis-neutral: `main` runs inside a line, `cross` is the scroll axis.
struct FlowLineBuilder {
    /// Main-axis space for items: D − lead − trail.
    var available: Double
    /// Section inset at the start of the main axis.
    var lead: Double
    var interitemSpacing: Double
    var lineSpacing: Double

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
}
