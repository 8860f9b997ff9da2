/// A place that holds values — a variable, a parameter, a function's result, a table's entries
/// or one of its fields — and the type of everything stored there so far. Places that must be
/// one Swift type are merged (union-find); types only grow, until nothing changes.
final class Slot {
    private var parent: Slot?
    fileprivate(set) var type = ValueType.unknown
    /// For messages: `local 'x'`, `field 'width' of the item data`.
    var label: String
    /// Where the first value was stored (a conflict names it).
    var origin: SourceLocation?
    /// Typed by how it is used rather than by what is stored: the engine fills it (data, state).
    var typedByUse = false
    /// Read where nil matters (a truth test, `or`, `== nil`): the Swift type keeps `?`.
    var nilTested = false
    /// Must be a Swift `Int` although the engine hands it over as a number (a data field used
    /// as a table key or an index).
    var usedAsInteger = false
    /// Assigned again after its declaration (a Swift `var`).
    var reassigned = false
    /// Holds a literal nil on some path (no initializer, `x = nil`, a missing result): the
    /// Swift type keeps `?` even when nothing tests it.
    var explicitNil = false
    /// A name for a record first stored here (`extra` → `Extra`).
    var nameHint: String?
    /// A table's elements (an array's, a dictionary's values).
    var holdsElements = false

    init(_ label: String, origin: SourceLocation? = nil) {
        self.label = label
        self.origin = origin
    }

    var resolved: Slot {
        guard let parent else { return self }
        let root = parent.resolved
        self.parent = root
        return root
    }

    fileprivate func link(to root: Slot) {
        parent = root
    }

    fileprivate func setType(_ type: ValueType) {
        self.type = type
    }

    /// A field of the project's API: its type is given, not inferred.
    fileprivate(set) var fixed = false

    func setFixed(_ type: ValueType) {
        self.type = type
        fixed = true
    }

    /// Holds nil on some path before anything is stored (a missing result, an absent field).
    func markNilable() {
        resolved.type.nilable = true
    }
}

/// A table the script builds (or an API table of the project: `cv.bounds`, an item's data, an
/// attributes object): the evidence of how it is used decides its Swift type — an array, a
/// dictionary or a record (a struct, or a class when its fields change after it is built).
final class TableType {
    private var parent: TableType?
    /// Values stored by position or under computed keys.
    var entries: Slot?
    /// The type of computed keys (`.integer` for positions), once known.
    var keyShape: Shape?
    /// Named fields in order of first use.
    var fieldOrder: [String] = []
    var fields: [String: Slot] = [:]
    /// First use of each kind, for "used two ways" messages.
    var arrayUse: SourceLocation?
    var mapUse: SourceLocation?
    var fieldUse: SourceLocation?
    /// Written under an integer key that is not the next position (`t[k] = v`): a dictionary.
    var writtenAtArbitraryKeys = false
    /// Entries written after construction (appends, stores), or fields assigned.
    var entriesMutated = false
    var fieldsMutated = false
    /// The project's own shape for this table (a point, an attributes object, …).
    var schema: APISchema?
    /// A name for the Swift type, from the variable or field it was first stored in.
    var nameHint: String?
    var firstLocation: SourceLocation?
    /// A record read from the engine's data (nested in an item's data): fields typed by use.
    var dataRecord = false

    init(at location: SourceLocation?) {
        firstLocation = location
    }

    var resolved: TableType {
        guard let parent else { return self }
        let root = parent.resolved
        self.parent = root
        return root
    }

    fileprivate func link(to root: TableType) {
        parent = root
    }

    var isRecord: Bool { entries == nil && (!fields.isEmpty || schema?.isRecord == true) }

    func describe() -> String {
        if let schema { return schema.description }
        if entries != nil, fields.isEmpty {
            return keyShape.map { if case .string = $0 { "a table keyed by strings" } else { "an array" } }
                ?? "an array"
        }
        if !fields.isEmpty { return "a table with fields \(fieldOrder.prefix(3).joined(separator: ", "))" }
        return "a table"
    }
}

/// A function's signature: one slot per parameter and per result. Functions stored in the same
/// place share one signature.
final class FunctionType {
    private var parent: FunctionType?
    var parameters: [Slot]
    var results: [Slot] = []
    /// The Lua functions with this signature.
    var bodies: [FunctionBody] = []
    /// A callback of the project (`prepare`, `sizeForItem`, …) the engine calls.
    var callback: CallbackSignature?

    init(parameters: [Slot]) {
        self.parameters = parameters
    }

    var resolved: FunctionType {
        guard let parent else { return self }
        let root = parent.resolved
        self.parent = root
        return root
    }

    fileprivate func link(to root: FunctionType) {
        parent = root
    }
}

/// Joins and merges types, remembering whether anything changed (inference runs to a fixed
/// point) and refusing, at the line where it happens, a value Swift cannot hold.
final class TypeSystem {
    private(set) var changed = false

    func noteChange() { changed = true }

    func startPass() { changed = false }

    /// Stores a value of `type` into `slot`.
    func store(_ type: ValueType, into slot: Slot, at location: SourceLocation) throws(Refusal) {
        let root = slot.resolved
        if root.fixed {
            try check(type, against: root, at: location)
            return
        }
        if root.origin == nil { root.origin = location }
        let joined = try join(root.type, type, at: location, label: root.label, origin: root.origin)
        if !same(joined, root.type) {
            root.setType(joined)
            changed = true
        }
    }

    /// Narrows a slot typed by use (API data) to `shape`, when nothing is known yet.
    func demand(_ shape: Shape, of slot: Slot?, at location: SourceLocation) throws(Refusal) {
        guard let root = slot?.resolved, root.typedByUse, root.type.shape.isUnknown else { return }
        if case .unknown = shape { return }
        if case .table(let table) = shape { markData(table) }
        var type = root.type
        // The engine hands numbers over as integers when whole, floats otherwise.
        if case .number = shape { type.shape = .number(.whole) } else { type.shape = shape }
        root.setType(type)
        if root.origin == nil { root.origin = location }
        changed = true
    }

    func merge(_ first: Slot, _ second: Slot, at location: SourceLocation) throws(Refusal) {
        var a = first.resolved
        var b = second.resolved
        guard a !== b else { return }
        // An API field keeps its given type: the other place must fit it.
        if b.fixed && !a.fixed { swap(&a, &b) }
        let joined: ValueType
        if a.fixed {
            try check(b.type, against: a, at: location)
            joined = a.type
        } else {
            joined = try join(a.type, b.type, at: location, label: a.label, origin: a.origin ?? b.origin)
        }
        b.link(to: a)
        a.setType(joined)
        a.nilTested = a.nilTested || b.nilTested
        a.usedAsInteger = a.usedAsInteger || b.usedAsInteger
        a.reassigned = a.reassigned || b.reassigned
        a.explicitNil = a.explicitNil || b.explicitNil
        a.typedByUse = a.typedByUse || b.typedByUse
        a.nameHint = a.nameHint ?? b.nameHint
        if a.origin == nil { a.origin = b.origin }
        changed = true
    }

    /// A value stored into a field of the API: numbers of any kind are converted; tables take
    /// the field's shape; anything else must match.
    private func check(_ type: ValueType, against slot: Slot, at location: SourceLocation) throws(Refusal) {
        let expected = slot.type
        switch (expected.shape, type.shape) {
        case (.number, .number), (.boolean, .boolean), (.string, .string), (_, .unknown): return
        case (.table(let field), .table(let value)):
            try unify(field, value, at: location)
        default:
            throw Refusal(location, "\(slot.label) takes \(expected.shape.name), not \(type.shape.name)")
        }
    }

    /// A table read from the engine's data: its elements and fields are typed by use too.
    func markData(_ table: TableType) {
        let root = table.resolved
        root.dataRecord = true
        for slot in Array(root.fields.values) + (root.entries.map { [$0] } ?? []) where !slot.resolved.typedByUse {
            slot.resolved.typedByUse = true
            changed = true
        }
    }

    func markNilTested(_ slot: Slot?) {
        guard let root = slot?.resolved, !root.nilTested else { return }
        root.nilTested = true
        changed = true
    }

    func markUsedAsInteger(_ slot: Slot?) {
        guard let root = slot?.resolved, root.typedByUse, !root.usedAsInteger else { return }
        root.usedAsInteger = true
        changed = true
    }

    func set(_ flag: ReferenceWritableKeyPath<TableType, Bool>, on table: TableType) {
        let root = table.resolved
        guard !root[keyPath: flag] else { return }
        root[keyPath: flag] = true
        changed = true
    }

    func join(
        _ a: ValueType, _ b: ValueType, at location: SourceLocation, label: String, origin: SourceLocation?
    ) throws(Refusal) -> ValueType {
        var result = ValueType(shape: .unknown)
        result.nilable = a.nilable || b.nilable
        result.shape = try joinShapes(a.shape, b.shape, at: location, label: label, origin: origin)
        result.falsable = (a.falsable || b.falsable) && !result.shape.isBoolean
        return result
    }

    private func joinShapes(
        _ a: Shape, _ b: Shape, at location: SourceLocation, label: String, origin: SourceLocation?
    ) throws(Refusal) -> Shape {
        switch (a, b) {
        case (.unknown, _): return b
        case (_, .unknown): return a
        case (.boolean, .boolean): return .boolean
        case (.string, .string): return .string
        case (.number(let x), .number(let y)): return .number(x.joined(with: y))
        case (.table(let x), .table(let y)): return .table(try unify(x, y, at: location))
        case (.function(let x), .function(let y)): return .function(try unify(x, y, at: location))
        case (.api(let x), .api(let y)) where x == y: return a
        case (.api(.compositionalValue(let x)), .api(.compositionalValue(let y))):
            // A group is an item (UIKit's subclass); other kinds mixed are an item of neither.
            let items: [CompositionalKind] = [.item, .group]
            return .api(.compositionalValue(items.contains(x) && items.contains(y) ? .item : .other))
        default:
            let elsewhere = origin.map { " at line \($0.line)" } ?? ""
            throw Refusal(
                location,
                "\(label) holds \(b.name) here and \(a.name)\(elsewhere): Swift gives a variable one type; "
                    + "use a separate variable (or field) for each")
        }
    }

    @discardableResult
    func unify(_ first: TableType, _ second: TableType, at location: SourceLocation) throws(Refusal) -> TableType {
        let a = first.resolved
        let b = second.resolved
        guard a !== b else { return a }
        if let x = a.schema, let y = b.schema, x != y {
            throw Refusal(
                location,
                "\(x.description) and \(y.description) meet here: they are different Swift types; use a variable for each"
            )
        }
        b.link(to: a)
        changed = true
        a.schema = a.schema ?? b.schema
        a.nameHint = a.nameHint ?? b.nameHint
        a.firstLocation = [a.firstLocation, b.firstLocation].compactMap { $0 }.min()
        a.arrayUse = [a.arrayUse, b.arrayUse].compactMap { $0 }.min()
        a.mapUse = [a.mapUse, b.mapUse].compactMap { $0 }.min()
        a.fieldUse = [a.fieldUse, b.fieldUse].compactMap { $0 }.min()
        a.writtenAtArbitraryKeys = a.writtenAtArbitraryKeys || b.writtenAtArbitraryKeys
        a.entriesMutated = a.entriesMutated || b.entriesMutated
        a.fieldsMutated = a.fieldsMutated || b.fieldsMutated
        a.dataRecord = a.dataRecord || b.dataRecord
        if let key = b.keyShape { try setKeyShape(key, of: a, at: location) }
        if let entries = b.entries {
            if let mine = a.entries { try merge(mine, entries, at: location) } else { a.entries = entries }
        }
        for name in b.fieldOrder {
            guard let slot = b.fields[name] else { continue }
            if let mine = a.fields[name] {
                try merge(mine, slot, at: location)
            } else {
                a.fields[name] = slot
                a.fieldOrder.append(name)
            }
        }
        return a
    }

    func setKeyShape(_ shape: Shape, of table: TableType, at location: SourceLocation) throws(Refusal) {
        let root = table.resolved
        guard let current = root.keyShape else {
            root.keyShape = shape
            changed = true
            return
        }
        switch (current, shape) {
        case (.number, .number), (.string, .string): return
        default:
            throw Refusal(
                location,
                "a table is keyed by \(shape.keyName) here and by \(current.keyName) elsewhere: "
                    + "a Swift dictionary has one key type; convert the keys (tostring(k)) or use two tables")
        }
    }

    @discardableResult
    func unify(
        _ first: FunctionType, _ second: FunctionType, at location: SourceLocation
    ) throws(Refusal)
        -> FunctionType
    {
        let a = first.resolved
        let b = second.resolved
        guard a !== b else { return a }
        guard a.parameters.count == b.parameters.count else {
            throw Refusal(
                location,
                "functions taking \(a.parameters.count) and \(b.parameters.count) parameters are stored together: "
                    + "Swift needs one signature; give them the same parameters")
        }
        b.link(to: a)
        changed = true
        for (mine, theirs) in zip(a.parameters, b.parameters) { try merge(mine, theirs, at: location) }
        for index in 0..<max(a.results.count, b.results.count) {
            switch (index < a.results.count, index < b.results.count) {
            case (true, true): try merge(a.results[index], b.results[index], at: location)
            case (false, true): a.results.append(b.results[index])
            default: break
            }
        }
        a.bodies += b.bodies
        a.callback = a.callback ?? b.callback
        return a
    }

    private func same(_ a: ValueType, _ b: ValueType) -> Bool {
        a.nilable == b.nilable && a.falsable == b.falsable && sameShape(a.shape, b.shape)
    }

    private func sameShape(_ a: Shape, _ b: Shape) -> Bool {
        switch (a, b) {
        case (.unknown, .unknown), (.boolean, .boolean), (.string, .string): true
        case (.number(let x), .number(let y)): x == y
        case (.table(let x), .table(let y)): x.resolved === y.resolved
        case (.function(let x), .function(let y)): x.resolved === y.resolved
        case (.api(let x), .api(let y)): x == y
        default: false
        }
    }
}
