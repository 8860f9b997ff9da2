// ListDevice2Layout.swift: exported by `lualayout export --swift` from ../../compositional/list.lua (compositional{...}).
// Values evaluated for --bounds 375x667 --scale 2 --items 30 --safe-area 20,0,0,0 --ios 14.
// Deployment target: iOS 14 (--ios 14); the code below needs iOS 13 or later.
// With those options UIKit on iOS 14 places every element where `lualayout run --ios 14` does; numbers are exact (UIKit differs by release where docs/uikit-versions.md says).

#if canImport(UIKit)
import UIKit
#else
import UIKitSurface
#endif

@available(iOS 13, *)
@MainActor
func makeListDevice2Layout() -> UICollectionViewCompositionalLayout {
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
