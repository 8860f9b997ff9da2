import Foundation
import LayoutEngine
import TestExpectations
import Testing

@testable import SwiftExport

/// Whole exported files for small compositional layouts: UIKit's constructors in Apple's sample
/// style, only the properties that differ from UIKit's defaults, numbers exact.
@Suite("export --swift: compositional layouts")
struct CompositionalExportTests {
    /// Apple's two-column grid: `subitem:count:` with a fixed 10-point inter-item spacing, a
    /// section with leading and trailing insets and 10 between groups.
    @Test func twoColumnGrid() throws {
        let exported = try Exported(
            """
            local C = compositional
            local item = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
            local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(44),
              subitem = item, count = 2, interItemSpacing = C.fixed(10) }
            return compositional{ section = C.section{ group = group, interGroupSpacing = 10, contentInsets = {0, 10, 0, 10} } }
            """)
        expect(exported.refusals.isEmpty)
        #expect(
            exported.swift == """
                // TestLayout.swift: exported by `lualayout export --swift` from layout.lua (compositional{...}).
                // Values evaluated for TEST.
                // Deployment target: iOS 13, the oldest release with every API used below (--ios N exports for your app's).
                // With those options UIKit on iOS 17 places every element where `lualayout run --ios 17` does; numbers are exact (UIKit differs by release where docs/uikit-versions.md says).

                import UIKit

                @available(iOS 13, *)
                @MainActor
                func makeTestLayout() -> UICollectionViewCompositionalLayout {
                    let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                          heightDimension: .fractionalHeight(1.0))
                    let item = NSCollectionLayoutItem(layoutSize: itemSize)
                    let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                           heightDimension: .absolute(44))
                    let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitem: item, count: 2)
                    group.interItemSpacing = .fixed(10)
                    let section = NSCollectionLayoutSection(group: group)
                    section.interGroupSpacing = 10
                    section.contentInsets = NSDirectionalEdgeInsets(top: 0, leading: 10, bottom: 0, trailing: 10)
                    let layout = UICollectionViewCompositionalLayout(section: section)
                    return layout
                }

                """)
    }

    /// The same grid for an app whose deployment target is iOS 16, which deprecated
    /// `subitem:count:`: `repeatingSubitem:count:` with the item half the group wide, which
    /// `subitem:count:` made it (fractions resolve against the group less the spacing, so each
    /// of the two is (W − 10) / 2 either way); the function needs iOS 16.
    @Test func twoColumnGridForIOS16() throws {
        let exported = try Exported(
            """
            local C = compositional
            local item = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
            local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(44),
              subitem = item, count = 2, interItemSpacing = C.fixed(10) }
            return compositional{ section = C.section{ group = group } }
            """, ios: IOSVersion(16))
        expect(
            exported.header == [
                "// TestLayout.swift: exported by `lualayout export --swift` from layout.lua (compositional{...}).",
                "// Values evaluated for TEST.",
                "// Deployment target: iOS 16 (--ios 16); the code below needs iOS 16 or later.",
                "// With those options UIKit on iOS 16 places every element where `lualayout run --ios 16` does; numbers are exact (UIKit differs by release where docs/uikit-versions.md says).",
            ])
        #expect(
            exported.body == """
                @available(iOS 16, *)
                @MainActor
                func makeTestLayout() -> UICollectionViewCompositionalLayout {
                    let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5),
                                                          heightDimension: .fractionalHeight(1.0))
                    let item = NSCollectionLayoutItem(layoutSize: itemSize)
                    let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                           heightDimension: .absolute(44))
                    let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, repeatingSubitem: item, count: 2)
                    group.interItemSpacing = .fixed(10)
                    let section = NSCollectionLayoutSection(group: group)
                    let layout = UICollectionViewCompositionalLayout(section: section)
                    return layout
                }

                """)
    }

    /// Apple's nested groups: subitems named by where they sit (leading, trailing), the nested
    /// group's item after it (trailingItem); written children first.
    @Test func nestedGroupsAreNamedByPlace() throws {
        let exported = try Exported(
            """
            local C = compositional
            local big = C.item{ width = C.fractionalWidth(0.7), height = C.fractionalHeight(1) }
            local small = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(0.5) }
            local column = C.group{ axis = "vertical", width = C.fractionalWidth(0.3), height = C.fractionalHeight(1),
              subitems = {small} }
            local row = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(200),
              subitems = {big, column} }
            return compositional{ section = C.section{ group = row } }
            """)
        #expect(
            exported.body == """
                @available(iOS 13, *)
                @MainActor
                func makeTestLayout() -> UICollectionViewCompositionalLayout {
                    let leadingItemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.7),
                                                                 heightDimension: .fractionalHeight(1.0))
                    let leadingItem = NSCollectionLayoutItem(layoutSize: leadingItemSize)
                    let trailingItemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                  heightDimension: .fractionalHeight(0.5))
                    let trailingItem = NSCollectionLayoutItem(layoutSize: trailingItemSize)
                    let trailingGroupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.3),
                                                                   heightDimension: .fractionalHeight(1.0))
                    let trailingGroup = NSCollectionLayoutGroup.vertical(layoutSize: trailingGroupSize, subitems: [trailingItem])
                    let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                           heightDimension: .absolute(200))
                    let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [leadingItem, trailingGroup])
                    let section = NSCollectionLayoutSection(group: group)
                    let layout = UICollectionViewCompositionalLayout(section: section)
                    return layout
                }

                """)
    }

    /// Headers, footers, backgrounds and badges with every non-default property; the layout's
    /// configuration (horizontal, no reference insets, a layout-wide header). `repeatingSubitem`
    /// needs iOS 16, so the export targets it and writes `supplementariesFollowContentInsets`'
    /// replacement; every kind is a constant of `TestElementKind`, and the background's view
    /// class is a parameter the layout registers.
    @Test func supplementariesDecorationsAndConfiguration() throws {
        let exported = try Exported(
            """
            local C = compositional
            local badge = C.supplementaryItem{ kind = "badge", width = C.absolute(20), height = C.absolute(20),
              containerAnchor = { edges = {"top", "trailing"}, fractionalOffset = {0.3, -0.3} },
              itemAnchor = { edges = {"bottom"}, offset = {2, 0} }, zIndex = 5 }
            local item = C.item{ width = C.fractionalWidth(0.5), height = C.fractionalHeight(1),
              edgeSpacing = { leading = C.flexible(0), trailing = C.fixed(8) }, supplementaryItems = {badge} }
            local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(100),
              repeatingSubitem = item, count = 2, interItemSpacing = C.flexible(4) }
            local header = C.boundarySupplementaryItem{ kind = "section-header-element-kind", alignment = "topLeading",
              width = C.fractionalWidth(1), height = C.estimated(44), offset = {0, -5}, pinToVisibleBounds = true,
              extendsBoundary = false, zIndex = 2 }
            local banner = C.boundarySupplementaryItem{ kind = "banner", alignment = "top",
              width = C.fractionalWidth(1), height = C.absolute(30) }
            return compositional{
              scrollDirection = "horizontal", contentInsetsReference = "none", boundarySupplementaryItems = {banner},
              section = C.section{ group = group, boundarySupplementaryItems = {header, header},
                decorationItems = { C.background{ kind = "background", contentInsets = {5, 5, 5, 5}, zIndex = -1 } },
                supplementariesFollowContentInsets = false, contentInsetsReference = "layoutMargins",
                orthogonalScrollingBehavior = "continuousGroupLeadingBoundary" },
            }
            """)
        expect(
            exported.header[2...] == [
                "// Deployment target: iOS 16, the oldest release with every API used below (--ios N exports for your app's).",
                "// Element kinds (TestElementKind): the data source serves banner, badge, section-header-element-kind; the layout registers the view classes given for background.",
                "// UIKit may place elements other than `lualayout run --ios 17` does: estimated sizes (UIKit asks the cells; `lualayout run` keeps the estimates) (UIKit differs by release where docs/uikit-versions.md says).",
            ])
        #expect(
            exported.body == """
                /// The element kinds of makeTestLayout(): the data source serves each supplementary kind (collectionView(_:viewForSupplementaryElementOfKind:at:)); the layout registers a view for each decoration kind.
                enum TestElementKind {
                    /// Supplementary: "banner".
                    static let banner = "banner"
                    /// Supplementary: "badge".
                    static let badge = "badge"
                    /// Supplementary: "section-header-element-kind".
                    static let sectionHeaderElementKind = "section-header-element-kind"
                    /// Decoration: "background".
                    static let background = "background"
                }

                @available(iOS 16, *)
                @MainActor
                func makeTestLayout(backgroundView: UICollectionReusableView.Type) -> UICollectionViewCompositionalLayout {
                    let bannerSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                            heightDimension: .absolute(30))
                    let banner = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: bannerSize, elementKind: TestElementKind.banner, alignment: .top)
                    let configuration = UICollectionViewCompositionalLayoutConfiguration()
                    configuration.scrollDirection = .horizontal
                    configuration.contentInsetsReference = .none
                    configuration.boundarySupplementaryItems = [banner]
                    let badgeAnchor = NSCollectionLayoutAnchor(edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.3, y: -0.3))
                    let badgeItemAnchor = NSCollectionLayoutAnchor(edges: [.bottom], absoluteOffset: CGPoint(x: 2, y: 0))
                    let badgeSize = NSCollectionLayoutSize(widthDimension: .absolute(20),
                                                           heightDimension: .absolute(20))
                    let badge = NSCollectionLayoutSupplementaryItem(layoutSize: badgeSize, elementKind: TestElementKind.badge, containerAnchor: badgeAnchor, itemAnchor: badgeItemAnchor)
                    badge.zIndex = 5
                    let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(0.5),
                                                          heightDimension: .fractionalHeight(1.0))
                    let item = NSCollectionLayoutItem(layoutSize: itemSize, supplementaryItems: [badge])
                    item.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: .flexible(0), top: nil, trailing: .fixed(8), bottom: nil)
                    let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                           heightDimension: .absolute(100))
                    let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, repeatingSubitem: item, count: 2)
                    group.interItemSpacing = .flexible(4)
                    let section = NSCollectionLayoutSection(group: group)
                    section.orthogonalScrollingBehavior = .continuousGroupLeadingBoundary
                    section.contentInsetsReference = .layoutMargins
                    section.supplementaryContentInsetsReference = .none
                    let sectionHeaderElementKindSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                              heightDimension: .estimated(44))
                    let sectionHeaderElementKind = NSCollectionLayoutBoundarySupplementaryItem(layoutSize: sectionHeaderElementKindSize, elementKind: TestElementKind.sectionHeaderElementKind, alignment: .topLeading, absoluteOffset: CGPoint(x: 0, y: -5))
                    sectionHeaderElementKind.pinToVisibleBounds = true
                    sectionHeaderElementKind.extendsBoundary = false
                    sectionHeaderElementKind.zIndex = 2
                    section.boundarySupplementaryItems = [sectionHeaderElementKind, sectionHeaderElementKind]
                    let background = NSCollectionLayoutDecorationItem.background(elementKind: TestElementKind.background)
                    background.contentInsets = NSDirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
                    background.zIndex = -1
                    section.decorationItems = [background]
                    let layout = UICollectionViewCompositionalLayout(section: section, configuration: configuration)
                    layout.register(backgroundView, forDecorationViewOfKind: TestElementKind.background)
                    return layout
                }

                """)
    }

    /// Numbers print as the shortest decimal that reads back as the same double.
    @Test func numbersAreExact() throws {
        let exported = try Exported(
            """
            local C = compositional
            local item = C.item{ width = C.fractionalWidth(1/3), height = C.absolute(0.1 + 0.2) }
            local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(44.25),
              subitems = {item} }
            return compositional{ section = C.section{ group = group, interGroupSpacing = 1e-05 } }
            """)
        expectContains(exported.swift, ".fractionalWidth(0.3333333333333333)")
        expectContains(exported.swift, ".absolute(0.30000000000000004)")
        expectContains(exported.swift, ".absolute(44.25)")
        expectContains(exported.swift, "section.interGroupSpacing = 1e-05")
        expectEqual(Double("0.3333333333333333"), 1.0 / 3)
        expectEqual(Double("0.30000000000000004"), 0.1 + 0.2)
    }
}
