import Foundation
import LayoutEngine
import TestExpectations
import Testing

@testable import SwiftExport

/// parity.md §8 and docs/lists.md, "Export": list sections become
/// `NSCollectionLayoutSection.list(using:layoutEnvironment:)` with a
/// `UICollectionLayoutListConfiguration` setting only what differs from its defaults.
@Suite("export --swift: lists")
struct ListExportTests {
    /// The whole layout a list, no layout configuration: `UICollectionViewCompositionalLayout.list(using:)`.
    @Test func aListLayoutUsesListUsing() throws {
        let exported = try Exported(
            """
            return compositional{ list = compositional.list{ appearance = "insetGrouped", headerMode = "supplementary" } }
            """)
        expect(exported.refusals.isEmpty)
        #expect(
            exported.body == """
                /// The element kinds of makeTestLayout(): the data source serves each supplementary kind (collectionView(_:viewForSupplementaryElementOfKind:at:)); the layout registers a view for each decoration kind.
                enum TestElementKind {
                    /// Supplementary: "header".
                    static let sectionHeader = UICollectionView.elementKindSectionHeader
                }

                @available(iOS 14, *)
                @MainActor
                func makeTestLayout() -> UICollectionViewCompositionalLayout {
                    var listConfiguration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
                    listConfiguration.headerMode = .supplementary
                    let layout = UICollectionViewCompositionalLayout.list(using: listConfiguration)
                    return layout
                }

                """)
        expect(
            exported.header.contains(
                "// UIKit may place elements other than `lualayout run --ios 17` does: list sections (UIKit applies its own list metrics; `lualayout run` uses docs/lists.md's) (UIKit differs by release where docs/uikit-versions.md says)."
            ))
        expect(
            exported.header.contains(
                "// Deployment target: iOS 14, the oldest release with every API used below (--ios N exports for your app's)."
            ))
    }

    /// With a layout configuration the list is made in a provider from its environment; the
    /// background color (a string here) is left to a comment.
    @Test func aConfiguredListUsesAProvider() throws {
        let exported = try Exported(
            """
            local C = compositional
            return compositional{ interSectionSpacing = 8,
              list = C.list{ appearance = "plain", showsSeparators = false, headerTopPadding = 0, backgroundColor = "#FFFFFF" } }
            """)
        expect(exported.refusals.isEmpty)
        #expect(
            exported.body == """
                @available(iOS 15, *)
                @MainActor
                func makeTestLayout() -> UICollectionViewCompositionalLayout {
                    let configuration = UICollectionViewCompositionalLayoutConfiguration()
                    configuration.interSectionSpacing = 8
                    var listConfiguration = UICollectionLayoutListConfiguration(appearance: .plain)
                    listConfiguration.showsSeparators = false
                    listConfiguration.headerTopPadding = 0
                    // not exported: backgroundColor "#FFFFFF" (set listConfiguration.backgroundColor to that UIColor)
                    let layout = UICollectionViewCompositionalLayout(sectionProvider: { _, environment in
                        NSCollectionLayoutSection.list(using: listConfiguration, layoutEnvironment: environment)
                    }, configuration: configuration)
                    return layout
                }

                """)
    }

    /// A list needs iOS 14 and `headerTopPadding` iOS 15: an app deploying to iOS 14 is told,
    /// located, what its release lacks.
    @Test func aTargetWithoutTheListAPIsIsRefusedLocated() throws {
        let source = """
            local C = compositional
            return compositional{
              list = C.list{ appearance = "plain",
                headerTopPadding = 0 } }
            """
        expect(
            try Exported(source, ios: IOSVersion(14)).refusals == [
                "layout.lua:4: headerTopPadding needs iOS 15 (UICollectionLayoutListConfiguration.headerTopPadding), and the deployment target is iOS 14 (--ios 14): export for iOS 15 or later, or do without it"
            ])
        expect(
            try Exported(source, ios: IOSVersion(13)).refusals == [
                "layout.lua:3: compositional.list needs iOS 14 (UICollectionLayoutListConfiguration), and the deployment target is iOS 13 (--ios 13): export for iOS 14 or later, or do without it",
                "layout.lua:4: headerTopPadding needs iOS 15 (UICollectionLayoutListConfiguration.headerTopPadding), and the deployment target is iOS 13 (--ios 13): export for iOS 15 or later, or do without it",
            ])
        expect(try Exported(source, ios: IOSVersion(15)).refusals.isEmpty)
    }

    /// A provider mixing a list with another section names its environment and makes the list from it.
    @Test func aProviderMixingListsPassesTheEnvironment() throws {
        let exported = try Exported(
            """
            local C = compositional
            local item = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
            local grid = C.section{ group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = 50, subitem = item, count = 2 } }
            return compositional{
              sectionProvider = function(cv, index, env)
                if index == 0 then return grid end
                return C.list{ appearance = "grouped" }
              end,
            }
            """, counts: [2, 3], allowPartial: true)
        expect(
            exported.swift.contains("let layout = UICollectionViewCompositionalLayout { sectionIndex, environment in"))
        expect(
            exported.swift.contains("let listConfiguration = UICollectionLayoutListConfiguration(appearance: .grouped)")
        )
        expect(
            exported.swift.contains(
                "let section = NSCollectionLayoutSection.list(using: listConfiguration, layoutEnvironment: environment)"
            ))
    }
}
