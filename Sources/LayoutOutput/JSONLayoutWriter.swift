import LayoutEngine
import Platform

/// The contract's JSON: `{"bounds", "contentSize", "elements": [...]}`, one element per line
/// so large outputs stay readable and diffable.
package enum JSONLayoutWriter {
    /// Streams the elements through one byte buffer handed to `output` in large chunks: no
    /// String per element, numbers written as `NumberFormatting.format` prints them.
    package static func write(_ snapshot: LayoutSnapshot, to output: inout some TextOutputStream) {
        let bytes = OutputBytes()
        bytes.append("{\n  \"bounds\": ")
        writeRect(snapshot.bounds, to: bytes)
        bytes.append(",\n  \"contentSize\": ")
        writeSize(snapshot.contentSize, to: bytes)
        bytes.append(",\n")
        if let target = snapshot.targetContentOffset {
            bytes.append("  \"targetContentOffset\": {\"proposed\": ")
            writePoint(target.proposed, to: bytes)
            bytes.append(", \"velocity\": ")
            writePoint(target.velocity, to: bytes)
            bytes.append(", \"target\": ")
            writePoint(target.target, to: bytes)
            bytes.append("},\n")
        }
        if !snapshot.orthogonalTargets.isEmpty {
            bytes.append("  \"orthogonalTargets\": [")
            for (position, target) in snapshot.orthogonalTargets.enumerated() {
                bytes.append(position == 0 ? "{\"section\": " : ", {\"section\": ")
                bytes.append(target.section)
                bytes.append(", \"proposed\": ")
                writeNumber(target.proposed, to: bytes)
                bytes.append(", \"velocity\": ")
                writeNumber(target.velocity, to: bytes)
                bytes.append(", \"target\": ")
                writeNumber(target.target, to: bytes)
                bytes.append(UInt8(ascii: "}"))
            }
            bytes.append("],\n")
        }
        if snapshot.elements.isEmpty {
            bytes.append("  \"elements\": []\n}\n")
            bytes.flush(to: &output)
            return
        }
        bytes.append("  \"elements\": [\n    ")
        let elements = snapshot.elements
        // Plain cells come from the store in batches, each written under one reservation.
        var tail = RepeatedText()
        defer { tail.deallocate() }
        PlainCellBatches.walk(
            elements,
            plain: { batch, first in
                bytes.withCursor(reserving: batch.count * plainCellRoom) { out in
                    for index in batch.indices {
                        if first + index > 0 { out.write(",\n    ") }
                        writePlainCell(batch[index], to: &out, tail: &tail)
                    }
                }
            },
            other: { position in
                if position > 0 { bytes.append(",\n    ") }
                writeElement(elements[position], to: bytes)
            }, afterEach: { bytes.flushIfFull(to: &output) })
        bytes.append("\n  ]\n}\n")
        bytes.flush(to: &output)
    }

    package static func string(_ snapshot: LayoutSnapshot) -> String {
        var text = ""
        write(snapshot, to: &text)
        return text
    }

    /// One element object on one line.
    package static func element(_ a: LayoutAttributes) -> String {
        let bytes = OutputBytes(chunk: 256)
        writeElement(a, to: bytes)
        return bytes.string
    }

    static func writeElement(_ a: LayoutAttributes, to bytes: OutputBytes) {
        // The kind is not printed for cells.
        if a.category == .cell && a.custom.isEmpty && a.animations.isEmpty && a.transform3D.isIdentity {
            let cell = ElementStore.PlainCell(
                frame: a.frame, alpha: a.alpha, section: a.indexPath.section, item: a.indexPath.item, zIndex: a.zIndex,
                hidden: a.hidden)
            return writePlainCell(cell, to: bytes)
        }
        switch a.category {
        case .cell: bytes.append("{\"category\": \"cell\"")
        case .supplementary: bytes.append("{\"category\": \"supplementary\", \"kind\": ")
        case .decoration: bytes.append("{\"category\": \"decoration\", \"kind\": ")
        }
        if a.category != .cell { writeString(a.kind, to: bytes) }
        writeFields(
            section: a.indexPath.section, item: a.indexPath.item, deeper: a.indexPath.deeper, frame: a.frame,
            alpha: a.alpha, zIndex: a.zIndex, hidden: a.hidden, to: bytes)
        if !a.transform3D.isIdentity {
            bytes.append(", \"transform3D\": [")
            for (position, component) in a.transform3D.m.enumerated() {
                if position > 0 { bytes.append(", ") }
                writeNumber(component, to: bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        if !a.custom.isEmpty {
            bytes.append(", \"custom\": ")
            writeValue(.object(a.custom), to: bytes, number: writeNumber)
        }
        if !a.animations.isEmpty {
            bytes.append(", \"animations\": ")
            bytes.append(text: LoopingAnimations.json(a.animations))
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Room for a plain cell's object and the separator before it: 133 bytes of text and 8
    /// numbers.
    static let plainCellRoom = 160 + 8 * ByteCursor.numberRoom

    /// A plain cell in one reservation.
    static func writePlainCell(_ cell: ElementStore.PlainCell, to bytes: OutputBytes) {
        bytes.withCursor(reserving: plainCellRoom) { writePlainCell(cell, to: &$0) }
    }

    /// A plain cell into room reserved for it (`plainCellRoom`).
    @inline(__always)
    static func writePlainCell(_ cell: ElementStore.PlainCell, to out: inout ByteCursor) {
        writePrefix(of: cell, to: &out)
        writeTail(of: cell, to: &out)
    }

    /// A plain cell, every piece written through the cursor; the fields after `y` copied from
    /// `tail` when the previous cell had the same.
    @inline(__always)
    static func writePlainCell(_ cell: ElementStore.PlainCell, to out: inout ByteCursor, tail: inout RepeatedText) {
        writePrefix(of: cell, to: &out)
        let key = RepeatedText.Key(
            width: cell.frame.width, height: cell.frame.height, alpha: cell.alpha, zIndex: cell.zIndex,
            hidden: cell.hidden)
        tail.write(key, to: &out) { writeTail(of: cell, to: &$0) }
    }

    /// A plain cell's fields up to `y`.
    @inline(__always)
    private static func writePrefix(of cell: ElementStore.PlainCell, to out: inout ByteCursor) {
        out.write("{\"category\": \"cell\", \"indexPath\": [")
        out.write(cell.section)
        out.write(", ")
        out.write(cell.item)
        out.write("], \"frame\": {\"x\": ")
        out.writeJSONNumber(cell.frame.x)
        out.write(", \"y\": ")
        out.writeJSONNumber(cell.frame.y)
    }

    /// A plain cell's fields from `width` on.
    @inline(__always)
    private static func writeTail(of cell: ElementStore.PlainCell, to out: inout ByteCursor) {
        out.write(", \"width\": ")
        out.writeJSONNumber(cell.frame.width)
        out.write(", \"height\": ")
        out.writeJSONNumber(cell.frame.height)
        out.write("}, \"alpha\": ")
        out.writeJSONNumber(cell.alpha)
        out.write(", \"zIndex\": ")
        out.write(cell.zIndex)
        out.write(cell.hidden ? ", \"hidden\": true}" : ", \"hidden\": false}")
    }

    /// The fields every element has, from the index path to `hidden`.
    @inline(__always)
    static func writeFields(
        section: Int, item: Int, deeper: [Int] = [], frame: Rect, alpha: Double, zIndex: Int, hidden: Bool,
        to bytes: OutputBytes
    ) {
        bytes.append(", \"indexPath\": [")
        bytes.append(section)
        bytes.append(", ")
        bytes.append(item)
        // A deep supplementary or decoration path prints every component.
        for component in deeper {
            bytes.append(", ")
            bytes.append(component)
        }
        bytes.append("], \"frame\": ")
        writeRect(frame, to: bytes)
        bytes.append(", \"alpha\": ")
        writeNumber(alpha, to: bytes)
        bytes.append(", \"zIndex\": ")
        bytes.append(zIndex)
        bytes.append(hidden ? ", \"hidden\": true" : ", \"hidden\": false")
    }

    package static func rect(_ r: Rect) -> String {
        let bytes = OutputBytes(chunk: 128)
        writeRect(r, to: bytes)
        return bytes.string
    }

    package static func point(_ p: Point) -> String {
        let bytes = OutputBytes(chunk: 64)
        writePoint(p, to: bytes)
        return bytes.string
    }

    @inline(__always)
    static func writeRect(_ r: Rect, to bytes: OutputBytes) {
        bytes.append("{\"x\": ")
        writeNumber(r.x, to: bytes)
        bytes.append(", \"y\": ")
        writeNumber(r.y, to: bytes)
        bytes.append(", \"width\": ")
        writeNumber(r.width, to: bytes)
        bytes.append(", \"height\": ")
        writeNumber(r.height, to: bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    static func writeSize(_ s: Size, to bytes: OutputBytes) {
        bytes.append("{\"width\": ")
        writeNumber(s.width, to: bytes)
        bytes.append(", \"height\": ")
        writeNumber(s.height, to: bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    static func writePoint(_ p: Point, to bytes: OutputBytes) {
        bytes.append("{\"x\": ")
        writeNumber(p.x, to: bytes)
        bytes.append(", \"y\": ")
        writeNumber(p.y, to: bytes)
        bytes.append(UInt8(ascii: "}"))
    }

    package static func number(_ value: Double) -> String {
        value.isFinite ? NumberFormatting.format(value) : "null"
    }

    /// A number as JSON has it: non-finite values are null.
    @inline(__always)
    static func writeNumber(_ value: Double, to bytes: OutputBytes) {
        if value.isFinite { bytes.appendNumber(value) } else { bytes.append("null") }
    }

    /// A data value with numbers written by `number`; object keys sorted.
    static func writeValue(_ value: LayoutValue, to bytes: OutputBytes, number: (Double, OutputBytes) -> Void) {
        switch value {
        case .null: bytes.append("null")
        case .bool(let flag): bytes.append(flag ? "true" : "false")
        case .number(let n): number(n, bytes)
        case .string(let s): writeString(s, to: bytes)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (position, item) in items.enumerated() {
                if position > 0 { bytes.append(", ") }
                writeValue(item, to: bytes, number: number)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let fields):
            bytes.append(UInt8(ascii: "{"))
            for (position, key) in fields.keys.sorted().enumerated() {
                if position > 0 { bytes.append(", ") }
                writeString(key, to: bytes)
                bytes.append(": ")
                writeValue(fields[key]!, to: bytes, number: number)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, the rest as
    /// is (every byte of a multi-byte UTF-8 sequence is 0x80 or above, so bytes suffice).
    static func writeString(_ text: String, to bytes: OutputBytes) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var clean = 0  // start of the run of bytes needing no escape
            for (position, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                bytes.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: utf8[clean..<position])))
                clean = position + 1
                switch byte {
                case 0x22: bytes.append("\\\"")
                case 0x5C: bytes.append("\\\\")
                case 0x0A: bytes.append("\\n")
                case 0x0D: bytes.append("\\r")
                case 0x09: bytes.append("\\t")
                default:
                    bytes.append("\\u00")
                    let low = byte & 15
                    bytes.append(UInt8(byte < 0x10 ? 48 : 49))
                    bytes.append(UInt8(low < 10 ? 48 + low : 87 + low))
                }
            }
            bytes.append(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: utf8[clean...])))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A data value; object keys sorted so output is deterministic.
    package static func value(_ value: LayoutValue) -> String {
        let bytes = OutputBytes(chunk: 256)
        writeValue(value, to: bytes, number: writeNumber)
        return bytes.string
    }

    /// A data value with numbers written by `number` (the table rounds them).
    static func value(_ value: LayoutValue, number: (Double) -> String) -> String {
        let bytes = OutputBytes(chunk: 256)
        writeValue(value, to: bytes) { n, bytes in bytes.append(text: number(n)) }
        return bytes.string
    }

    /// A JSON string literal.
    package static func string(_ text: String) -> String {
        let bytes = OutputBytes(chunk: 256)
        writeString(text, to: bytes)
        return bytes.string
    }
}
