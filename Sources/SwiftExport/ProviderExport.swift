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

    /// Whether the export writes the layout's sections as translated Swift: a section provider,
    /// or one section with Lua code (a handler, a custom group's item provider, the layout's
    /// hooks), all one translation (docs/lua-to-swift.md, "A section provider").
    package static func translates(_ layout: CapturedLayout) -> Bool {
        guard case .compositional(_, let captured) = layout.body else { return false }
        switch captured {
        case .provided: return true
        case .single: return !layout.luaCode.isEmpty
        }
    }

    /// The sections and the hooks as one translation; under `--allow-partial`, when that is
    /// refused, the sections alone (`hooksRefused` says why; the export marks the hooks).
    static func translate(
        _ lua: (script: [UInt8], context: CollectionContext), target: IOSVersion, options: SwiftLayoutExport.Options,
        single: Bool = false
    ) -> Result<ProviderTranslation, Refusal> {
        let translate = { (withHooks: Bool) throws(TranslationError) -> ProviderTranslation in
            try LuaTranslator.translateSectionProvider(
                source: lua.script, file: options.scriptName, name: options.name,
                sample: TranslatedLayoutExport.sample(lua.context), replacesSubitemCount: target >= IOSVersion(16),
                withHooks: withHooks)
        }
        do {
            return .success(try translate(true))
        } catch {
            let alone = try? translate(false)
            if options.allowPartial, var sections = alone {
                sections.hooksRefused = error.description
                return .success(sections)
            }
            let partial =
                options.allowPartial
                ? ""
                : alone != nil
                    ? " (--allow-partial translates the sections alone and marks the hooks)"
                    : single
                        ? " (--allow-partial exports the section's values and marks its Lua)"
                        : " (--allow-partial exports the sections it returned as a cycle)"
            return .failure(Refusal(line: error.description + partial))
        }
    }
}
