/// Expressions: literals, names, tables, fields and indexes, and Lua's operators written with
/// Swift's (wrapping integer arithmetic, floor division, the modulo's sign).
extension SwiftGenerator {
    /// The inferred type of an expression (inference answers again without recording).
    func luaType(_ expression: Expression) throws(Refusal) -> ValueType {
        try inference.evaluate(expression).type
    }

    /// `optional`: the caller can take nil (a test, `or`, an optional place): lookups then keep
    /// Lua's nil instead of failing on a missing key.
    func emit(_ expression: Expression, optional: Bool = false) throws(Refusal) -> Code {
        let location = expression.location
        switch expression.kind {
        case .nilLiteral: return .nilLiteral
        case .boolean(let value): return Code(value ? "true" : "false", .bool)
        case .integer(let value):
            var code = Code(SwiftLiteral.int(value), .int)
            code.constant = value != Int.min
            return code
        case .float(let value):
            let text = SwiftLiteral.double(value)
            var code = Code(text, .double, text.hasPrefix("-") ? .prefix : .primary)
            code.constant = value.isFinite
            return code
        case .string(let bytes): return Code(SwiftLiteral.string(String(decoding: bytes, as: UTF8.self)), .string)
        case .function(let body): return try closure(body)
        case .table(let fields): return try constructor(expression, fields)
        case .local(let variable): return try reference(variable, at: location)
        case .global(let name): throw Refusal(location, try inference.globalRefusal(name))
        case .vararg: throw Refusal(location, "varargs (`...`) are not in the subset")
        case .field(let object, let name): return try fieldAccess(object, name, at: location)
        case .index(let object, let key): return try indexAccess(object, key, optional: optional, at: location)
        case .call, .methodCall:
            let code = try emitCall(expression, statement: false)
            return try firstValue(code, at: location)
        case .binary(let op, let left, let right): return try binary(op, left, right, at: location, optional: optional)
        case .unary(let op, let operand): return try unary(op, operand, at: location)
        case .parenthesized(let inner):
            let code = try emit(inner, optional: optional)
            return try firstValue(code, at: location)
        }
    }

    /// A call's first value (Lua keeps only that in most places).
    func firstValue(_ code: Code, at location: SourceLocation) throws(Refusal) -> Code {
        switch code.type {
        case .tuple(let types): return Code("\(code.at(.primary)).0", types[0])
        case .void: throw Refusal(location, "this call returns nothing, which Lua reads as nil: use a value")
        default: return code
        }
    }

    /// A value converted to `type` for a place that holds it.
    func emit(_ expression: Expression, as type: SwiftType) throws(Refusal) -> Code {
        try convert(try emit(expression, optional: type.isOptional), to: type, at: expression.location)
    }

    // MARK: Names

    func reference(_ variable: Variable, at location: SourceLocation) throws(Refusal) -> Code {
        let slot = inference.slot(for: variable)
        if isAlwaysNil(slot) { return .nilLiteral }
        let type = try swiftType(of: slot)
        if variable.function == nil {
            switch module.role(of: variable) {
            case .constant: return Code(name(of: variable), type)
            case .state, .function: return Code(memberPrefix + name(of: variable), type)
            case .layout:
                throw Refusal(
                    location, "the layout table is the Swift class itself: use its fields (layout.x), not the table")
            case nil: break
            }
        }
        return Code(name(of: variable), type)
    }

    /// `self.` inside closures, where Swift requires it for the class's members.
    var memberPrefix: String { closureDepth > 0 ? "self." : "" }

    func name(of variable: Variable) -> String {
        variableNames[ObjectIdentifier(variable)] ?? SwiftNames.identifier(variable.name)
    }

    // MARK: Fields and indexes

    func fieldAccess(_ object: Expression, _ name: String, at location: SourceLocation) throws(Refusal) -> Code {
        if case .global(let library) = object.kind {
            guard library == "math" else { throw Refusal(location, "\(library).\(name) is not a value") }
            switch name {
            case "pi": return Code("Double.pi", .double)
            case "huge": return Code("Double.infinity", .double)
            case "maxinteger": return Code("Int.max", .int)
            case "mininteger": return Code("Int.min", .int)
            default: throw Refusal(location, "math.\(name) is a function: call it")
            }
        }
        if case .local(let variable) = object.kind, variable === module.layoutVariable {
            return try layoutField(name, at: location)
        }
        let baseType = try luaType(object)
        switch baseType.shape {
        case .api(let api):
            let base = try convert(try emit(object), to: try swiftType(of: baseType.nonNil), at: location)
            return try apiField(name, of: api, base: base, at: location)
        case .table(let table):
            let base = try emit(object)
            if case .dictionary(.string, let value) = base.type.unwrapped {
                // A dictionary read with a constant key.
                let unwrapped = base.type.isOptional ? base.at(.primary) + "!" : base.at(.primary)
                return Code("\(unwrapped)[\(SwiftLiteral.string(name))]", value.optional)
            }
            let slot = try inference.fieldSlot(name, of: table, at: location, reading: true)
            if isAlwaysNil(slot) { return .nilLiteral }
            let type = try swiftType(of: slot)
            let receiver = "\(base.at(.primary))\(base.type.isOptional ? "!" : "")"
            if name == "animations", [.attributes, .extra].contains(table.resolved.schema?.kind) {
                writesAnimations = true
            }
            if let kind = table.resolved.schema?.kind, let field = UIKitSpelling.field(name, of: kind) {
                if let helper = field.helper { helpers.insert(helper) }
                let read = field.optional && !type.isOptional ? field.read(receiver) + "!" : field.read(receiver)
                var code = Code(read, type)
                code.setter = field.place(receiver).map { "\($0) = \(field.store(UIKitSpelling.value))" }
                return code
            }
            return Code("\(receiver).\(SwiftNames.identifier(name))", type)
        default:
            throw Refusal(location, "field '\(name)' of \(baseType.shape.name)")
        }
    }

    /// A field of the layout table read inside a function: the class's own member.
    func layoutField(_ name: String, at location: SourceLocation) throws(Refusal) -> Code {
        guard let layout = inference.chunkResult.resolved.type.shape.table,
            let slot = layout.fields[name]
        else { throw Refusal(location, "the layout has no field '\(name)'") }
        return Code(memberPrefix + SwiftNames.identifier(name), try swiftType(of: slot))
    }

    func indexAccess(
        _ object: Expression, _ key: Expression, optional: Bool, at location: SourceLocation
    )
        throws(Refusal) -> Code
    {
        if case .string(let bytes) = key.kind {
            return try fieldAccess(object, String(decoding: bytes, as: UTF8.self), at: location)
        }
        let baseType = try luaType(object)
        guard let table = baseType.shape.table else { throw Refusal(location, "indexing \(baseType.shape.name)") }
        var base = try emit(object)
        if base.type.isOptional { base = Code(base.at(.primary) + "!", base.type.unwrapped) }
        if table.schema?.kind == .indexPathTable {
            let position = try emit(key, as: .int)
            helpers.insert(.elementNames)
            let code = Code("pathComponent(\(base.text), \(position.text))", .optional(.int))
            return optional ? code : Code(code.text + "!", .int)
        }
        guard let entries = table.entries else { throw Refusal(location, "this table never holds elements") }
        let element = try swiftType(of: entries).unwrapped
        // An always-empty table: every read is nil.
        if element == .named("Never") { return .nilLiteral }
        switch base.type {
        case .dictionary(let keyType, _):
            let keyCode = try emit(key, as: keyType)
            let code = Code("\(base.at(.primary))[\(keyCode.text)]", element.optional)
            return optional ? code : Code(code.text + "!", element)
        case .array:
            let position = try emit(key, as: .int)
            if optional {
                helpers.insert(.element)
                return Code("element(\(base.text), \(position.text))", element.optional)
            }
            return Code("\(base.at(.primary))[\(zeroBased(position))]", element)
        default:
            throw Refusal(location, "internal: indexing \(base.type.text)")
        }
    }

    /// A Lua position (from 1) as a Swift index (from 0): `i - 1`, or the number itself.
    func zeroBased(_ position: Code) -> String {
        if let literal = position.integerLiteral { return "\(literal - 1)" }
        if position.text.hasSuffix(" &+ 1"), position.precedence == .additive {
            return String(position.text.dropLast(5))
        }
        return "\(position.at(.additive)) - 1"
    }

    // MARK: Tables

    func constructor(_ expression: Expression, _ fields: [TableField]) throws(Refusal) -> Code {
        let table = inference.table(for: expression)
        let type = try swiftType(of: table, at: expression.location)
        switch type {
        case .array(let element):
            var items: [String] = []
            for field in fields {
                guard case .positional(let value) = field else {
                    throw Refusal(expression.location, "internal: a keyed field in an array")
                }
                items.append(try emit(value, as: element).text)
            }
            return Code("[\(items.joined(separator: ", "))]", type)
        case .dictionary(let keyType, let valueType):
            var items: [String] = []
            var position = 0
            for field in fields {
                switch field {
                case .positional(let value):
                    position += 1
                    items.append("\(position): \(try emit(value, as: valueType).text)")
                case .keyed(let key, let value, _):
                    items.append("\(try emit(key, as: keyType).text): \(try emit(value, as: valueType).text)")
                case .named(let name, let value, _):
                    items.append("\(SwiftLiteral.string(name)): \(try emit(value, as: valueType).text)")
                }
            }
            return Code(items.isEmpty ? "[:]" : "[\(items.joined(separator: ", "))]", type)
        default:
            return try recordConstructor(table.resolved, fields, type: type, at: expression.location)
        }
    }

    /// `{x = 1, y = 2}` as a record, or as a point, a rect, … of the API.
    private func recordConstructor(
        _ table: TableType, _ fields: [TableField], type: SwiftType, at location: SourceLocation
    )
        throws(Refusal) -> Code
    {
        var given: [String: Expression] = [:]
        var positional: [Expression] = []
        for field in fields {
            switch field {
            case .named(let name, let value, _): given[name] = value
            case .keyed(let key, let value, _):
                guard case .string(let bytes) = key.kind else {
                    throw Refusal(location, "internal: a keyed record field")
                }
                given[String(decoding: bytes, as: UTF8.self)] = value
            case .positional(let value): positional.append(value)
            }
        }
        if let schema = table.schema {
            if let order = schema.positionalFields, !positional.isEmpty {
                guard positional.count == order.count, given.isEmpty else {
                    throw Refusal(location, "\(schema.description) is written {\(order.joined(separator: ", "))}")
                }
                for (name, value) in zip(order, positional) { given[name] = value }
            }
            switch schema.kind {
            case .state, .itemData, .sectionData, .attributes, .traits, .container, .updateItem, .updateIndexPath,
                .indexPathTable, .visibleItem:
                throw Refusal(location, "\(schema.description) comes from the engine: the script cannot build one")
            case .animation: writesAnimations = true
            default: break
            }
        }
        var arguments: [String] = []
        for name in table.fieldOrder {
            guard let slot = table.fields[name], !isAlwaysNil(slot) else { continue }
            if let value = given[name] {
                var code = try emit(value, as: try swiftType(of: slot))
                if let kind = table.schema?.kind { code.text = UIKitSpelling.constructorArgument(code, of: kind) }
                arguments.append("\(SwiftNames.identifier(name).trimmingCharacters(in: "`")): \(code.text)")
            } else if let schema = table.schema, schema.positionalFields != nil, !schema.isOptional(name) {
                throw Refusal(location, "\(schema.description) needs '\(name)'")
            }
        }
        return Code("\(type.text)(\(arguments.joined(separator: ", ")))", type)
    }
}

extension String {
    func trimmingCharacters(in characters: String) -> String {
        String(drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
    }
}
