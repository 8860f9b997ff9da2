// The translation of Examples/compositional/adaptive-sections.lua's sectionProvider, exactly as
// `LuaTranslator.translateSectionProvider` writes it (LuaTranslationTests'
// SectionProviderTranslationTests compares it, whitespace aside, with a fresh translation),
// compiled here against UIKitSurface so TranslatedProviderTests can lay it out.
// swift-format-ignore-file

@testable import UIKitSurface

/// The layout as `lualayout export --swift` builds it around the translation.
@MainActor
func makeTranslatedAdaptiveSectionsLayout() -> UICollectionViewCompositionalLayout {
    let script = AdaptiveSectionsScript()
    return UICollectionViewCompositionalLayout { sectionIndex, environment in
        script.sectionProvider(sectionIndex, environment)
    }
}

// MARK: - Examples/compositional/adaptive-sections.lua's sectionProvider, translated

/// Examples/compositional/adaptive-sections.lua's section provider and the functions it calls, translated: the layout
/// calls sectionProvider for every section.
@MainActor
private final class AdaptiveSectionsScript {
    func sectionProvider(_ sectionIndex: Int, _ env: any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection? {
        let kind = floorModulo(sectionIndex, COLUMNS.count) &+ 1
        var columns = COLUMNS[kind - 1]
        if Double(env.container.effectiveContentSize.width) > 800.0 {
            columns = columns &* 2
        }
        let item = configured(NSCollectionLayoutItem(layoutSize: NSCollectionLayoutSize(
            widthDimension: NSCollectionLayoutDimension.fractionalWidth(1.0),
            heightDimension: NSCollectionLayoutDimension.fractionalHeight(1.0)))) {
            $0.contentInsets = NSDirectionalEdgeInsets(top: 2.0, leading: 2.0, bottom: 2.0, trailing: 2.0)
        }
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(
                widthDimension: NSCollectionLayoutDimension.fractionalWidth(1.0),
                heightDimension: kind == 1 ? NSCollectionLayoutDimension.absolute(44.0) : NSCollectionLayoutDimension.fractionalWidth(0.2)),
            subitem: item, count: columns)
        return configured(NSCollectionLayoutSection(group: group)) {
            $0.contentInsets = NSDirectionalEdgeInsets(top: 20.0, leading: 20.0, bottom: 20.0, trailing: 20.0)
        }
    }
}

private let COLUMNS: [Int] = [1, 5, 3]

// MARK: - Lua semantics

/// Lua's `%` on integers: the remainder has the divisor's sign (Swift's `%` has the
/// dividend's).
private func floorModulo(_ a: Int, _ b: Int) -> Int {
    precondition(b != 0, "attempt to perform 'n%%0'")
    if b == -1 { return 0 }
    let remainder = a % b
    return (remainder != 0 && (remainder < 0) != (b < 0)) ? remainder + b : remainder
}

/// A compositional value with the properties its Lua constructor's table gives (UIKit
/// sets them after the initializer).
@MainActor
private func configured<Value: AnyObject>(_ value: Value, _ body: (Value) -> Void) -> Value {
    body(value)
    return value
}

