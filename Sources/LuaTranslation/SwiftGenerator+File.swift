/// The whole file: what the app provides (protocols, the state), the layout class, the
/// records, the constants and the Lua helpers, in that order.
extension SwiftGenerator {
    func generateFile() throws(Refusal) -> String {
        nameMembers()
        let constants = SwiftWriter()
        let layout = SwiftWriter()
        try writeConstants(constants)
        try writeClass(layout)
        let records = SwiftWriter()
        var written = 0
        // Writing a record can name another (a field holding a record): until none is new.
        while written < recordOrder.count {
            let table = recordOrder[written]
            written += 1
            records.blank()
            try writeRecord(table, records)
        }
        let extra = SwiftWriter()
        if inference.schemaTables[.extra] != nil { try writeExtra(extra) }
        let provided = SwiftWriter()
        try writeProvided(provided)

        let file = SwiftWriter()
        file.line("// \(typeName).swift: \(file_) translated to Swift by lualayout (docs/lua-to-swift.md).")
        file.line("// Lua's rules are kept where Swift's differ (integer division and modulo, how numbers print);")
        file.line("// the Lua semantics helpers at the end say which.")
        file.blank()
        file.line("import Foundation")
        for part in [provided, layout, extra, records, constants] where !part.lines.isEmpty {
            file.blank()
            for line in part.lines { file.line(line) }
        }
        let helpers = LuaHelper.closure(of: self.helpers)
        if !helpers.isEmpty {
            file.blank()
            file.line("// MARK: - Lua semantics")
            for helper in helpers {
                file.blank()
                file.line(helper.source)
            }
        }
        return file.text
    }

    private var file_: String { file }

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
        writer.line("final class \(typeName) {")
        if !omitted.isEmpty {
            writer.line("    // Not translated (docs/lua-to-swift.md):")
            for reason in omitted.map(\.reason).reduce(into: [String](), { if !$0.contains($1) { $0.append($1) } }) {
                let names = omitted.filter { $0.reason == reason }.map { "\($0.name) (line \($0.location.line))" }
                writer.line("    // \(names.joined(separator: ", ")): \(reason).")
            }
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
        case .custom:
            "/// The layout of \(file): prepare() places every element (a UICollectionViewLayout subclass in phase 2)."
        case .flow: "/// The flow layout of \(file): its delegate callbacks and hooks."
        case .plain: "/// \(file)'s functions."
        case .compositional:
            "/// The logic of the compositional layout of \(file): its hooks (the export writes its structure)."
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
        writer.line("/// A table \(file) builds with named fields (line \(table.firstLocation?.line ?? 0)).")
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
        writer.line("/// The extra attributes \(file) passes to out:cell/supplementary/decoration.")
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
                    writer.line("if let \(field) { attributes.\(field) = \(field) }")
                }
            }
        }
    }

    // MARK: What the app provides

    private func writeProvided(_ writer: SwiftWriter) throws(Refusal) {
        if let table = inference.schemaTables[.itemData] {
            try writeDataProtocol(prefix + "ItemData", table, "an item's data (cv:itemData(section, item))", writer)
        }
        if let table = inference.schemaTables[.sectionData] {
            try writeDataProtocol(prefix + "SectionData", table, "a section's data (cv:sectionData(section))", writer)
        }
        var written = 0
        while written < dataProtocolOrder.count {
            let (table, name) = dataProtocolOrder[written]
            written += 1
            try writeDataProtocol(name, table, "a table inside the data", writer)
        }
        if let state = inference.schemaTables[.state] {
            writer.blank()
            writer.line("/// The host state \(file) reads (cv.state): the app sets it.")
            try writer.block("struct \(prefix)State") { () throws(Refusal) in
                for field in state.fieldOrder {
                    guard let slot = state.fields[field] else { continue }
                    writer.line("var \(SwiftNames.identifier(field)): \(try swiftType(of: slot).text) = nil")
                }
            }
        }
        try writeCollectionViewProtocol(writer)
        try writeAttributesClass(writer)
    }

    private func writeDataProtocol(
        _ name: String, _ table: TableType, _ what: String, _ writer: SwiftWriter
    )
        throws(Refusal)
    {
        writer.blank()
        writer.line("/// The fields \(file) reads from \(what): the app's data implements it.")
        try writer.block("protocol \(name)") { () throws(Refusal) in
            for field in table.fieldOrder {
                guard let slot = table.fields[field] else { continue }
                writer.line("var \(SwiftNames.identifier(field)): \(try swiftType(of: slot).text) { get }")
            }
        }
    }

    private func writeCollectionViewProtocol(_ writer: SwiftWriter) throws(Refusal) {
        guard !collectionViewMembers.isEmpty else { return }
        let attributes = prefix + "Attributes"
        let declarations: [(String, String)] = [
            ("bounds", "var bounds: LayoutRect { get }"),
            ("scale", "var scale: Double { get }"),
            ("numberOfSections", "var numberOfSections: Int { get }"),
            ("numberOfItems", "func numberOfItems(_ section: Int) -> Int"),
            ("itemData", "func itemData(_ section: Int, _ item: Int) -> (any \(prefix)ItemData)?"),
            ("sectionData", "func sectionData(_ section: Int) -> (any \(prefix)SectionData)?"),
            ("state", "var state: \(prefix)State { get }"),
            ("contentSize", "var contentSize: LayoutSize? { get }"),
            ("contentInset", "var contentInset: LayoutInsets { get }"),
            ("safeAreaInsets", "var safeAreaInsets: LayoutInsets { get }"),
            ("adjustedContentInset", "var adjustedContentInset: LayoutInsets { get }"),
            ("layoutMargins", "var layoutMargins: LayoutInsets { get }"),
            ("layoutDirection", "var layoutDirection: String { get }"),
            ("traits", "var traits: LayoutTraits { get }"),
            ("layoutAttributesForItem", "func layoutAttributesForItem(_ section: Int, _ item: Int) -> \(attributes)?"),
            (
                "layoutAttributesForSupplementaryElement",
                "func layoutAttributesForSupplementaryElement(_ kind: String, _ section: Int, _ item: Int) -> \(attributes)?"
            ),
            (
                "layoutAttributesForDecorationElement",
                "func layoutAttributesForDecorationElement(_ kind: String, _ section: Int, _ item: Int) -> \(attributes)?"
            ),
            ("layoutAttributesForElements", "func layoutAttributesForElements(in rect: LayoutRect) -> [\(attributes)]"),
        ]
        writer.blank()
        writer.line("/// What \(file) reads from its collection view (`cv`): the host implements it.")
        try writer.block("protocol \(prefix)CollectionView") { () throws(Refusal) in
            for (member, declaration) in declarations where collectionViewMembers.contains(member) {
                writer.line(declaration)
            }
        }
    }

    private func writeAttributesClass(_ writer: SwiftWriter) throws(Refusal) {
        guard
            inference.schemaTables[.attributes] != nil || inference.schemaTables[.extra] != nil
                || collectionViewMembers.contains("") || usesElementSink
        else { return }
        let table = inference.schemaTable(.attributes)
        var custom: [(String, SwiftType)] = []
        for field in table.fieldOrder {
            guard let slot = table.fields[field], !slot.resolved.fixed else { continue }
            custom.append((field, try swiftType(of: slot).optional))
        }
        writer.blank()
        writer.line("/// The attributes of \(file)'s elements, with its custom fields.")
        try writer.block("final class \(prefix)Attributes: LayoutAttributes") { () throws(Refusal) in
            for (field, type) in custom { writer.line("var \(SwiftNames.identifier(field)): \(type.text)") }
            guard !custom.isEmpty else { return }
            writer.blank()
            try writer.block("override func copyCustomFields(from other: LayoutAttributes)") { () throws(Refusal) in
                writer.line("guard let other = other as? \(prefix)Attributes else { return }")
                for (field, _) in custom {
                    writer.line("\(SwiftNames.identifier(field)) = other.\(SwiftNames.identifier(field))")
                }
            }
            writer.blank()
            try writer.block("override var customFields: [(name: String, value: CustomValue)]") { () throws(Refusal) in
                writer.line("var fields: [(name: String, value: CustomValue)] = []")
                for (field, _) in custom {
                    let name = SwiftNames.identifier(field)
                    writer.line(
                        "if let \(name) { fields.append((\(SwiftLiteral.string(field)), CustomValue(\(name)))) }")
                }
                writer.line("return fields")
            }
        }
    }

    private var usesElementSink: Bool {
        inference.functionTypes.values.contains { $0.resolved.callback?.name == "prepare" }
    }
}

enum CompositionalNote {
    static let structure = "the compositional structure: the export writes it with UIKit's values (phase 2)"
}
