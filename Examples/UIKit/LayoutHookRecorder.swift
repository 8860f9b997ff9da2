// LayoutHookRecorder.swift: what a layout answers UIKit beyond its elements at rest, as JSON.
//
// Copy it beside LayoutRecorder.swift (which it extends). Given a layout and a collection view
// of LayoutRecorder's options, laid out, it records where the layout stops a fling
// (targetContentOffset(forProposedContentOffset:withScrollingVelocity:), asked as UIScrollView
// asks at the end of a drag), whether it invalidates for each new bounds
// (shouldInvalidateLayout(forBoundsChange:), asked as the collection view asks on a bounds
// change) and, for a batch update performed through performBatchUpdates, where each cell on
// screen starts and ends its animation: the attributes UIKit gives the cell (`apply(_:)`) from
// the layout's initialLayoutAttributesForAppearingItem(at:) and
// finalLayoutAttributesForDisappearingItem(at:), or UIKit's defaults. Scripts/export-check
// compiles it against UIKitSurface and compares it with `lualayout run --target-offset`,
// `lualayout simulate` and `lualayout update` (docs/export.md).

#if canImport(UIKit)
import UIKit
#else
import Foundation
import UIKitSurface
#endif

extension LayoutRecorder {
    /// What to ask the layout once it is laid out.
    struct Hooks {
        /// A fling's proposed content offset, and its velocity in points per millisecond.
        var proposedContentOffset: CGPoint?
        var velocity: CGPoint = .zero
        /// Bounds to ask shouldInvalidateLayout(forBoundsChange:) about, each from the rest.
        var newBounds: [CGRect] = []
        /// A batch update: deletes and the moves' sources name index paths before it, inserts
        /// and the moves' destinations after it.
        var deletes: [IndexPath] = []
        var inserts: [IndexPath] = []
        var moves: [(from: IndexPath, to: IndexPath)] = []
    }

    /// Lays `layout` out as `json(of:_:)` does and returns the layout's answers to `hooks`.
    static func hooksJSON(of layout: UICollectionViewLayout, _ options: Options, _ hooks: Hooks) -> String {
        let (collectionView, controller, dataSource) = host(layout, options)
        _ = json(of: collectionView, in: controller, options)
        var parts: [String] = []
        if let proposed = hooks.proposedContentOffset {
            let target = layout.targetContentOffset(
                forProposedContentOffset: proposed, withScrollingVelocity: hooks.velocity)
            parts.append(
                "\"targetContentOffset\": {\"proposed\": \(point(proposed)), \"velocity\": \(point(hooks.velocity)), \"target\": \(point(target))}"
            )
        }
        if !hooks.newBounds.isEmpty {
            let answers = hooks.newBounds.map { bounds in
                "{\"newBounds\": \(rect(bounds)), \"invalidate\": \(layout.shouldInvalidateLayout(forBoundsChange: bounds))}"
            }
            parts.append("\"boundsChanges\": [\n    " + answers.joined(separator: ",\n    ") + "\n  ]")
        }
        if !(hooks.deletes.isEmpty && hooks.inserts.isEmpty && hooks.moves.isEmpty) {
            parts.append(
                "\"update\": [\n    " + update(collectionView, dataSource, hooks).joined(separator: ",\n    ") + "\n  ]"
            )
        }
        collectionView.dataSource = nil
        collectionView.delegate = nil
        return "{\n  " + parts.joined(separator: ",\n  ") + "\n}\n"
    }

    /// Writes the JSON to `path`.
    static func recordHooks(
        _ layout: UICollectionViewLayout, _ options: Options, _ hooks: Hooks, to path: String
    ) throws {
        try hooksJSON(of: layout, options, hooks).write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Performs the batch and returns each cell that was on screen before or after it: its
    /// index paths and the attributes its animation starts from and ends at, in order.
    private static func update(
        _ collectionView: UICollectionView, _ dataSource: CountsDataSource, _ hooks: Hooks
    ) -> [String] {
        let restCount = Dictionary(
            uniqueKeysWithValues: dataSource.cells.map { (ObjectIdentifier($0), $0.applied.count) })
        let visibleBefore = Set(collectionView.visibleCells.map(ObjectIdentifier.init))
        collectionView.performBatchUpdates({
            dataSource.counts = counts(after: hooks, dataSource.counts)
            collectionView.deleteItems(at: hooks.deletes)
            collectionView.insertItems(at: hooks.inserts)
            for move in hooks.moves { collectionView.moveItem(at: move.from, to: move.to) }
        })
        let visibleAfter = Set(collectionView.visibleCells.map(ObjectIdentifier.init))
        var elements: [(key: [Int], json: String)] = []
        for cell in dataSource.cells {
            let id = ObjectIdentifier(cell)
            let old = restCount[id] ?? 0
            let given = Array(cell.applied[old...])
            guard let end = given.last else { continue }
            let rest = old > 0 && visibleBefore.contains(id) ? cell.applied[old - 1] : nil
            let after = visibleAfter.contains(id)
            let start = after && given.count >= 2 ? given[given.count - 2] : rest ?? end
            let before = rest.map { "[\($0.indexPath.section), \($0.indexPath.item)]" } ?? "null"
            let afterPath = after ? "[\(end.indexPath.section), \(end.indexPath.item)]" : "null"
            let key =
                after ? [0, end.indexPath.section, end.indexPath.item] : [1] + (rest.map { Array($0.indexPath) } ?? [])
            elements.append(
                (
                    key,
                    "{\"indexPathBefore\": \(before), \"indexPathAfter\": \(afterPath), \"from\": \(animated(start)), \"to\": \(animated(end))}"
                ))
        }
        return elements.sorted { $0.key.lexicographicallyPrecedes($1.key) }.map(\.json)
    }

    /// The item counts after the batch.
    private static func counts(after hooks: Hooks, _ counts: [Int]) -> [Int] {
        var result = counts
        for path in hooks.deletes + hooks.moves.map(\.from) where result.indices.contains(path.section) {
            result[path.section] -= 1
        }
        for path in hooks.inserts + hooks.moves.map(\.to) where result.indices.contains(path.section) {
            result[path.section] += 1
        }
        return result
    }

    /// What an animation moves: frame, alpha and zIndex.
    private static func animated(_ a: UICollectionViewLayoutAttributes) -> String {
        "{\"frame\": \(rect(a.frame)), \"alpha\": \(number(a.alpha)), \"zIndex\": \(a.zIndex)}"
    }

    nonisolated static func point(_ p: CGPoint) -> String { "{\"x\": \(number(p.x)), \"y\": \(number(p.y))}" }
}
