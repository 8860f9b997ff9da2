/// Translates a layout script written in the subset of Lua 5.4 in docs/lua-to-swift.md into
/// Swift, or refuses it with a located reason.
package enum LuaTranslator {
    /// The Swift for `source`. `file` names the script in messages (`raggy.lua:12: …`); `name`
    /// prefixes every generated type (`Raggy` → `RaggyLayout`, `RaggyItemData`, …).
    /// `sample` types the data fields the script only passes along (see `DataSample`).
    package static func translate(
        source: [UInt8], file: String, name: String, sample: DataSample = DataSample()
    )
        throws(TranslationError) -> Translation
    {
        do {
            let chunk = try LuaParser.parse(source)
            let inference = TypeInference(chunk: chunk)
            try inference.run()
            while try inference.apply(sample) { try inference.run() }
            let module = try ModuleStructure(chunk: chunk, inference: inference)
            try AliasCheck(chunk: chunk, inference: inference).run()
            let generator = SwiftGenerator(inference: inference, module: module, prefix: name, file: file)
            inference.recording = false
            if module.kind == .plain {
                let swift = try generator.generateFile()
                return Translation(
                    swift: swift, declarations: "", implementation: swift,
                    interface: try TranslationInterface(generator))
            }
            let (declarations, implementation) = try generator.generateParts()
            return Translation(
                swift: declarations.text + "\n" + implementation.text, declarations: declarations.text,
                implementation: implementation.text, interface: try TranslationInterface(generator))
        } catch let refusal {
            throw TranslationError(file: file, location: refusal.location, message: refusal.message)
        }
    }

    /// A compositional layout's `sectionProvider` as a Swift method computing the section for
    /// any index and environment (docs/lua-to-swift.md, "A section provider"), with the
    /// layout's hooks in the same script class and the layout subclass calling them.
    /// `replacesSubitemCount`: the deployment target deprecated `subitem:count:` (iOS 16).
    /// `withHooks`: false leaves the hooks out (the export marks them).
    package static func translateSectionProvider(
        source: [UInt8], file: String, name: String, sample: DataSample = DataSample(),
        replacesSubitemCount: Bool = false, withHooks: Bool = true
    ) throws(TranslationError) -> ProviderTranslation {
        let outcome = CallbackSignature.$translatingProvider.withValue(true) {
            CallbackSignature.$leavingHooks.withValue(!withHooks) {
                () -> Result<ProviderTranslation, TranslationError> in
                do throws(Refusal) {
                    let chunk = try LuaParser.parse(source)
                    let inference = TypeInference(chunk: chunk)
                    try inference.run()
                    while try inference.apply(sample) { try inference.run() }
                    let module = try ModuleStructure(chunk: chunk, inference: inference)
                    // A provider, or one section (whose handler is Lua) that it returns for every index.
                    let provider = module.members.first {
                        if case .layoutField("sectionProvider", let value) = $0, case .function = value.kind {
                            return true
                        }
                        if case .layoutField("section", let value) = $0, case .call = value.kind { return true }
                        return false
                    }
                    guard module.kind == .compositional, provider != nil else {
                        throw Refusal(
                            chunk.main.location, "the layout has no sectionProvider function or section to translate")
                    }
                    try AliasCheck(chunk: chunk, inference: inference).run()
                    let generator = SwiftGenerator(inference: inference, module: module, prefix: name, file: file)
                    generator.replacesSubitemCount = replacesSubitemCount
                    inference.recording = false
                    let (declarations, swift) = try generator.generateProvider()
                    return .success(
                        ProviderTranslation(
                            swift: swift, scriptType: generator.typeName, declarations: declarations,
                            layoutType: generator.providerContext == nil && !generator.providesHooks
                                ? nil : name + "Layout",
                            readsLayout: generator.providerContext != nil,
                            usesList: generator.helpers.contains(.listConfiguration), hasHooks: generator.providesHooks,
                            omitted: generator.omitted.filter { $0.name.hasPrefix("preferredSizeFor") }.map {
                                "\($0.name) (\(file):\($0.location.line)): \($0.reason)"
                            }, differences: generator.differences))
                } catch let refusal {
                    return .failure(TranslationError(file: file, location: refusal.location, message: refusal.message))
                }
            }
        }
        return try outcome.get()
    }

    /// `two-column-grid.lua` → `TwoColumnGrid`.
    package static func typePrefix(forFile file: String) -> String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        let stem = base.hasSuffix(".lua") ? String(base.dropLast(4)) : base
        let words = stem.split { !$0.isLetter && !$0.isNumber }
        let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return name.first?.isLetter == true ? name : "Script" + name
    }
}

/// A translated script: its Swift, and what the export connects to it.
package struct Translation: Sendable {
    /// A plain script's whole file; a layout's two parts, one after the other.
    package var swift: String
    /// A layout's declarations the app sees (docs/lua-to-swift.md): the data protocols and
    /// state, the attributes class, the UIKit subclass and its flow delegate.
    package var declarations: String
    /// A layout's translated Lua (private to the file) and the Lua semantics helpers.
    package var implementation: String
    package var interface: TranslationInterface
}

/// A translated section provider: `scriptType`'s `sectionProvider(_:_:)` takes UIKit's section
/// index and environment and returns the section (nil where the Lua returns nil).
package struct ProviderTranslation: Sendable {
    /// The file-scope Swift: the script class, its records and constants, the Lua helpers.
    package var swift: String
    /// The class holding `sectionProvider` (`NAMEScript`), created once per layout.
    package var scriptType: String
    /// What the app sees when the provider reads `cv`: the data protocols and state it reads and
    /// `layoutType`, the layout class holding them; empty otherwise.
    package var declarations: String = ""
    /// `NAMELayout` when the provider reads `cv`: the layout the export returns, whose
    /// collection view, data and state the script reads (the make function sets `script.layout`).
    package var layoutType: String?
    /// The provider reads `cv`: the make function sets `script.layout`.
    package var readsLayout = false
    /// The provider makes list sections (`NSCollectionLayoutSection.list(using:layoutEnvironment:)`).
    package var usesList = false
    /// The layout's hooks are translated with the provider: `layoutType` is the subclass whose
    /// overrides call them, and the make function gives it the script (`layout.script`).
    package var hasHooks = false
    /// The callbacks left out (a cell's own sizing: the export keeps the estimate), one line each.
    package var omitted: [String] = []
    /// Where the translation is known to part from lualayout for this script, one line each.
    package var differences: [String] = []
    /// Translated without the layout's hooks, which the export marks, because of this refusal.
    package var hooksRefused: String?
}
