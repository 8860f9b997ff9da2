import LayoutEngine
import LuaRuntime

/// `compositional{...}`: the layout's properties and section tree read into engine values
/// once per prepare (the section provider once per section), the self-sizing callbacks
/// wired in, then `CompositionalEngine.prepare`.
final class CompositionalScriptStep: ScriptComputeStep {
    let script: LayoutScript
    /// Without self-sizing answers (`--estimates`): the layout as its estimates place it.
    let estimatesOnly: Bool
    private let handlerProxy: AttributesProxy
    /// The closures of the prepared layout hold these; released when the next prepare succeeds.
    private var references: [LuaReference] = []
    /// Warnings of the last prepare (insets on estimated axes…), for the host and `check`.
    private(set) var warnings: [String] = []
    private var lua: LuaState { script.lua }

    init(script: LayoutScript, estimatesOnly: Bool) {
        self.script = script
        self.estimatesOnly = estimatesOnly
        handlerProxy = AttributesProxy(lua: script.lua)
    }

    var unprepared: PreparedLayout { .empty }

    func compute(context: CollectionContext) throws -> PreparedLayout {
        let reader = CompositionalTreeReader(script: script, context: context, handlerProxy: handlerProxy)
        do {
            let result = try lua.balanced { try prepare(reader, context) }
            for reference in references { lua.release(reference) }
            references = reader.references
            warnings = result.warnings.map { "\(script.compositionalSite): warning: \($0)" }
            return result.prepared
        } catch {
            for reference in reader.references { lua.release(reference) }
            throw error
        }
    }

    private func prepare(
        _ reader: CompositionalTreeReader, _ context: CollectionContext
    ) throws -> CompositionalLayoutResult {
        let (configuration, sections) = try readLayout(reader)
        let sizing = estimatesOnly ? nil : makeSizing(context)
        return try runEngine(sections, configuration, context, sizing: sizing)
    }

    /// The layout's properties and sections as the engine takes them (the section provider
    /// not called yet).
    func readLayout(
        _ reader: CompositionalTreeReader
    ) throws -> (Compositional.Configuration, Compositional.Sections) {
        script.pushFields()
        let fields = lua.absoluteIndex(-1)
        if lua.rawGet(tableAt: fields, field: "prepare") != .nil {
            lua.pop(2)
            throw error(
                "a compositional layout places its items itself, so prepare is never called; adjust elements in attributes(cv, a), or write a custom layout with prepare(cv, out)",
                field: "prepare")
        }
        lua.pop(1)
        var configuration = Compositional.Configuration()
        if let value = try property(fields, "scrollDirection", read: { try scrollDirection() }) {
            configuration.scrollDirection = value
        }
        if let value = try property(
            fields, "interSectionSpacing",
            read: {
                guard lua.type(at: -1) == .number, let value = lua.number(at: -1), value.isFinite else {
                    throw error(
                        "interSectionSpacing must be a finite number, got \(describe(-1))", field: "interSectionSpacing"
                    )
                }
                return value
            })
        {
            configuration.interSectionSpacing = value
        }
        if let value = try property(
            fields, "contentInsetsReference",
            read: {
                try enumValue(Compositional.ContentInsetsReference.self, "contentInsetsReference")
            })
        {
            configuration.contentInsetsReference = value
        }
        if let value = try property(
            fields, "roundingModel", read: { try enumValue(Compositional.RoundingModel.self, "roundingModel") })
        {
            configuration.roundingModel = value
        }
        if let items = try property(
            fields, "boundarySupplementaryItems",
            read: { () -> [Compositional.BoundarySupplementaryItem] in
                guard lua.type(at: -1) == .table, reader.compositionalTag(-1) == nil else {
                    throw error(
                        "boundarySupplementaryItems must be an array of compositional.boundarySupplementaryItem{...}, got \(describe(-1))",
                        field: "boundarySupplementaryItems")
                }
                return try located("boundarySupplementaryItems") {
                    try reader.list(-1, nil) { try reader.boundaryItem(at: $0, $1) }
                }
            })
        {
            configuration.boundarySupplementaryItems = items
        }
        let sections = try readSections(fields, reader)
        lua.pop(1)
        return (configuration, sections)
    }

    /// `CompositionalEngine.prepare`, its errors located at the `compositional{...}` call.
    func runEngine(
        _ sections: Compositional.Sections, _ configuration: Compositional.Configuration,
        _ context: CollectionContext, sizing: Compositional.Sizing?
    ) throws -> CompositionalLayoutResult {
        do {
            return try CompositionalEngine.prepare(
                sections: sections, configuration: configuration, context: context, sizing: sizing,
                byteLimit: script.engineByteLimit)
        } catch let failure as LayoutError {
            throw ScriptError(kind: .invalidValue, message: "\(script.compositionalSite): \(failure.message)")
        } catch let failure as CompositionalTreeReader.Malformed {
            throw ScriptError(kind: .invalidValue, message: "\(script.compositionalSite): \(failure.message)")
        }
    }

    /// `section = S` (one section for every data section) or `sectionProvider(cv, i, env)`.
    private func readSections(_ fields: Int32, _ reader: CompositionalTreeReader) throws -> Compositional.Sections {
        // `list = compositional.list{...}`: UICollectionViewCompositionalLayout.list(using:).
        let listType = lua.rawGet(tableAt: fields, field: "list")
        if listType != .nil {
            defer { lua.pop(1) }
            let others = ["section", "sectionProvider"].filter { lua.rawGet(tableAt: fields, field: $0) != .nil }
            lua.pop(2)
            if let other = others.first {
                throw error("give either list or \(other), not both", field: "list")
            }
            var isList = false
            if reader.compositionalTag(-1) == "section" {
                isList = lua.rawGet(tableAt: -1, field: "list") == .table
                lua.pop(1)
            }
            guard isList else {
                throw error("list must be a compositional.list{...}, got \(describe(-1))", field: "list")
            }
            return .single(try located("list") { try reader.section(at: -1) })
        }
        lua.pop(1)
        let sectionType = lua.rawGet(tableAt: fields, field: "section")
        let providerType = lua.rawGet(tableAt: fields, field: "sectionProvider")
        defer { lua.pop(2) }
        switch (sectionType, providerType) {
        case (.nil, .nil):
            throw error(
                "give section = compositional.section{...} or sectionProvider = function(cv, sectionIndex, env)")
        case (_, .nil):
            guard reader.compositionalTag(-2) == "section" else {
                throw error("section must be a compositional.section{...}, got \(describe(-2))", field: "section")
            }
            return .single(try located("section") { try reader.section(at: -2) })
        case (.nil, .function):
            let definedAt = lua.functionLocation(at: -1)
            lua.pushValue(at: -1)
            let provider = reader.keepFunction()
            return .provider { [unowned self] index, environment in
                try self.callProvider(provider, index, environment, reader, definedAt: definedAt)
            }
        case (.nil, _):
            throw error(
                "sectionProvider must be a function(cv, sectionIndex, env), got \(describe(-1))",
                field: "sectionProvider")
        default:
            throw error("give either section or sectionProvider, not both", field: "sectionProvider")
        }
    }

    /// One `sectionProvider(cv, sectionIndex, env)` call.
    private func callProvider(
        _ provider: LuaReference, _ index: Int, _ environment: Compositional.Environment,
        _ reader: CompositionalTreeReader,
        definedAt: String
    ) throws -> Compositional.Section? {
        try lua.balanced {
            let evaluating = "sectionProvider(cv, \(index), env)"
            lua.push(provider)
            try script.binding.push(reader.context)
            lua.push(index)
            CompositionalEnvironment.push(environment, lua: lua, traits: reader.context.traits)
            try script.call(arguments: 3, results: 1, evaluating: evaluating)
            defer { lua.pop(1) }
            if lua.isNil(at: -1) { return nil }
            guard reader.compositionalTag(-1) == "section" else {
                throw ScriptError(
                    kind: .invalidValue,
                    message:
                        "\(definedAt.isEmpty ? script.compositionalSite : definedAt): sectionProvider must return a compositional.section{...} or nil, got \(describe(-1)) for section \(index)",
                    evaluating: evaluating)
            }
            do {
                return try reader.section(at: -1)
            } catch let failure as CompositionalTreeReader.Malformed {
                throw ScriptError(
                    kind: .invalidValue,
                    message:
                        "\(definedAt.isEmpty ? script.compositionalSite : definedAt): sectionProvider: \(failure.message)",
                    evaluating: evaluating)
            }
        }
    }

    // MARK: Self-sizing

    /// `preferredSizeForItem(cv, section, item, fitting)` and
    /// `preferredSizeForSupplementary(cv, kind, section, item, fitting)`, when defined.
    private func makeSizing(_ context: CollectionContext) -> Compositional.Sizing? {
        let hasItem = script.hasCallback("preferredSizeForItem")
        let hasSupplementary = script.hasCallback("preferredSizeForSupplementary")
        guard hasItem || hasSupplementary else { return nil }
        var sizing = Compositional.Sizing()
        if hasItem {
            sizing.item = { [unowned self] indexPath, fitting in
                try PreferredSize.ask(script, "preferredSizeForItem", context: context, kind: nil, indexPath, fitting)
            }
            sizing.itemsInSection = { [unowned self] section, sizes in
                try PreferredSize.measure(&sizes, inSection: section, script: script, context: context)
            }
        }
        if hasSupplementary {
            sizing.supplementary = { [unowned self] kind, indexPath, fitting in
                try PreferredSize.ask(
                    script, "preferredSizeForSupplementary", context: context, kind: kind, indexPath, fitting)
            }
        }
        return sizing
    }

    // MARK: Reading helpers

    private func property<T>(_ fields: Int32, _ name: String, read: () throws -> T) throws -> T? {
        let type = lua.rawGet(tableAt: fields, field: name)
        defer { lua.pop(1) }
        return type == .nil ? nil : try read()
    }

    private func enumValue<T: RawRepresentable & CaseIterable>(_ type: T.Type, _ name: String) throws -> T
    where T.RawValue == String {
        let names = T.allCases.map(\.rawValue)
        let choices = names.map { "\"\($0)\"" }.joined(separator: ", ")
        guard lua.type(at: -1) == .string, let text = lua.string(at: -1), let value = T(rawValue: text) else {
            throw error("\(name) must be one of \(choices), got \(describe(-1))\(hint(among: names))", field: name)
        }
        return value
    }

    private func scrollDirection() throws -> Compositional.ScrollDirection {
        guard lua.type(at: -1) == .string, let text = lua.string(at: -1),
            let value = Compositional.ScrollDirection(rawValue: text)
        else {
            throw error(
                "scrollDirection must be \"vertical\" or \"horizontal\", got \(describe(-1))\(hint(among: ["vertical", "horizontal"]))",
                field: "scrollDirection")
        }
        return value
    }

    /// Runs `body`, locating a malformed-tree error at the property.
    private func located<T>(_ field: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let failure as CompositionalTreeReader.Malformed {
            throw error("\(field): \(failure.message)", field: field)
        }
    }

    /// ` (did you mean "X"?)` when the string on top misspells one of `names`.
    private func hint(among names: [String]) -> String {
        guard let text = lua.string(at: -1), let intended = CompositionalPrelude.intended(text, among: names) else {
            return ""
        }
        return " (did you mean \"\(intended)\"?)"
    }

    private func describe(_ index: Int32) -> String {
        if let tag = script.environment.compositionalTag(at: index) { return "a compositional.\(tag)" }
        switch lua.type(at: index) {
        case .number: return AttributeRules.number(lua.number(at: index) ?? 0)
        case .string: return "the string \"\(lua.string(at: index) ?? "")\""
        case .nil, .none: return "nil"
        case let other: return "a \(other.name)"
        }
    }

    private func error(_ message: String, field: String? = nil) -> ScriptError {
        let site = field.map { script.site(ofWord: $0) } ?? script.compositionalSite
        return ScriptError(kind: .invalidValue, message: "\(site): compositional{...}: \(message)")
    }
}
