import Foundation
import LuaTranslation
import TestExpectations
import Testing

/// A compositional layout's `sectionProvider` translated to Swift (docs/lua-to-swift.md, "A
/// section provider"): what the translation writes, and what it refuses, at which line.
@Suite struct SectionProviderTranslationTests {
    private func translate(_ source: String) throws -> ProviderTranslation {
        try LuaTranslator.translateSectionProvider(source: Array(source.utf8), file: "t.lua", name: "T")
    }

    private func refusal(_ source: String) -> String? {
        do {
            _ = try translate(source)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// The translation UIKitSurfaceTests lays out at 375 and 1024 points
    /// (TranslatedAdaptiveSections.swift) is the translator's, whitespace aside.
    @Test func adaptiveSectionsIsTheCodeUIKitSurfaceLaysOut() throws {
        let file = "Examples/compositional/adaptive-sections.lua"
        let source = try [UInt8](Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/" + file)))
        let translation = try LuaTranslator.translateSectionProvider(
            source: source, file: file, name: "AdaptiveSections")
        let golden = try String(
            contentsOfFile: repositoryRoot + "/Tests/UIKitSurfaceTests/TranslatedAdaptiveSections.swift",
            encoding: .utf8)
        let code = golden[golden.range(of: "// MARK: - ")!.lowerBound...]
        expectEqual(translation.swift.filter { !$0.isWhitespace }, code.filter { !$0.isWhitespace })
        expectEqual(translation.scriptType, "AdaptiveSectionsScript")
        let docs = try String(contentsOfFile: repositoryRoot + "/docs/lua-to-swift.md", encoding: .utf8)
        expectContains(docs, translation.swift, "docs/lua-to-swift.md must show the translation as written")
        expect(!translation.swift.contains("switch"))
    }

    /// The environment, the index and Lua's arithmetic are the translated code's own: the
    /// width test, the integer modulo and the doubling are computed, not frozen.
    @Test func readsTheEnvironmentAndTheIndex() throws {
        let swift = try translate(
            """
            local C = compositional
            return compositional{
              sectionProvider = function(cv, i, env)
                local n = i % 2 == 0 and 1 or 3
                if env.traitCollection.horizontalSizeClass == "regular" then n = n * 2 end
                local item = C.item{ width = C.fractionalWidth(1 / n), height = C.fractionalHeight(1) }
                local group = C.group{ axis = "vertical", width = C.fractionalWidth(1), height = C.absolute(50),
                                       subitems = {item}, interItemSpacing = C.fixed(4) }
                return C.section{ group = group, orthogonalScrollingBehavior = i > 2 and "paging" or "none" }
              end,
            }
            """
        ).swift
        expectContains(swift, "func sectionProvider(_ i: Int, _ env: any NSCollectionLayoutEnvironment)")
        expectContains(swift, "floorModulo(i, 2) == 0 ? 1 : 3")
        expectContains(swift, "sizeClassName(env.traitCollection.horizontalSizeClass")
        expectContains(swift, "NSCollectionLayoutDimension.fractionalWidth(CGFloat(1.0 / Double(n)))")
        expectContains(swift, "NSCollectionLayoutGroup.vertical(")
        expectContains(swift, "$0.interItemSpacing = NSCollectionLayoutSpacing.fixed(4.0)")
        expectContains(swift, "$0.orthogonalScrollingBehavior = orthogonalBehavior(i > 2 ? \"paging\" : \"none\")")
    }

    /// A section's handler and a custom group's item provider are closures UIKit calls: the
    /// handler takes UIKit's visible items (the frame read-only, the transform written as a
    /// CATransform3D), the provider's frames become NSCollectionLayoutGroupCustomItem.
    @Test func handlersAndItemProvidersAreClosures() throws {
        let carousel = try LuaTranslator.translateSectionProvider(
            source: [UInt8](
                Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/Examples/compositional/carousel.lua"))),
            file: "carousel.lua", name: "Carousel"
        ).swift
        expect(Self.has(carousel, "func sectionProvider(_: Int, _: any NSCollectionLayoutEnvironment)"))
        expect(
            Self.has(
                carousel,
                "$0.visibleItemsInvalidationHandler = { (\n"
                    + "        items: [any NSCollectionLayoutVisibleItem], offset: CGPoint, env: any NSCollectionLayoutEnvironment) -> Void in"
            ))
        expect(Self.has(carousel, "let scale = luaMax(MAX_SCALE - distance / width, MIN_SCALE)"))
        expect(Self.has(carousel, "a.transform3D = makeTransform3D([scale, 0.0, 0.0, 0.0, 0.0, scale,"))
        let custom = try translate(
            """
            local C = compositional
            return compositional{
              sectionProvider = function(cv, i, env)
                local group = C.customGroup{ width = C.fractionalWidth(1), height = C.absolute(100),
                  itemProvider = function(e)
                    local w = e.container.contentSize.width / 2
                    return { {x = 0, y = 0, width = w, height = 100}, {x = w, y = 0, width = w, height = 100, zIndex = 1} }
                  end }
                return C.section{ group = group }
              end,
            }
            """
        ).swift
        expect(Self.has(custom, "NSCollectionLayoutGroup.custom(layoutSize: NSCollectionLayoutSize("))
        expect(
            Self.has(
                custom, "let frames: [TCustomItem] = ({ (e: any NSCollectionLayoutEnvironment) -> [TCustomItem] in"))
        expect(Self.has(custom, "TCustomItem(x: w, y: 0.0, width: w, height: 100.0, zIndex: 1)"))
        expect(Self.has(custom, "return frames.map { $0.uikitItem }"))
        expect(
            Self.has(
                custom,
                "NSCollectionLayoutGroupCustomItem(frame: CGRect(x: x, y: y, width: width, height: height), zIndex: zIndex ?? 0)"
            ))
    }

    /// Whether `swift` holds `text`, whitespace aside (the generated code's indentation is the
    /// writer's).
    static func has(_ swift: String, _ text: String) -> Bool {
        swift.filter { !$0.isWhitespace }.contains(text.filter { !$0.isWhitespace })
    }

    /// What the translation does not follow is refused at its line, saying what to change.
    @Test func refusesWhatItDoesNotFollow() {
        let head = "local C = compositional\nreturn compositional{\n  sectionProvider = function(cv, i, env)\n"
        let item = "    local item = C.item{ width = C.fractionalWidth(1), height = C.absolute(44) }\n"
        let group =
            "    local group = C.group{ axis = \"horizontal\", width = C.fractionalWidth(1), height = C.absolute(44), subitems = {item} }\n"
        let tail = "  end,\n}\n"
        expect(
            refusal(
                head + "    local size = cv.contentSize\n" + item + group + "    return C.section{ group = group }\n"
                    + tail)?
                .hasPrefix("t.lua:4: cv.contentSize in a section provider is not translated") == true)
        expect(
            refusal(
                head + item + group
                    + "    return C.section{ group = group,\n      visibleItemsInvalidationHandler = function(items, offset, e)\n"
                    + "        local n = cv.numberOfSections end }\n" + tail)?
                .hasPrefix("t.lua:8: a handler or item provider inside a section provider reads cv") == true)
        expect(
            refusal(
                head + item + group
                    + "    return C.section{ group = group,\n      contentInsetsReference = \"none\" }\n"
                    + tail)?.hasPrefix(
                    "t.lua:7: contentInsetsReference of compositional.section is not translated in a section provider yet"
                ) == true)
        expect(
            refusal(
                head + item + group
                    + "    return C.section{ group = group,\n      visibleItemsInvalidationHandler = function(items, offset, e)\n"
                    + "        local s = e.section end }\n" + tail)?
                .hasPrefix("t.lua:8: env.section is not part of the translated API") == true)
        expect(
            refusal(head + "    return C.list{ appearance = \"flat\" }\n" + tail)?.hasPrefix(
                "t.lua:4: \"flat\" is not one of plain, grouped, insetGrouped, sidebar, sidebarPlain") == true)
        let noEnvironment = head.replacingOccurrences(of: "(cv, i, env)", with: "(cv, i)")
        expect(
            refusal(noEnvironment + "    return C.list{ appearance = \"plain\" }\n" + tail)?.hasPrefix(
                "t.lua:4: compositional.list is translated in the section provider's own body, naming its environment")
                == true)
    }

    /// Examples/lists.lua reads cv (the section count, the host state) and returns C.list:
    /// its translation is the one UIKitSurfaceTests lays out (TranslatedLists.swift).
    @Test func listsIsTheCodeUIKitSurfaceLaysOut() throws {
        let file = "Examples/lists.lua"
        let source = try [UInt8](Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/" + file)))
        let translation = try LuaTranslator.translateSectionProvider(source: source, file: file, name: "Lists")
        let golden = try String(
            contentsOfFile: repositoryRoot + "/Tests/UIKitSurfaceTests/TranslatedLists.swift", encoding: .utf8)
        let code = golden[golden.range(of: "// MARK: - ")!.lowerBound...]
        expectEqual(translation.swift.filter { !$0.isWhitespace }, code.filter { !$0.isWhitespace })
        expect(Self.has(golden, translation.declarations))
        expectEqual(translation.layoutType, "ListsLayout")
        expect(translation.usesList)
    }

    /// A provider reading the section's data, the item count and the state: the data and state
    /// become the protocols and struct the app gives the layout (`TLayout`), which the script
    /// reaches (`script.layout`, set by the export); cv is the custom layouts' `TContext`.
    @Test func readsTheSectionDataThroughTheLayout() throws {
        let source = """
            local C = compositional
            return compositional{
              sectionProvider = function(cv, i, env)
                local columns = (cv:sectionData(i).columns or 1) * (cv.state.factor or 1)
                local rows = (cv:numberOfItems(i) + columns - 1) // columns
                local item = C.item{ width = C.fractionalWidth(1 / columns), height = C.fractionalHeight(1) }
                local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(44 * rows),
                  subitem = item, count = columns }
                return C.section{ group = group }
              end,
            }
            """
        let translation = try translate(source)
        expectEqual(translation.layoutType, "TLayout")
        expect(!translation.usesList)
        let declarations = translation.declarations
        // Numbers read from the data and the state with nothing making them integers: Double.
        expect(Self.has(declarations, "protocol TSectionData { var columns: Double? { get } }"))
        expect(Self.has(declarations, "struct TState { var factor: Double? = nil }"))
        expect(Self.has(declarations, "final class TLayout: UICollectionViewCompositionalLayout {"))
        expect(Self.has(declarations, "weak var data: (any TLayoutData)? { didSet { invalidateLayout() } }"))
        let swift = translation.swift
        expect(Self.has(swift, "weak var layout: TLayout?"))
        expect(
            Self.has(
                swift,
                "func sectionProvider(_ i: Int, _ env: any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection? "
                    + "{ guard let cv = self.layout.map(TContext.init) else { return nil }"))
        expectEqual(Self.has(swift, "var numberOfSections"), false)
        expect(Self.has(swift, "func numberOfItems(_ section: Int) -> Int {"))
        expect(Self.has(swift, "layout.data?.sectionData(section: section)"))
    }
}
