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

        package init(key: ElementKey, from: Rect, to: Rect, distance: Double) {
            self.key = key
            self.from = from
            self.to = to
            self.distance = distance
        }
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
        var lists = Lists(new: new.elements)
        LayoutDiffWalk.walk(old.elements, new.elements, into: &lists)
        added = lists.added
        removed = lists.removed
        movesInOrder = lists.moved
        resized = lists.resized
        restyled = lists.restyled
        contentSizeBefore = old.contentSize
        contentSizeAfter = new.contentSize
    }

    /// Every change, kept in lists.
    private struct Lists: LayoutDiffSink {
        let new: ElementList
        var added: [ElementKey] = [], removed: [ElementKey] = [], moved: [Move] = [], resized: [ElementKey] = [],
            restyled: [ElementKey] = []
        mutating func added(_ key: ElementKey) { added.append(key) }
        mutating func removed(_ key: ElementKey) { removed.append(key) }
        mutating func moved(_ element: MovedElement) { moved.append(element.move(in: new)) }
        mutating func resized(_ key: ElementKey) { resized.append(key) }
        mutating func restyled(_ key: ElementKey) { restyled.append(key) }
    }

    /// Whether move `a` comes before `b`: the larger first, equal ones in key order.
    static func largerMove(_ a: Move, _ b: Move) -> Bool {
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

    package var isEmpty: Bool {
        added.isEmpty && removed.isEmpty && movesInOrder.isEmpty && resized.isEmpty && restyled.isEmpty
            && contentSizeBefore == contentSizeAfter
    }

    /// The counts and the largest moves: what the watch line says.
    package func summarized(largestMoves count: Int = 3) -> Summary {
        Summary(
            added: added.count, removed: removed.count, moved: movesInOrder.count, resized: resized.count,
            restyled: restyled.count, largestMoves: largestMoves(count), contentSizeBefore: contentSizeBefore,
            contentSizeAfter: contentSizeAfter)
    }

    /// One line for people: counts, the largest moves, the content size change.
    package func summary(largestMoves: Int = 3) -> String {
        summarized(largestMoves: largestMoves).line
    }
}

extension LayoutDiff {
    /// A diff counted rather than listed: how many elements were added, removed, moved,
    /// resized and restyled, and the few largest moves, found in one pass that keeps no list
    /// (what `watch` reports, in proportion to nothing but the elements compared).
    package struct Summary: Sendable, Equatable {
        package var added = 0, removed = 0, moved = 0, resized = 0, restyled = 0
        /// The largest moves, largest first (equal ones in key order).
        package var largestMoves: [Move] = []
        package var contentSizeBefore: Size
        package var contentSizeAfter: Size

        package init(
            added: Int, removed: Int, moved: Int, resized: Int, restyled: Int, largestMoves: [Move],
            contentSizeBefore: Size, contentSizeAfter: Size
        ) {
            self.added = added
            self.removed = removed
            self.moved = moved
            self.resized = resized
            self.restyled = restyled
            self.largestMoves = largestMoves
            self.contentSizeBefore = contentSizeBefore
            self.contentSizeAfter = contentSizeAfter
        }

        /// Compares `old` with `new`, keeping the `count` largest moves.
        package init(from old: LayoutSnapshot, to new: LayoutSnapshot, largestMoves count: Int = 3) {
            var counts = Counts(new: new.elements, largest: LargestMoves(limit: count))
            LayoutDiffWalk.walk(old.elements, new.elements, into: &counts)
            self.init(
                added: counts.added, removed: counts.removed, moved: counts.moved, resized: counts.resized,
                restyled: counts.restyled, largestMoves: counts.largest.moves(in: new.elements),
                contentSizeBefore: old.contentSize, contentSizeAfter: new.contentSize)
        }

        private struct Counts: LayoutDiffSink {
            let new: ElementList
            var added = 0, removed = 0, moved = 0, resized = 0, restyled = 0
            var largest: LargestMoves
            mutating func added(_ key: ElementKey) { added += 1 }
            mutating func removed(_ key: ElementKey) { removed += 1 }
            mutating func moved(_ element: MovedElement) {
                moved += 1
                largest.offer(element, in: new)
            }
            mutating func resized(_ key: ElementKey) { resized += 1 }
            mutating func restyled(_ key: ElementKey) { restyled += 1 }
        }

        package var isEmpty: Bool {
            added == 0 && removed == 0 && moved == 0 && resized == 0 && restyled == 0
                && contentSizeBefore == contentSizeAfter
        }

        /// One line for people: counts, the largest moves, the content size change.
        package var line: String {
            if isEmpty { return "no change" }
            var parts = ["+\(added) −\(removed) elements", "\(moved) moved"]
            if moved > 0 {
                let largest = largestMoves.map { "\($0.key) by \(NumberFormatting.rounded($0.distance))" }
                parts[1] +=
                    " (largest: " + largest.joined(separator: ", ") + (moved > largestMoves.count ? ", …)" : ")")
            }
            if resized > 0 { parts.append("\(resized) resized") }
            if restyled > 0 { parts.append("\(restyled) restyled") }
            let before =
                "\(NumberFormatting.rounded(contentSizeBefore.width))×\(NumberFormatting.rounded(contentSizeBefore.height))"
            let after =
                "\(NumberFormatting.rounded(contentSizeAfter.width))×\(NumberFormatting.rounded(contentSizeAfter.height))"
            parts.append(before == after ? "content \(after)" : "content \(before) → \(after)")
            return parts.joined(separator: ", ")
        }
    }
}
