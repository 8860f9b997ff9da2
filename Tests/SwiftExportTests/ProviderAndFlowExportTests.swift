import Foundation
import Testing

@testable import SwiftExport

/// Section providers evaluated for the options, written as a switch on the section index; flow
/// layouts with every property; refusals and `--allow-partial` comments.
@Suite("export --swift: providers, flow, refusals")
struct ProviderAndFlowExportTests {
    /// A list / grid provider: 44-point rows for even sections, 100-point ones for odd.
    static let alternating = """
        local C = compositional
        return compositional{
          sectionProvider = function(cv, sectionIndex, env)
            local item = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
            local height = sectionIndex % 2 == 0 and 44 or 100
            local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(height),
              subitems = {item} }
            return C.section{ group = group }
          end,
        }
        """

    /// Five sections alternating two kinds repeat every 2: `switch sectionIndex % 2`.
    @Test func repeatingSectionsSwitchOnTheRemainder() throws {
        let exported = try Exported(Self.alternating, counts: [3, 3, 3, 3, 3])
        #expect(
            exported.swift.contains(
                "// sectionProvider (layout.lua:3) is Lua code, called for those options; its results are below.\n"
                    + "// The section provider saw a container of 375×667 (effective 375×667), display scale 2, 5 sections.\n"
            ))
        #expect(
            exported.body == """
                @MainActor
                func makeTestLayout() -> UICollectionViewCompositionalLayout {
                    let layout = UICollectionViewCompositionalLayout { sectionIndex, _ in
                        // The section provider's sections repeat every 2 sections.
                        switch sectionIndex % 2 {
                        case 0:
                            let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                  heightDimension: .fractionalHeight(1.0))
                            let item = NSCollectionLayoutItem(layoutSize: itemSize)
                            let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                   heightDimension: .absolute(44))
                            let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])
                            let section = NSCollectionLayoutSection(group: group)
                            return section
                        case 1:
                            let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                  heightDimension: .fractionalHeight(1.0))
                            let item = NSCollectionLayoutItem(layoutSize: itemSize)
                            let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                   heightDimension: .absolute(100))
                            let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])
                            let section = NSCollectionLayoutSection(group: group)
                            return section
                        default:
                            return nil
                        }
                    }
                    return layout
                }

                """)
    }

    /// Two sections, no repetition seen: a case per index, the rest nil.
    @Test func sectionsWithoutRepetitionSwitchOnTheIndex() throws {
        let exported = try Exported(Self.alternating, counts: [3, 3])
        #expect(exported.body.contains("        switch sectionIndex {\n        case 0:\n"))
        #expect(exported.body.contains("        case 1:\n"))
        #expect(!exported.body.contains("repeat every"))
    }

    /// A provider that returns the same section for every index exports that section alone.
    @Test func oneSectionForAllIsTheSectionInitializer() throws {
        let exported = try Exported(Self.alternating, counts: [3])
        #expect(exported.body.contains("    // The section provider returned this section for every section.\n"))
        #expect(exported.body.contains("    let layout = UICollectionViewCompositionalLayout(section: section)\n"))
        #expect(!exported.body.contains("switch"))
    }

    /// An empty section (nil) between two alike, and a wide container the provider reads: the
    /// values are those of these options.
    @Test func nilSectionsAndTheEnvironment() throws {
        let source = """
            local C = compositional
            return compositional{
              interSectionSpacing = 8,
              sectionProvider = function(cv, sectionIndex, env)
                if sectionIndex == 1 then return nil end
                local columns = env.container.effectiveContentSize.width > 800 and 4 or 2
                local item = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1) }
                local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(50),
                  subitem = item, count = columns }
                return C.section{ group = group }
              end,
            }
            """
        let wide = try Exported(source, counts: [2, 2, 2], width: 1024)
        #expect(wide.body.contains("subitem: item, count: 4)"))
        // Sections 0 and 2 alike, 1 empty: they repeat every 2.
        #expect(wide.body.contains("        switch sectionIndex % 2 {\n        case 0:\n"))
        #expect(wide.body.contains("        case 1:\n            return nil\n"))
        #expect(wide.body.contains("    }, configuration: configuration)\n"))
        let narrow = try Exported(source, counts: [2, 2, 2], width: 375)
        #expect(narrow.body.contains("subitem: item, count: 2)"))
    }

    @Test func flowSetsEveryProperty() throws {
        let exported = try Exported(
            """
            return flow{
              scrollDirection = "horizontal", itemSize = {80, 120}, minimumLineSpacing = 20,
              minimumInteritemSpacing = 10.5, sectionInset = {top = 10, left = 20, bottom = 30, right = 40},
              headerReferenceSize = {0, 44}, sectionHeadersPinToVisibleBounds = true,
              sectionInsetReference = "safeArea",
            }
            """)
        #expect(
            exported.body == """
                @MainActor
                func makeTestLayout() -> UICollectionViewFlowLayout {
                    let layout = UICollectionViewFlowLayout()
                    layout.scrollDirection = .horizontal
                    layout.itemSize = CGSize(width: 80, height: 120)
                    layout.estimatedItemSize = CGSize(width: 0, height: 0)
                    layout.minimumLineSpacing = 20
                    layout.minimumInteritemSpacing = 10.5
                    layout.sectionInset = UIEdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
                    layout.sectionInsetReference = .fromSafeArea
                    layout.headerReferenceSize = CGSize(width: 0, height: 44)
                    layout.footerReferenceSize = CGSize(width: 0, height: 0)
                    layout.sectionHeadersPinToVisibleBounds = true
                    layout.sectionFootersPinToVisibleBounds = false
                    return layout
                }

                """)
    }

    /// A flow property given as a function of cv is called for the options and exported as
    /// its value; the header names it.
    @Test func flowPropertiesOfCvAreEvaluated() throws {
        let exported = try Exported(
            """
            return flow{
              itemSize = function(cv) return cv.bounds.width / 3, 50 end,
            }
            """, width: 300)
        #expect(exported.refusals.isEmpty)
        #expect(exported.swift.contains("// itemSize (layout.lua:2) is Lua code, called for those options"))
        #expect(exported.body.contains("    layout.itemSize = CGSize(width: 100, height: 50)\n"))
    }

    /// One located line per callback, in source order; none when partial, which comments each.
    @Test func callbacksAreRefusedOrMarked() throws {
        let source = """
            local layout = flow{
              itemSize = {50, 50},
              sizeForItem = function(cv, section, item) return 40, 40 end,
            }
            function layout.targetContentOffset(cv, proposed, velocity) return proposed.x, proposed.y end
            function layout.attributes(cv, a) end
            return layout
            """
        let refused = try Exported(source)
        #expect(
            refused.refusals == [
                "layout.lua:3: sizeForItem is Lua code: export writes UIKit values only",
                "layout.lua:5: targetContentOffset is Lua code: export writes UIKit values only",
                "layout.lua:6: attributes is Lua code: export writes UIKit values only",
            ])
        let partial = try Exported(source, allowPartial: true)
        #expect(partial.refusals.isEmpty)
        #expect(
            partial.body.hasSuffix(
                """
                    layout.sectionFootersPinToVisibleBounds = false
                    // not exported: sizeForItem (layout.lua:3) is Lua code
                    // not exported: targetContentOffset (layout.lua:5) is Lua code
                    // not exported: attributes (layout.lua:6) is Lua code
                    return layout
                }

                """))
        #expect(
            partial.swift.contains("// Partial (--allow-partial): what is Lua code is marked `// not exported:` below.")
        )
    }

    /// Closures inside sections are marked where they are: the handler after its section's
    /// properties, the item provider at its group, which places nothing.
    @Test func closuresInSectionsAreMarkedInPlace() throws {
        let source = """
            local C = compositional
            local custom = C.customGroup{ width = C.fractionalWidth(1), height = C.absolute(100),
              itemProvider = function(env) return {{x = 0, y = 0, width = 10, height = 10}} end }
            return compositional{ section = C.section{ group = custom,
              visibleItemsInvalidationHandler = function(items, offset, env) end } }
            """
        #expect(
            try Exported(source).refusals == [
                "layout.lua:3: itemProvider is Lua code: export writes UIKit values only",
                "layout.lua:5: visibleItemsInvalidationHandler is Lua code: export writes UIKit values only",
            ])
        let body = try Exported(source, allowPartial: true).body
        #expect(
            body.contains(
                """
                    let group = NSCollectionLayoutGroup.custom(layoutSize: groupSize) { _ in [] }
                    // not exported: itemProvider (layout.lua:3) is Lua code; the group places no items
                    let section = NSCollectionLayoutSection(group: group)
                    // not exported: visibleItemsInvalidationHandler (layout.lua:5) is Lua code
                    let layout
                """))
    }

    @Test func customLayoutsAreRefusedWhole() throws {
        let exported = try Exported(
            """
            return {
              prepare = function(cv, out) out:contentSize(10, 10) end,
            }
            """, allowPartial: true)
        #expect(
            exported.refusals == [
                "layout.lua:2: a custom layout places its elements in Lua (prepare(cv, out)): export writes UIKit's flow and compositional layouts only; write it as a UICollectionViewLayout subclass"
            ])
    }
}

@Suite("export --swift: literals and names")
struct SwiftLiteralTests {
    @Test func numbers() {
        #expect(SwiftLiteral.points(44) == "44")
        #expect(SwiftLiteral.points(-0.0) == "0")
        #expect(SwiftLiteral.points(172.5) == "172.5")
        #expect(SwiftLiteral.points(1e16) == "1e+16")
        #expect(SwiftLiteral.fraction(1) == "1.0")
        #expect(SwiftLiteral.fraction(0.85) == "0.85")
        #expect(SwiftLiteral.fraction(0) == "0.0")
    }

    @Test func strings() {
        #expect(SwiftLiteral.string("a\"b\\c\nd\u{1}") == #""a\"b\\c\nd\u{1}""#)
    }

    @Test func identifiersFromKinds() {
        #expect(
            SwiftLiteral.identifier(fromKind: "section-header-element-kind", fallback: "x")
                == "sectionHeaderElementKind")
        #expect(
            SwiftLiteral.identifier(fromKind: "UICollectionElementKindSectionHeader", fallback: "x")
                == "uiCollectionElementKindSectionHeader")
        #expect(SwiftLiteral.identifier(fromKind: "Header", fallback: "x") == "header")
        #expect(SwiftLiteral.identifier(fromKind: "default", fallback: "supplementary") == "defaultSupplementary")
        #expect(SwiftLiteral.identifier(fromKind: "2x", fallback: "supplementary") == "supplementary")
        #expect(SwiftLiteral.identifier(fromKind: "ü", fallback: "decoration") == "decoration")
    }

    @Test func layoutNames() {
        #expect(
            SwiftLayoutExport.defaultName(forScript: "Examples/compositional/two-column-grid.lua") == "TwoColumnGrid")
        #expect(SwiftLayoutExport.defaultName(forScript: "3d.lua") == "Exported")
        #expect(SwiftLayoutExport.isValidName("AppStore2"))
        #expect(!SwiftLayoutExport.isValidName("2cool"))
        #expect(!SwiftLayoutExport.isValidName("a-b"))
    }

    /// Names taken in a scope get a number; a new scope (a switch case) starts afresh.
    @Test func claimedNames() {
        let code = SwiftCode()
        #expect(code.claim("item") == "item")
        #expect(code.claim("item") == "item2")
        code.scope { #expect(code.claim("group") == "group") }
        #expect(code.claim("group") == "group")
        #expect(code.claim("default") == "default2")
    }
}
