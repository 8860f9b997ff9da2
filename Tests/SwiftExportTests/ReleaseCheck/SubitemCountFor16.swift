// Deployment target: iOS 16 (subitem:count: is deprecated from iOS 16: with deprecations as errors, this must not build).

import UIKit

@MainActor
func makeCountLayout() -> UICollectionViewCompositionalLayout {
    let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(44))
    let item = NSCollectionLayoutItem(layoutSize: size)
    let group = NSCollectionLayoutGroup.horizontal(layoutSize: size, subitem: item, count: 2)
    return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
}
