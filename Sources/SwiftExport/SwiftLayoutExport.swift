import LayoutEngine
import LuaTranslation
import ScriptLayout

/// `lualayout export --swift`: a layout script's UIKit values as a Swift file that builds the
/// same layout with UIKit's own API (`func makeNAMELayout() -> UICollection…Layout`), for the
/// app's deployment target.
package enum SwiftLayoutExport {
    package struct Options: Sendable {
        /// The layout's name in `makeNAMELayout()` (a Swift type-style name).
        package var name: String
        /// The script as the user named it, for the header.
        package var scriptName: String
        /// The options that changed a value (`--bounds 375x667 --trait …`), for the header.
        package var evaluatedFor: String
        /// Export what UIKit can express and mark each omission, instead of refusing.
        package var allowPartial: Bool
        /// `--ios N`: the app's deployment target; nil: the oldest release the APIs allow.
        package var deploymentTarget: IOSVersion?
        /// The release whose UIKit behaviour the values were computed for (`--ios`, else 17).
        package var engineVersion: IOSVersion
        /// `--screen`: also a collection view controller serving these item counts.
        package var screenItemCounts: [Int]?
        /// `--surface`: import UIKitSurface where UIKit is absent.
        package var importsSurface: Bool
        /// Most bytes the Swift may take (`--max-memory`).
        package var memoryLimit: Int
        /// The script's source and the collection view it ran in: a custom layout's Lua, and a
        /// flow's callbacks and hooks, are translated (docs/lua-to-swift.md); nil refuses them.
        package var luaSource: (script: [UInt8], context: CollectionContext)?
        /// The decoration kinds a custom layout placed for these options (it registers a view
        /// class for each).
        package var decorationKinds: [String] = []

        package init(
            name: String, scriptName: String, evaluatedFor: String, allowPartial: Bool,
            deploymentTarget: IOSVersion? = nil, engineVersion: IOSVersion = .default, screenItemCounts: [Int]? = nil,
            importsSurface: Bool = false, memoryLimit: Int = .max
        ) {
            self.name = name
            self.scriptName = scriptName
            self.evaluatedFor = evaluatedFor
            self.allowPartial = allowPartial
            self.deploymentTarget = deploymentTarget
            self.engineVersion = engineVersion
            self.screenItemCounts = screenItemCounts
            self.importsSurface = importsSurface
            self.memoryLimit = memoryLimit
        }
    }

    /// The Swift file, or why the layout cannot be exported (one located line each).
    package enum Outcome: Sendable {
        case source(String)
        case refused([String])

        package var source: String? {
            if case .source(let text) = self { return text }
            return nil
        }

        package var refusals: [String] {
            if case .refused(let lines) = self { return lines }
            return []
        }
    }

    /// The default layout name for a script file: `two-column-grid.lua` → `TwoColumnGrid`.
    package static func defaultName(forScript path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let stem = file.hasSuffix(".lua") ? String(file.dropLast(4)) : file
        return SwiftText.typeName(fromFileName: stem) ?? "Exported"
    }

    /// Whether `name` can stand in `makeNAMELayout`: ASCII letters, digits and underscores,
    /// starting with a letter.
    package static func isValidName(_ name: String) -> Bool {
        guard let first = name.first, first.isASCII, first.isLetter else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    package static func export(_ layout: CapturedLayout, options: Options) -> Outcome {
        if let lua = options.luaSource {
            switch layout.body {
            case .custom:
                return TranslatedLayoutExport.export(lua.script, context: lua.context, options: options)
            case .flow(let flow, let estimated) where !layout.luaCode.isEmpty && layout.unsupported.isEmpty:
                // A flow's callbacks and hooks: its translated subclass, given the values.
                return TranslatedLayoutExport.export(
                    lua.script, context: lua.context, options: options, flow: (flow, estimated))
            default: break
            }
        }
        var layout = layout
        var translation: Result<ProviderTranslation, ProviderExport.Refusal>?
        var translatedCode: [String] = []
        if let lua = options.luaSource, ProviderExport.translates(layout) {
            // Translated for the deployment target (a target lacking an API is refused below).
            var probe = ExportPlan(layout, options)
            if probe.targetRefusals()?.isEmpty ?? true {
                var single = false
                if case .compositional(_, .single) = layout.body { single = true }
                translation = ProviderExport.translate(lua, target: probe.target, options: options, single: single)
            }
            if case .success(let provider) = translation, provider.hooksRefused == nil {
                // The sections' handlers and item providers, and the hooks, are in the translated
                // Swift; a cell's own sizing is not, and the header says so (the estimate is kept).
                translatedCode = layout.luaCode.filter { $0.name != "sectionProvider" }.map {
                    "\($0.name) (\($0.site))"
                }
                layout.luaCode.removeAll()
            } else if case .success = translation {
                // The sections alone: their closures are translated, the hooks marked.
                let inSections: Set<String> = ["visibleItemsInvalidationHandler", "itemProvider"]
                translatedCode = layout.luaCode.filter { inSections.contains($0.name) }.map {
                    "\($0.name) (\($0.site))"
                }
                layout.luaCode.removeAll { inSections.contains($0.name) }
            }
        }
        var refusals = self.refusals(layout, options)
        if case .failure(let refusal) = translation, !options.allowPartial { refusals.insert(refusal.line, at: 0) }
        guard refusals.isEmpty else { return .refused(refusals) }
        var plan = ExportPlan(layout, options)
        if let problems = plan.targetRefusals(), !problems.isEmpty { return .refused(problems) }
        switch translation {
        case .success(let provider):
            plan.provider = provider
            plan.translatedCode = translatedCode
        case .failure(let refusal):
            // The sections seen, as a cycle, only when asked (docs/export.md; refused above).
            plan.providerRefusal = refusal.line
        case nil: break
        }
        guard let source = plan.source() else {
            return .refused([
                "\(options.scriptName): the exported Swift exceeds the memory cap (\(options.memoryLimit >> 20) MiB; raise it with --max-memory)"
            ])
        }
        return .source(source)
    }

    /// Why the layout cannot be exported, before any deployment target: a custom layout given
    /// without its source (`luaSource`, which `export` translates) is refused whole; Lua callbacks and properties without a UIKit API unless `allowPartial`;
    /// a provider that returned no section for these options always.
    static func refusals(_ layout: CapturedLayout, _ options: Options) -> [String] {
        if case .custom = layout.body {
            let site = layout.luaCode.first { $0.name == "prepare" }?.site
            return [
                "\(site.map { $0 + ": " } ?? "")a custom layout places its elements in Lua (prepare(cv, out)): export writes UIKit's flow and compositional layouts only; write it as a UICollectionViewLayout subclass"
            ]
        }
        var lines: [String] = []
        if case .compositional(_, .provided(let sections, _)) = layout.body {
            let site = layout.evaluated.first { $0.name == "sectionProvider" }?.site ?? options.scriptName
            if sections.distinct.allSatisfy({ $0 == nil }) {
                return [
                    "\(site): sectionProvider returned no section for these options (\(sections.count) section\(sections.count == 1 ? "" : "s")): there is nothing to export; give the data it lays out (--items, --sections or --data)"
                ]
            }
            if !options.allowPartial, let empty = (0..<sections.count).first(where: { sections[$0] == nil }) {
                lines.append(
                    "\(site): sectionProvider returned nil for section \(empty): UIKit raises \"Invalid section definition\" for a section without a layout; return a section for every section (--allow-partial exports an empty one)"
                )
            }
        }
        guard !options.allowPartial else { return lines }
        let partial = " (--allow-partial exports the rest and marks it)"
        return lines
            + layout.luaCode.map { "\($0.site): \($0.name) is Lua code: export writes UIKit values only" + partial }
            + layout.unsupported.map {
                "\($0.site): \($0.name) has no UIKit API (\(Self.roundingReleases($0.name))): export writes UIKit values only"
                    + partial
            }
    }

    /// The releases that round as a script's `roundingModel` asks (docs/uikit-versions.md).
    static func roundingReleases(_ name: String) -> String {
        name.hasSuffix("\"legacy\"") ? "it is how iOS 15 and earlier round" : "it is how iOS 16 and later round"
    }
}
