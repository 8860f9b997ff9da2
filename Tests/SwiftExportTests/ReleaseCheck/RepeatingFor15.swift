// Deployment target: iOS 15 (repeatingSubitem:count: arrived in iOS 16: this file must not build for 15).

import UIKit

@MainActor
func makeRepeatingLayout() -> UICollectionViewCompositionalLayout {
    let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(44))
    let item = NSCollectionLayoutItem(layoutSize: size)
    let group = NSCollectionLayoutGroup.horizontal(layoutSize: size, repeatingSubitem: item, count: 2)
    return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
}
