import LayoutEngine
import ScriptLayout

/// The comment at the top of an export: where it comes from, the options its values are for,
/// the deployment target, what Lua code was called or left out, the element kinds to serve,
/// and whether UIKit places every element where `lualayout run` does (only when that holds).
/// Every line goes through `SwiftCode.comment`, so a path or value cannot end it.
struct ExportHeader {
    let plan: ExportPlan
    let writing: ExportWriting
    /// The oldest release with every API the code uses.
    let needs: IOSVersion

    private var options: SwiftLayoutExport.Options { plan.options }
    private var layout: CapturedLayout { plan.layout }

    func write(to code: SwiftCode) {
        let kind: String
        switch layout.body {
        case .flow: kind = "flow{...}"
        case .compositional: kind = "compositional{...}"
        case .custom: kind = "a custom layout"
        }
        code.comment(
            "\(options.name)Layout.swift: exported by `lualayout export --swift` from \(options.scriptName) (\(kind)).")
        code.comment("Values evaluated for \(options.evaluatedFor).")
        if let target = options.deploymentTarget {
            code.comment(
                "Deployment target: iOS \(target) (--ios \(target)); the code below needs iOS \(needs) or later.")
        } else {
            code.comment(
                "Deployment target: iOS \(needs), the oldest release with every API used below (--ios N exports for your app's)."
            )
        }
        for evaluated in layout.evaluated {
            if evaluated.name == "sectionProvider", let provider = plan.provider {
                code.comment(
                    "sectionProvider (\(evaluated.site)) is translated to Swift (\(provider.scriptType).sectionProvider, at the end): it computes the section for any index and environment (docs/lua-to-swift.md)."
                )
                continue
            }
            code.comment(
                "\(evaluated.name) (\(evaluated.site)) is Lua code, called for those options; its results are below.")
        }
        if let provider = plan.provider {
            let omitted = provider.omitted.map { $0.split(separator: " ").first.map(String.init) ?? $0 }
            let translated = plan.translatedCode.filter { code in !omitted.contains { code.hasPrefix($0 + " ") } }
            if !translated.isEmpty {
                code.comment(
                    "\(translated.joined(separator: ", ")): Lua code translated to Swift (\(provider.scriptType)\(provider.hasHooks ? ", called by \(provider.layoutType ?? "the layout")'s overrides" : ""), at the end; docs/lua-to-swift.md): it runs in the app as the script does."
                )
            }
            for line in provider.omitted { code.comment("Not translated: \(line).") }
            for line in provider.differences where provider.hooksRefused == nil {
                code.comment("Differs from lualayout: \(line).")
            }
            if let refusal = provider.hooksRefused {
                code.comment(
                    "The layout's hooks are not translated (--allow-partial): \(refusal); they are marked below.")
            }
        }
        if let refusal = plan.providerRefusal {
            if case .compositional(_, .single) = layout.body {
                code.comment("The section's Lua is not translated (--allow-partial): \(refusal).")
            } else {
                code.comment("The section provider is not translated (--allow-partial): \(refusal).")
            }
        }
        if plan.provider == nil, case .compositional(_, .provided(let sections, let environment)) = layout.body {
            let container = environment.container
            code.comment(
                "The section provider saw a container of \(size(container.contentSize)) (effective \(size(container.effectiveContentSize))), display scale \(SwiftText.points(environment.displayScale)), \(sections.count) section\(sections.count == 1 ? "" : "s")."
            )
            if let note = writing.providerNote { code.comment(note) }
        }
        if !layout.luaCode.isEmpty || !layout.unsupported.isEmpty {
            code.comment(
                "Partial (--allow-partial): what is Lua code is marked `// not exported:` below, with its Swift.")
        }
        let kinds = writing.kinds
        if !kinds.kinds.isEmpty {
            let served = kinds.kinds.filter { $0.roles.contains(.supplementary) }.map(\.name)
            let registered = kinds.decorations.map(\.name)
            var parts: [String] = []
            if !served.isEmpty { parts.append("the data source serves \(Self.list(served))") }
            if !registered.isEmpty {
                parts.append("the layout registers the view classes given for \(Self.list(registered))")
            }
            code.comment("Element kinds (\(kinds.typeName)): \(parts.joined(separator: "; ")).")
        }
        let engine = options.engineVersion
        let releases = "UIKit differs by release where docs/uikit-versions.md says"
        if writing.differences.isEmpty {
            code.comment(
                "With those options UIKit on iOS \(engine) places every element where `lualayout run --ios \(engine)` does; numbers are exact (\(releases))."
            )
        } else {
            code.comment(
                "UIKit may place elements other than `lualayout run --ios \(engine)` does: \(writing.differences.joined(separator: "; ")) (\(releases))."
            )
        }
        code.line("")
    }

    /// Up to five kinds by name (each cut at 40 characters), or how many there are.
    private static func list(_ names: [String]) -> String {
        guard names.count <= 5 else { return "\(names.count) kinds" }
        return names.map { $0.count > 40 ? $0.prefix(40) + "…" : Substring($0) }.joined(separator: ", ")
    }

    private func size(_ s: Size) -> String { "\(SwiftText.points(s.width))×\(SwiftText.points(s.height))" }
}
