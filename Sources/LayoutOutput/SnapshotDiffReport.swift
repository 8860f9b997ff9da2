import LayoutEngine
import Platform

/// Why two layout snapshots differ, for a failed snapshot check: one line per element that
/// moved or resized (frame from → to), appeared, vanished or changed another attribute, in
/// output order, plus the content size and bounds when they changed. Numbers with at most
/// three decimals, exact where rounding would print both sides alike (a shift under 0.0005).
package enum SnapshotDiffReport {
    /// The counts in a few words (`1 moved, 1 appeared`), then the lines (at most `limit`).
    package static func describe(
        from old: LayoutSnapshot, to new: LayoutSnapshot, limit: Int = 20
    ) -> (summary: String, lines: [String]) {
        let diff = LayoutDiff(from: old, to: new)
        var before: [ElementKey: LayoutAttributes] = [:], after: [ElementKey: LayoutAttributes] = [:]
        for element in old.elements { before[element.key] = element }
        for element in new.elements { after[element.key] = element }
        let moved = Set(diff.movesInOrder.map(\.key)), resized = Set(diff.resized.map { $0 })

        var entries: [(key: ElementKey, line: String)] = []
        for key in moved.union(resized) {
            let verb =
                moved.contains(key) && resized.contains(key)
                ? "moved and resized" : moved.contains(key) ? "moved" : "resized"
            let others = changes(before[key]!, after[key]!)
            let also = others.isEmpty ? "" : "; " + others.joined(separator: ", ")
            entries.append((key, "\(verb) \(key): \(change(before[key]!.frame, after[key]!.frame, frame))" + also))
        }
        for key in diff.restyled {
            entries.append((key, "changed \(key): " + changes(before[key]!, after[key]!).joined(separator: ", ")))
        }
        for key in diff.added { entries.append((key, "appeared \(key) at \(frame(after[key]!.frame))")) }
        for key in diff.removed { entries.append((key, "vanished \(key) (was at \(frame(before[key]!.frame)))")) }
        // Output order; an element has one line at most (restyled means its frame stayed).
        entries.sort { $0.key < $1.key }

        var lines: [String] = []
        if old.contentSize != new.contentSize {
            lines.append("content \(change(old.contentSize, new.contentSize, size))")
        }
        if old.bounds != new.bounds { lines.append("bounds \(change(old.bounds, new.bounds, frame))") }
        if old.targetContentOffset != new.targetContentOffset { lines.append("targetContentOffset changed") }
        lines += entries.prefix(limit).map(\.line)
        if entries.count > limit { lines.append("… and \(entries.count - limit) more") }

        var counts: [String] = []
        let frameChanges = moved.union(resized).count
        if frameChanges > 0 { counts.append("\(frameChanges) moved or resized") }
        if !diff.restyled.isEmpty { counts.append("\(diff.restyled.count) changed") }
        if !diff.added.isEmpty { counts.append("\(diff.added.count) appeared") }
        if !diff.removed.isEmpty { counts.append("\(diff.removed.count) vanished") }
        if counts.isEmpty {
            counts.append(
                old.contentSize != new.contentSize || old.bounds != new.bounds
                    ? "no element changed" : "formatting only")
        }
        return (counts.joined(separator: ", "), lines)
    }

    /// The attributes other than the frame that differ: `alpha 1 → 0.5`, `custom.label "A" → "B"`.
    static func changes(_ a: LayoutAttributes, _ b: LayoutAttributes) -> [String] {
        var parts: [String] = []
        if a.alpha != b.alpha {
            parts.append("alpha \(change(a.alpha, b.alpha) { $1($0) })")
        }
        if a.zIndex != b.zIndex { parts.append("zIndex \(a.zIndex) → \(b.zIndex)") }
        if a.hidden != b.hidden { parts.append("hidden \(a.hidden) → \(b.hidden)") }
        if a.transform3D != b.transform3D {
            parts.append(
                "transform \(TransformDescription.describe(a.transform3D)) → \(TransformDescription.describe(b.transform3D))"
            )
        }
        for name in Set(a.custom.keys).union(b.custom.keys).sorted() where a.custom[name] != b.custom[name] {
            parts.append("custom.\(name) \(value(a.custom[name])) → \(value(b.custom[name]))")
        }
        return parts
    }

    static func value(_ value: LayoutValue?) -> String { value.map(JSONLayoutWriter.value) ?? "(none)" }

    /// `x,y w×h`, each number written by `number` (at most three decimals by default).
    package static func frame(_ r: Rect, _ number: (Double) -> String = { NumberFormatting.rounded($0) }) -> String {
        "\(number(r.x)),\(number(r.y)) \(size(r.size, number))"
    }

    static func size(_ s: Size, _ number: (Double) -> String = { NumberFormatting.rounded($0) }) -> String {
        "\(number(s.width))×\(number(s.height))"
    }

    /// `before → after`, rounded for reading, or exact when rounding would print them alike.
    static func change<T>(_ before: T, _ after: T, _ text: (T, (Double) -> String) -> String) -> String {
        let rounded = { (value: Double) in NumberFormatting.rounded(value) }
        let (a, b) = (text(before, rounded), text(after, rounded))
        if a != b { return "\(a) → \(b)" }
        let exact = { (value: Double) in NumberFormatting.format(value) }
        return "\(text(before, exact)) → \(text(after, exact))"
    }
}
