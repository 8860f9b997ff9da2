// ListDevice1Layout.swift: exported by `lualayout export --swift` from ../../compositional/list.lua (compositional{...}).
// Values evaluated for --bounds 393x852 --scale 3 --items 30 --safe-area 59,0,34,0.
// Deployment target: iOS 13, the oldest release with every API used below (--ios N exports for your app's).
// With those options UIKit on iOS 17 places every element where `lualayout run --ios 17` does; numbers are exact (UIKit differs by release where docs/uikit-versions.md says).

#if canImport(UIKit)
import UIKit
#else
import UIKitSurface
#endif

@available(iOS 13, *)
@MainActor
func makeListDevice1Layout() -> UICollectionViewCompositionalLayout {
    let itemSize = NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1.0),
        heightDimension: .fractionalHeight(1.0))
    let item = NSCollectionLayoutItem(layoutSize: itemSize)
    let groupSize = NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1.0),
        heightDimension: .absolute(44))
    let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])
    let section = NSCollectionLayoutSection(group: group)
    let layout = UICollectionViewCompositionalLayout(section: section)
    return layout
}
