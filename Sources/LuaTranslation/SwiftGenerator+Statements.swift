/// Statements: declarations, assignments, the loops and branches, and returns (converted to a
/// callback's result where the engine calls the function).
extension SwiftGenerator {
    func statements(_ list: [Statement], _ writer: SwiftWriter) throws(Refusal) {
        for statement in list { try self.statement(statement, writer) }
    }

    private func statement(_ statement: Statement, _ writer: SwiftWriter) throws(Refusal) {
        let location = statement.location
        switch statement.kind {
        case .local(let variables, let values):
            try localDeclaration(variables, values, writer, at: location)
        case .assignment(let targets, let values):
            try assignment(targets, values, writer, at: location)
        case .call(let call):
            let code = try emitCall(call, statement: true)
            writer.line(code.type == .void ? code.text : "_ = \(code.text)")
        case .block(let body):
            try writer.block("do") { () throws(Refusal) in try statements(body, writer) }
        case .whileLoop(let condition, let body):
            let test = try truth(condition)
            try writer.block("while \(test.text)") { () throws(Refusal) in try statements(body, writer) }
        case .repeatLoop(let body, let condition):
            try writer.block("while true") { () throws(Refusal) in
                try statements(body, writer)
                writer.line("if \(try truth(condition).text) { break }")
            }
        case .ifChain(let clauses, let otherwise):
            for (index, clause) in clauses.enumerated() {
                let test = try truth(clause.condition)
                let header = (index == 0 ? "if " : "} else if ") + test.text + " {"
                writer.line(header)
                try writer.indented { () throws(Refusal) in try statements(clause.body, writer) }
            }
            if let otherwise {
                writer.line("} else {")
                try writer.indented { () throws(Refusal) in try statements(otherwise, writer) }
            }
            writer.line("}")
        case .numericFor(let variable, let start, let limit, let step, let body):
            try numericFor(variable, start, limit, step, body, writer, at: location)
        case .genericFor(let variables, let iterators, let body):
            try genericFor(variables, iterators, body, writer, at: location)
        case .function(let target, let body):
            let closure = try self.closure(body)
            let lvalue = try self.lvalue(target)
            writer.line("\(lvalue.text) = \(closure.text)")
        case .localFunction(let variable, let body):
            guard isReferenced(variable) else {
                writer.line("// \(variable.name) (line \(location.line)) is never called: not translated")
                return
            }
            let name = declare(variable)
            try nestedFunction(name: name, body, writer)
        case .returnValues(let values):
            try returnStatement(values, writer, at: location)
        case .breakLoop:
            writer.line("break")
        case .goto, .label:
            throw Refusal(location, "goto and labels are not in the subset")
        }
    }

    // MARK: Declarations and assignments

    private func localDeclaration(
        _ variables: [Variable], _ values: [Expression], _ writer: SwiftWriter,
        at location: SourceLocation
    ) throws(Refusal) {
        if variables.count > 1, values.count == 1, values[0].isMultiValued {
            let call = try emitCall(values[0], statement: false)
            guard case .tuple(let types) = call.type else {
                throw Refusal(location, "this call returns one value for \(variables.count) names")
            }
            let slotTypes = try variables.map { (variable) throws(Refusal) in
                try swiftType(of: inference.slot(for: variable))
            }
            let names = variables.map { declare($0) }
            let keyword = variables.contains { isVar($0) } ? "var" : "let"
            if slotTypes == Array(types.prefix(variables.count)) && types.count == variables.count {
                writer.line("\(keyword) (\(names.joined(separator: ", "))) = \(call.text)")
            } else {
                let temporary = uniqueLocal("results")
                writer.line("let \(temporary) = \(call.text)")
                for (index, name) in names.enumerated() {
                    let value =
                        index < types.count
                        ? try convert(Code("\(temporary).\(index)", types[index]), to: slotTypes[index], at: location)
                        : try convert(.nilLiteral, to: slotTypes[index], at: location)
                    writer.line(
                        "\(isVar(variables[index]) ? "var" : "let") \(name): \(slotTypes[index].text) = \(value.text)")
                }
            }
            return
        }
        var declarations: [(String, SwiftType, Code?)] = []
        var kept: [Variable] = []
        for (index, variable) in variables.enumerated() {
            if isAlwaysNil(inference.slot(for: variable)) {
                // Never given a value: reads of it are nil; a call in its place still runs.
                if index < values.count, values[index].isMultiValued {
                    writer.line("_ = \(try emitCall(values[index], statement: false).text)")
                }
                continue
            }
            kept.append(variable)
            let type = try swiftType(of: inference.slot(for: variable))
            let value: Code? = index < values.count ? try emit(values[index], as: type) : nil
            declarations.append((declare(variable), type, value))
        }
        // Every value was written before any name existed (the names are unique in the member,
        // so no value can read a new name): one declaration per line is what Lua does.
        for ((name, type, value), variable) in zip(declarations, kept) {
            let keyword = isVar(variable) ? "var" : "let"
            guard let value else {
                writer.line("var \(name): \(type.text)\(type.isOptional ? " = nil" : "")")
                continue
            }
            writer.line("\(keyword) \(name)\(needsAnnotation(value, type) ? ": \(type.text)" : "") = \(value.text)")
        }
    }

    /// A declaration spells its type when Swift would infer another from the value.
    func needsAnnotation(_ value: Code, _ type: SwiftType) -> Bool {
        let text = value.text
        if value.type != type { return true }
        if value.constant {
            // A lone literal is an Int or a Double by itself; an expression of literals is not.
            let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
            let plain = digits.allSatisfy { $0.isNumber || $0 == "." || $0 == "e" || $0 == "+" || $0 == "-" }
            let isFloat = digits.contains(".") || digits.contains("e")
            return !(plain && (type == .int ? !isFloat : isFloat))
        }
        if text == "[]" || text == "[:]" || text == "nil" { return true }
        if type == .double, text.first?.isNumber == true || text.hasPrefix("-") { return true }
        if case .array = type, text.hasPrefix("[") { return true }
        if case .dictionary = type, text.hasPrefix("[") { return true }
        return type.isOptional
    }

    /// `var` for locals assigned again or whose collection changes in place.
    func isVar(_ variable: Variable) -> Bool {
        let slot = inference.slot(for: variable)
        if slot.reassigned { return true }
        if let table = slot.type.shape.table, table.schema == nil, table.entries != nil, table.entriesMutated {
            return true
        }
        return false
    }

    private func assignment(
        _ targets: [Expression], _ values: [Expression], _ writer: SwiftWriter,
        at location: SourceLocation
    ) throws(Refusal) {
        if targets.count == 1, values.count == 1 {
            let target = targets[0]
            if case .index(let object, let key) = target.kind, AppendPattern.isAppend(object: object, key: key) {
                let collection = try lvalue(object)
                if case .array(let element) = collection.type {
                    writer.line("\(collection.text).append(\(try emit(values[0], as: element).text))")
                    return
                }
            }
            if case .index(let object, _) = target.kind, case .nilLiteral = values[0].kind {
                let collection = try lvalue(object)
                if case .dictionary = collection.type {
                    writer.line("\(try lvalue(target).text) = nil")
                    return
                }
            }
            if case .local(let variable) = target.kind, case .local(let source) = values[0].kind, variable === source {
                return  // `x = x`: nothing to do (Swift refuses to write it)
            }
            if let slot = assignedSlot(target), isAlwaysNil(slot) {
                if values[0].isMultiValued { writer.line("_ = \(try emitCall(values[0], statement: false).text)") }
                return
            }
            let place = try lvalue(target)
            let value = try emit(values[0], as: place.type)
            // `t.x = t.x` does nothing in Lua; Swift refuses to write it.
            if value.text != place.text { writer.line(assigning(value, to: place)) }
            return
        }
        var places: [Code] = []
        for target in targets { places.append(try lvalue(target)) }
        let expanded: [Code]
        if values.count == 1, values[0].isMultiValued, targets.count > 1 {
            let call = try emitCall(values[0], statement: false)
            guard case .tuple(let types) = call.type else { throw Refusal(location, "this call returns one value") }
            let temporary = uniqueLocal("results")
            writer.line("let \(temporary) = \(call.text)")
            expanded = try places.enumerated().map { (index, place) throws(Refusal) in
                index < types.count
                    ? try convert(Code("\(temporary).\(index)", types[index]), to: place.type, at: location)
                    : try convert(.nilLiteral, to: place.type, at: location)
            }
        } else {
            expanded = try places.enumerated().map { (index, place) throws(Refusal) in
                index < values.count
                    ? try emit(values[index], as: place.type) : try convert(.nilLiteral, to: place.type, at: location)
            }
        }
        if places.contains(where: { $0.setter != nil }) {
            // UIKit holds some of these places in other types: one assignment each, from the
            // values as they were before any.
            let temporary = uniqueLocal("values")
            writer.line("let \(temporary) = (\(expanded.map(\.text).joined(separator: ", ")))")
            for (index, place) in places.enumerated() {
                writer.line(assigning(Code("\(temporary).\(index)", place.type), to: place))
            }
            return
        }
        writer.line(
            "(\(places.map(\.text).joined(separator: ", "))) = (\(expanded.map(\.text).joined(separator: ", ")))")
    }

    /// `place = value`, through UIKit's spelling of the place when it has one.
    private func assigning(_ value: Code, to place: Code) -> String {
        guard let setter = place.setter else { return "\(place.text) = \(value.text)" }
        return setter.replacing(UIKitSpelling.value, with: value.text)
    }

    /// The slot an assignment stores into, for a variable or a record's field.
    private func assignedSlot(_ target: Expression) -> Slot? {
        switch target.kind {
        case .local(let variable): return inference.slot(for: variable)
        case .field(let object, let name):
            guard let table = try? luaType(object).shape.table else { return nil }
            return table.fields[name]
        default: return nil
        }
    }

    /// A place to assign: a variable, a field, an element (a dictionary key).
    func lvalue(_ target: Expression) throws(Refusal) -> Code {
        let location = target.location
        switch target.kind {
        case .local(let variable):
            return try reference(variable, at: location)
        case .field(let object, let name):
            if case .local(let variable) = object.kind, variable === module.layoutVariable {
                return try layoutField(name, at: location)
            }
            let code = try fieldAccess(object, name, at: location)
            if let kind = try luaType(object).shape.table?.schema?.kind,
                let field = UIKitSpelling.field(name, of: kind),
                field.place == nil
            {
                throw Refusal(
                    location, "\(name) of \(APISchema(kind: kind).description) is read-only in UIKit: set another field"
                )
            }
            return code
        case .index(let object, let key):
            if case .string(let bytes) = key.kind {
                return try lvalue(Expression(.field(object, String(decoding: bytes, as: UTF8.self)), at: location))
            }
            let collection = try lvalue(object)
            let base = collection.type.isOptional ? collection.at(.primary) + "!" : collection.at(.primary)
            switch collection.type.unwrapped {
            case .dictionary(let keyType, let value):
                let keyCode = try emit(key, as: keyType)
                return Code("\(base)[\(keyCode.text)]", value.optional)
            case .array(let element):
                let position = try emit(key, as: .int)
                return Code("\(base)[\(zeroBased(position))]", element)
            default:
                throw Refusal(location, "internal: assigning into \(collection.type.text)")
            }
        case .parenthesized(let inner):
            return try lvalue(inner)
        default:
            throw Refusal(location, "cannot assign to this expression")
        }
    }

    // MARK: Loops

    private func numericFor(
        _ variable: Variable, _ start: Expression, _ limit: Expression, _ step: Expression?, _ body: [Statement],
        _ writer: SwiftWriter, at location: SourceLocation
    ) throws(Refusal) {
        let loopType = try swiftType(of: inference.slot(for: variable))
        let name = declare(variable)
        let reassigned = inference.slot(for: variable).reassigned
        if loopType == .int {
            let from = try emit(start, as: .int)
            let stepCode = try step.map { (step) throws(Refusal) in try emit(step, as: .int) }
            let limitCode = try numeric(limit)
            let through: String
            if limitCode.type == .double {
                let down = (stepCode?.text.hasPrefix("-") ?? false) ? "up" : "down"
                through = "Int((\(limitCode.text)).rounded(.\(down)))"
            } else {
                through = limitCode.text
            }
            let header: String
            if stepCode == nil, let exclusive = CountingLimit.exclusive(limit, counts: countLocals),
                from.text == "0"
            {
                header = "for \(name) in 0..<\(try emit(exclusive, as: .int).at(.additive))"
            } else {
                header =
                    "for \(name) in stride(from: \(from.text), through: \(through), by: \(stepCode?.text ?? "1"))"
            }
            try writer.block(header) { () throws(Refusal) in
                if reassigned { writer.line("var \(name) = \(name)") }
                try statements(body, writer)
            }
        } else {
            // Lua's float loop adds the step each time (Swift's stride multiplies): a while loop.
            let from = try emit(start, as: .double)
            let limitName = uniqueLocal("limit")
            let stepName = uniqueLocal("step")
            let counter = uniqueLocal(name + "Counter")
            writer.line("var \(counter) = \(from.text)")
            writer.line("let \(limitName) = \(try emit(limit, as: .double).text)")
            writer.line(
                "let \(stepName) = \(try step.map { (step) throws(Refusal) in try emit(step, as: .double).text } ?? "1.0")"
            )
            try writer.block("while \(stepName) > 0 ? \(counter) <= \(limitName) : \(counter) >= \(limitName)") {
                () throws(Refusal) in
                writer.line("\(reassigned ? "var" : "let") \(name) = \(counter)")
                writer.line("defer { \(counter) += \(stepName) }")
                try statements(body, writer)
            }
        }
    }

    private func genericFor(
        _ variables: [Variable], _ iterators: [Expression], _ body: [Statement], _ writer: SwiftWriter,
        at location: SourceLocation
    ) throws(Refusal) {
        guard case .call(_, let arguments) = iterators[0].kind else { throw Refusal(location, "internal: for-in") }
        var collection = try emit(arguments[0])
        collection = try convert(collection, to: collection.type.unwrapped, at: location)
        let index = variables.first.flatMap { usesVariable($0, in: body) ? declare($0) : nil }
        let value = variables.count > 1 ? (usesVariable(variables[1], in: body) ? declare(variables[1]) : "_") : nil
        let header: String
        if case .dictionary = collection.type {
            helpers.insert(.sequence)
            header = "for (\(index ?? "_"), \(value ?? "_")) in sequence(\(collection.text))"
        } else if let index {
            let offset = uniqueLocal("offset")
            header = "for (\(offset), \(value ?? "_")) in \(collection.at(.primary)).enumerated()"
            try writer.block(header) { () throws(Refusal) in
                writer.line(
                    "\(inference.slot(for: variables[0]).reassigned ? "var" : "let") \(index) = \(offset) + 1")
                try loopBody(body, copying: variables.dropFirst(), writer)
            }
            return
        } else {
            header = "for \(value ?? "_") in \(collection.text)"
        }
        try writer.block(header) { () throws(Refusal) in
            try loopBody(body, copying: variables[...], writer)
        }
    }

    /// A loop's body, after a `var` copy of each loop variable it changes (Swift's are
    /// constants). A Lua assignment that writes nothing in Swift (`x = math.tointeger(x)` of
    /// an integer) changes nothing: no copy then, which Swift would warn is never mutated.
    private func loopBody(
        _ body: [Statement], copying variables: ArraySlice<Variable>, _ writer: SwiftWriter
    ) throws(Refusal) {
        let inner = SwiftWriter()
        inner.indentation = writer.indentation
        try statements(body, inner)
        let text = inner.lines.joined(separator: "\n")
        for variable in variables
        where inference.slot(for: variable).reassigned && variableNames[ObjectIdentifier(variable)] != nil {
            let name = name(of: variable)
            if Self.mayChange(name, in: text) { writer.line("var \(name) = \(name)") }
        }
        writer.append(written: inner.lines)
    }

    /// Whether Swift code may change variable `name`: assigns it, or uses a member or subscript of it.
    private static func mayChange(_ name: String, in code: String) -> Bool {
        let text = Array(code.utf8), word = Array(name.utf8)
        let isName = { (byte: UInt8) in
            byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || (byte >= 48 && byte <= 57)
                || ((byte | 32) >= 97 && (byte | 32) <= 122)
        }
        var start = 0
        while start + word.count <= text.count {
            defer { start += 1 }
            guard text[start..<start + word.count].elementsEqual(word), start == 0 || !isName(text[start - 1]) else {
                continue
            }
            var at = start + word.count
            guard at == text.count || !isName(text[at]) || text[at] == UInt8(ascii: ".") else { continue }
            while at < text.count, text[at] == UInt8(ascii: " ") { at += 1 }
            guard at < text.count else { return false }
            if text[at] == UInt8(ascii: ".") || text[at] == UInt8(ascii: "[") { return true }
            var operation: [UInt8] = []
            while at < text.count, "+-*/%&|^<>".utf8.contains(text[at]) {
                operation.append(text[at])
                at += 1
            }
            let compound = ["", "+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "&+", "&-", "&*"]
            guard compound.contains(String(decoding: operation, as: UTF8.self)) else { continue }
            if at + 1 < text.count, text[at] == UInt8(ascii: "="), text[at + 1] != UInt8(ascii: "=") { return true }
        }
        return false
    }

    // MARK: Returns

    private func returnStatement(
        _ values: [Expression], _ writer: SwiftWriter, at location: SourceLocation
    )
        throws(Refusal)
    {
        guard let function = currentFunction else { return }
        if let callback = function.callback {
            try callbackReturn(callback, values, writer, at: location)
            return
        }
        let resultTypes = try function.results.map { (slot) throws(Refusal) in try swiftType(of: slot) }
        if resultTypes.isEmpty {
            if let value = values.first, value.isMultiValued {
                writer.line(try emitCall(value, statement: true).text)
            }
            writer.line("return")
            return
        }
        if values.count == 1, values[0].isMultiValued, resultTypes.count > 1 {
            let call = try emitCall(values[0], statement: false)
            writer.line("return \(try convert(call, to: .tuple(resultTypes), at: location).text)")
            return
        }
        var parts: [String] = []
        for (index, type) in resultTypes.enumerated() {
            let code =
                index < values.count
                ? try emit(values[index], as: type) : try convert(.nilLiteral, to: type, at: location)
            parts.append(code.text)
        }
        writer.line("return " + (parts.count == 1 ? parts[0] : "(\(parts.joined(separator: ", ")))"))
    }

    /// A callback's answer in the API's type: two numbers become a size or a point.
    private func callbackReturn(
        _ callback: CallbackSignature, _ values: [Expression], _ writer: SwiftWriter,
        at location: SourceLocation
    ) throws(Refusal) {
        let type = callbackResultType(callback)
        switch callback.result {
        case .none:
            writer.line("return")
        case .size, .point:
            let names = callback.result == .size ? ("width", "height") : ("x", "y")
            if values.count == 2 {
                let a = try emit(values[0], as: .double).text
                let b = try emit(values[1], as: .double).text
                writer.line("return \(type.text)(\(names.0): \(a), \(names.1): \(b))")
            } else if values.count == 1 {
                writer.line("return \(try emit(values[0], as: type).text)")
            } else {
                throw Refusal(location, "\(callback.name) must return \(names.0) and \(names.1)")
            }
        case .boolean:
            guard let value = values.first else {
                writer.line("return false")
                return
            }
            writer.line("return \(try truth(value).text)")
        default:
            guard values.count == 1 else { throw Refusal(location, "\(callback.name) returns one value") }
            writer.line("return \(try emit(values[0], as: type).text)")
        }
    }

    func callbackResultType(_ callback: CallbackSignature) -> SwiftType {
        switch callback.result {
        case .none: .void
        case .boolean: .bool
        case .number: .double
        case .string: .string
        case .size: .named("CGSize")
        case .insets: .named("UIEdgeInsets")
        case .point: .named("CGPoint")
        case .attributesArray: .array(.named(prefix + "Attributes"))
        case .section: .optional(.named("NSCollectionLayoutSection"))
        case .customItems: .array(.named(prefix + "CustomItem"))  // mapped to UIKit's by the group
        }
    }
}

/// `for i = 0, n - 1`: counts 0..<n.
enum CountingLimit {
    /// `n` when the limit is `n - 1` and n cannot be negative (a count, a length).
    static func exclusive(_ limit: Expression, counts: Set<ObjectIdentifier>) -> Expression? {
        guard case .binary(.subtract, let count, let one) = limit.kind, case .integer(1) = one.kind else { return nil }
        if isCount(count) { return count }
        if case .local(let variable) = count.kind, counts.contains(ObjectIdentifier(variable)) { return count }
        return nil
    }

    /// A length, or the engine's count of sections or items.
    static func isCount(_ expression: Expression) -> Bool {
        switch expression.kind {
        case .unary(.length, _), .methodCall(_, "numberOfItems", _): true
        case .field(let base, "numberOfSections"):
            if case .local = base.kind { true } else { false }
        default: false
        }
    }

    /// Locals that hold a count and are never assigned again.
    static func countLocals(in chunk: Chunk, inference: TypeInference) -> Set<ObjectIdentifier> {
        var result: Set<ObjectIdentifier> = []
        SyntaxWalk.statements(
            chunk.body,
            { statement in
                if case .local(let variables, let values) = statement.kind {
                    for (variable, value) in zip(variables, values)
                    where isCount(value) && !inference.slot(for: variable).reassigned {
                        result.insert(ObjectIdentifier(variable))
                    }
                }
            }
        ) { _ in }
        return result
    }
}
