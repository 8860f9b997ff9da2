import LayoutEngine
import Platform

/// An animation plan (`update`, `transition`) as a table for reading: a line with both content
/// sizes and the count of each change, then one row per element — its change, category, kind,
/// index paths before and after, frame and alpha from → to — in the JSON plan's order, numbers
/// rounded to 3 decimals. With a progress, the elements at that progress follow as `run
/// --format table` lists a layout.
package enum PlanTableWriter {
    static let header = ["change", "category", "kind", "before", "after", "from", "to", "alpha"]

    package static func write(
        _ plan: AnimationPlan, progress: Double? = nil, elementsAtProgress: [LayoutAttributes]? = nil,
        to output: inout some TextOutputStream
    ) {
        let n = { (value: Double) in NumberFormatting.rounded(value) }
        let before = plan.contentSizeBefore, after = plan.contentSizeAfter
        var counts: [String: Int] = [:]
        for entry in plan.entries { counts[entry.change.rawValue, default: 0] += 1 }
        let changes = ["move", "persist", "reload", "insert", "delete"].compactMap { name in
            counts[name].map { "\($0) \(name)" }
        }
        output.write("content \(n(before.width))×\(n(before.height)) → \(n(after.width))×\(n(after.height))")
        output.write("  \(plan.entries.count) element\(plan.entries.count == 1 ? "" : "s")")
        output.write(changes.isEmpty ? "\n" : ": " + changes.joined(separator: ", ") + "\n")
        let order = JSONPlanWriter.ordered(plan.entries)
        if !order.isEmpty {
            // Two passes over the rows: widths first, then the aligned text (no table in memory).
            var widths = header.map(\.count)
            for index in order {
                for (column, cell) in cells(plan.entries[index]).enumerated() {
                    widths[column] = max(widths[column], cell.count)
                }
            }
            output.write(row(header, widths))
            for index in order { output.write(row(cells(plan.entries[index]), widths)) }
        }
        guard let progress else { return }
        output.write("\nat progress \(n(progress)):\n")
        let elements = elementsAtProgress ?? plan.attributes(at: progress)
        TableLayoutWriter.write(
            LayoutSnapshot(bounds: plan.bounds, contentSize: after, elements: ElementList(elements)), to: &output)
    }

    package static func string(_ plan: AnimationPlan, progress: Double? = nil) -> String {
        var text = ""
        write(plan, progress: progress, to: &text)
        return text
    }

    /// The cells of one entry's row.
    static func cells(_ entry: AnimationPlan.Entry) -> [String] {
        let path = { (p: LayoutIndexPath?) in p?.description ?? "-" }
        let n = { (value: Double) in NumberFormatting.rounded(value) }
        return [
            entry.change.rawValue, entry.category.name, entry.kind, path(entry.indexPathBefore),
            path(entry.indexPathAfter), SnapshotDiffReport.frame(entry.from.frame),
            SnapshotDiffReport.frame(entry.to.frame), "\(n(entry.from.alpha)) → \(n(entry.to.alpha))",
        ]
    }

    static func row(_ cells: [String], _ widths: [Int]) -> String {
        var line = ""
        for (column, cell) in cells.enumerated() {
            line += cell
            if column < cells.count - 1 { line += String(repeating: " ", count: widths[column] - cell.count + 2) }
        }
        while line.hasSuffix(" ") { line.removeLast() }
        return line + "\n"
    }
}
