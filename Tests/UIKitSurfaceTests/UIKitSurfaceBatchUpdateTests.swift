import Foundation
import TestExpectations
import Testing

@testable import UIKitSurface

/// A column of 100×40 items, 50 points apart (item i at y = 50·i), that logs what UIKit asks
/// during a batch update; inserted items start 100 points to the left, half transparent.
@MainActor
private final class LoggingColumn: UICollectionViewLayout {
    var log: [String] = []
    private var inserted: Set<IndexPath> = []

    override func prepare() { log.append("prepare") }

    override var collectionViewContentSize: CGSize {
        CGSize(width: 100, height: CGFloat(50 * (collectionView?.numberOfItems(inSection: 0) ?? 0)))
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        (0..<(collectionView?.numberOfItems(inSection: 0) ?? 0)).compactMap {
            layoutAttributesForItem(at: IndexPath(item: $0, section: 0))
        }.filter { $0.frame.intersects(rect) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.frame = CGRect(x: 0, y: CGFloat(50 * indexPath.item), width: 100, height: 40)
        return attributes
    }

    override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
        let names = updateItems.map { item in
            let path = { (path: IndexPath?) in path.map { "\($0.section):\($0.item)" } ?? "-" }
            return "\(item.updateAction) \(path(item.indexPathBeforeUpdate))>\(path(item.indexPathAfterUpdate))"
        }
        log.append("updates " + names.joined(separator: ", "))
        inserted = Set(updateItems.filter { $0.updateAction == .insert }.compactMap(\.indexPathAfterUpdate))
    }

    override func initialLayoutAttributesForAppearingItem(
        at itemIndexPath: IndexPath
    )
        -> UICollectionViewLayoutAttributes?
    {
        log.append("initial \(itemIndexPath.item)")
        guard inserted.contains(itemIndexPath), let a = layoutAttributesForItem(at: itemIndexPath) else { return nil }
        a.frame.origin.x -= 100
        a.alpha = 0.5
        return a
    }

    override func finalLayoutAttributesForDisappearingItem(
        at itemIndexPath: IndexPath
    )
        -> UICollectionViewLayoutAttributes?
    {
        log.append("final \(itemIndexPath.item)")
        return nil
    }

    override func finalizeCollectionViewUpdates() {
        log.append("finalize")
        inserted = []
    }
}

/// A cell keeping what it was given, as (y, x, alpha) of each `apply(_:)`.
private final class KeepingCell: UICollectionViewCell {
    var given: [[CGFloat]] = []
    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        given.append([layoutAttributes.frame.minY, layoutAttributes.frame.minX, layoutAttributes.alpha])
    }
}

/// Serves `KeepingCell`s for counts the test changes inside the batch.
private final class Column: NSObject, UICollectionViewDataSource {
    var count: Int
    var cells: [KeepingCell] = []
    init(_ count: Int) { self.count = count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { count }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    {
        collectionView.register(KeepingCell.self, forCellWithReuseIdentifier: "cell")
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
        if let keeping = cell as? KeepingCell { cells.append(keeping) }
        return cell
    }
}

@Suite("UIKitSurface: batch updates")
@MainActor
struct UIKitSurfaceBatchUpdateTests {
    /// Five items in a 100×120 view: items 0, 1 and 2 (y 0, 50, 100) are on screen. Inserting
    /// 0:1 and deleting 0:2 in one batch: old 0 stays at 0, old 1 goes to 2, old 3 and 4 stay;
    /// new 0, 1 and 2 are on screen after.
    @Test func aBatchAsksTheLayoutInUIKitsOrderAndGivesEachCellItsStartAndEnd() throws {
        let layout = LoggingColumn()
        let source = Column(5)
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 100, height: 120), collectionViewLayout: layout)
        view.dataSource = source
        view.layoutIfNeeded()
        expectEqual(layout.log, ["prepare"])
        expectEqual(source.cells.count, 3)
        let (first, second, third) = (source.cells[0], source.cells[1], source.cells[2])
        layout.log = []
        var completed: Bool?
        view.performBatchUpdates(
            {
                source.count = 5
                view.insertItems(at: [IndexPath(item: 1, section: 0)])
                view.deleteItems(at: [IndexPath(item: 2, section: 0)])
            }, completion: { completed = $0 })
        expect(
            layout.log == [
                "prepare", "updates insert ->0:1, delete 0:2>-", "initial 0", "initial 1", "initial 2", "final 0",
                "final 1", "final 2", "finalize",
            ])
        expectEqual(completed, true)
        // One new cell, for the inserted item: from 100 points left at half alpha to its place.
        expectEqual(source.cells.count, 4)
        expectEqual(source.cells[3].given, [[50, -100, 0.5], [50, 0, 1]])
        // Old 0 stays in place; old 1 moves from y 50 to 100 (no initial answer: where it was).
        expectEqual(first.given, [[0, 0, 1], [0, 0, 1], [0, 0, 1]])
        expectEqual(second.given, [[50, 0, 1], [50, 0, 1], [100, 0, 1]])
        // Old 2 is deleted: no final answer, so it fades where it was.
        expectEqual(third.given, [[100, 0, 1], [100, 0, 0]])
        expect(
            view.visibleCells.map(ObjectIdentifier.init) == [first, source.cells[3], second].map(ObjectIdentifier.init))
    }

    /// Moving 0:0 to 0:4 (y = 200, off screen): old 0 has no final answer and goes to its new
    /// place; old 1 and 2 move up to 0 and 1; old 3 (y 150, off screen before) comes into view
    /// at 0:2, a new cell starting where it was.
    @Test func anItemMovingOffScreenGoesToItsPlaceAndOneComingInStartsWhereItWas() throws {
        let source = Column(5)
        let view = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 100, height: 120), collectionViewLayout: LoggingColumn())
        view.dataSource = source
        view.layoutIfNeeded()
        let (first, second, third) = (source.cells[0], source.cells[1], source.cells[2])
        view.performBatchUpdates({
            view.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 4, section: 0))
        })
        expectEqual(first.given, [[0, 0, 1], [200, 0, 1]])
        expectEqual(second.given, [[50, 0, 1], [50, 0, 1], [0, 0, 1]])
        expectEqual(third.given, [[100, 0, 1], [100, 0, 1], [50, 0, 1]])
        expectEqual(source.cells.count, 4)
        expectEqual(source.cells[3].given, [[150, 0, 1], [100, 0, 1]])
    }

    /// UIKit's check: 5 items, one inserted and none deleted, but the data source still says 5.
    @Test func aBatchThatDoesNotAccountForTheNewCountRaises() throws {
        let raised = RaisedReasons()
        defer { raised.restore() }
        let source = Column(5)
        let view = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 100, height: 120), collectionViewLayout: LoggingColumn())
        view.dataSource = source
        view.layoutIfNeeded()
        view.performBatchUpdates({ view.insertItems(at: [IndexPath(item: 0, section: 0)]) })
        expect(
            raised.reasons == [
                "Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (5) must be equal to the number of items contained in that section before the update (5), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted)"
            ])
    }

    /// Where items go: three items, delete 0 and move 2 to 0, insert at 2. Old 1 keeps its
    /// place after old 2 arrives in front of it: 1 → 1; 2 → 0; 0 is gone.
    @Test func destinationsApplyDeletesAndMovesOutThenInsertsAndMovesIn() {
        let path = { IndexPath(item: $0, section: 0) }
        let items = [
            UICollectionViewUpdateItem(action: .delete, before: path(0), after: nil),
            UICollectionViewUpdateItem(action: .move, before: path(2), after: path(0)),
            UICollectionViewUpdateItem(action: .insert, before: nil, after: path(2)),
        ]
        expect(
            UICollectionView.destinations(of: items, counts: [3], newCounts: [3]) == [
                path(1): path(1), path(2): path(0),
            ])
    }
}
