import LayoutEngine

/// A human-readable table of the elements: one row each, columns aligned, numbers rounded to
/// 3 decimals and transforms described in words (`rotate 6°`).
public enum TableLayoutWriter {
    public static func write(_ snapshot: LayoutSnapshot, to output: inout some TextOutputStream) {
        let b = snapshot.bounds
        output.write("content \(n(snapshot.contentSize.width))×\(n(snapshot.contentSize.height))")
        output.write("  bounds \(n(b.x)),\(n(b.y)) \(n(b.width))×\(n(b.height))")
        output.write("  \(snapshot.elements.count) element\(snapshot.elements.count == 1 ? "" : "s")\n")
        if let target = snapshot.targetContentOffset {
            output.write("target content offset \(n(target.target.x)),\(n(target.target.y))")
            output.write(" (proposed \(n(target.proposed.x)),\(n(target.proposed.y)), velocity \(n(target.velocity.x)),\(n(target.velocity.y)))\n")
        }
        for target in snapshot.orthogonalTargets {
            output.write("section \(target.section) target offset \(n(target.target)) (proposed \(n(target.proposed)), velocity \(n(target.velocity)))\n")
        }
        guard !snapshot.elements.isEmpty else { return }
        let header = ["category", "kind", "indexPath", "x", "y", "width", "height", "alpha", "z", "hidden", "extra"]
        var rows: [[String]] = [header]
        for a in snapshot.elements {
            var extra: [String] = []
            if !a.transform3D.isIdentity { extra.append("transform=[" + TransformDescription.describe(a.transform3D) + "]") }
            for key in a.custom.keys.sorted() { extra.append("\(key)=\(JSONLayoutWriter.value(a.custom[key]!, number: n))") }
            rows.append([
                a.category.name, a.kind, "[\(a.indexPath.section), \(a.indexPath.item)]",
                n(a.frame.x), n(a.frame.y), n(a.frame.width), n(a.frame.height),
                n(a.alpha), String(a.zIndex), a.hidden ? "yes" : "", extra.joined(separator: " "),
            ])
        }
        // Column widths from a bounded sample keep huge tables streaming-fast.
        var widths = [Int](repeating: 0, count: header.count)
        for row in rows.prefix(2000) {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        let numeric: Set<Int> = [3, 4, 5, 6, 7, 8]
        for row in rows {
            var line = ""
            for (column, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: max(0, widths[column] - cell.count))
                if column == row.count - 1 {
                    line += cell
                } else {
                    line += (numeric.contains(column) ? pad + cell : cell + pad) + "  "
                }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            output.write(line + "\n")
        }
    }

    public static func string(_ snapshot: LayoutSnapshot) -> String {
        var text = ""
        write(snapshot, to: &text)
        return text
    }

    /// Rounded for reading (at most 3 decimals); the JSON output stays exact.
    private static func n(_ value: Double) -> String { NumberFormatting.rounded(value) }
}
