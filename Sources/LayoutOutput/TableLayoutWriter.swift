import LayoutEngine
import Platform

/// A human-readable table of the elements: one row each, columns aligned, numbers rounded to
/// 3 decimals and transforms described in words (`rotate 6°`).
package enum TableLayoutWriter {
    package static func write(_ snapshot: LayoutSnapshot, to output: inout some TextOutputStream) {
        let b = snapshot.bounds
        output.write("content \(n(snapshot.contentSize.width))×\(n(snapshot.contentSize.height))")
        output.write("  bounds \(n(b.x)),\(n(b.y)) \(n(b.width))×\(n(b.height))")
        output.write("  \(snapshot.elements.count) element\(snapshot.elements.count == 1 ? "" : "s")\n")
        if let target = snapshot.targetContentOffset {
            output.write("target content offset \(n(target.target.x)),\(n(target.target.y))")
            output.write(
                " (proposed \(n(target.proposed.x)),\(n(target.proposed.y)), velocity \(n(target.velocity.x)),\(n(target.velocity.y)))\n"
            )
        }
        for target in snapshot.orthogonalTargets {
            output.write(
                "section \(target.section) target offset \(n(target.target)) (proposed \(n(target.proposed)), velocity \(n(target.velocity)))\n"
            )
        }
        guard !snapshot.elements.isEmpty else { return }
        // Column widths from a bounded sample (the header and the first rows) keep huge tables
        // streaming; every row is then written straight into one byte buffer.
        var widths = header.map(\.count)
        let sample = OutputBytes(chunk: 1 << 12)
        let elements = snapshot.elements
        for position in elements.indices.prefix(sampleRows - 1) {
            let row = Row(elements, position)
            for column in 0..<(header.count - 1) {
                sample.truncate(to: 0)
                writeCell(column, of: row, to: sample)
                widths[column] = max(widths[column], characterCount(sample.bytes(from: 0), ascii: column != 1))
            }
        }
        let bytes = OutputBytes()
        writeRow(to: bytes, widths: widths) { column, bytes in bytes.append(text: header[column]) }
        let room = 256 + widths.reduce(0, +) + 7 * ByteCursor.numberRoom
        let plain = PlainRowLayout(widths: widths)
        // Plain cells come from the store in batches, each written under one reservation.
        var tail = RepeatedText()
        defer { tail.deallocate() }
        PlainCellBatches.walk(
            elements,
            plain: { batch, _ in
                bytes.withCursor(reserving: batch.count * room) { out in
                    for cell in batch { writePlainRow(cell, plain, tail: &tail, to: &out) }
                }
            },
            other: { position in
                let row = Row(elements, position)
                writeRow(to: bytes, widths: widths) { column, bytes in writeCell(column, of: row, to: bytes) }
            }, afterEach: { bytes.flushIfFull(to: &output) })
        bytes.flush(to: &output)
    }

    static let header = ["category", "kind", "indexPath", "x", "y", "width", "height", "alpha", "z", "hidden", "extra"]
    /// Rows (the header included) whose cells set the column widths.
    static let sampleRows = 2000

    /// One line: cells padded to `widths` (numbers right-aligned) two spaces apart, the last
    /// cell as is, trailing spaces dropped.
    private static func writeRow(to bytes: OutputBytes, widths: [Int], cell: (Int, OutputBytes) -> Void) {
        let lineStart = bytes.count
        for column in 0..<header.count {
            let start = bytes.count
            cell(column, bytes)
            guard column < header.count - 1 else { break }
            if (3...8).contains(column) {
                bytes.padLeft(from: start, by: widths[column] - (bytes.count - start))
            } else {
                bytes.appendSpaces(widths[column] - characterCount(bytes.bytes(from: start), ascii: column != 1))
            }
            bytes.append("  ")
        }
        trimTrailingSpaces(bytes, lineStart: lineStart)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// What every plain cell's row shares: its text up to the index path ("cell", the empty
    /// kind, padding and gaps) and the widths it pads to.
    private struct PlainRowLayout {
        var widths: [Int]
        var prefix: [UInt8]

        init(widths: [Int]) {
            self.widths = widths
            prefix =
                Array("cell".utf8)
                + Array(repeating: UInt8(ascii: " "), count: max(widths[0] - 4, 0) + 2 + widths[1] + 2)
        }
    }

    /// A plain cell's row (no kind, no extra) through a cursor: the same text `writeRow` makes.
    @inline(__always)
    private static func writePlainRow(
        _ cell: ElementStore.PlainCell, _ layout: PlainRowLayout, tail: inout RepeatedText,
        to out: inout ByteCursor
    ) {
        let widths = layout.widths
        layout.prefix.withUnsafeBufferPointer { prefix in
            out.position.update(from: prefix.baseAddress!, count: prefix.count)
            out.position += prefix.count
        }
        let path = out.position
        out.write(UInt8(ascii: "["))
        out.write(cell.section)
        out.write(", ")
        out.write(cell.item)
        out.write(UInt8(ascii: "]"))
        out.writeSpaces(widths[2] - (out.position - path))
        out.write("  ")
        out.writeRounded(cell.frame.x, rightAlignedIn: widths[3])
        out.write("  ")
        out.writeRounded(cell.frame.y, rightAlignedIn: widths[4])
        // The widths are the same on every row, so the text from `width` on follows the values.
        let key = RepeatedText.Key(
            width: cell.frame.width, height: cell.frame.height, alpha: cell.alpha, zIndex: cell.zIndex,
            hidden: cell.hidden)
        tail.write(key, to: &out) { out in
            out.write("  ")
            out.writeRounded(cell.frame.width, rightAlignedIn: widths[5])
            out.write("  ")
            out.writeRounded(cell.frame.height, rightAlignedIn: widths[6])
            out.write("  ")
            out.writeRounded(cell.alpha, rightAlignedIn: widths[7])
            out.write("  ")
            out.write(cell.zIndex, rightAlignedIn: widths[8])
            // The hidden cell is "yes" or empty, the extra cell empty: `writeRow` trims the
            // trailing spaces that pad them, so the line ends after the last text.
            if cell.hidden { out.write("  yes") }
            out.write(UInt8(ascii: "\n"))
        }
    }

    /// One element's fields; `attributes` only when it has more than a plain cell's.
    private struct Row {
        var category: ElementCategory
        var section: Int, item: Int
        var frame: Rect
        var alpha: Double
        var zIndex: Int
        var hidden: Bool
        var attributes: LayoutAttributes?

        @inline(__always)
        init(_ elements: ElementList, _ position: Int) {
            if let cell = elements.plainCell(at: position) {
                (category, section, item, frame) = (.cell, cell.section, cell.item, cell.frame)
                (alpha, zIndex, hidden, attributes) = (cell.alpha, cell.zIndex, cell.hidden, nil)
            } else {
                let a = elements[position]
                (category, section, item, frame) = (a.category, a.indexPath.section, a.indexPath.item, a.frame)
                (alpha, zIndex, hidden, attributes) = (a.alpha, a.zIndex, a.hidden, a)
            }
        }
    }

    /// The text of cell `column` of `row`.
    private static func writeCell(_ column: Int, of row: Row, to bytes: OutputBytes) {
        switch column {
        case 0:
            switch row.category {
            case .cell: bytes.append("cell")
            case .supplementary: bytes.append("supplementary")
            case .decoration: bytes.append("decoration")
            }
        case 1: if let a = row.attributes { bytes.append(text: a.kind) }
        case 2:
            bytes.append(UInt8(ascii: "["))
            bytes.append(row.section)
            bytes.append(", ")
            bytes.append(row.item)
            for component in row.attributes?.indexPath.deeper ?? [] {
                bytes.append(", ")
                bytes.append(component)
            }
            bytes.append(UInt8(ascii: "]"))
        case 3: bytes.appendRounded(row.frame.x)
        case 4: bytes.appendRounded(row.frame.y)
        case 5: bytes.appendRounded(row.frame.width)
        case 6: bytes.appendRounded(row.frame.height)
        case 7: bytes.appendRounded(row.alpha)
        case 8: bytes.append(row.zIndex)
        case 9: if row.hidden { bytes.append("yes") }
        default:
            guard let a = row.attributes else { return }
            var separate = false
            if !a.transform3D.isIdentity {
                bytes.append("transform=[")
                bytes.append(text: TransformDescription.describe(a.transform3D))
                bytes.append(UInt8(ascii: "]"))
                separate = true
            }
            if !a.animations.isEmpty {
                if separate { bytes.append(UInt8(ascii: " ")) }
                separate = true
                bytes.append("animations=[")
                bytes.append(text: LoopingAnimations.describe(a.animations))
                bytes.append(UInt8(ascii: "]"))
            }
            for key in a.custom.keys.sorted() {
                if separate { bytes.append(UInt8(ascii: " ")) }
                separate = true
                bytes.append(text: key)
                bytes.append(UInt8(ascii: "="))
                JSONLayoutWriter.writeValue(a.custom[key]!, to: bytes) { n, bytes in bytes.appendRounded(n) }
            }
        }
    }

    /// Characters as `String.count` counts them (bytes when the cell is known to be ASCII).
    private static func characterCount(_ cell: UnsafeMutableBufferPointer<UInt8>, ascii: Bool) -> Int {
        if ascii || !cell.contains(where: { $0 >= 0x80 }) { return cell.count }
        return String(decoding: UnsafeBufferPointer(cell), as: UTF8.self).count
    }

    /// Drops the line's trailing spaces as `String` sees them: a space joined to a non-ASCII
    /// character before it (a prepended mark) is part of that character and stays.
    private static func trimTrailingSpaces(_ bytes: OutputBytes, lineStart: Int) {
        let line = bytes.bytes(from: lineStart)
        guard line.last == UInt8(ascii: " ") else { return }
        if line.contains(where: { $0 >= 0x80 }) {
            var text = String(decoding: UnsafeBufferPointer(line), as: UTF8.self)
            while text.hasSuffix(" ") { text.removeLast() }
            bytes.truncate(to: lineStart)
            bytes.append(text: text)
            return
        }
        var end = line.count
        while end > 0 && line[end - 1] == UInt8(ascii: " ") { end -= 1 }
        bytes.truncate(to: lineStart + end)
    }

    package static func string(_ snapshot: LayoutSnapshot) -> String {
        var text = ""
        write(snapshot, to: &text)
        return text
    }

    /// Rounded for reading (at most 3 decimals); the JSON output stays exact.
    private static func n(_ value: Double) -> String { NumberFormatting.rounded(value) }
}
