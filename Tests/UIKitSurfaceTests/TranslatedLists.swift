// The translation of Examples/lists.lua's sectionProvider, exactly as
// `LuaTranslator.translateSectionProvider` writes it (LuaTranslationTests'
// SectionProviderTranslationTests compares it, whitespace aside, with a fresh translation):
// its declarations (the state it reads, the layout holding it), then the script. Compiled here
// against UIKitSurface so TranslatedProviderTests can lay it out.
// swift-format-ignore-file

@testable import UIKitSurface

/// The host state Examples/lists.lua reads (cv.state): the app sets the layout's `state`.
struct ListsState {
    var appearance: String? = nil
}

/// Examples/lists.lua's layout: UIKit's compositional layout, with what its translated sectionProvider reads of the app
/// (cv).
final class ListsLayout: UICollectionViewCompositionalLayout {
    /// The host state the script reads (cv.state): a change lays the layout out again.
    var state = ListsState() { didSet { invalidateLayout() } }
}

/// The layout as `lualayout export --swift` builds it around the translation.
@MainActor
func makeTranslatedListsLayout() -> ListsLayout {
    let script = ListsScript()
    let layout = ListsLayout { sectionIndex, environment in
        script.sectionProvider(sectionIndex, environment)
    }
    script.layout = layout
    return layout
}

// MARK: - Examples/lists.lua's sectionProvider, translated

/// What Examples/lists.lua reads from its collection view (`cv`): the layout's collection view, the app's data and
/// state.
@MainActor
private struct ListsContext {
    let layout: ListsLayout

    init(_ layout: ListsLayout) { self.layout = layout }

    var numberOfSections: Int { layout.collectionView?.numberOfSections ?? 0 }

    var state: ListsState { layout.state }
}

/// Examples/lists.lua's section provider and the functions it calls, translated: the layout calls sectionProvider for
/// every section.
@MainActor
private final class ListsScript {
    /// The layout whose sections this provides (its collection view, data and state: cv); set by makeListsLayout.
    weak var layout: ListsLayout?

    func sectionProvider(_ sectionIndex: Int, _ env: any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection? {
        guard let cv = self.layout.map(ListsContext.init) else { return nil }
        let last = sectionIndex == cv.numberOfSections &- 1
        return NSCollectionLayoutSection.list(
            using: listConfiguration(
                appearance: cv.state.appearance ?? "insetGrouped", headerMode: "supplementary",
                footerMode: last ? "supplementary" : "none"),
            layoutEnvironment: env)
    }
}

// MARK: - Lua semantics

/// A list section's configuration by the names the script computes (docs/lists.md); a
/// name lualayout does not know stops, as the engine's error does.
@MainActor
private func listConfiguration(
    appearance: String, headerMode: String = "none", footerMode: String = "none", showsSeparators: Bool? = nil
) -> UICollectionLayoutListConfiguration {
    let appearances: [String: UICollectionLayoutListConfiguration.Appearance] = [
        "plain": .plain, "grouped": .grouped, "insetGrouped": .insetGrouped, "sidebar": .sidebar,
        "sidebarPlain": .sidebarPlain,
    ]
    let headerModes: [String: UICollectionLayoutListConfiguration.HeaderMode] = [
        "none": .none, "supplementary": .supplementary, "firstItemInSection": .firstItemInSection,
    ]
    guard let kind = appearances[appearance], let header = headerModes[headerMode],
        footerMode == "none" || footerMode == "supplementary"
    else { fatalError("unknown list appearance, headerMode or footerMode: \(appearance), \(headerMode), \(footerMode)") }
    var configuration = UICollectionLayoutListConfiguration(appearance: kind)
    configuration.headerMode = header
    configuration.footerMode = footerMode == "supplementary" ? .supplementary : .none
    if let showsSeparators { configuration.showsSeparators = showsSeparators }
    return configuration
}

