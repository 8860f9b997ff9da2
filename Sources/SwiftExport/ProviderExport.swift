import LayoutEngine
import LuaTranslation

/// A compositional layout's `sectionProvider` translated for the export: Swift that computes
/// the section for any index and environment (docs/lua-to-swift.md, "A section provider"),
/// or the located reason it is not (docs/export.md, "Section providers").
enum ProviderExport {
    struct Refusal: Error {
        var line: String
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
