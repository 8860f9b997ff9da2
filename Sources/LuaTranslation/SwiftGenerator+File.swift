/// The Swift of a translation. A plain script is a whole file (a class of its functions, its
/// records, constants and the Lua helpers). A layout is the parts the export places around its
/// own (docs/lua-to-swift.md): what the app sees — the data protocols and state, the
/// attributes class, the UIKit subclass and its flow delegate — and the translated Lua itself,
/// private to the file.
extension SwiftGenerator {
    func generateFile() throws(Refusal) -> String {
        let parts = try generateParts()
        let file = SwiftWriter()
        file.line("// \(typeName).swift: \(fileInComments) translated to Swift by lualayout (docs/lua-to-swift.md).")
        file.line("// Lua's rules are kept where Swift's differ (integer division and modulo, how numbers print);")
        file.line("// the Lua semantics helpers at the end say which.")
        file.blank()
        file.line("import Foundation")
        file.blank()
        for line in parts.implementation.lines { file.line(line) }
        return file.text
    }

    /// The public part (empty for a plain script) and the private part with the helpers.
    func generateParts() throws(Refusal) -> (declarations: SwiftWriter, implementation: SwiftWriter) {
        let (constants, script, records) = try writeScriptParts()
        let extra = SwiftWriter()
        if inference.schemaTables[.extra] != nil { try writeExtra(extra) }
        let declarations = SwiftWriter()
        let support = SwiftWriter()
        if module.kind != .plain {
            try writeProvided(declarations)
            try writeAttributesClass(declarations)
            try LayoutSubclassWriter(self).write(declarations)
            try writeContext(support)
            if usesElementSink || module.kind == .custom { try writeElements(support) }
        }
        let implementation = SwiftWriter()
        if module.kind != .plain {
            implementation.line("// MARK: - \(fileInComments), translated")
        }
        writeBody([support, script, extra, records, constants], to: implementation)
        return (declarations, implementation)
    }

    /// What both translations open with: the members named, then the file's constants, the
    /// script class and every record it builds (writing a record can name another, a field
    /// holding a record: until none is new).
    private func writeScriptParts() throws(Refusal) -> (
        constants: SwiftWriter, script: SwiftWriter, records: SwiftWriter
    ) {
        nameMembers()
        let constants = SwiftWriter()
        let script = SwiftWriter()
        try writeConstants(constants)
        try writeClass(script)
        let records = SwiftWriter()
        var written = 0
        while written < recordOrder.count {
            let table = recordOrder[written]
            written += 1
            records.blank()
            try writeRecord(table, records)
        }
        return (constants, script, records)
    }

    /// A compositional layout's `sectionProvider` alone (`LuaTranslator.translateSectionProvider`):
    /// the constants and local functions it reads, the script class with the provider as a
    /// method, the records and the helpers; the layout's hooks are left to the export.
    func generateProvider() throws(Refusal) -> (declarations: String, implementation: String) {
        let (constants, script, records) = try writeScriptParts()
        if usesCustomItems {
            let item = prefix + "CustomItem"
            records.blank()
            records.line(
                "/// A frame a custom group's itemProvider returns (\(fileInComments)), in the group's coordinates.")
            records.line("private struct \(item) {")
            records.line("    var x: Double, y: Double, width: Double, height: Double")
            records.line("    var zIndex: Int? = nil")
            records.blank()
            records.line("    @MainActor var uikitItem: NSCollectionLayoutGroupCustomItem {")
            records.line(
                "        NSCollectionLayoutGroupCustomItem(frame: CGRect(x: x, y: y, width: width, height: height), zIndex: zIndex ?? 0)"
            )
            records.line("    }")
            records.line("}")
        }
        // The layout's hooks: the attributes class and the layout subclass calling them, with
        // the data and state they and the provider read (cv).
        let declarations = SwiftWriter()
        let support = SwiftWriter()
        if providesHooks {
            try writeProvided(declarations)
            try writeAttributesClass(declarations)
            try LayoutSubclassWriter(self).write(declarations)
            try writeContext(support)
        } else if providerContext != nil {
            // A provider reading cv: the data and state it reads, the layout holding them, cv.
            try writeProvided(declarations)
            LayoutSubclassWriter(self).writeProviderLayout(declarations)
            try writeContext(support)
        }
        let file = SwiftWriter()
        file.line(
            "// MARK: - \(fileInComments)'s \(providesHooks ? "sections and hooks" : "sectionProvider"), translated")
        writeBody([support, script, records, constants], to: file)
        return (declarations.lines.drop(while: \.isEmpty).joined(separator: "\n"), file.text)
    }

    /// The translated parts, each after a blank line, then the Lua semantics helpers they use.
    private func writeBody(_ parts: [SwiftWriter], to writer: SwiftWriter) {
        for part in parts where !part.lines.isEmpty {
            writer.blank()
            for line in part.lines { writer.line(line) }
        }
        let helpers = LuaHelper.closure(of: self.helpers)
        guard !helpers.isEmpty else { return }
        writer.blank()
        writer.line("// MARK: - Lua semantics")
        for helper in helpers {
            writer.blank()
            writer.line(helper.source)
        }
    }

    /// The translated provider comes with the layout's hooks (`attributes` and its kin): the
    /// export returns the layout subclass calling them (docs/lua-to-swift.md, "A section provider").
    var providesHooks: Bool {
        CallbackSignature.translatingProvider
            && !LayoutSubclassWriter(self).functions.subtracting(["sectionProvider"]).isEmpty
    }

    /// Names for top-level locals and layout fields, unique among the class's members.
    private func nameMembers() {
        memberNames = ["init", "deinit", typeName]
        for member in module.members {
            switch member {
            case .layoutField(let name, _): memberNames.insert(SwiftNames.identifier(name).trimmingCharacters(in: "`"))
            default: break
            }
        }
        for member in module.members {
            switch member {
            case .constant(let variable, _), .state(let variable, _), .function(let variable, _):
                var name = SwiftNames.identifier(variable.name)
                var counter = 2
                while memberNames.contains(name.trimmingCharacters(in: "`")) {
                    name = variable.name + String(counter)
                    counter += 1
                }
                memberNames.insert(name.trimmingCharacters(in: "`"))
                variableNames[ObjectIdentifier(variable)] = name
            case .layoutField: break
            }
        }
    }

    private func startMember() {
        usedLocalNames = memberNames.union(SwiftNames.reserved)
    }

    private func writeConstants(_ writer: SwiftWriter) throws(Refusal) {
        for member in module.members {
            guard case .constant(let variable, let value) = member else { continue }
            if CallbackSignature.translatingProvider,
                case .api(.compositionalNamespace) = inference.slot(for: variable).type.shape
            {
                continue  // `local C = compositional`: its calls are written as UIKit's values.
            }
            if involvesCompositional(inference.slot(for: variable).type) {
                omitted.append((variable.name, value.location, CompositionalNote.structure))
                continue
            }
            startMember()
            let type = try swiftType(of: inference.slot(for: variable))
            let code = try emit(value, as: type)
            let annotation = needsAnnotation(code, type) ? ": \(type.text)" : ""
            writer.line("private let \(name(of: variable))\(annotation) = \(code.text)")
        }
    }

    private func writeClass(_ writer: SwiftWriter) throws(Refusal) {
        let body = SwiftWriter()
        body.indentation = 1
        if inference.usesRandom {
            helpers.insert(.random)
            if module.kind != .plain {
                body.line(
                    "/// Lua's math.randomseed value (`--seed`): the generator restarts from it at every prepare.")
                body.line("var seed = 0")
            }
            body.line("private var random = LuaRandom(seed: 0)")
        }
        try writeProperties(body)
        try writeMethods(body)
        writer.line(classComment())
        if module.kind != .plain { writer.line("@MainActor") }
        writer.line("\(module.kind == .plain ? "" : "private ")final class \(typeName) {")
        if !omitted.isEmpty {
            writer.line("    // Not translated (docs/lua-to-swift.md):")
            for reason in omitted.map(\.reason).reduce(into: [String](), { if !$0.contains($1) { $0.append($1) } }) {
                let names = omitted.filter { $0.reason == reason }.map { "\($0.name) (line \($0.location.line))" }
                writer.line("    // \(names.joined(separator: ", ")): \(reason).")
            }
            if !body.lines.allSatisfy(\.isEmpty) { writer.blank() }
        }
        if providerContext != nil {
            writer.line(
                "    /// The layout whose sections this provides (its collection view, data and state: cv); set by make\(prefix)Layout."
            )
            writer.line("    weak var layout: \(prefix)Layout?")
            if !body.lines.allSatisfy(\.isEmpty) { writer.blank() }
        }
        for line in body.lines.drop(while: \.isEmpty) { writer.line(line) }
        writer.line("}")
    }

    /// The class's stored properties: the script's changing top-level locals and the layout
    /// table's values (a flow's properties).
    private func writeProperties(_ body: SwiftWriter) throws(Refusal) {
        for member in module.members {
            switch member {
            case .state(let variable, let value):
                let slot = inference.slot(for: variable)
                if CallbackSignature.translatingProvider, case .api(.compositionalNamespace) = slot.type.shape {
                    continue  // `local C = compositional`: its calls are written as UIKit's values.
                }
                if involvesCompositional(slot.type) {
                    omitted.append((variable.name, value?.location ?? variable.location, CompositionalNote.structure))
                    continue
                }
                startMember()
                let type = try swiftType(of: slot)
                let name = name(of: variable)
                guard let value else {
                    body.line("private var \(name): \(type.text)\(type.isOptional ? " = nil" : "")")
                    continue
                }
                let code = try emit(value, as: type)
                let lazy = referencesMembers(value) ? "lazy " : ""
                let annotation = needsAnnotation(code, type) || !lazy.isEmpty ? ": \(type.text)" : ""
                body.line("private \(lazy)var \(name)\(annotation) = \(code.text)")
            case .layoutField(let name, let value):
                if case .function = value.kind { continue }
                // A layout of one section: the translated provider returns it (writeMethods).
                if CallbackSignature.translatingProvider && name == "section" { continue }
                // A flow's properties are the export's (makeNAMELayout sets them); the layout
                // subclass answers flipsHorizontallyInOppositeLayoutDirection.
                if module.kind == .flow, TypeInference.flowPropertySchema(name) != nil || FlowProperty.isProperty(name)
                {
                    continue
                }
                if name == "flipsHorizontallyInOppositeLayoutDirection" { continue }
                guard let layout = inference.chunkResult.resolved.type.shape.table, let slot = layout.fields[name]
                else {
                    continue
                }
                if let reason = CallbackSignature.omission(for: name) {
                    omitted.append((name, value.location, reason))
                    continue
                }
                if involvesCompositional(slot.type) {
                    omitted.append((name, value.location, CompositionalNote.structure))
                    continue
                }
                startMember()
                let type = try swiftType(of: slot)
                let code = try emit(value, as: type)
                let keyword = slot.resolved.reassigned ? "var" : "let"
                let lazy = referencesMembers(value) ? "lazy " : ""
                let annotation = needsAnnotation(code, type) || !lazy.isEmpty ? ": \(type.text)" : ""
                body.line(
                    "\(lazy.isEmpty ? keyword : "lazy var") \(SwiftNames.identifier(name))\(annotation) = \(code.text)")
            default: continue
            }
        }
    }

    /// The layout table's functions (internal: the engine's callbacks) and the top-level local
    /// functions (private).
    private func writeMethods(_ body: SwiftWriter) throws(Refusal) {
        for member in module.members {
            switch member {
            case .layoutField("section", let value) where CallbackSignature.translatingProvider:
                // The same section for every index, as UIKitSurface's `init(section:)` lays it out.
                startMember()
                body.blank()
                let section = try emit(value, as: .named("NSCollectionLayoutSection"))
                try body.block(
                    "func sectionProvider(_: Int, _: any NSCollectionLayoutEnvironment) -> NSCollectionLayoutSection?"
                ) {
                    () throws(Refusal) in
                    body.line("return \(section.text)")
                }
            case .layoutField(let name, let value):
                guard case .function(let function) = value.kind else { continue }
                if let reason = CallbackSignature.omission(for: name) {
                    omitted.append((name, value.location, reason))
                    continue
                }
                if involvesCompositional(ValueType(shape: .function(inference.functionType(for: function)))) {
                    omitted.append((name, value.location, CompositionalNote.structure))
                    continue
                }
                startMember()
                body.blank()
                try functionDeclaration(name: SwiftNames.identifier(name), function, access: "", body)
            case .function(let variable, let function):
                if involvesCompositional(inference.slot(for: variable).type) {
                    omitted.append((variable.name, function.location, CompositionalNote.structure))
                    continue
                }
                startMember()
                body.blank()
                guard isReferenced(variable) else {
                    body.line("// \(variable.name) (line \(function.location.line)) is never called: not translated")
                    continue
                }
                try functionDeclaration(name: name(of: variable), function, access: "private ", body)
            default: continue
            }
        }
    }

    private func classComment() -> String {
        switch module.kind {
        case .plain: "/// \(fileInComments)'s functions."
        case .compositional where CallbackSignature.translatingProvider:
            "/// \(fileInComments)'s section provider and the functions it calls, translated: the layout calls sectionProvider for every section."
        default:
            "/// \(fileInComments)'s functions and the state they keep, translated: \(prefix)Layout calls them as UIKit calls the layout."
        }
    }

    /// Whether a top-level value reads the class's members (it then waits for the instance).
    private func referencesMembers(_ value: Expression) -> Bool {
        var found = false
        SyntaxWalk.visit(value, { _ in }) { expression in
            if case .local(let variable) = expression.kind, variable.function == nil {
                switch module.role(of: variable) {
                case .state, .function, .layout: found = true
                default: break
                }
            }
        }
        return found
    }

    // MARK: Records

    private func writeRecord(_ table: TableType, _ writer: SwiftWriter) throws(Refusal) {
        let name = recordName(table)
        let isClass = isClassRecord(table)
        var fields: [(String, SwiftType)] = []
        for field in table.fieldOrder {
            guard let slot = table.fields[field], !isAlwaysNil(slot) else { continue }
            fields.append((SwiftNames.identifier(field), try swiftType(of: slot)))
        }
        let sendable = isClass ? "" : ": Sendable"
        writer.line("/// A table \(fileInComments) builds with named fields (line \(table.firstLocation?.line ?? 0)).")
        try writer.block("private \(isClass ? "final class" : "struct") \(name)\(sendable)") { () throws(Refusal) in
            for (field, type) in fields {
                writer.line("\(isClass ? "var" : "let") \(field): \(type.text)")
            }
            writer.blank()
            let parameters = fields.map {
                "\($0.0.trimmingCharacters(in: "`")): \($0.1.text)\($0.1.isOptional ? " = nil" : "")"
            }
            try writer.block("init(\(parameters.joined(separator: ", ")))") { () throws(Refusal) in
                for (field, _) in fields {
                    writer.line("self.\(field.trimmingCharacters(in: "`")) = \(field.trimmingCharacters(in: "`"))")
                }
            }
        }
    }

    /// The `extra` table of `out:` calls: its fields, applied to what was placed.
    private func writeExtra(_ writer: SwiftWriter) throws(Refusal) {
        let table = inference.schemaTable(.extra)
        var fields: [(String, SwiftType)] = []
        for field in table.fieldOrder {
            guard let slot = table.fields[field] else { continue }
            fields.append((field, try swiftType(of: slot).optional))
        }
        writer.line("/// The extra attributes \(fileInComments) passes to out:cell/supplementary/decoration.")
        writer.line("@MainActor")
        try writer.block("private final class \(prefix)Extra") { () throws(Refusal) in
            for (field, type) in fields { writer.line("var \(SwiftNames.identifier(field)): \(type.text)") }
            writer.blank()
            let parameters = fields.map { "\($0.0): \($0.1.text) = nil" }
            try writer.block("init(\(parameters.joined(separator: ", ")))") { () throws(Refusal) in
                for (field, _) in fields { writer.line("self.\(field) = \(field)") }
            }
            writer.blank()
            try writer.block("func apply(to attributes: \(prefix)Attributes)") { () throws(Refusal) in
                for (field, _) in fields {
                    let store: String
                    switch field {
                    case "alpha": store = "attributes.alpha = CGFloat(alpha)"
                    case "hidden": store = "attributes.isHidden = hidden"
                    case "transform3D":
                        helpers.insert(.transforms)
                        store = "attributes.transform3D = makeTransform3D(transform3D)"
                    case "animations":
                        writesAnimations = true
                        store = "attributes.animations = animations"
                    default: store = "attributes.\(SwiftNames.identifier(field)) = \(field)"
                    }
                    writer.line("if let \(field) { \(store) }")
                }
            }
        }
    }

    var usesElementSink: Bool {
        inference.functionTypes.values.contains { $0.resolved.callback?.name == "prepare" }
    }
}

enum CompositionalNote {
    static let structure = "the compositional structure: the export writes it with UIKit's values (phase 2)"
}
