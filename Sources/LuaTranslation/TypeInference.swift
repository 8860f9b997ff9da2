/// Infers one Swift type for every variable, table, field and function of a script by running
/// over it until nothing changes (types only grow: an integer joined with a float becomes a
/// number, two tables stored in one place become one type), refusing at the line where it
/// happens whatever Swift cannot hold. The code generator then asks the same questions again,
/// without recording, to write each expression.
final class TypeInference {
    let types = TypeSystem()
    let chunk: Chunk
    /// False while the code generator asks: evaluation then changes nothing.
    var recording = true

    private(set) var variableSlots: [ObjectIdentifier: Slot] = [:]
    private(set) var functionTypes: [ObjectIdentifier: FunctionType] = [:]
    private(set) var constructorTables: [ObjectIdentifier: TableType] = [:]
    private(set) var schemaTables: [APISchema.Kind: TableType] = [:]
    /// The function whose body is being walked (nil: the chunk's top level).
    private(set) var currentFunction: FunctionBody?
    /// What the chunk returns: the layout (or, for a plain script, its table of functions).
    let chunkResult = Slot("the value the script returns")
    /// Kind of layout, from `flow{...}` or a table with `prepare`.
    var layoutKind: LayoutKind = .plain
    /// The script calls math.random: the layout carries Lua's generator.
    var usesRandom = false

    enum LayoutKind: Equatable {
        case plain, custom, flow, compositional
    }

    init(chunk: Chunk) {
        self.chunk = chunk
    }

    /// Runs to a fixed point.
    func run() throws(Refusal) {
        for _ in 0..<64 {
            types.startPass()
            try walk(chunk.body)
            try applyCallbackSignatures()
            if !types.changed { return }
        }
        throw Refusal(SourceLocation(line: 1, column: 1), "the script's types did not settle: simplify it")
    }

    // MARK: Places

    func slot(for variable: Variable) -> Slot {
        let key = ObjectIdentifier(variable)
        if let slot = variableSlots[key] { return slot.resolved }
        let slot = Slot("'\(variable.name)'")
        slot.nameHint = variable.name
        variableSlots[key] = slot
        return slot
    }

    func functionType(for body: FunctionBody) -> FunctionType {
        let key = ObjectIdentifier(body)
        if let type = functionTypes[key] { return type.resolved }
        let type = FunctionType(parameters: body.parameters.map { slot(for: $0) })
        type.bodies = [body]
        functionTypes[key] = type
        return type
    }

    func table(for constructor: Expression) -> TableType {
        let key = ObjectIdentifier(constructor)
        if let table = constructorTables[key] { return table.resolved }
        let table = TableType(at: constructor.location)
        constructorTables[key] = table
        return table
    }

    /// The one table type of an API schema (every rect is one Swift type).
    func schemaTable(_ kind: APISchema.Kind) -> TableType {
        if let table = schemaTables[kind] { return table.resolved }
        let table = TableType(at: nil)
        table.schema = APISchema(kind: kind)
        schemaTables[kind] = table
        for field in table.schema!.fixedFields {
            let slot = Slot("\(table.schema!.description)'s '\(field.name)'")
            table.fields[field.name] = slot
            table.fieldOrder.append(field.name)
            slot.setFixed(valueType(of: field.type))
        }
        return table
    }

    func valueType(of field: APISchema.FieldType) -> ValueType {
        switch field {
        case .whole: .whole
        case .integer: .integer
        case .optionalInteger: ValueType(shape: .number(.integer), nilable: true)
        case .boolean: .boolean
        case .string: .string
        case .optionalString: ValueType(shape: .string, nilable: true)
        case .schema(let kind): ValueType(shape: .table(schemaTable(kind)))
        case .optionalSchema(let kind): ValueType(shape: .table(schemaTable(kind)), nilable: true)
        case .transform: ValueType(shape: .table(numberArray(.whole, label: "transform3D")))
        case .animations:
            ValueType(
                shape: .table(arrayTable(of: ValueType(shape: .table(schemaTable(.animation))), label: "animations")))
        }
    }

    private var arrayTables: [String: TableType] = [:]

    /// A shared array type of the API (a transform's 16 numbers, a list of animations).
    func arrayTable(of element: ValueType, label: String) -> TableType {
        if let table = arrayTables[label] { return table.resolved }
        let table = TableType(at: nil)
        let slot = Slot("an element of \(label)")
        slot.setFixed(element)
        table.entries = slot
        table.keyShape = .number(.integer)
        table.nameHint = label
        arrayTables[label] = table
        return table
    }

    func numberArray(_ kind: NumberKind, label: String) -> TableType {
        arrayTable(of: .number(kind), label: label)
    }

    // MARK: Statements

    func walk(_ statements: [Statement]) throws(Refusal) {
        for statement in statements { try walk(statement) }
    }

    private func walk(_ statement: Statement) throws(Refusal) {
        let location = statement.location
        switch statement.kind {
        case .local(let variables, let values):
            for variable in variables where variable.attribute == "close" {
                throw Refusal(variable.location, "<close> variables need metatables: not in the subset")
            }
            let types = try evaluateList(values, count: variables.count)
            for (variable, value) in zip(variables, types) {
                try store(value, into: slot(for: variable), at: variable.location)
            }
        case .assignment(let targets, let values):
            let types = try evaluateList(values, count: targets.count)
            for (target, type) in zip(targets, types) { try assign(type, to: target) }
        case .call(let call):
            _ = try evaluateCall(call, statement: true)
        case .block(let body):
            try walk(body)
        case .whileLoop(let condition, let body):
            try evaluateCondition(condition)
            try walk(body)
        case .repeatLoop(let body, let condition):
            try walk(body)
            try evaluateCondition(condition)
        case .ifChain(let clauses, let otherwise):
            for clause in clauses {
                try evaluateCondition(clause.condition)
                try walk(clause.body)
            }
            if let otherwise { try walk(otherwise) }
        case .numericFor(let variable, let start, let limit, let step, let body):
            try numericFor(variable, start: start, limit: limit, step: step, at: location)
            try walk(body)
        case .genericFor(let variables, let iterators, let body):
            try genericFor(variables, iterators, at: location)
            try walk(body)
        case .function(let target, let body):
            if body.isMethod {
                throw Refusal(
                    location,
                    "a method (`function t:name`) needs `self` as a table with functions: write `function t.name(…)`")
            }
            if case .global(let name) = target.kind {
                throw Refusal(location, "global function '\(name)': declare it `local function \(name)`")
            }
            let type = try evaluate(Expression(.function(body), at: location))
            try assign(type, to: target)
        case .localFunction(let variable, let body):
            try types.store(
                ValueType(shape: .function(functionType(for: body))), into: slot(for: variable), at: location)
            try walkFunction(body)
        case .returnValues(let values):
            try returnValues(values, at: location)
        case .breakLoop:
            break
        case .goto, .label:
            throw Refusal(
                location,
                "goto and labels have no Swift counterpart: restructure the loop (`break`, or an `if` around the rest)")
        }
    }

    /// The values of an expression list adjusted to `count` (the last call spreads; nil pads).
    func evaluateList(_ expressions: [Expression], count: Int) throws(Refusal) -> [Evaluated] {
        var result: [Evaluated] = []
        for (index, expression) in expressions.enumerated() {
            let last = index == expressions.count - 1
            if last && expression.isMultiValued && count > expressions.count {
                let values = try evaluateMulti(expression)
                result += values.map { Evaluated(type: $0) }
            } else {
                result.append(try evaluate(expression))
            }
        }
        while result.count < count { result.append(Evaluated(type: .nil)) }
        return Array(result.prefix(max(count, 0)))
    }

    func walkFunction(_ body: FunctionBody) throws(Refusal) {
        guard recording, !CallbackSignature.isOmitted(body) else { return }
        if body.isVararg { throw Refusal(body.location, "varargs (`...`) are not in the subset: name the parameters") }
        let outer = currentFunction
        currentFunction = body
        defer { currentFunction = outer }
        _ = functionType(for: body)
        try walk(body.body)
    }

    private func returnValues(_ values: [Expression], at location: SourceLocation) throws(Refusal) {
        guard let function = currentFunction else {
            guard values.count == 1 else {
                throw Refusal(location, "the script must return one value: its layout (or a table of functions)")
            }
            let value = try evaluate(values[0])
            try types.store(value.type, into: chunkResult, at: location)
            return
        }
        let type = functionType(for: function)
        let evaluated: [Evaluated]
        if values.count == 1, values[0].isMultiValued {
            evaluated = try evaluateMulti(values[0]).map { Evaluated(type: $0) }
        } else {
            evaluated = try evaluateList(values, count: values.count)
        }
        while type.results.count < evaluated.count {
            let slot = Slot("result \(type.results.count + 1) of \(function.name.map { "'\($0)'" } ?? "a function")")
            // Some path returns fewer values (or none): nil for this one.
            if type.results.count >= ControlFlow.minimumReturnCount(of: function) {
                slot.markNilable()
                slot.explicitNil = true
            }
            type.results.append(slot)
            types.noteChange()
        }
        for (index, slot) in type.results.enumerated() {
            let value = index < evaluated.count ? evaluated[index] : Evaluated(type: .nil)
            try store(value, into: slot, at: location)
        }
    }

    private func numericFor(
        _ variable: Variable, start: Expression, limit: Expression, step: Expression?, at location: SourceLocation
    ) throws(Refusal) {
        let startValue = try evaluate(start)
        let limitValue = try evaluate(limit)
        let stepValue = try step.map { (expression) throws(Refusal) in try evaluate(expression) }
        for (value, expression) in [(startValue, start), (limitValue, limit)] + (step.map { [(stepValue!, $0)] } ?? [])
        {
            try requireNumber(value, at: expression.location, what: "a 'for' bound")
        }
        let startKind = startValue.type.shape.numberKind ?? .integer
        let stepKind = stepValue?.type.shape.numberKind ?? .integer
        let kind: NumberKind
        switch (startKind, stepKind) {
        case (.integer, .integer): kind = .integer
        case (.float, _), (_, .float): kind = .float
        default:
            throw Refusal(
                location,
                "this loop counts in integers or in floats depending on the run (its start or step comes from the engine): "
                    + "write math.floor(…) for integers or add 0.0 for floats")
        }
        try types.store(.number(kind), into: slot(for: variable), at: variable.location)
    }

    private func genericFor(
        _ variables: [Variable], _ iterators: [Expression], at location: SourceLocation
    ) throws(Refusal) {
        guard iterators.count == 1, case .call(let callee, let arguments) = iterators[0].kind,
            case .global(let name) = callee.kind
        else {
            throw Refusal(location, "a generic 'for' is translated over ipairs(t) only")
        }
        if name == "pairs" {
            throw Refusal(
                location,
                "pairs visits keys in an order Swift's dictionaries do not reproduce: "
                    + "loop over an array (ipairs) or over numbers (for i = …)")
        }
        guard name == "ipairs", arguments.count == 1 else {
            throw Refusal(location, "a generic 'for' is translated over ipairs(t) only")
        }
        let table = try evaluate(arguments[0])
        guard let type = table.type.shape.table else {
            if table.type.shape.isUnknown { return }
            throw Refusal(arguments[0].location, "ipairs over \(table.type.shape.name): it needs an array")
        }
        try noteArrayUse(type, at: arguments[0].location)
        let entries = try entriesSlot(of: type, keyShape: .number(.integer), at: arguments[0].location)
        if let index = variables.first {
            try types.store(.integer, into: slot(for: index), at: index.location)
        }
        if variables.count > 1 {
            try store(
                Evaluated(type: entries.resolved.type.nonNil, place: entries), into: slot(for: variables[1]),
                at: variables[1].location)
        }
        if variables.count > 2 {
            throw Refusal(variables[2].location, "ipairs gives two values: index and value")
        }
    }
}
