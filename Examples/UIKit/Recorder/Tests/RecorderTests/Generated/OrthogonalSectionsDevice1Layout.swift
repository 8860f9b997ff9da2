// OrthogonalSectionsDevice1Layout.swift: exported by `lualayout export --swift` from ../../compositional/orthogonal-sections.lua (compositional{...}).
// Values evaluated for --bounds 393x852 --scale 3 --sections 12,12,12 --safe-area 59,0,34,0.
// Deployment target: iOS 13, the oldest release with every API used below (--ios N exports for your app's).
// With those options UIKit on iOS 17 places every element where `lualayout run --ios 17` does; numbers are exact (UIKit differs by release where docs/uikit-versions.md says).

#if canImport(UIKit)
import UIKit
#else
import UIKitSurface
#endif

@available(iOS 13, *)
@MainActor
func makeOrthogonalSectionsDevice1Layout() -> UICollectionViewCompositionalLayout {
    let leadingItemSize = NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(0.7),
        heightDimension: .fractionalHeight(1.0))
    let leadingItem = NSCollectionLayoutItem(layoutSize: leadingItemSize)
    leadingItem.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
    let trailingItemSize = NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1.0),
        heightDimension: .fractionalHeight(0.3))
    let trailingItem = NSCollectionLayoutItem(layoutSize: trailingItemSize)
    trailingItem.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
    let trailingGroupSize = NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(0.3),
        heightDimension: .fractionalHeight(1.0))
    let trailingGroup = NSCollectionLayoutGroup.vertical(layoutSize: trailingGroupSize, subitem: trailingItem, count: 2)
    let groupSize = NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(0.85),
        heightDimension: .fractionalHeight(0.4))
    let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [leadingItem, trailingGroup])
    let section = NSCollectionLayoutSection(group: group)
    section.orthogonalScrollingBehavior = .continuous
    let layout = UICollectionViewCompositionalLayout(section: section)
    return layout
}
