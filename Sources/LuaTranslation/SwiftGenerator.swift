/// Writes the Swift for a type-checked script: the layout class, the records the script
/// builds, the protocols the app implements, and the few Lua semantics helpers it uses.
final class SwiftGenerator {
    let inference: TypeInference
    let module: ModuleStructure
    /// `Raggy` for raggy.lua: the prefix of every type the app sees.
    let prefix: String
    let typeName: String
    let file: String
    /// `file` as the generated doc comments quote it: every scalar that could end the comment
    /// or reorder what a reader sees (a line break, a bidirectional control) spelled as an
    /// escape, as in a string literal.
    let fileInComments: String

    /// Record types by their root table, in the order they were named.
    private(set) var records: [ObjectIdentifier: String] = [:]
    private(set) var recordOrder: [TableType] = []
    private var usedTypeNames: Set<String> = []
    /// Nested data records (an item's data inside an item's data) and their protocol names.
    private(set) var dataProtocols: [ObjectIdentifier: String] = [:]
    private(set) var dataProtocolOrder: [(TableType, String)] = []
    /// Lua semantics helpers the source calls (emitted at the end of the file).
    var helpers: Set<LuaHelper> = []
    /// Members of `cv` the script reads (the context declares only those).
    var collectionViewMembers: Set<String> = []
    /// The script reads or sets looping animations (`a.animations`): the attributes carry them.
    var writesAnimations = false
    /// Swift names of the script's variables.
    var variableNames: [ObjectIdentifier: String] = [:]
    /// Names taken in the member being written (locals are unique within it).
    var usedLocalNames: Set<String> = []
    /// Names of the class's members and the file's constants.
    var memberNames: Set<String> = []
    /// The deployment target deprecated `subitem:count:` (iOS 16): a translated provider writes
    /// `repeatingSubitem:count:` with the item resized as that initializer would.
    var replacesSubitemCount = false
    /// A custom group's itemProvider was written: `NAMECustomItem` is declared.
    var usesCustomItems = false
    /// Closures being written (members need `self.` inside them).
    var closureDepth = 0
    /// A translated section provider's `cv` (its Swift name) when it reads it: the script then
    /// reaches the layout (`NAMELayout`) and its collection view, data and state.
    var providerContext: String?
    /// A translated section provider's `env` (its Swift name): a list section is made from it.
    var providerEnvironment: String?
    /// The functions being written, innermost last.
    var functionStack: [FunctionType] = []
    /// Members left out of the class (the compositional structure, self-sizing answers): name,
    /// where, why. The class's header comment lists them; so does the interface.
    var omitted: [(name: String, location: SourceLocation, reason: String)] = []

    /// Where the translated Swift is known to part from lualayout for this script, one line each
    /// (docs/lua-to-swift.md, "Where Swift and Lua still part"), for the export's header.
    var differences: [String] {
        let updateHooks = module.members.compactMap { member -> String? in
            guard case .layoutField(let name, let value) = member, case .function = value.kind,
                name == "initialLayoutAttributesForAppearingItem" || name == "finalLayoutAttributesForDisappearingItem"
            else { return nil }
            return name
        }
        guard !updateHooks.isEmpty else { return [] }
        return [
            "\(updateHooks.joined(separator: " and ")): the translated override hands the hook an item's attributes in the new layout, transparent, where lualayout hands an item on screen before the update its attributes before it; a hook that sets every field it animates behaves the same (docs/lua-to-swift.md, \"Where Swift and Lua still part\")"
        ]
    }
    /// Locals holding a count (`local n = cv:numberOfItems(0)`): `for i = 0, n - 1` is `0..<n`.
    lazy var countLocals = CountingLimit.countLocals(in: inference.chunk, inference: inference)
    /// Variables that live code reads: a local function nobody calls (or only dead code calls)
    /// is left out.
    lazy var referencedVariables: Set<ObjectIdentifier> = LiveCode.referencedVariables(in: inference.chunk)

    /// A place that only ever holds nil (never assigned a value): not declared; reads are nil.
    func isAlwaysNil(_ slot: Slot) -> Bool {
        let root = slot.resolved
        return root.type.shape.isUnknown && !root.typedByUse && !root.fixed && !root.holdsElements
    }

    func isReferenced(_ variable: Variable) -> Bool { referencedVariables.contains(ObjectIdentifier(variable)) }

    init(inference: TypeInference, module: ModuleStructure, prefix: String, file: String) {
        self.inference = inference
        self.module = module
        self.prefix = prefix
        self.typeName = prefix + (module.kind == .plain ? "" : "Script")
        self.file = file
        self.fileInComments = String(SwiftLiteral.string(file).dropFirst().dropLast())
        usedTypeNames = Set(
            [
                "Layout", "Attributes", "Extra", "State", "ItemData", "SectionData", "LayoutData", "Context",
                "Elements", "Script", "FlowDelegate", "Animation", "CustomItem", "ElementKind", "ViewController",
            ].map { prefix + $0 })
    }

    // MARK: Types

    func swiftType(of slot: Slot) throws(Refusal) -> SwiftType {
        let root = slot.resolved
        let base = try swiftType(of: root.type.shape, slot: root, at: root.origin)
        return isOptional(root) ? base.optional : base
    }

    /// Whether a place's Swift type keeps `?`: it may hold nil and something tests for it (or
    /// stores nil on purpose); otherwise a nil read is unwrapped where it is stored, as Lua
    /// would fail on using it.
    func isOptional(_ slot: Slot) -> Bool {
        let root = slot.resolved
        // A table holds no nil: storing nil removes the key.
        guard root.type.nilable || root.type.falsable, !root.holdsElements else { return false }
        return root.nilTested || root.explicitNil || root.typedByUse
    }

    func swiftType(
        of type: ValueType, optional: Bool? = nil, at location: SourceLocation? = nil
    ) throws(Refusal)
        -> SwiftType
    {
        let base = try swiftType(of: type.shape, slot: nil, at: location)
        return (optional ?? (type.nilable || type.falsable)) ? base.optional : base
    }

    func swiftType(of shape: Shape, slot: Slot?, at location: SourceLocation?) throws(Refusal) -> SwiftType {
        switch shape {
        case .unknown where slot?.resolved.holdsElements == true && slot?.resolved.typedByUse == false:
            // Nothing is ever stored: an always-empty table.
            return .named("Never")
        case .unknown:
            let what = slot?.label ?? "a value"
            throw Refusal(
                location ?? slot?.origin ?? SourceLocation(line: 1, column: 1),
                slot?.typedByUse == true
                    ? "the type of \(what) cannot be told from how the script uses it: test it "
                        + "(type(x) == \"string\") or use it as a number or a string"
                    : "\(what) never holds a value (only nil): remove it or give it one")
        case .boolean: return .bool
        case .string: return .string
        case .number(let kind):
            if kind == .integer || slot?.resolved.usedAsInteger == true { return .int }
            return .double
        case .table(let table): return try swiftType(of: table.resolved, at: location)
        case .function(let function):
            let type = try functionType(function.resolved, at: location)
            // A translated provider's functions build UIKit's values, which live on the main actor.
            return CallbackSignature.translatingProvider ? .named("@MainActor " + type.text) : type
        case .api(.collectionView):
            collectionViewMembers.insert("")
            return .named(prefix + "Context")
        case .api(.elementSink): return .named(prefix + "Elements")
        case .api(.environment): return .existential("NSCollectionLayoutEnvironment")
        case .api(.compositionalValue(let kind)) where CallbackSignature.translatingProvider:
            guard let type = UIKitSpelling.compositionalType(kind) else {
                throw Refusal(
                    location ?? slot?.origin ?? SourceLocation(line: 1, column: 1),
                    "\(kind) is not translated in a section provider (docs/lua-to-swift.md lists what is)")
            }
            return .named(type)
        case .api(.compositionalNamespace), .api(.compositionalValue):
            throw Refusal(
                location ?? slot?.origin ?? SourceLocation(line: 1, column: 1),
                "\(slot?.label ?? "this value") is compositional structure, which the export writes with UIKit's values "
                    + "(phase 2): the translated logic cannot use it")
        }
    }

    func swiftType(of table: TableType, at location: SourceLocation?) throws(Refusal) -> SwiftType {
        if let schema = table.schema { return schemaType(schema.kind) }
        if table.dataRecord, table.entries == nil { return .existential(dataProtocolName(table)) }
        if let entries = table.entries {
            // Nothing is ever stored: an always-empty table.
            let empty = entries.resolved.type.shape.isUnknown && !entries.resolved.typedByUse
            let element = empty ? SwiftType.named("Never") : try swiftType(of: entries)
            if case .string = table.keyShape { return .dictionary(.string, element) }
            return TableKind.isDictionary(table) ? .dictionary(.int, element) : .array(element)
        }
        if table.fields.isEmpty { return .array(.named("Never")) }
        return .named(recordName(table))
    }

    func schemaType(_ kind: APISchema.Kind) -> SwiftType {
        UIKitSpelling.type(of: kind, prefix: prefix)
    }

    func functionType(_ function: FunctionType, at location: SourceLocation?) throws(Refusal) -> SwiftType {
        let parameters = try function.parameters.map { (slot) throws(Refusal) in try swiftType(of: slot) }
        return .function(parameters, try resultType(of: function))
    }

    func resultType(of function: FunctionType) throws(Refusal) -> SwiftType {
        let results = try function.results.map { (slot) throws(Refusal) in try swiftType(of: slot) }
        switch results.count {
        case 0: return .void
        case 1: return results[0]
        default: return .tuple(results)
        }
    }

    // MARK: Names

    func recordName(_ table: TableType) -> String {
        let root = table.resolved
        if let name = records[ObjectIdentifier(root)] { return name }
        let name = uniqueTypeName(SwiftNames.typeName(fromHint: root.nameHint ?? "Record"))
        records[ObjectIdentifier(root)] = name
        recordOrder.append(root)
        return name
    }

    func dataProtocolName(_ table: TableType) -> String {
        let root = table.resolved
        if let name = dataProtocols[ObjectIdentifier(root)] { return name }
        let name = uniqueTypeName(prefix + SwiftNames.typeName(fromHint: root.nameHint ?? "Data"))
        dataProtocols[ObjectIdentifier(root)] = name
        dataProtocolOrder.append((root, name))
        return name
    }

    private func uniqueTypeName(_ base: String) -> String {
        let builtIn: Set<String> = [
            "String", "Int", "Double", "Bool", "Array", "Dictionary", "Set", "Optional", "Character", "Range",
            "CGRect", "CGPoint", "CGSize", "CGFloat", "UIEdgeInsets", "NSDirectionalEdgeInsets", "UITraitCollection",
            "IndexPath", "CATransform3D", "Type", "Self", "Any", "NSObject", "UIKit", "Foundation",
        ]
        var name = base
        var counter = 2
        while usedTypeNames.contains(name) || builtIn.contains(name) {
            name = base + String(counter)
            counter += 1
        }
        usedTypeNames.insert(name)
        return name
    }

    /// Whether a value holds compositional structure (directly, in a table, or as a function's
    /// parameter or result): such members are left to the export.
    func involvesCompositional(_ type: ValueType) -> Bool {
        var seen: Set<ObjectIdentifier> = []
        func check(_ shape: Shape) -> Bool {
            switch shape {
            case .api(.compositionalNamespace): return true
            case .api(.compositionalValue): return !CallbackSignature.translatingProvider
            case .table(let table):
                let root = table.resolved
                guard seen.insert(ObjectIdentifier(root)).inserted else { return false }
                return (root.entries.map { check($0.resolved.type.shape) } ?? false)
                    || root.fields.values.contains { check($0.resolved.type.shape) }
            case .function(let function):
                let root = function.resolved
                guard seen.insert(ObjectIdentifier(root)).inserted else { return false }
                return (root.parameters + root.results).contains { check($0.resolved.type.shape) }
            default: return false
            }
        }
        return check(type.shape)
    }

    /// Records whose fields change after construction are classes (Lua tables are shared by
    /// reference); the others are structs.
    func isClassRecord(_ table: TableType) -> Bool {
        table.resolved.fieldsMutated
    }
}

/// Which Swift collection a table with entries becomes.
enum TableKind {
    /// Written under arbitrary integer keys (`t[k] = v` other than appends), or built with
    /// `[k] = v`: a dictionary keyed by integers, exactly as Lua's table behaves.
    static func isDictionary(_ table: TableType) -> Bool {
        let root = table.resolved
        if case .string = root.keyShape { return true }
        return root.writtenAtArbitraryKeys
    }
}

/// What the code that can run reads: the top level and the layout's functions, then every
/// local function they reach.
enum LiveCode {
    static func referencedVariables(in chunk: Chunk) -> Set<ObjectIdentifier> {
        var bodies: [ObjectIdentifier: [Statement]] = [:]
        SyntaxWalk.statements(
            chunk.body,
            { statement in
                if case .localFunction(let variable, let function) = statement.kind {
                    bodies[ObjectIdentifier(variable)] = function.body
                }
            }
        ) { _ in }
        var referenced: Set<ObjectIdentifier> = []
        var pending: [[Statement]] = [chunk.body]
        while let statements = pending.popLast() {
            SyntaxWalk.statements(statements, skippingLocalFunctions: true) { expression in
                guard case .local(let variable) = expression.kind else { return }
                let key = ObjectIdentifier(variable)
                if referenced.insert(key).inserted, let body = bodies[key] { pending.append(body) }
            }
        }
        return referenced
    }
}
