// SectionBackgroundDevice2Layout.swift: exported by `lualayout export --swift` from ../../compositional/section-background.lua (compositional{...}).
// Values evaluated for --bounds 375x667 --scale 2 --items 20 --safe-area 20,0,0,0 --ios 14.
// Deployment target: iOS 14 (--ios 14); the code below needs iOS 13 or later.
// Element kinds (SectionBackgroundDevice2ElementKind): the layout registers the view classes given for background.
// With those options UIKit on iOS 14 places every element where `lualayout run --ios 14` does; numbers are exact (UIKit differs by release where docs/uikit-versions.md says).

#if canImport(UIKit)
import UIKit
#else
import UIKitSurface
#endif

/// The element kinds of makeSectionBackgroundDevice2Layout(): the data source serves each supplementary kind (collectionView(_:viewForSupplementaryElementOfKind:at:)); the layout registers a view for each decoration kind.
enum SectionBackgroundDevice2ElementKind {
    /// Decoration: "background".
    static let background = "background"
}

@available(iOS 13, *)
@MainActor
func makeSectionBackgroundDevice2Layout(
    backgroundView: UICollectionReusableView.Type
) -> UICollectionViewCompositionalLayout {
    let itemSize = NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1.0),
        heightDimension: .fractionalHeight(1.0))
    let item = NSCollectionLayoutItem(layoutSize: itemSize)
    let groupSize = NSCollectionLayoutSize(
        widthDimension: .fractionalWidth(1.0),
        heightDimension: .absolute(44))
    let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])
    let section = NSCollectionLayoutSection(group: group)
    section.interGroupSpacing = 5
    section.contentInsets = NSDirectionalEdgeInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
    let background = NSCollectionLayoutDecorationItem.background(
        elementKind: SectionBackgroundDevice2ElementKind.background)
    background.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
    section.decorationItems = [background]
    let layout = UICollectionViewCompositionalLayout(section: section)
    layout.register(backgroundView, forDecorationViewOfKind: SectionBackgroundDevice2ElementKind.background)
    return layout
}
