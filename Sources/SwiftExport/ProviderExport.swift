import LayoutEngine
import LuaTranslation
import ScriptLayout

/// A compositional layout's `sectionProvider` translated for the export: Swift that computes
/// the section for any index and environment (docs/lua-to-swift.md, "A section provider"),
/// or the located reason it is not (docs/export.md, "Section providers").
package enum ProviderExport {
    struct Refusal: Error {
        var line: String
    }

    /// The Lua code inside sections, which the translation writes as closures.
    static let inSections: Set<String> = ["visibleItemsInvalidationHandler", "itemProvider"]

    /// Whether the export writes the layout's sections as translated Swift: a section provider,
    /// or one section whose only Lua is a handler or a custom group's item provider (a layout
    /// with other hooks keeps its section's values, the hooks refused or marked as before).
    package static func translates(_ layout: CapturedLayout) -> Bool {
        guard case .compositional(_, let captured) = layout.body else { return false }
        switch captured {
        case .provided: return true
        case .single:
            return !layout.luaCode.isEmpty && layout.luaCode.allSatisfy { inSections.contains($0.name) }
        }
    }

    static func translate(
        _ lua: (script: [UInt8], context: CollectionContext), target: IOSVersion, options: SwiftLayoutExport.Options
    ) -> Result<ProviderTranslation, Refusal> {
        do {
            return .success(
                try LuaTranslator.translateSectionProvider(
                    source: lua.script, file: options.scriptName, name: options.name,
                    sample: TranslatedLayoutExport.sample(lua.context), replacesSubitemCount: target >= IOSVersion(16)))
        } catch {
            let partial = options.allowPartial ? "" : " (--allow-partial exports the sections it returned as a cycle)"
            return .failure(Refusal(line: error.description + partial))
        }
    }
}
