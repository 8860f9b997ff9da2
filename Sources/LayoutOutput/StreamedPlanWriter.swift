import LayoutEngine

/// The plan of a batch update written straight from the layout's two element stores: the
/// same text as the built `AnimationPlan`, without an entry (two `LayoutAttributes`) per element.
extension JSONPlanWriter {
    /// Streams `plan` when both listings are element stores and no progress is asked for;
    /// otherwise writes the built plan.
    package static func write(_ plan: UpdatePlan, progress: Double? = nil, to output: inout some TextOutputStream) {
        guard progress == nil, let before = plan.before.store, let after = plan.after.store else {
            return write(plan.animationPlan, progress: progress, to: &output)
        }
        let bytes = OutputBytes()
        writeHead(
            bounds: plan.bounds, contentSizeBefore: plan.contentSizeBefore, contentSizeAfter: plan.contentSizeAfter,
            updates: plan.updates, to: bytes)
        guard plan.entryCount > 0 else {
            bytes.append("  \"elements\": []\n}\n")
            bytes.flush(to: &output)
            return
        }
        bytes.append("  \"elements\": [\n")
        // Output order (`ordered`): category, kind, index path, appearing first. The elements
        // after the update are in that order, and so are the disappearing ones: each of those
        // goes in front of the first element after the update that comes later than it.
        let slots = plan.disappearing.map { gone in
            after.countNotAfter(
                ElementKey(category: gone.entry.category, kind: gone.entry.kind, indexPath: gone.entry.indexPathBefore!)
            )
        }
        var next = 0, written = 0
        for position in 0..<after.count {
            while next < slots.count && slots[next] <= position {
                bytes.append(written == 0 ? "    " : ",\n    ")
                writeEntry(plan.disappearing[next].entry, to: bytes)
                next += 1
                written += 1
            }
            if let source = plan.persistingSource(ofAfter: position), let from = before.plainCell(at: source),
                let to = after.plainCell(at: position)
            {
                writePersistingCell(from: from, to: to, first: written == 0, to: bytes)
            } else {
                bytes.append(written == 0 ? "    " : ",\n    ")
                writeEntry(plan.entry(ofAfter: position), to: bytes)
            }
            written += 1
            bytes.flushIfFull(to: &output)
        }
        for gone in plan.disappearing[next...] {
            bytes.append(written == 0 ? "    " : ",\n    ")
            writeEntry(gone.entry, to: bytes)
            written += 1
            bytes.flushIfFull(to: &output)
        }
        bytes.append("\n  ]\n}\n")
        bytes.flush(to: &output)
    }

    package static func string(_ plan: UpdatePlan, progress: Double? = nil) -> String {
        var text = ""
        write(plan, progress: progress, to: &text)
        return text
    }

    /// A cell that persists, both plain, in one reservation: the text `writeEntry` gives its entry.
    @inline(__always)
    static func writePersistingCell(
        from: ElementStore.PlainCell, to: ElementStore.PlainCell, first: Bool, to bytes: OutputBytes
    ) {
        bytes.withCursor(reserving: 2 * JSONLayoutWriter.plainCellRoom + 256) { out in
            out.write(first ? "    " : ",\n    ")
            out.write("{\"change\": \"persist\", \"category\": \"cell\", \"indexPathBefore\": [")
            out.write(from.section)
            out.write(", ")
            out.write(from.item)
            out.write("], \"indexPathAfter\": [")
            out.write(to.section)
            out.write(", ")
            out.write(to.item)
            out.write("], \"from\": ")
            let fromText = out.position
            JSONLayoutWriter.writePlainCell(from, to: &out)
            let fromLength = out.position - fromText
            out.write(", \"to\": ")
            if from.isWritten(as: to) {
                // Most cells stay where they were: the same text again.
                out.position.update(from: fromText, count: fromLength)
                out.position += fromLength
            } else {
                JSONLayoutWriter.writePlainCell(to, to: &out)
            }
            out.write(UInt8(ascii: "}"))
        }
    }
}

extension ElementStore.PlainCell {
    /// Whether `other` prints as this cell does (equal numbers print alike; 0 and −0 both as 0).
    @inline(__always)
    func isWritten(as other: ElementStore.PlainCell) -> Bool {
        section == other.section && item == other.item && frame.x == other.frame.x && frame.y == other.frame.y
            && frame.width == other.frame.width && frame.height == other.frame.height && alpha == other.alpha
            && zIndex == other.zIndex && hidden == other.hidden
    }
}
