// Deployment target: iOS 15 (subitem:count: is current in iOS 15: this builds).

import UIKit

@MainActor
func makeCountLayout15() -> UICollectionViewCompositionalLayout {
    let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(44))
    let item = NSCollectionLayoutItem(layoutSize: size)
    let group = NSCollectionLayoutGroup.horizontal(layoutSize: size, subitem: item, count: 2)
    return UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
}
