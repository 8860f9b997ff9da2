import Foundation
import TestExpectations
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

    /// Five sections alternating two kinds repeat every 2: `switch sectionIndex % 2`, the last
    /// case `default:` so that every index gets a section (UIKit raises "Invalid section
    /// definition" for a nil one); the item both kinds share is written once, before the
    /// provider.
    @Test func repeatingSectionsSwitchOnTheRemainder() throws {
        let exported = try Exported(Self.alternating, counts: [3, 3, 3, 3, 3])
        expect(
            exported.swift.contains(
                "// sectionProvider (layout.lua:3) is Lua code, called for those options; its results are below.\n"
                    + "// The section provider saw a container of 375×667 (effective 375×667), display scale 2, 5 sections.\n"
                    + "// The provider was called for 5 sections, which repeat every 2: section i is laid out as section i % 2.\n"
            ))
        #expect(
            exported.body == """
                @available(iOS 13, *)
                @MainActor
                func makeTestLayout() -> UICollectionViewCompositionalLayout {
                    let itemSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                          heightDimension: .fractionalHeight(1.0))
                    let item = NSCollectionLayoutItem(layoutSize: itemSize)
                    let layout = UICollectionViewCompositionalLayout { sectionIndex, _ in
                        // The provider was called for 5 sections, which repeat every 2: section i is laid out as section i % 2.
                        switch sectionIndex % 2 {
                        case 0:
                            let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                   heightDimension: .absolute(44))
                            let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])
                            let section = NSCollectionLayoutSection(group: group)
                            return section
                        default:
                            let groupSize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0),
                                                                   heightDimension: .absolute(100))
                            let group = NSCollectionLayoutGroup.horizontal(layoutSize: groupSize, subitems: [item])
                            let section = NSCollectionLayoutSection(group: group)
                            return section
                        }
                    }
                    return layout
                }

                """)
    }

    /// Two sections, no repetition seen: section 0 as returned, every later one as section 1.
    @Test func sectionsWithoutRepetitionKeepTheLastForLaterIndices() throws {
        let exported = try Exported(Self.alternating, counts: [3, 3])
        expectContains(exported.body, "        switch sectionIndex {\n        case 0:\n")
        expectContains(exported.body, "        default:\n")
        expect(!exported.body.contains("case 1:"))
        expect(
            exported.header.contains(
                "// The provider was called for 2 sections: section 0 as it returned it, every later section as section 1."
            ))
    }

    /// The shortest reading of the sections seen: a prefix as returned, then a cycle; ties go
    /// to the shorter cycle. Derived by hand for each sequence of section identities.
    @Test func theCycleOfTheSectionsSeen() {
        let readings: [([Int], prefix: Int, period: Int)] = [
            ([0], 0, 1),
            ([0, 0, 0], 0, 1),
            ([0, 1], 1, 1),  // A then B for ever (a tie with the cycle AB, whose period is longer)
            ([0, 1, 0, 1, 0], 0, 2),
            ([0, 1, 1, 1], 1, 1),
            ([0, 1, 2], 2, 1),
            ([0, 1, 2, 1, 2], 1, 2),
            ([0, 1, 2, 0, 1, 2, 0], 0, 3),
            ([0, 0, 1, 0, 0, 1], 0, 3),
            ([1, 0, 0, 1, 0, 0, 1], 0, 3),
        ]
        for (ids, prefix, period) in readings {
            let reading = SectionCycle.shortestReading(ids)
            expect(reading.prefix == prefix && reading.period == period, "\(ids)")
        }
    }

    /// A provider that returned the same section for every index exports that section alone.
    @Test func oneSectionForAllIsTheSectionInitializer() throws {
        let exported = try Exported(Self.alternating, counts: [3])
        expect(
            exported.header.contains(
                "// The provider was called for 1 section, all alike: every section is laid out as section 0."))
        expectContains(exported.body, "    let layout = UICollectionViewCompositionalLayout(section: section)\n")
        expect(!exported.body.contains("switch"))
    }

    static let nilSecond = """
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

    /// UIKit has no empty section: a provider returning nil for a section is refused, and
    /// `--allow-partial` writes a section that places nothing in its place.
    @Test func nilSectionsAreRefusedOrEmpty() throws {
        expect(
            try Exported(Self.nilSecond, counts: [2, 2, 2]).refusals == [
                "layout.lua:4: sectionProvider returned nil for section 1: UIKit raises \"Invalid section definition\" for a section without a layout; return a section for every section (--allow-partial exports an empty one)"
            ])
        let wide = try Exported(Self.nilSecond, counts: [2, 2, 2], width: 1024, allowPartial: true)
        expectContains(wide.body, "subitem: item, count: 4)")
        // Sections 0 and 2 alike, 1 empty: they repeat every 2.
        expectContains(wide.body, "        switch sectionIndex % 2 {\n        case 0:\n")
        #expect(
            wide.body.contains(
                """
                        default:
                            // not exported: the section provider returned nil here; UIKit needs a section: an empty one
                            let emptySize = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(0))
                            let emptyItem = NSCollectionLayoutItem(layoutSize: emptySize)
                            return NSCollectionLayoutSection(group: .horizontal(layoutSize: emptySize, subitems: [emptyItem]))

                """))
        expectContains(wide.body, "    }, configuration: configuration)\n")
        let narrow = try Exported(Self.nilSecond, counts: [2, 2, 2], width: 375, allowPartial: true)
        expectContains(narrow.body, "subitem: item, count: 2)")
    }

    /// A provider that returns no section for the options has nothing to export: an error,
    /// not an empty file.
    @Test func aProviderWithoutSectionsIsAnError() throws {
        let source = """
            return compositional{
              sectionProvider = function(cv, sectionIndex, env) return nil end,
            }
            """
        let expected =
            "layout.lua:2: sectionProvider returned no section for these options (2 sections): there is nothing to export; give the data it lays out (--items, --sections or --data)"
        expectEqual(try Exported(source, counts: [3, 3]).refusals, [expected])
        expectEqual(try Exported(source, counts: [3, 3], allowPartial: true).refusals, [expected])
        expect(
            try Exported(Self.alternating, counts: []).refusals == [
                "layout.lua:3: sectionProvider returned no section for these options (0 sections): there is nothing to export; give the data it lays out (--items, --sections or --data)"
            ])
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
                /// The element kinds of makeTestLayout(): the data source serves each supplementary kind (collectionView(_:viewForSupplementaryElementOfKind:at:)); the layout registers a view for each decoration kind.
                enum TestElementKind {
                    /// Supplementary: "header".
                    static let sectionHeader = UICollectionView.elementKindSectionHeader
                }

                @available(iOS 13, *)
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
        expect(exported.refusals.isEmpty)
        expectContains(exported.swift, "// itemSize (layout.lua:2) is Lua code, called for those options")
        expectContains(exported.body, "    layout.itemSize = CGSize(width: 100, height: 50)\n")
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
        expect(
            refused.refusals == [
                "layout.lua:3: sizeForItem is Lua code: export writes UIKit values only (--allow-partial exports the rest and marks it)",
                "layout.lua:5: targetContentOffset is Lua code: export writes UIKit values only (--allow-partial exports the rest and marks it)",
                "layout.lua:6: attributes is Lua code: export writes UIKit values only (--allow-partial exports the rest and marks it)",
            ])
        let partial = try Exported(source, allowPartial: true)
        expect(partial.refusals.isEmpty)
        #expect(
            partial.body.hasSuffix(
                """
                    layout.sectionFootersPinToVisibleBounds = false
                    // not exported: sizeForItem (layout.lua:3) is Lua code
                    // In Swift, the collection view's delegate implements UICollectionViewDelegateFlowLayout's:
                    //     func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, sizeForItemAt indexPath: IndexPath) -> CGSize {
                    //         (collectionViewLayout as! UICollectionViewFlowLayout).itemSize
                    //     }
                    // not exported: targetContentOffset (layout.lua:5) is Lua code
                    // In Swift, a subclass of the layout overrides:
                    //     override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {
                    //         super.targetContentOffset(forProposedContentOffset: proposedContentOffset, withScrollingVelocity: velocity)
                    //     }
                    // not exported: attributes (layout.lua:6) is Lua code
                    // In Swift, a subclass of the layout overrides:
                    //     override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
                    //         super.layoutAttributesForElements(in: rect)  // adjust each element's copy here
                    //     }
                    return layout
                }

                """))
        expect(
            partial.swift.contains(
                "// Partial (--allow-partial): what is Lua code is marked `// not exported:` below, with its Swift.")
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
        expect(
            try Exported(source).refusals == [
                "layout.lua:3: itemProvider is Lua code: export writes UIKit values only (--allow-partial exports the rest and marks it)",
                "layout.lua:5: visibleItemsInvalidationHandler is Lua code: export writes UIKit values only (--allow-partial exports the rest and marks it)",
            ])
        let body = try Exported(source, allowPartial: true).body
        #expect(
            body.contains(
                """
                    let group = NSCollectionLayoutGroup.custom(layoutSize: groupSize) { _ in [] }
                    // not exported: itemProvider (layout.lua:3) is Lua code; the group places no items
                    // In Swift, the group's item provider:
                    //     NSCollectionLayoutGroup.custom(layoutSize: groupSize) { (environment: any NSCollectionLayoutEnvironment) -> [NSCollectionLayoutGroupCustomItem] in
                    //         []
                    //     }
                    let section = NSCollectionLayoutSection(group: group)
                    // not exported: visibleItemsInvalidationHandler (layout.lua:5) is Lua code
                    // In Swift, the section's handler:
                    //     section.visibleItemsInvalidationHandler = { (visibleItems: [any NSCollectionLayoutVisibleItem], contentOffset: CGPoint, environment: any NSCollectionLayoutEnvironment) in
                    //     }
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
        expect(
            exported.refusals == [
                "layout.lua:2: a custom layout places its elements in Lua (prepare(cv, out)): export writes UIKit's flow and compositional layouts only; write it as a UICollectionViewLayout subclass"
            ])
    }
}

@Suite("export --swift: literals and names")
struct SwiftTextTests {
    @Test func numbers() {
        expectEqual(SwiftText.points(44), "44")
        expectEqual(SwiftText.points(-0.0), "0")
        expectEqual(SwiftText.points(172.5), "172.5")
        expectEqual(SwiftText.points(1e16), "1e+16")
        expectEqual(SwiftText.fraction(1), "1.0")
        expectEqual(SwiftText.fraction(0.85), "0.85")
        expectEqual(SwiftText.fraction(0), "0.0")
    }

    /// One escaping function for literals and comments: quotes only in literals; line breaks,
    /// every control character, bidirectional controls and backslashes in both.
    @Test func escaping() {
        #expect(SwiftText.string("a\"b\\c\nd\u{1}") == #""a\"b\\c\nd\u{1}""#)
        #expect(
            SwiftText.comment("x\nfunc pwned() {}\r\u{2028}\u{85}\u{202E}\"")
                == #"x\nfunc pwned() {}\r\u{2028}\u{85}\u{202e}""#)
        expectEqual(SwiftText.comment("Examples/compositional/app-store.lua"), "Examples/compositional/app-store.lua")
        for value in 0..<0x20 {
            let scalar = Unicode.Scalar(UInt8(value))
            expect(!SwiftText.comment("a\(scalar)b").unicodeScalars.contains { $0.value < 0x20 })
        }
    }

    @Test func identifiersFromKinds() {
        expect(
            SwiftText.identifier(fromKind: "section-header-element-kind", fallback: "x")
                == "sectionHeaderElementKind")
        expect(
            SwiftText.identifier(fromKind: "UICollectionElementKindSectionHeader", fallback: "x")
                == "uiCollectionElementKindSectionHeader")
        expectEqual(SwiftText.identifier(fromKind: "Header", fallback: "x"), "header")
        expectEqual(SwiftText.identifier(fromKind: "default", fallback: "supplementary"), "defaultSupplementary")
        expectEqual(SwiftText.identifier(fromKind: "2x", fallback: "supplementary"), "supplementary")
        expectEqual(SwiftText.identifier(fromKind: "ü", fallback: "decoration"), "decoration")
    }

    @Test func layoutNames() {
        expect(
            SwiftLayoutExport.defaultName(forScript: "Examples/compositional/two-column-grid.lua") == "TwoColumnGrid")
        expectEqual(SwiftLayoutExport.defaultName(forScript: "3d.lua"), "Exported")
        expect(SwiftLayoutExport.isValidName("AppStore2"))
        expect(!SwiftLayoutExport.isValidName("2cool"))
        expect(!SwiftLayoutExport.isValidName("a-b"))
    }

    /// Names taken in a scope get a number; a new scope (a switch case) starts afresh.
    @Test func claimedNames() {
        let code = SwiftCode()
        expectEqual(code.claim("item"), "item")
        expectEqual(code.claim("item"), "item2")
        code.scope {
            expectEqual(code.claim("group"), "group")
            expectEqual(code.claim("item"), "item3")
        }
        expectEqual(code.claim("group"), "group")
        expectEqual(code.claim("item"), "item3")
        expectEqual(code.claim("default"), "default2")
    }

    /// A name taken as it is (`item2`, a kind's) is skipped by the numbers of its base, and
    /// 20,000 claims of one base number on without probing the taken ones again: the names are
    /// distinct and in order.
    @Test func claimsAreNumberedOnce() {
        let names = SwiftNames()
        expectEqual(names.claim("item2"), "item2")
        expectEqual(names.claim("item"), "item")
        expectEqual(names.claim("item"), "item3")
        let many = (0..<20_000).map { _ in names.claim("group") }
        expect(many.first == "group" && many[1] == "group2" && many.last == "group20000")
        expectEqual(Set(many).count, many.count)
    }

    /// A translated update hook parts from lualayout for items on screen before the update
    /// (docs/lua-to-swift.md, "Where Swift and Lua still part"): the header says so, naming the
    /// hook; a layout without update hooks has no such line.
    @Test func theHeaderNamesWhereUpdateHooksPart() throws {
        let hooked = """
            local layout = flow{ itemSize = {100, 100} }
            function layout.initialLayoutAttributesForAppearingItem(cv, a) a.alpha = 0 end
            return layout
            """
        let exported = try Exported(hooked, translatesProvider: true)
        expectEqual(exported.refusals, [])
        let lines = exported.header.filter { $0.hasPrefix("// Differs from lualayout: ") }
        expectEqual(lines.count, 1)
        expect(
            lines.first?.hasPrefix(
                "// Differs from lualayout: initialLayoutAttributesForAppearingItem: the translated override hands the hook an item's attributes in the new layout"
            ) == true, "\(exported.header)")
        let plain = """
            local layout = flow{ itemSize = {100, 100} }
            function layout.attributes(cv, a) a.alpha = 0.5 end
            return layout
            """
        let other = try Exported(plain, translatesProvider: true)
        expectEqual(other.refusals, [])
        expectContains(other.swift, "final class TestLayout: UICollectionViewFlowLayout")
        expect(!other.swift.contains("Differs from lualayout"))
    }
}
