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
