/// How a script's top level maps onto Swift: constants at file scope, state and functions in
/// the layout class, the returned table's fields as the class's members.
///
/// A script's top level may declare locals and local functions, add fields to the layout table
/// (`function layout.prepare(cv, out)`, `layout.x = …`) and return the layout; any other
/// statement (a loop, a call) is refused, as it would run when the script loads.
struct ModuleStructure {
    enum Member {
        /// A local never reassigned whose value never changes: `private let` at file scope.
        case constant(Variable, Expression)
        /// A local the script changes: a property of the layout class.
        case state(Variable, Expression?)
        /// A local function: a private method.
        case function(Variable, FunctionBody)
        /// A field of the returned table: a method (callbacks) or a property.
        case layoutField(String, Expression)
    }

    var members: [Member] = []

    enum Role {
        case constant, state, function, layout
    }

    /// What a top-level local became.
    func role(of variable: Variable) -> Role? {
        if variable === layoutVariable { return .layout }
        for member in members {
            switch member {
            case .constant(let other, _) where other === variable: return .constant
            case .state(let other, _) where other === variable: return .state
            case .function(let other, _) where other === variable: return .function
            default: continue
            }
        }
        return nil
    }
    /// The local holding the layout table, when there is one.
    var layoutVariable: Variable?
    var kind: TypeInference.LayoutKind

    init(chunk: Chunk, inference: TypeInference) throws(Refusal) {
        kind = inference.layoutKind
        var pending: [(Variable, Expression?)] = []
        var returned: Expression?
        for statement in chunk.body {
            switch statement.kind {
            case .local(let variables, let values):
                if values.count > 1 || variables.count == 1 {
                    guard values.count == variables.count || values.isEmpty || values.count <= variables.count else {
                        throw Refusal(
                            statement.location, "more values than names: Lua drops the extra ones; remove them")
                    }
                    if let last = values.last, last.isMultiValued, values.count < variables.count {
                        throw Refusal(
                            statement.location, "a call's results spread over these locals: declare them one by one")
                    }
                    for (index, variable) in variables.enumerated() {
                        pending.append((variable, index < values.count ? values[index] : nil))
                    }
                } else {
                    throw Refusal(statement.location, "declare each top-level local with its own value")
                }
            case .localFunction(let variable, let body):
                members.append(.function(variable, body))
            case .function(let target, let body):
                try addField(target, Expression(.function(body), at: statement.location), at: statement.location)
            case .assignment(let targets, let values):
                guard targets.count == 1, values.count == 1 else {
                    throw Refusal(statement.location, "assign the layout's fields one by one at the top level")
                }
                try addField(targets[0], values[0], at: statement.location)
            case .returnValues(let values):
                guard values.count == 1 else { throw Refusal(statement.location, "return the layout") }
                returned = values[0]
            default:
                throw Refusal(
                    statement.location,
                    "a statement at the top level runs when the script loads: move it into a function (prepare)")
            }
        }
        guard let returned else {
            throw Refusal(chunk.main.location, "the script returns nothing: return the layout table")
        }
        try resolveLayout(returned, pending: pending, inference: inference)
    }

    private mutating func addField(
        _ target: Expression, _ value: Expression, at location: SourceLocation
    ) throws(Refusal) {
        guard case .field(let base, let name) = target.kind, case .local(let variable) = base.kind else {
            throw Refusal(location, "only fields of the layout table are assigned at the top level")
        }
        if layoutVariable == nil { layoutVariable = variable }
        guard layoutVariable === variable else {
            throw Refusal(
                location, "'\(variable.name)' is not the table the script returns: only the layout gets fields here")
        }
        members.append(.layoutField(name, value))
    }

    private mutating func resolveLayout(
        _ returned: Expression, pending: [(Variable, Expression?)], inference: TypeInference
    )
        throws(Refusal)
    {
        var constructor: Expression?
        switch returned.kind {
        case .local(let variable):
            guard layoutVariable == nil || layoutVariable === variable else {
                throw Refusal(
                    returned.location, "the script returns '\(variable.name)' but gave fields to another table")
            }
            layoutVariable = variable
            guard let initializer = pending.first(where: { $0.0 === variable })?.1 else {
                throw Refusal(
                    returned.location, "return a table declared with `local \(variable.name) = {…}` at the top")
            }
            constructor = initializer
        case .table, .call:
            guard layoutVariable == nil else {
                throw Refusal(returned.location, "the script gives fields to a table it does not return")
            }
            constructor = returned
        default:
            throw Refusal(returned.location, "return the layout table (a local, a table constructor or flow{…})")
        }
        var fields: [Member] = []
        if let constructor {
            fields = try Self.fields(of: constructor)
        }
        var locals: [Member] = []
        var constants: Set<ObjectIdentifier> = []
        for (variable, value) in pending where variable !== layoutVariable {
            let member = try Self.classify(variable, value, inference: inference) {
                constants.contains(ObjectIdentifier($0))
            }
            if case .constant = member { constants.insert(ObjectIdentifier(variable)) }
            locals.append(member)
        }
        if let layoutVariable, inference.slot(for: layoutVariable).reassigned {
            throw Refusal(
                layoutVariable.location, "the layout table '\(layoutVariable.name)' is assigned again: keep one table")
        }
        members = locals + fields + members
    }

    /// The fields of `{…}`, `flow{…}` or `flow({…})`.
    private static func fields(of constructor: Expression) throws(Refusal) -> [Member] {
        var table = constructor
        if case .call(let callee, let arguments) = constructor.kind {
            guard case .global(let name) = callee.kind, name == "flow" || name == "compositional", arguments.count == 1
            else {
                throw Refusal(
                    constructor.location,
                    "the layout is a table, flow{…} or compositional{…}: this call is not translated")
            }
            table = arguments[0]
        }
        guard case .table(let entries) = table.kind else {
            throw Refusal(table.location, "the layout must be written as a table constructor")
        }
        var members: [Member] = []
        for entry in entries {
            guard case .named(let name, let value, _) = entry else {
                throw Refusal(table.location, "the layout table has only named fields (name = value)")
            }
            members.append(.layoutField(name, value))
        }
        return members
    }

    private static func classify(
        _ variable: Variable, _ value: Expression?, inference: TypeInference, isConstant: (Variable) -> Bool
    ) throws(Refusal) -> Member {
        let slot = inference.slot(for: variable)
        guard let value, !slot.reassigned else { return .state(variable, value) }
        if let table = slot.type.shape.table {
            if table.entriesMutated || table.fieldsMutated { return .state(variable, value) }
        }
        if case .function = slot.type.shape { return .state(variable, value) }
        return ConstantExpression.isConstant(value, isConstant) ? .constant(variable, value) : .state(variable, value)
    }
}

/// Expressions that can initialise a file-scope constant: literals, tables of them, Lua's
/// math on them, and other constants.
enum ConstantExpression {
    static func isConstant(_ expression: Expression, _ isConstantVariable: (Variable) -> Bool) -> Bool {
        switch expression.kind {
        case .nilLiteral, .boolean, .integer, .float, .string: return true
        case .local(let variable): return isConstantVariable(variable)
        case .table(let fields):
            return fields.allSatisfy {
                switch $0 {
                case .positional(let value), .named(_, let value, _): isConstant(value, isConstantVariable)
                case .keyed(let key, let value, _):
                    isConstant(key, isConstantVariable) && isConstant(value, isConstantVariable)
                }
            }
        case .binary(_, let left, let right):
            return isConstant(left, isConstantVariable) && isConstant(right, isConstantVariable)
        case .unary(_, let operand), .parenthesized(let operand):
            return isConstant(operand, isConstantVariable)
        case .field(let base, _):
            if case .global("math") = base.kind { return true }
            return isConstant(base, isConstantVariable)
        case .call(let callee, let arguments):
            guard case .field(let library, let function) = callee.kind, case .global(let name) = library.kind,
                name == "math" || name == "string", function != "random"
            else { return false }
            return arguments.allSatisfy { isConstant($0, isConstantVariable) }
        default: return false
        }
    }
}
