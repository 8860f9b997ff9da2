/// What a translation declares for the code around it: the class and its callbacks, the
/// protocols the app implements and the fields in them. The export (its header: what was left
/// out, the data and state the app gives) and the tests read a translation through this.
package struct TranslationInterface: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// `prepare(cv, out)` places every element.
        case custom
        /// `flow{...}` with delegate callbacks and hooks.
        case flow
        /// `compositional{...}`: its hooks (the export writes its structure).
        case compositional
        /// A table of functions that is not a layout.
        case plain
    }

    package struct Field: Sendable, Equatable {
        package var name: String
        /// As the generated source spells it (`Double?`, `[Int]?`).
        package var swiftType: String
    }

    package var kind: Kind
    /// `RaggyLayout` (`Raggy` for a plain script).
    package var typeName: String
    /// The prefix of every generated type (`Raggy`).
    package var prefix: String
    /// The layout table's functions, by their Lua names (the engine's callbacks among them).
    package var methods: [String]
    /// Members of `cv` the script reads: the `…CollectionView` protocol declares exactly these.
    package var collectionViewMembers: [String]
    package var itemDataFields: [Field]
    package var sectionDataFields: [Field]
    package var stateFields: [Field]
    /// Custom attributes (`a.label`, `extra.name`): properties of the `…Attributes` subclass.
    package var customAttributes: [Field]
    /// The layout calls math.random: its `seed` property is `--seed` (Lua's generator restarts
    /// from it at every prepare, as the engine reseeds it).
    package var hasSeed: Bool
    /// Fields and locals left out of the class, each with `file:line` and why (the compositional
    /// structure the export writes; self-sizing answers the app's cells give).
    package var omitted: [String]
    /// Where the translation is known to part from lualayout for this script, one line each.
    package var differences: [String]
    /// `NAMELayout`: the UIKit subclass (nil for a plain script).
    package var layoutClass: String?
    /// The layout reads the app's data: it has `data: (any NAMELayoutData)?`.
    package var readsData: Bool
    /// The layout reads host state: it has `state: NAMEState`.
    package var readsState: Bool
    /// `NAMEFlowDelegate`, when a flow's callbacks are translated.
    package var flowDelegate: String?
    /// Flow properties given as functions of `cv`: the subclass sets them before each prepare.
    package var computedFlowProperties: [String]

    init(_ generator: SwiftGenerator) throws(Refusal) {
        let inference = generator.inference
        switch generator.module.kind {
        case .custom: kind = .custom
        case .flow: kind = .flow
        case .plain: kind = .plain
        case .compositional: kind = .compositional
        }
        typeName = generator.typeName
        prefix = generator.prefix
        methods = generator.module.members.compactMap {
            guard case .layoutField(let name, let value) = $0, case .function = value.kind,
                CallbackSignature.omission(for: name) == nil
            else { return nil }
            return name
        }
        collectionViewMembers = generator.collectionViewMembers.filter { !$0.isEmpty }.sorted()
        func fields(_ kind: APISchema.Kind, customOnly: Bool = false) throws(Refusal) -> [Field] {
            guard let table = inference.schemaTables[kind] else { return [] }
            var result: [Field] = []
            for name in table.fieldOrder {
                guard let slot = table.fields[name], !(customOnly && slot.resolved.fixed) else { continue }
                var type = try generator.swiftType(of: slot)
                if customOnly { type = type.optional }
                result.append(Field(name: name, swiftType: type.text))
            }
            return result
        }
        itemDataFields = try fields(.itemData)
        sectionDataFields = try fields(.sectionData)
        stateFields = try fields(.state)
        customAttributes = try fields(.attributes, customOnly: true)
        hasSeed = inference.usesRandom && generator.module.kind != .plain
        omitted = generator.omitted.map { "\($0.name) (\(generator.file):\($0.location.line)): \($0.reason)" }
        differences = generator.differences
        layoutClass = kind == .plain ? nil : generator.prefix + "Layout"
        readsData = generator.readsItemData || generator.readsSectionData
        readsState = generator.readsState
        let functions = kind == .plain ? [] : LayoutSubclassWriter(generator).functions
        let callbacks: Set<String> = [
            "sizeForItem", "insetForSection", "minimumLineSpacingForSection", "minimumInteritemSpacingForSection",
            "referenceSizeForHeader", "referenceSizeForFooter",
        ]
        flowDelegate =
            kind == .flow && !functions.isDisjoint(with: callbacks) ? generator.prefix + "FlowDelegate" : nil
        computedFlowProperties = kind == .flow ? FlowProperty.names.filter { functions.contains($0) } : []
    }
}
