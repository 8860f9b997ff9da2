// SectionBackgroundDevice1Layout.swift: exported by `lualayout export --swift` from ../../compositional/section-background.lua (compositional{...}).
// Values evaluated for --bounds 393x852 --scale 3 --items 20 --safe-area 59,0,34,0.
// Deployment target: iOS 13, the oldest release with every API used below (--ios N exports for your app's).
// Element kinds (SectionBackgroundDevice1ElementKind): the layout registers the view classes given for background.
// With those options UIKit on iOS 17 places every element where `lualayout run --ios 17` does; numbers are exact (UIKit differs by release where docs/uikit-versions.md says).

#if canImport(UIKit)
import UIKit
#else
import UIKitSurface
#endif

/// The element kinds of makeSectionBackgroundDevice1Layout(): the data source serves each supplementary kind (collectionView(_:viewForSupplementaryElementOfKind:at:)); the layout registers a view for each decoration kind.
enum SectionBackgroundDevice1ElementKind {
    /// Decoration: "background".
    static let background = "background"
}

@available(iOS 13, *)
@MainActor
func makeSectionBackgroundDevice1Layout(
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
        elementKind: SectionBackgroundDevice1ElementKind.background)
    background.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
    section.decorationItems = [background]
    let layout = UICollectionViewCompositionalLayout(section: section)
    layout.register(backgroundView, forDecorationViewOfKind: SectionBackgroundDevice1ElementKind.background)
    return layout
}
