import LayoutEngine
import Platform

/// Receives what `LayoutDiffWalk` finds, change by change.
protocol LayoutDiffSink {
    mutating func added(_ key: ElementKey)
    mutating func removed(_ key: ElementKey)
    mutating func moved(_ element: MovedElement)
    mutating func resized(_ key: ElementKey)
    mutating func restyled(_ key: ElementKey)
}

/// An element whose origin changed, as the walk finds it: plain values only (no key built),
/// so counting a hundred thousand moves costs no allocation, retain or release.
struct MovedElement {
    /// Where the element is in the new list (its key, when it is not a plain cell).
    var position: Int
    /// For a cell with a two-component index path, its whole key.
    var isCell: Bool
    var section: Int
    var item: Int
    var from: Rect
    var to: Rect
    var distance: Double

    func key(in new: ElementList) -> ElementKey {
        isCell ? ElementKey(category: .cell, indexPath: LayoutIndexPath(section, item)) : new[position].key
    }

    func move(in new: ElementList) -> LayoutDiff.Move {
        LayoutDiff.Move(key: key(in: new), from: from, to: to, distance: distance)
    }

    /// Whether this move is listed before `other`: the larger first, equal ones in key order
    /// (as `LayoutDiff.moved` sorts them).
    func comesBefore(_ other: MovedElement, in new: ElementList) -> Bool {
        if distance != other.distance { return distance > other.distance }
        if isCell && other.isCell { return (section, item) < (other.section, other.item) }
        return key(in: new) < other.key(in: new)
    }
}

/// The largest moves offered so far, at most `limit`, largest first (equal ones in key order).
struct LargestMoves {
    let limit: Int
    private var kept: [MovedElement] = []

    init(limit: Int) {
        self.limit = limit
        kept.reserveCapacity(limit + 1)
    }

    mutating func offer(_ element: MovedElement, in new: ElementList) {
        guard limit > 0 else { return }
        if kept.count < limit {
            kept.append(element)
        } else if element.comesBefore(kept[limit - 1], in: new) {
            kept[limit - 1] = element
        } else {
            return
        }
        // Up into its place.
        var at = kept.count - 1
        while at > 0, kept[at].comesBefore(kept[at - 1], in: new) {
            kept.swapAt(at, at - 1)
            at -= 1
        }
    }

    func moves(in new: ElementList) -> [LayoutDiff.Move] { kept.map { $0.move(in: new) } }
}

/// The one comparison of two runs' elements behind `LayoutDiff` (the lists) and
/// `LayoutDiff.Summary` (the counts). Two runs of a layout mostly list the same elements in
/// the same order: the common prefix is compared pair by pair, and only the rest goes through
/// a dictionary (the changes come out as from the dictionary alone: nothing of the prefix is
/// added or removed, and its changes come first in either).
enum LayoutDiffWalk {
    static func walk(_ old: ElementList, _ new: ElementList, into sink: inout some LayoutDiffSink) {
        let shared = min(old.count, new.count)
        var prefix = comparePackedCells(old, new, upTo: shared, into: &sink)
        prefix = comparePlainCells(old, new, from: prefix, upTo: shared, into: &sink)
        while prefix < shared {
            let before = old[prefix], element = new[prefix]
            guard before.key == element.key else { break }
            compare(before, element, at: prefix, into: &sink)
            prefix += 1
        }
        var oldByKey: [ElementKey: LayoutAttributes] = [:]
        oldByKey.reserveCapacity(old.count - prefix)
        for element in old[prefix...] { oldByKey[element.key] = element }
        for position in prefix..<new.count {
            let element = new[position]
            guard let before = oldByKey.removeValue(forKey: element.key) else {
                sink.added(element.key)
                continue
            }
            compare(before, element, at: position, into: &sink)
        }
        for element in old[prefix...] where oldByKey[element.key] != nil { sink.removed(element.key) }
    }

    /// The common prefix's leading packed cells (a store's opaque cells with nothing but a
    /// frame, or a decoded baseline's), compared as raw records a batch at a time: a batch that
    /// is the same bytes in both (most of them, after a small edit) costs one `memcmp`; one
    /// that is not is compared cell by cell. Returns where the packed cells of either end, at
    /// `end`, or at the first pair with different keys.
    private static func comparePackedCells(
        _ old: ElementList, _ new: ElementList, upTo end: Int, into sink: inout some LayoutDiffSink
    ) -> Int {
        let batch = 1024
        var position = 0
        withUnsafeTemporaryAllocation(of: PackedCell.self, capacity: batch) { a in
            withUnsafeTemporaryAllocation(of: PackedCell.self, capacity: batch) { b in
                while position < end {
                    let wanted = min(batch, end - position)
                    let n = min(
                        old.packedCells(from: position, into: UnsafeMutableBufferPointer(rebasing: a[0..<wanted])),
                        new.packedCells(from: position, into: UnsafeMutableBufferPointer(rebasing: b[0..<wanted])))
                    if memcmp(a.baseAddress!, b.baseAddress!, n * MemoryLayout<PackedCell>.stride) != 0 {
                        for i in 0..<n {
                            let x = a[i], y = b[i]
                            guard x.section == y.section, x.item == y.item else {
                                position += i
                                return
                            }
                            // Packed cells differ in their frames or not at all.
                            if x.frame == y.frame { continue }
                            changed(
                                at: position + i, isCell: true, section: Int(y.section), item: Int(y.item),
                                from: x.frame, to: y.frame, restyled: false, into: &sink
                            ) { ElementKey(category: .cell, indexPath: LayoutIndexPath(Int(y.section), Int(y.item))) }
                        }
                    }
                    position += n
                    if n < wanted { return }
                }
            }
        }
        return position
    }

    /// The common prefix's plain cells from `start` (lists read from a store or packed cells),
    /// compared field by field in batches without building their attributes; an element that
    /// differs is compared as `compare` does. Returns where the prefix stops: at `end`, at the
    /// first pair with different keys, or at the first element of either that is not a plain cell.
    private static func comparePlainCells(
        _ old: ElementList, _ new: ElementList, from start: Int, upTo end: Int, into sink: inout some LayoutDiffSink
    ) -> Int {
        let batch = 1024
        var position = start
        withUnsafeTemporaryAllocation(of: ElementStore.PlainCell.self, capacity: batch) { a in
            withUnsafeTemporaryAllocation(of: ElementStore.PlainCell.self, capacity: batch) { b in
                while position < end {
                    let wanted = min(batch, end - position)
                    let n = min(
                        old.plainCells(from: position, into: UnsafeMutableBufferPointer(rebasing: a[0..<wanted])),
                        new.plainCells(from: position, into: UnsafeMutableBufferPointer(rebasing: b[0..<wanted])))
                    for i in 0..<n {
                        let x = a[i], y = b[i]
                        guard x.section == y.section, x.item == y.item else {
                            position += i
                            return
                        }
                        if x.frame == y.frame, x.alpha == y.alpha, x.zIndex == y.zIndex, x.hidden == y.hidden {
                            continue
                        }
                        // As `compare` finds it: a plain cell's attributes are these fields.
                        changed(
                            at: position + i, isCell: true, section: y.section, item: y.item, from: x.frame,
                            to: y.frame, restyled: true, into: &sink
                        ) { ElementKey(category: .cell, indexPath: LayoutIndexPath(y.section, y.item)) }
                    }
                    position += n
                    if n < wanted { return }
                }
            }
        }
        return position
    }

    private static func compare(
        _ before: LayoutAttributes, _ element: LayoutAttributes, at position: Int, into sink: inout some LayoutDiffSink
    ) {
        let path = element.indexPath
        changed(
            at: position, isCell: element.category == .cell && path.deeper.isEmpty, section: path.section,
            item: path.item, from: before.frame, to: element.frame,
            restyled: before.frame == element.frame && before != element, into: &sink
        ) { element.key }
    }

    /// Moving and resizing are counted independently: an element can do both. `restyled`:
    /// whether the element's other attributes changed (counted only when its frame stayed).
    @inline(__always)
    private static func changed(
        at position: Int, isCell: Bool, section: Int, item: Int, from: Rect, to: Rect, restyled: Bool,
        into sink: inout some LayoutDiffSink, key: () -> ElementKey
    ) {
        if from.origin != to.origin {
            let dx = to.x - from.x, dy = to.y - from.y
            sink.moved(
                MovedElement(
                    position: position, isCell: isCell, section: section, item: item, from: from, to: to,
                    distance: (dx * dx + dy * dy).squareRoot()))
        }
        if from.size != to.size { sink.resized(key()) }
        if from == to && restyled { sink.restyled(key()) }
    }
}
