import Foundation
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
        #expect(exported.refusals.isEmpty)
        #expect(
            exported.body == """
                @MainActor
                func makeTestLayout() -> UICollectionViewCompositionalLayout {
                    var listConfiguration = UICollectionLayoutListConfiguration(appearance: .insetGrouped)
                    listConfiguration.headerMode = .supplementary
                    let layout = UICollectionViewCompositionalLayout.list(using: listConfiguration)
                    return layout
                }

                """)
        #expect(exported.swift.contains("// List sections: UIKit applies its own list metrics"))
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
        #expect(exported.refusals.isEmpty)
        #expect(
            exported.body == """
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
        #expect(
            exported.swift.contains("let layout = UICollectionViewCompositionalLayout { sectionIndex, environment in"))
        #expect(
            exported.swift.contains("let listConfiguration = UICollectionLayoutListConfiguration(appearance: .grouped)")
        )
        #expect(
            exported.swift.contains(
                "let section = NSCollectionLayoutSection.list(using: listConfiguration, layoutEnvironment: environment)"
            ))
    }
}
