import LayoutEngine
import LuaTranslation

/// `export --swift` of a custom layout (`prepare(cv, out)`): its Lua translated to Swift
/// (docs/lua-to-swift.md) as a `UICollectionViewLayout` subclass, with the data it reads as
/// protocols the app implements; and of a flow with Lua callbacks or hooks: its translated
/// `UICollectionViewFlowLayout` subclass given the flow's values, with `NAMEFlowDelegate`.
/// Unlike the values of a flow or compositional export, the translated code computes for any
/// bounds, data and state; the options only type the data fields the script passes along
/// without using (`DataSample`).
enum TranslatedLayoutExport {
    static func export(
        _ source: [UInt8], context: CollectionContext, options: SwiftLayoutExport.Options,
        flow: (configuration: FlowLayoutConfiguration, estimated: Size?)? = nil
    ) -> SwiftLayoutExport.Outcome {
        let translation: Translation
        do {
            translation = try LuaTranslator.translate(
                source: source, file: options.scriptName, name: options.name, sample: sample(context))
        } catch {
            // A flow's values export without its Lua when asked (SwiftLayoutExport's partial export).
            return .refused([
                error.description + (flow == nil ? "" : " (--allow-partial exports the rest and marks it)")
            ])
        }
        let interface = translation.interface
        let file = SwiftCode(limit: options.memoryLimit)
        file.comment(
            "\(options.name)Layout.swift: exported by `lualayout export --swift` from \(options.scriptName) (\(flow == nil ? "a custom layout" : "a flow layout with Lua callbacks")), its Lua translated to Swift (docs/lua-to-swift.md)."
        )
        if flow != nil {
            file.comment(
                "The flow's properties are its values for \(options.evaluatedFor)."
            )
        }
        if let delegate = interface.flowDelegate {
            file.comment(
                "The flow's delegate callbacks are \(delegate)'s methods: set one as the collection view's delegate and keep it (UIKit holds its delegate weakly), or forward your delegate's UICollectionViewDelegateFlowLayout methods to it."
            )
        }
        file.comment(
            "The translated code computes for any bounds, data and state; the data fields' types were read from \(options.evaluatedFor)."
        )
        let target = options.deploymentTarget ?? UIKitAPI.floor
        file.comment(
            "Deployment target: iOS \(target)\(options.deploymentTarget == nil ? " (the oldest the export writes for; --ios N for your app's)" : " (--ios \(target))")."
        )
        for omission in interface.omitted { file.comment("Not translated: \(omission).") }
        for difference in interface.differences { file.comment("Differs from lualayout: \(difference).") }
        if interface.readsData {
            file.comment(
                "The app's data: implement \(options.name)LayoutData (itemData/sectionData) and set the layout's `data`."
            )
        }
        if interface.readsState { file.comment("Host state: set the layout's `state` (\(options.name)State).") }
        if options.importsSurface {
            for line in ["#if canImport(UIKit)", "import UIKit", "#else", "import UIKitSurface", "#endif"] {
                file.line(line)
            }
        } else {
            file.line("import UIKit")
        }
        file.line("")
        file.documentation(
            "\(options.scriptName) as a \(flow == nil ? "UICollectionViewLayout" : "UICollectionViewFlowLayout") subclass (\(options.name)Layout below)\(options.decorationKinds.isEmpty ? "" : ", a view class registered for each decoration kind it placed for those options")."
        )
        file.line("@MainActor")
        let names = SwiftNames()
        let parameters = options.decorationKinds.map { kind in
            (name: names.claim(SwiftText.identifier(fromKind: kind, fallback: "decoration") + "View"), kind: kind)
        }
        let signature = parameters.map { "\($0.name): UICollectionReusableView.Type" }.joined(separator: ", ")
        file.line("func make\(options.name)Layout(\(signature)) -> \(options.name)Layout {")
        file.nested {
            if let flow {
                let writing = ExportWriting(
                    code: file, kinds: ElementKinds(typeName: options.name + "ElementKind"), closureSites: [:],
                    replacesDeprecated: false)
                FlowSwift(writing: writing, layoutType: options.name + "Layout")
                    .write(flow.configuration, estimatedItemSize: flow.estimated, layout: "layout")
            } else {
                file.line("let layout = \(options.name)Layout()")
            }
            for parameter in parameters {
                file.line(
                    "layout.register(\(parameter.name), forDecorationViewOfKind: \(SwiftText.string(parameter.kind)))")
            }
            file.line("return layout")
        }
        file.line("}")
        for part in [translation.declarations, translation.implementation] {
            file.line("")
            for line in part.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                .drop(while: \.isEmpty).reversed().drop(while: \.isEmpty).reversed()
            {
                file.line(line)
            }
        }
        guard !file.exceeded else {
            return .refused([
                "\(options.scriptName): the exported Swift exceeds the memory cap (\(options.memoryLimit >> 20) MiB; raise it with --max-memory)"
            ])
        }
        return .source(file.text)
    }

    /// The JSON types of the fields of the data and state the layout runs with.
    static func sample(_ context: CollectionContext) -> DataSample {
        var sample = DataSample()
        for section in context.data.sections {
            for item in section.items ?? [] { merge(item, into: &sample.item) }
            if let data = section.data { merge(data, into: &sample.section) }
        }
        merge(.object(context.state), into: &sample.state)
        return sample
    }

    private static func merge(_ value: LayoutValue, into fields: inout [String: DataSample.Value]) {
        guard case .object(let object) = value else { return }
        for (key, field) in object where fields[key] == nil {
            if let type = type(of: field) { fields[key] = type }
        }
    }

    private static func type(of value: LayoutValue) -> DataSample.Value? {
        switch value {
        case .null: nil
        case .bool: .boolean
        case .number: .number
        case .string: .string
        case .array(let elements): .array(elements.first.flatMap(type(of:)))
        case .object(let fields): .object(fields.compactMapValues(type(of:)))
        }
    }
}
