import TestExpectations
import Testing

@testable import UIKitSurface

/// Answers the item counts, as an app's data source would.
final class Counts: NSObject, UICollectionViewDataSource {
    let counts: [Int]
    init(_ counts: [Int]) { self.counts = counts }
    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        counts[section]
    }
    func collectionView(
        _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    )
        -> UICollectionViewCell
    {
        collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        collectionView.register(
            UICollectionReusableView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: kind)
        return collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: kind, for: indexPath)
    }
}

/// A collection view of `size` at display `scale` holding `layout`, its cells registered, laid out.
@MainActor
func laidOut(
    _ layout: UICollectionViewLayout, _ counts: Counts, width: CGFloat = 375, height: CGFloat = 667, scale: CGFloat = 2
) -> UICollectionView {
    let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout)
    view.traitOverrides.displayScale = scale
    view.layoutMargins = .zero
    view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = counts
    view.layoutIfNeeded()
    return view
}

@MainActor
func cellFrames(_ view: UICollectionView) -> [CGRect] {
    let all = view.collectionViewLayout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 1e6, height: 1e6))
    return (all ?? []).filter { $0.representedElementCategory == .cell }
        .sorted { ($0.indexPath.section, $0.indexPath.item) < ($1.indexPath.section, $1.indexPath.item) }.map(\.frame)
}

/// Layouts written in Swift against UIKit's API, with frames derived by hand from
/// docs/compositional.md and docs/flow-layout.md.
@Suite("UIKitSurface")
@MainActor
struct UIKitSurfaceTests {
    /// Apple's two-column grid at 375 @2x: insets (0, 10, 0, 10) leave 355; with the 10-point
    /// spacing the two items are re-solved to (355 − 10) / 2 = 172.5, at x = 10 and 192.5;
    /// rows every 44 + 10 = 54; 94 items → 47 rows → content 47·44 + 46·10 = 2528.
    @Test func twoColumnGrid() {
        let itemSize = NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(1.0))
        let item = NSCollectionLayoutItem(layoutSize: itemSize)
        let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(44))
        let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitem: item, count: 2)
        group.interItemSpacing = .fixed(10)
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 10
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10)
        let view = laidOut(UICollectionViewCompositionalLayout(section: section), Counts([94]))
        let expected = (0..<94).map { (i: Int) -> CGRect in
            CGRect(x: i % 2 == 0 ? 10 : 192.5, y: 54 * CGFloat(i / 2), width: 172.5, height: 44)
        }
        expectEqual(cellFrames(view), expected)
        expectEqual(view.collectionViewLayout.collectionViewContentSize, CGSize(width: 375, height: 2528))
        expectEqual(view.contentSize, CGSize(width: 375, height: 2528))
    }

    /// Apple's grid: items 0.2 of a group as wide as the section and 0.2 of the width high:
    /// 75 × 75 at x = 75c, y = 75r; 94 items → 19 rows → content 1425.
    @Test func grid() {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(0.2), heightDimension: .fractionalHeight(1.0)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalWidth(0.2)),
            subitems: [item])
        let view = laidOut(
            UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group)), Counts([94]))
        let expected = (0..<94).map { (i: Int) -> CGRect in
            CGRect(x: 75 * CGFloat(i % 5), y: 75 * CGFloat(i / 5), width: 75, height: 75)
        }
        expectEqual(cellFrames(view), expected)
        expectEqual(view.contentSize, CGSize(width: 375, height: 1425))
    }

    /// The cookbook flow at 375 @2x: A = 375 − 40 = 335, k = ⌊(335 + 10)/(80 + 10)⌋ = 3, gap
    /// (335 − 240)/2 = 47.5: x = 20, 147.5, 275 (on the @2x grid). A 30-point header takes
    /// [0, 30) at the full width, as UIKit's section-header kind; lines at 30 + 10 = 40 and
    /// 40 + 120 + 20 = 180; content 180 + 120 + 10 = 310.
    @Test func flowLayoutWithAHeader() {
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 80, height: 120)
        layout.minimumLineSpacing = 20
        layout.minimumInteritemSpacing = 10
        layout.sectionInset = UIEdgeInsets(top: 10, left: 20, bottom: 10, right: 20)
        layout.headerReferenceSize = CGSize(width: 0, height: 30)
        let view = laidOut(layout, Counts([6]))
        let xs: [CGFloat] = [20, 147.5, 275]
        let expected = (0..<6).map { (i: Int) -> CGRect in
            CGRect(x: xs[i % 3], y: i < 3 ? 40 : 180, width: 80, height: 120)
        }
        expectEqual(cellFrames(view), expected)
        let header = layout.layoutAttributesForSupplementaryView(
            ofKind: UICollectionView.elementKindSectionHeader, at: IndexPath(item: 0, section: 0))
        expectEqual(header?.frame, CGRect(x: 0, y: 0, width: 375, height: 30))
        expectEqual(header?.representedElementKind, UICollectionView.elementKindSectionHeader)
        expectEqual(layout.collectionViewContentSize, CGSize(width: 375, height: 310))
    }

    /// The provider sees the container and the display scale.
    @Test func sectionProviderSeesTheEnvironment() {
        var seen: [(Int, CGFloat, CGFloat)] = []
        let layout = UICollectionViewCompositionalLayout { sectionIndex, environment in
            seen.append(
                (
                    sectionIndex, environment.container.effectiveContentSize.width,
                    environment.traitCollection.displayScale
                ))
            let item = NSCollectionLayoutItem(
                layoutSize: NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(50)))
            let group = NSCollectionLayoutGroup.vertical(
                layoutSize: NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(50)),
                subitems: [item])
            return NSCollectionLayoutSection(group: group)
        }
        let counts = Counts([2, 0, 1])
        defer { withExtendedLifetime(counts) {} }
        let view = laidOut(layout, counts, width: 320, scale: 3)
        expectEqual(seen.map(\.0), [0, 1, 2])
        expect(seen.allSatisfy { $0.1 == 320 && $0.2 == 3 })
        // Sections 0 and 2 stack their 50-point rows; section 1 has no items.
        let expected = [0, 50, 100].map { (y: CGFloat) -> CGRect in CGRect(x: 0, y: y, width: 320, height: 50) }
        expectEqual(cellFrames(view), expected)
    }

    /// Pinned headers follow the content offset: the pinned-section-headers sample (44-point
    /// rows 5 apart, header and footer estimated 44) has sections 44 + 5·44 + 4·5 + 44 = 328
    /// tall; at offset 400 section 1's header (laid out at 328) sits at the top, y = 400.
    @Test func pinnedHeaderFollowsTheContentOffset() {
        let row = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(1.0)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(44)),
            subitems: [row])
        let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .estimated(44))
        let header = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: size, elementKind: "header", alignment: .top)
        header.pinToVisibleBounds = true
        header.zIndex = 2
        let footer = NSCollectionLayoutBoundarySupplementaryItem(
            layoutSize: size, elementKind: "footer", alignment: .bottom)
        let section = NSCollectionLayoutSection(group: group)
        section.interGroupSpacing = 5
        section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10)
        section.boundarySupplementaryItems = [header, footer]
        let layout = UICollectionViewCompositionalLayout(section: section)
        // A collection view holds its data source weakly, as UIKit's does.
        let counts = Counts([5, 5, 5, 5, 5])
        defer { withExtendedLifetime(counts) {} }
        let view = laidOut(layout, counts)
        let at = IndexPath(item: 0, section: 1)
        expectEqual(layout.layoutAttributesForSupplementaryView(ofKind: "header", at: at)?.frame.origin.y, 328)
        view.contentOffset = CGPoint(x: 0, y: 400)
        view.layoutIfNeeded()
        let pinned = layout.layoutAttributesForSupplementaryView(ofKind: "header", at: at)
        expectEqual(pinned?.frame, CGRect(x: 10, y: 400, width: 355, height: 44))
        expectEqual(pinned?.zIndex, 2)
        expectEqual(view.bounds.origin, CGPoint(x: 0, y: 400))
    }

    /// A section's visible-items handler, written in Swift, changes what queries return.
    @Test func visibleItemsHandlerScalesItems() {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: .fractionalWidth(1.0), heightDimension: .fractionalHeight(1.0)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .absolute(100), heightDimension: .absolute(100)),
            subitems: [item])
        let section = NSCollectionLayoutSection(group: group)
        section.orthogonalScrollingBehavior = .continuous
        section.visibleItemsInvalidationHandler = { items, _, _ in
            for item in items { item.transform3D = CATransform3DMakeScale(0.5, 0.5, 1) }
        }
        let view = laidOut(UICollectionViewCompositionalLayout(section: section), Counts([3]))
        let all =
            view.collectionViewLayout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 375, height: 100)) ?? []
        expectEqual(all.count, 3)
        expect(all.allSatisfy { $0.transform3D == CATransform3DMakeScale(0.5, 0.5, 1) })
        // Frames stay as laid out: 100-point groups side by side.
        expectEqual(all.map(\.frame.origin.x).sorted(), [0, 100, 200])
    }

    /// An app's own subclass runs as in UIKit: prepare on the layout pass, again after
    /// invalidation, its attributes answered as it computes them.
    @Test func customSubclassRunsUnchanged() {
        final class Diagonal: UICollectionViewLayout {
            var prepared = 0
            var cells: [UICollectionViewLayoutAttributes] = []
            override func prepare() {
                prepared += 1
                let count = collectionView?.numberOfItems(inSection: 0) ?? 0
                cells = (0..<count).map { i in
                    let a = UICollectionViewLayoutAttributes(forCellWith: IndexPath(item: i, section: 0))
                    a.frame = CGRect(x: 10 * CGFloat(i), y: 10 * CGFloat(i), width: 10, height: 10)
                    return a
                }
            }
            override var collectionViewContentSize: CGSize {
                CGSize(width: 10 * CGFloat(cells.count), height: 10 * CGFloat(cells.count))
            }
            override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                cells.filter { $0.frame.intersects(rect) }
            }
        }
        let layout = Diagonal()
        let counts = Counts([4])
        defer { withExtendedLifetime(counts) {} }
        let view = laidOut(layout, counts)
        expectEqual(layout.prepared, 1)
        expectEqual(view.contentSize, CGSize(width: 40, height: 40))
        expectEqual(layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 15, height: 15))?.count, 2)
        view.layoutIfNeeded()
        expectEqual(layout.prepared, 1, "no second prepare without an invalidation")
        view.reloadData()
        view.layoutIfNeeded()
        expectEqual(layout.prepared, 2)
        expectEqual(layout.cells.count, 4)
    }

    @Test func indexPathsAndGeometry() {
        let path = IndexPath(item: 3, section: 1)
        expect(path.section == 1 && path.item == 3)
        expect(CATransform3DIsIdentity(CATransform3DIdentity))
        expect(!CATransform3DIsIdentity(CATransform3DMakeTranslation(1, 0, 0)))
        expectEqual(NSDirectionalRectEdge.all, [.top, .leading, .bottom, .trailing])
        let attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: "badge", with: path)
        attributes.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        expectEqual(attributes.center, CGPoint(x: 25, y: 40))
        attributes.size = CGSize(width: 10, height: 10)
        expectEqual(attributes.frame, CGRect(x: 20, y: 35, width: 10, height: 10))
    }
}
