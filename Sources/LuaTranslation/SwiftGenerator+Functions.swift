/// Functions: methods of the layout class, nested functions, closures; their parameters
/// (`inout` for a table the function changes) and names.
extension SwiftGenerator {
    /// A method or nested function's text.
    func functionDeclaration(name: String, _ body: FunctionBody, access: String, _ writer: SwiftWriter) throws(Refusal)
    {
        let type = inference.functionType(for: body)
        try withFunction(type) { () throws(Refusal) in
            let parameters = try parameterList(body, type)
            let result = try signatureResult(type)
            let arrow = result == .void ? "" : " -> \(result.text)"
            try writer.block("\(access)func \(name)(\(parameters))\(arrow)") { () throws(Refusal) in
                try functionBody(body, type, writer)
            }
        }
    }

    func nestedFunction(name: String, _ body: FunctionBody, _ writer: SwiftWriter) throws(Refusal) {
        try functionDeclaration(name: name, body, access: "", writer)
    }

    /// A function literal used as a value: a Swift closure.
    func closure(_ body: FunctionBody) throws(Refusal) -> Code {
        let type = inference.functionType(for: body)
        let writer = SwiftWriter()
        closureDepth += 1
        defer { closureDepth -= 1 }
        var signature = ""
        try withFunction(type) { () throws(Refusal) in
            let parameters = try parameterList(body, type, labels: false)
            let result = try resultType(of: type)
            signature = "{ (\(parameters)) -> \(result.text) in"
            try writer.indented { () throws(Refusal) in try functionBody(body, type, writer) }
        }
        let text = signature + "\n" + writer.text + "}"
        return Code(text, try functionType(type, at: body.location))
    }

    private func functionBody(_ body: FunctionBody, _ type: FunctionType, _ writer: SwiftWriter) throws(Refusal) {
        if type.callback?.name == "prepare", inference.usesRandom {
            // The engine seeds Lua's generator before every prepare.
            writer.line("random = LuaRandom(seed: seed)")
        }
        if type.callback?.name == "sectionProvider", CallbackSignature.translatingProvider, let cv = providerContext {
            // The script's layout, set by makeNAMELayout (docs/lua-to-swift.md, "A section provider").
            writer.line("guard let \(cv) = self.layout.map(\(prefix)Context.init) else { return nil }")
        }
        for parameter in body.parameters where inference.slot(for: parameter).reassigned && !isInout(parameter, type) {
            writer.line("var \(name(of: parameter)) = \(name(of: parameter))")
        }
        try statements(body.body, writer)
        let result = try signatureResult(type)
        if result != .void, ControlFlow.canFallThrough(body.body) {
            // Lua returns nothing (nil) at the end of the function.
            switch type.callback?.result {
            case .boolean: writer.line("return false")
            case nil: writer.line("return \(try convert(.nilLiteral, to: result, at: body.location).text)")
            default: throw Refusal(body.location, "\(type.callback!.name) must return a value on every path")
            }
        }
    }

    private func parameterList(
        _ body: FunctionBody, _ type: FunctionType, labels: Bool = true
    ) throws(Refusal) -> String {
        let inoutIndices = inoutParameters(of: type)
        var parts: [String] = []
        let provider = CallbackSignature.translatingProvider && type.callback?.name == "sectionProvider"
        for (index, parameter) in body.parameters.enumerated() {
            if provider && index == 0 {
                // UIKit's provider takes the index and the environment only: a provider reading
                // cv reaches the layout's collection view, data and state through the script.
                if reads(parameter, in: body) { providerContext = declare(parameter) }
                continue
            }
            var swift = try swiftType(of: inference.slot(for: parameter))
            if let given = try callbackParameterType(type, index) { swift = given }
            let name = declare(parameter)
            if provider && index == 2 { providerEnvironment = name }
            let inoutMark = inoutIndices.contains(index) ? "inout " : ""
            parts.append("\(labels ? "_ " : "")\(name): \(inoutMark)\(swift.text)")
        }
        // UIKit passes every argument of a callback; Lua's function may name fewer.
        if let callback = type.callback, callback.parameters.count > body.parameters.count {
            for index in body.parameters.count..<callback.parameters.count where !(provider && index == 0) {
                let swift = try swiftType(of: inference.valueType(of: callback.parameters[index]))
                parts.append("\(labels ? "_ " : "")_: \(swift.text)")
            }
        }
        return parts.joined(separator: ", ")
    }

    /// Whether the function's body reads the parameter.
    private func reads(_ parameter: Variable, in body: FunctionBody) -> Bool {
        var read = false
        SyntaxWalk.statements(body.body, { _ in }) { expression in
            if case .local(let variable) = expression.kind, variable === parameter { read = true }
        }
        return read
    }

    /// A callback's result in the API's type, another function's as inferred.
    func signatureResult(_ type: FunctionType) throws(Refusal) -> SwiftType {
        if let callback = type.callback { return callbackResultType(callback) }
        return try resultType(of: type)
    }

    private func callbackParameterType(_ type: FunctionType, _ index: Int) throws(Refusal) -> SwiftType? {
        guard let callback = type.callback, index < callback.parameters.count else { return nil }
        return try swiftType(of: inference.valueType(of: callback.parameters[index]))
    }

    private func isInout(_ parameter: Variable, _ type: FunctionType) -> Bool {
        guard let index = type.bodies.first?.parameters.firstIndex(where: { $0 === parameter }) else { return false }
        return inoutParameters(of: type).contains(index)
    }

    /// Parameters holding an array or dictionary the function changes: Swift passes those
    /// `inout`, so the caller's table changes as Lua's does.
    func inoutParameters(of type: FunctionType) -> Set<Int> {
        var result: Set<Int> = []
        for body in type.bodies {
            let mutated = MutationScan.mutatedTables(in: body.body)
            for (index, parameter) in body.parameters.enumerated() where mutated.contains(ObjectIdentifier(parameter)) {
                if let table = inference.slot(for: parameter).type.shape.table, table.schema == nil,
                    table.entries != nil
                {
                    result.insert(index)
                }
            }
        }
        return result
    }

    private func withFunction(_ type: FunctionType, _ body: () throws(Refusal) -> Void) throws(Refusal) {
        functionStack.append(type)
        defer { functionStack.removeLast() }
        try body()
    }

    var currentFunction: FunctionType? { functionStack.last }

    // MARK: Names

    /// A Swift name for a new local, unique in the member being written.
    func declare(_ variable: Variable) -> String {
        let key = ObjectIdentifier(variable)
        if let name = variableNames[key] { return name }
        let name = uniqueLocal(SwiftNames.identifier(variable.name))
        variableNames[key] = name
        return name
    }

    func uniqueLocal(_ base: String) -> String {
        var name = base
        var counter = 2
        while usedLocalNames.contains(name.trimmingCharacters(in: "`")) {
            name = base.trimmingCharacters(in: "`") + String(counter)
            counter += 1
        }
        usedLocalNames.insert(name.trimmingCharacters(in: "`"))
        return name
    }

    /// Whether a loop variable is read in the body (unused ones become `_`).
    func usesVariable(_ variable: Variable, in body: [Statement]) -> Bool {
        VariableUse.uses(variable, in: body)
    }
}

/// Tables a function body changes in place through a name: `t[k] = v`, `table.insert(t, v)`.
enum MutationScan {
    static func mutatedTables(in statements: [Statement]) -> Set<ObjectIdentifier> {
        var result: Set<ObjectIdentifier> = []
        SyntaxWalk.statements(statements) { statement in
            switch statement.kind {
            case .assignment(let targets, _):
                for target in targets {
                    if case .index(let object, _) = target.kind, case .local(let variable) = object.kind {
                        result.insert(ObjectIdentifier(variable))
                    }
                }
            case .call(let call):
                if case .call(let callee, let arguments) = call.kind, case .field(let library, let name) = callee.kind,
                    case .global("table") = library.kind, ["insert", "remove", "sort"].contains(name),
                    let first = arguments.first, case .local(let variable) = first.kind
                {
                    result.insert(ObjectIdentifier(variable))
                }
            default: break
            }
        } expression: { expression in
            if case .call(let callee, let arguments) = expression.kind,
                case .field(let library, let name) = callee.kind,
                case .global("table") = library.kind, name == "remove",
                let first = arguments.first, case .local(let variable) = first.kind
            {
                result.insert(ObjectIdentifier(variable))
            }
        }
        return result
    }
}

/// Whether a variable is read anywhere in some statements.
enum VariableUse {
    static func uses(_ variable: Variable, in statements: [Statement]) -> Bool {
        var found = false
        SyntaxWalk.statements(statements, { _ in }) { expression in
            if case .local(let other) = expression.kind, other === variable { found = true }
        }
        return found
    }
}

/// Visits every statement and expression under some statements, function bodies included.
enum SyntaxWalk {
    static func statements(
        _ list: [Statement], _ statement: (Statement) -> Void, expression: (Expression) -> Void
    ) {
        for item in list { visit(item, statement, expression) }
    }

    /// Every expression, but not inside `local function` bodies (which run only when called).
    static func statements(_ list: [Statement], skippingLocalFunctions: Bool, expression: (Expression) -> Void) {
        for item in list {
            if case .localFunction = item.kind { continue }
            if case .function(_, let body) = item.kind, CallbackSignature.isOmitted(body) { continue }
            visit(item, { _ in }, expression, skipping: true)
        }
    }

    private static func visit(
        _ item: Statement, _ statement: (Statement) -> Void, _ expression: (Expression) -> Void, skipping: Bool = false
    ) {
        statement(item)
        func each(_ list: [Expression]) {
            for value in list { visit(value, statement, expression, skipping: skipping) }
        }
        func body(_ list: [Statement]) {
            for child in list {
                if skipping, case .localFunction = child.kind { continue }
                visit(child, statement, expression, skipping: skipping)
            }
        }
        switch item.kind {
        case .local(_, let values): each(values)
        case .assignment(let targets, let values): each(targets + values)
        case .call(let call): each([call])
        case .block(let list): body(list)
        case .whileLoop(let condition, let list):
            each([condition])
            body(list)
        case .repeatLoop(let list, let condition):
            body(list)
            each([condition])
        case .ifChain(let clauses, let otherwise):
            for clause in clauses {
                each([clause.condition])
                body(clause.body)
            }
            if let otherwise { body(otherwise) }
        case .numericFor(_, let start, let limit, let step, let list):
            each([start, limit] + (step.map { [$0] } ?? []))
            body(list)
        case .genericFor(_, let iterators, let list):
            each(iterators)
            body(list)
        case .function(let target, let function):
            each([target])
            body(function.body)
        case .localFunction(_, let function): body(function.body)
        case .returnValues(let values): each(values)
        case .breakLoop, .goto, .label: break
        }
    }

    static func visit(
        _ item: Expression, _ statement: (Statement) -> Void, _ expression: (Expression) -> Void, skipping: Bool = false
    ) {
        expression(item)
        func each(_ list: [Expression]) {
            for value in list { visit(value, statement, expression, skipping: skipping) }
        }
        switch item.kind {
        case .function(let function):
            if skipping && CallbackSignature.isOmitted(function) { return }
            for child in function.body { visit(child, statement, expression, skipping: skipping) }
        case .table(let fields):
            for field in fields {
                switch field {
                case .positional(let value), .named(_, let value, _): each([value])
                case .keyed(let key, let value, _): each([key, value])
                }
            }
        case .index(let object, let key): each([object, key])
        case .field(let object, _): each([object])
        case .call(let callee, let arguments): each([callee] + arguments)
        case .methodCall(let object, _, let arguments): each([object] + arguments)
        case .binary(_, let left, let right): each([left, right])
        case .unary(_, let operand), .parenthesized(let operand): each([operand])
        default: break
        }
    }
}
