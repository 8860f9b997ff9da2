/// The value of an expression as inference sees it: its type, and the place it was read from
/// (a variable, a field) when it is a plain read — uses of the value then say something about
/// that place (it is tested for nil, it must be an integer).
struct Evaluated {
    var type: ValueType
    var place: Slot?

    init(type: ValueType, place: Slot? = nil) {
        self.type = type
        self.place = place
    }
}

extension TypeInference {
    func evaluate(_ expression: Expression) throws(Refusal) -> Evaluated {
        let location = expression.location
        switch expression.kind {
        case .nilLiteral: return Evaluated(type: .nil)
        case .boolean: return Evaluated(type: .boolean)
        case .integer: return Evaluated(type: .integer)
        case .float: return Evaluated(type: .float)
        case .string(let bytes):
            guard String(validating: bytes, as: UTF8.self) != nil else {
                throw Refusal(location, "this string is not UTF-8 text: a Swift String cannot hold its bytes")
            }
            return Evaluated(type: .string)
        case .vararg:
            throw Refusal(location, "varargs (`...`) are not in the subset: name the parameters")
        case .function(let body):
            try walkFunction(body)
            return Evaluated(type: ValueType(shape: .function(functionType(for: body))))
        case .table(let fields):
            return Evaluated(type: ValueType(shape: .table(try constructor(expression, fields))))
        case .local(let variable):
            let slot = slot(for: variable)
            return Evaluated(type: slot.type, place: slot)
        case .global("compositional"):
            return Evaluated(type: ValueType(shape: .api(.compositionalNamespace)))
        case .global(let name):
            throw Refusal(location, try globalRefusal(name))
        case .field(let object, let name):
            return try field(name, of: object, at: location)
        case .index(let object, let key):
            return try index(object, key, at: location)
        case .call, .methodCall:
            let values = try evaluateMulti(expression)
            return Evaluated(type: values.first ?? .nil)
        case .binary(let op, let left, let right):
            return try binary(op, left, right, at: location)
        case .unary(let op, let operand):
            return try unary(op, operand, at: location)
        case .parenthesized(let inner):
            return try evaluate(inner)
        }
    }

    /// Why a global cannot be read as a value (the API's globals are only called).
    func globalRefusal(_ name: String) throws(Refusal) -> String {
        switch name {
        case "math", "string", "table":
            "'\(name)' is a library: call its functions directly (\(name).…(…)); it is not a value in Swift"
        case "flow":
            "'\(name)' is only translated when called: \(name){…}"
        case "setmetatable", "getmetatable", "rawget", "rawset", "rawequal", "rawlen":
            "\(name): metatables and raw access are not in the subset (a Swift type has fixed behaviour)"
        case "coroutine": "coroutines are not in the subset"
        case "load", "loadstring", "dofile", "require":
            "\(name) runs other code at run time: a translation can only include this script"
        case "pcall", "xpcall", "error":
            "\(name): errors are not values in the translation (an error stops the layout, as a Swift trap does)"
        case "print", "tostring", "tonumber", "type", "assert", "ipairs", "pairs":
            "'\(name)' is a function of Lua's library: call it directly (it is not a value in the translation)"
        case "select", "next", "unpack", "utf8", "os", "io", "debug", "package", "_G", "_ENV", "collectgarbage":
            "'\(name)' is not in the subset of docs/lua-to-swift.md"
        default:
            "global '\(name)': only the project's API and Lua's libraries are global here; declare it `local`"
        }
    }

    // MARK: Tables

    private func constructor(_ expression: Expression, _ fields: [TableField]) throws(Refusal) -> TableType {
        let table = table(for: expression)
        var position = 0
        var named: Set<String> = []
        for (offset, field) in fields.enumerated() {
            switch field {
            case .positional(let value):
                if offset == fields.count - 1, value.isMultiValued, try evaluateMulti(value).count > 1 {
                    throw Refusal(value.location, "a call's results spread into this table: store them one by one")
                }
                position += 1
                let evaluated = try evaluate(value)
                try noteArrayUse(table, at: value.location)
                let entries = try entriesSlot(of: table, keyShape: .number(.integer), at: value.location)
                try store(evaluated, into: entries, at: value.location)
            case .named(let name, let value, let location):
                named.insert(name)
                let evaluated = try evaluate(value)
                try store(evaluated, into: try fieldSlot(name, of: table, at: location, reading: false), at: location)
            case .keyed(let key, let value, let location):
                if case .string(let bytes) = key.kind, let name = String(validating: bytes, as: UTF8.self) {
                    named.insert(name)
                    let evaluated = try evaluate(value)
                    try store(
                        evaluated, into: try fieldSlot(name, of: table, at: location, reading: false), at: location)
                } else {
                    let keyValue = try evaluate(key)
                    try noteMapUse(table, keyShape: keyValue.type.shape, at: location)
                    types.set(\.writtenAtArbitraryKeys, on: table)
                    let entries = try entriesSlot(of: table, keyShape: keyValue.type.shape, at: location)
                    try store(try evaluate(value), into: entries, at: location)
                }
            }
        }
        // Fields this constructor leaves out are nil in the tables it makes.
        let root = table.resolved
        if root.schema == nil || root.schema?.isOpen == true {
            for name in root.fieldOrder where !named.contains(name) {
                if let slot = root.fields[name]?.resolved, !slot.explicitNil, !slot.fixed {
                    slot.explicitNil = true
                    slot.markNilable()
                    types.noteChange()
                }
            }
        }
        return root
    }

    /// The slot of `table.name`, created on first use; refused where the table is not a record.
    func fieldSlot(
        _ name: String, of table: TableType, at location: SourceLocation, reading: Bool
    ) throws(Refusal)
        -> Slot
    {
        let root = table.resolved
        if case .string = root.keyShape, root.schema == nil, root.arrayUse == nil, !root.dataRecord {
            // A string-keyed dictionary: a constant key is one of its keys.
            return try entriesSlot(of: root, keyShape: .string, at: location)
        }
        if let slot = root.fields[name] {
            try noteFieldUse(root, at: location)
            return slot.resolved
        }
        if let schema = root.schema, !schema.isOpen {
            throw Refusal(location, "\(schema.description) has no field '\(name)'")
        }
        try noteFieldUse(root, at: location)
        let slot = Slot("field '\(name)'")
        slot.nameHint = name
        if root.schema?.fieldsTypedByUse == true || root.dataRecord {
            slot.typedByUse = true
            slot.markNilable()
            slot.label = "data field '\(name)'"
            slot.origin = location
        } else if reading || root.schema?.isOpen == true {
            // Read before anything gave it a value, or a custom attribute: nil until set.
            slot.markNilable()
            slot.explicitNil = true
        }
        root.fields[name] = slot
        root.fieldOrder.append(name)
        types.noteChange()
        return slot
    }

    func entriesSlot(of table: TableType, keyShape: Shape, at location: SourceLocation) throws(Refusal) -> Slot {
        let root = table.resolved
        if case .unknown = keyShape {} else { try types.setKeyShape(normalizedKey(keyShape), of: root, at: location) }
        if let entries = root.entries { return entries.resolved }
        let slot = Slot(root.nameHint.map { "an element of '\($0)'" } ?? "a table's element")
        slot.nameHint = root.nameHint.map(SwiftNames.singular)
        slot.holdsElements = true
        if root.dataRecord {
            slot.typedByUse = true
            slot.origin = location
        }
        root.entries = slot
        types.noteChange()
        return slot
    }

    private func normalizedKey(_ shape: Shape) -> Shape {
        if case .number = shape { return .number(.integer) }
        return shape
    }

    func noteArrayUse(_ table: TableType, at location: SourceLocation) throws(Refusal) {
        let root = table.resolved
        if root.arrayUse == nil {
            root.arrayUse = location
            types.noteChange()
        }
        try checkOneWay(root, at: location)
    }

    func noteMapUse(_ table: TableType, keyShape: Shape, at location: SourceLocation) throws(Refusal) {
        let root = table.resolved
        if root.mapUse == nil {
            root.mapUse = location
            types.noteChange()
        }
        try checkOneWay(root, at: location)
    }

    func noteFieldUse(_ table: TableType, at location: SourceLocation) throws(Refusal) {
        let root = table.resolved
        if root.fieldUse == nil {
            root.fieldUse = location
            types.noteChange()
        }
        try checkOneWay(root, at: location)
    }

    /// A table is an array, a dictionary or a record — not two of them.
    private func checkOneWay(_ table: TableType, at location: SourceLocation) throws(Refusal) {
        guard let fieldUse = table.fieldUse, table.schema == nil else { return }
        if case .string = table.keyShape, table.arrayUse == nil, !table.dataRecord {
            // A dictionary keyed by strings read with constant keys too (`t.k0`, `t["k0"]`):
            // its fields are keys.
            try foldFieldsIntoKeys(table, at: location)
            return
        }
        if let other = [table.arrayUse, table.mapUse].compactMap({ $0 }).min() {
            throw Refusal(
                location,
                "a table is used two ways: with named fields (line \(fieldUse.line)) and with "
                    + "\(other == table.arrayUse ? "positions" : "computed keys") (line \(other.line)); "
                    + "Swift needs a record or a collection: split it into two tables")
        }
    }

    private func foldFieldsIntoKeys(_ table: TableType, at location: SourceLocation) throws(Refusal) {
        let entries = try entriesSlot(of: table, keyShape: .string, at: location)
        for name in table.fieldOrder {
            if let slot = table.fields[name] { try types.merge(entries, slot, at: location) }
        }
        table.fields = [:]
        table.fieldOrder = []
        table.fieldUse = nil
        table.writtenAtArbitraryKeys = true
        types.noteChange()
    }

    // MARK: Reads

    private func field(_ name: String, of object: Expression, at location: SourceLocation) throws(Refusal) -> Evaluated
    {
        if case .global(let library) = object.kind {
            return Evaluated(type: try libraryConstant(library, name, at: location))
        }
        let base = try evaluate(object)
        switch base.type.shape {
        case .table(let table):
            let slot = try fieldSlot(name, of: table, at: location, reading: true)
            if slot === table.resolved.entries?.resolved {
                var type = slot.type
                type.nilable = true
                return Evaluated(type: type)
            }
            return Evaluated(type: slot.type, place: slot)
        case .api(let api):
            return try apiField(name, of: api, at: location)
        case .unknown:
            if let place = base.place, place.resolved.typedByUse {
                let record = TableType(at: location)
                record.dataRecord = true
                try types.demand(.table(record), of: place, at: location)
                return try field(name, of: object, at: location)
            }
            return Evaluated(type: .unknown)
        default:
            throw Refusal(location, "field '\(name)' of \(base.type.shape.name): only tables have fields")
        }
    }

    private func index(
        _ object: Expression, _ key: Expression, at location: SourceLocation
    ) throws(Refusal) -> Evaluated {
        if case .string(let bytes) = key.kind, let name = String(validating: bytes, as: UTF8.self) {
            return try field(name, of: object, at: location)
        }
        let base = try evaluate(object)
        let keyValue = try evaluate(key)
        if base.type.shape.isUnknown, let place = base.place, place.resolved.typedByUse {
            // Data read from the engine and indexed: an array (or dictionary) of data.
            let collection = TableType(at: location)
            collection.dataRecord = true
            try types.demand(.table(collection), of: place, at: location)
        }
        guard case .table(let table) = (base.place?.resolved.type.shape ?? base.type.shape) else {
            if base.type.shape.isUnknown { return Evaluated(type: .unknown) }
            throw Refusal(location, "indexing \(base.type.shape.name): only tables can be indexed")
        }
        let root = table.resolved
        if root.schema?.kind == .indexPathTable {
            try requireInteger(keyValue, at: key.location, what: "a position in an index path")
            return Evaluated(type: ValueType(shape: .number(.integer), nilable: true))
        }
        if let known = root.keyShape { try types.demand(known, of: keyValue.place, at: key.location) }
        let keyShape = try keyShape(of: try evaluate(key), at: key.location)
        if case .number = keyShape {
            try noteArrayUse(root, at: location)
        } else {
            try noteMapUse(root, keyShape: keyShape, at: location)
        }
        let entries = try entriesSlot(of: root, keyShape: keyShape, at: location)
        if root.dataRecord, !entries.typedByUse {
            entries.typedByUse = true
            types.noteChange()
        }
        var type = entries.type
        type.nilable = true
        return Evaluated(type: type, place: root.dataRecord ? entries : nil)
    }

    /// The key type of a computed key: integers (floats with integral values are the same keys
    /// in Lua) or strings.
    func keyShape(of key: Evaluated, at location: SourceLocation) throws(Refusal) -> Shape {
        switch key.type.shape {
        case .number(let kind):
            if kind != .integer { types.markUsedAsInteger(key.place) }
            if kind == .float {
                throw Refusal(
                    location, "a float key: Swift dictionaries here are keyed by integers; write math.floor(k)")
            }
            return .number(.integer)
        case .string: return .string
        case .unknown:
            return .unknown
        default:
            throw Refusal(location, "a key of \(key.type.shape.name): only integer and string keys are translated")
        }
    }

    // MARK: Stores

    /// Stores a value into a place, passing "tested for nil" back to where the value came from.
    func store(_ value: Evaluated, into slot: Slot, at location: SourceLocation) throws(Refusal) {
        if let source = value.place?.resolved, source.typedByUse, !slot.resolved.fixed, source !== slot.resolved {
            // A copy of data read from the engine: one type, typed by every use of either.
            try types.merge(slot, source, at: location)
            return
        }
        if isNilOnly(value), !slot.resolved.explicitNil, !slot.resolved.fixed, recording {
            slot.resolved.explicitNil = true
            types.noteChange()
        }
        try types.store(value.type, into: slot, at: location)
        if slot.resolved.nilTested { types.markNilTested(value.place) }
        if let table = value.type.shape.table, table.nameHint == nil, let hint = slot.resolved.nameHint ?? slot.nameHint
        {
            table.nameHint = hint
            if let entries = table.entries?.resolved, entries.nameHint == nil {
                entries.nameHint = SwiftNames.singular(hint)
            }
        }
    }

    func assign(_ value: Evaluated, to target: Expression) throws(Refusal) {
        let location = target.location
        switch target.kind {
        case .local(let variable):
            let slot = slot(for: variable)
            if !slot.resolved.reassigned {
                slot.resolved.reassigned = true
                types.noteChange()
            }
            try store(value, into: slot, at: location)
        case .global(let name):
            throw Refusal(location, "assignment to global '\(name)': declare it `local` (only locals are translated)")
        case .field(let object, let name):
            let base = try evaluate(object)
            switch base.type.shape {
            case .table(let table):
                types.set(\.fieldsMutated, on: table)
                let slot = try fieldSlot(name, of: table, at: location, reading: false)
                if slot.fixed, let schema = table.resolved.schema,
                    schema.fixedFields.first(where: { $0.name == name })?.writable == false
                {
                    throw Refusal(location, "'\(name)' of \(schema.description) is read-only")
                }
                try store(value, into: slot, at: location)
            case .unknown: break
            default:
                throw Refusal(location, "field '\(name)' of \(base.type.shape.name) cannot be assigned")
            }
        case .index(let object, let key):
            if case .string(let bytes) = key.kind, let name = String(validating: bytes, as: UTF8.self) {
                return try assign(value, to: Expression(.field(object, name), at: location))
            }
            let base = try evaluate(object)
            let keyValue = try evaluate(key)
            guard case .table(let table) = base.type.shape else {
                if base.type.shape.isUnknown { return }
                throw Refusal(location, "indexing \(base.type.shape.name): only tables can be indexed")
            }
            if let known = table.resolved.keyShape { try types.demand(known, of: keyValue.place, at: key.location) }
            let keyShape = try keyShape(of: try evaluate(key), at: key.location)
            types.set(\.entriesMutated, on: table)
            if case .number = keyShape {
                try noteArrayUse(table, at: location)
                if !AppendPattern.isAppend(object: object, key: key) { types.set(\.writtenAtArbitraryKeys, on: table) }
            } else {
                try noteMapUse(table, keyShape: keyShape, at: location)
            }
            if isNilOnly(value) {
                // `t[k] = nil` removes the key; nothing is stored.
                types.set(\.writtenAtArbitraryKeys, on: table)
                _ = try entriesSlot(of: table, keyShape: keyShape, at: location)
                return
            }
            try store(value, into: try entriesSlot(of: table, keyShape: keyShape, at: location), at: location)
        default:
            throw Refusal(location, "cannot assign to this expression")
        }
    }

    // MARK: Checks

    /// The literal nil or a value never set — not data the engine may fill.
    func isNilOnly(_ value: Evaluated) -> Bool {
        value.type.isNilOnly && value.place?.resolved.typedByUse != true
    }

    func requireNumber(_ value: Evaluated, at location: SourceLocation, what: String) throws(Refusal) {
        try types.demand(.number(.whole), of: value.place, at: location)
        switch value.type.shape {
        case .number, .unknown: return
        case .string:
            throw Refusal(location, "\(what) is a string: Lua would convert it, Swift does not; write tonumber(…)")
        default:
            throw Refusal(location, "\(what) is \(value.type.shape.name), not a number")
        }
    }

    func requireInteger(_ value: Evaluated, at location: SourceLocation, what: String) throws(Refusal) {
        try requireNumber(value, at: location, what: what)
        types.markUsedAsInteger(value.place)
    }

    func requireString(_ value: Evaluated, at location: SourceLocation, what: String) throws(Refusal) {
        try types.demand(.string, of: value.place, at: location)
        switch value.type.shape {
        case .string, .unknown: return
        default: throw Refusal(location, "\(what) is \(value.type.shape.name), not a string")
        }
    }
}

/// `t[#t + 1] = v`: an append, which keeps an array an array.
enum AppendPattern {
    static func isAppend(object: Expression, key: Expression) -> Bool {
        guard case .binary(.add, let left, let right) = key.kind, case .integer(1) = right.kind,
            case .unary(.length, let measured) = left.kind
        else { return false }
        return sameReference(measured, object)
    }

    /// The same variable, or the same field path of the same variable.
    static func sameReference(_ a: Expression, _ b: Expression) -> Bool {
        switch (a.kind, b.kind) {
        case (.local(let x), .local(let y)): x === y
        case (.field(let x, let name), .field(let y, let other)): name == other && sameReference(x, y)
        case (.parenthesized(let x), _): sameReference(x, b)
        case (_, .parenthesized(let y)): sameReference(a, y)
        default: false
        }
    }
}
