extension ElementStore {
    /// A cell with nothing beyond the record's fields (no transform, no custom fields): what
    /// the writers print without building its `LayoutAttributes`.
    package struct PlainCell: Sendable {
        package var frame: Rect
        package var alpha: Double
        package var section: Int
        package var item: Int
        package var zIndex: Int
        package var hidden: Bool

        package init(frame: Rect, alpha: Double, section: Int, item: Int, zIndex: Int, hidden: Bool) {
            (self.frame, self.alpha, self.section, self.item, self.zIndex, self.hidden) = (
                frame, alpha, section, item, zIndex, hidden
            )
        }
    }

    /// The element at `position` as a plain cell, or nil when it is not one (then ask `attributes(at:)`).
    @inline(__always)
    package func plainCell(at position: Int) -> PlainCell? {
        Self.plainCell(records[position])
    }

    /// `record` as a plain cell, or nil: the one test both readers use, so the writers' fast
    /// path and the attributes path agree on what is plain.
    @inline(__always)
    static func plainCell(_ record: Record) -> PlainCell? {
        // Kind id 0 is the empty kind every cell has.
        guard record.category == .cell, record.kind == 0, record.extras < 0 else { return nil }
        return PlainCell(
            frame: record.frame, alpha: record.alpha, section: Int(record.section), item: Int(record.item),
            zIndex: Int(record.zIndex), hidden: record.hidden)
    }
}

extension ElementStore {
    /// Copies the plain cells from `start` on into `buffer`, up to its size, stopping at the
    /// first element that is not one; returns how many. One call per batch keeps the writers'
    /// loop free of a cross-module call per element.
    package func plainCells(from start: Int, into buffer: UnsafeMutableBufferPointer<PlainCell>) -> Int {
        let end = min(records.count, start + buffer.count)
        guard start < end, let target = buffer.baseAddress else { return 0 }
        return records.withUnsafeBufferPointer { records in
            var written = 0
            for position in start..<end {
                guard let cell = Self.plainCell(records[position]) else { break }
                (target + written).initialize(to: cell)
                written += 1
            }
            return written
        }
    }

    /// Copies the elements from `start` on that are packed cells (plain, opaque — alpha
    /// exactly 1 —, zIndex 0, shown) into `buffer`, up to its size, stopping at the first
    /// that is not one; returns how many.
    package func packedCells(from start: Int, into buffer: UnsafeMutableBufferPointer<PackedCell>) -> Int {
        let end = min(records.count, start + buffer.count)
        guard start < end, let target = buffer.baseAddress else { return 0 }
        let one = (1.0).bitPattern
        return records.withUnsafeBufferPointer { records in
            var written = 0
            for position in start..<end {
                let record = records[position]
                guard record.category == .cell, record.kind == 0, record.extras < 0, record.alpha.bitPattern == one,
                    record.zIndex == 0, !record.hidden
                else { break }
                (target + written).initialize(
                    to: PackedCell(frame: record.frame, section: record.section, item: record.item))
                written += 1
            }
            return written
        }
    }

    package func isHidden(at position: Int) -> Bool { records[position].hidden }

    /// How many elements are hidden (a picture's caption counts them).
    package var hiddenCount: Int {
        records.withUnsafeBufferPointer { records in records.reduce(0) { $0 + ($1.hidden ? 1 : 0) } }
    }
}
