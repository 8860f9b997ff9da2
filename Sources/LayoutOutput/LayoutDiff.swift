import LayoutEngine
import Platform

/// What changed between two runs of a layout: elements added, removed, moved (their origin
/// changed) and resized (their size changed; an element may be both), and the content size
/// before and after.
package struct LayoutDiff: Sendable, Equatable {
    package struct Move: Sendable, Equatable {
        package var key: ElementKey
        package var from: Rect
        package var to: Rect
        /// How far the element's origin travelled.
        package var distance: Double
    }

    package var added: [ElementKey]
    package var removed: [ElementKey]
    /// Moved elements (their origin changed), in the order the new run lists them.
    package var movesInOrder: [Move]
    /// Moved elements, the largest moves first (equal ones in key order), sorted when asked
    /// for: the watch line needs only the largest few (`largestMoves`).
    package var moved: [Move] { movesInOrder.sorted(by: Self.largerMove) }
    /// Elements that changed size (whether or not they also moved).
    package var resized: [ElementKey]
    /// Elements whose frame stayed but whose other attributes changed.
    package var restyled: [ElementKey]
    package var contentSizeBefore: Size
    package var contentSizeAfter: Size

    package init(from old: LayoutSnapshot, to new: LayoutSnapshot) {
        var added: [ElementKey] = [], moved: [Move] = [], resized: [ElementKey] = [], restyled: [ElementKey] = []
        // Two runs of a layout mostly list the same elements in the same order: the common
        // prefix is compared pair by pair, and only the rest goes through a dictionary (the
        // lists come out the same as from the dictionary alone: nothing of the prefix is added
        // or removed, and its changes come first in either).
        let shared = min(old.elements.count, new.elements.count)
        var prefix = Self.comparePlainCells(
            old.elements, new.elements, upTo: shared, moved: &moved, resized: &resized, restyled: &restyled)
        while prefix < shared {
            let before = old.elements[prefix], element = new.elements[prefix]
            guard before.key == element.key else { break }
            Self.compare(before, element, moved: &moved, resized: &resized, restyled: &restyled)
            prefix += 1
        }
        var oldByKey: [ElementKey: LayoutAttributes] = [:]
        oldByKey.reserveCapacity(old.elements.count - prefix)
        for element in old.elements[prefix...] { oldByKey[element.key] = element }
        for element in new.elements[prefix...] {
            guard let before = oldByKey.removeValue(forKey: element.key) else {
                added.append(element.key)
                continue
            }
            Self.compare(before, element, moved: &moved, resized: &resized, restyled: &restyled)
        }
        self.added = added
        self.removed = old.elements[prefix...].map(\.key).filter { oldByKey[$0] != nil }
        self.movesInOrder = moved
        self.resized = resized
        self.restyled = restyled
        contentSizeBefore = old.contentSize
        contentSizeAfter = new.contentSize
    }

    /// Whether move `a` comes before `b`: the larger first, equal ones in key order.
    private static func largerMove(_ a: Move, _ b: Move) -> Bool {
        (a.distance, b.key) > (b.distance, a.key)
    }

    /// The `count` largest moves, as `moved.prefix(count)` lists them, in one pass (no sort of
    /// them all).
    package func largestMoves(_ count: Int) -> [Move] {
        var largest: [Move] = []
        for move in movesInOrder {
            if largest.count == count, let last = largest.last, !Self.largerMove(move, last) { continue }
            let at = largest.firstIndex { Self.largerMove(move, $0) } ?? largest.count
            largest.insert(move, at: at)
            if largest.count > count { largest.removeLast() }
        }
        return largest
    }

    /// The common prefix's plain cells (lists read from a store or packed cells), compared
    /// field by field in batches without building their attributes; an element that differs
    /// is compared as `compare` does. Returns where the prefix stops: at `end`, at the first
    /// pair with different keys, or at the first element of either that is not a plain cell.
    private static func comparePlainCells(
        _ old: ElementList, _ new: ElementList, upTo end: Int, moved: inout [Move], resized: inout [ElementKey],
        restyled: inout [ElementKey]
    ) -> Int {
        let batch = 1024
        var position = 0
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
                        let key = ElementKey(category: .cell, indexPath: LayoutIndexPath(y.section, y.item))
                        if x.frame.origin != y.frame.origin {
                            let dx = y.frame.x - x.frame.x, dy = y.frame.y - x.frame.y
                            moved.append(
                                Move(key: key, from: x.frame, to: y.frame, distance: (dx * dx + dy * dy).squareRoot()))
                        }
                        if x.frame.size != y.frame.size { resized.append(key) }
                        if x.frame == y.frame { restyled.append(key) }
                    }
                    position += n
                    if n < wanted { return }
                }
            }
        }
        return position
    }

    private static func compare(
        _ before: LayoutAttributes, _ element: LayoutAttributes, moved: inout [Move], resized: inout [ElementKey],
        restyled: inout [ElementKey]
    ) {
        // Moving and resizing are counted independently: an element can do both.
        if before.frame.origin != element.frame.origin {
            let dx = element.frame.x - before.frame.x, dy = element.frame.y - before.frame.y
            let distance = (dx * dx + dy * dy).squareRoot()
            moved.append(Move(key: element.key, from: before.frame, to: element.frame, distance: distance))
        }
        if before.frame.size != element.frame.size { resized.append(element.key) }
        if before.frame == element.frame && before != element { restyled.append(element.key) }
    }

    package var isEmpty: Bool {
        added.isEmpty && removed.isEmpty && movesInOrder.isEmpty && resized.isEmpty && restyled.isEmpty
            && contentSizeBefore == contentSizeAfter
    }

    /// One line for people: counts, the largest moves, the content size change.
    package func summary(largestMoves: Int = 3) -> String {
        if isEmpty { return "no change" }
        var parts = ["+\(added.count) −\(removed.count) elements", "\(movesInOrder.count) moved"]
        if !movesInOrder.isEmpty {
            let largest = self.largestMoves(largestMoves).map {
                "\($0.key) by \(NumberFormatting.rounded($0.distance))"
            }
            parts[1] +=
                " (largest: " + largest.joined(separator: ", ") + (movesInOrder.count > largestMoves ? ", …)" : ")")
        }
        if !resized.isEmpty { parts.append("\(resized.count) resized") }
        if !restyled.isEmpty { parts.append("\(restyled.count) restyled") }
        let before =
            "\(NumberFormatting.rounded(contentSizeBefore.width))×\(NumberFormatting.rounded(contentSizeBefore.height))"
        let after =
            "\(NumberFormatting.rounded(contentSizeAfter.width))×\(NumberFormatting.rounded(contentSizeAfter.height))"
        parts.append(before == after ? "content \(after)" : "content \(before) → \(after)")
        return parts.joined(separator: ", ")
    }
}
