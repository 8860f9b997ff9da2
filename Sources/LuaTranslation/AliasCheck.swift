/// Lua tables are shared by reference; Swift arrays and dictionaries are copied when they are
/// stored or passed. The translation is faithful while no change made through one name is
/// meant to show through another, which this check proves or refuses:
///
/// 1. A variable whose table is changed in place was given a fresh table (`{…}`, or a
///    function's own new table), never another variable's table.
/// 2. A table is not changed after a copy of it was taken (stored elsewhere, passed to a
///    function, returned): not later in the function, nor again in a loop around both.
/// 3. A table is not changed inside `for … in ipairs(it)` (Swift iterates a copy).
///
/// Records whose fields change are classes (shared like Lua's tables), so only arrays and
/// dictionaries are checked. A table passed to a function that changes it is passed `inout`.
struct AliasCheck {
    let chunk: Chunk
    let inference: TypeInference

    private struct Event {
        var position: Int
        /// The loops around the event, outermost first, as (first, last) positions.
        var loops: [ClosedRange<Int>]
        var location: SourceLocation
    }

    private final class Record {
        var declared = 0
        var copies: [Event] = []
        var mutations: [Event] = []
        var sharedBinding: SourceLocation?
    }

    private final class Walk {
        var position = 0
        var loops: [ClosedRange<Int>] = []
        var records: [ObjectIdentifier: Record] = [:]
        /// Variables iterated by the ipairs loops being walked.
        var iterated: [Variable] = []
        /// The function whose body is walked (nil: the top level). Its own locals' events are
        /// in order; an outer variable's may run at any time (a closure runs later).
        var function: FunctionBody?
    }

    func run() throws(Refusal) {
        let walk = Walk()
        try statements(chunk.body, walk)
        for record in walk.records.values {
            if let binding = record.sharedBinding, let mutation = record.mutations.first {
                throw Refusal(
                    mutation.location,
                    "this table is also held elsewhere (it was given at line \(binding.line)); in Swift it would be a copy, "
                        + "so the change would not show there: change the original, or start from a new table {…}")
            }
            for mutation in record.mutations {
                for copy in record.copies where happensAfter(mutation, copy, declared: record.declared) {
                    throw Refusal(
                        mutation.location,
                        "this table is changed after a copy of it was stored or passed on (line \(copy.location.line)); "
                            + "a Swift array or dictionary is copied there and would not see the change: "
                            + "finish changing it first")
                }
            }
        }
    }

    private func happensAfter(_ mutation: Event, _ copy: Event, declared: Int) -> Bool {
        if mutation.position > copy.position || mutation.position == Int.max { return true }
        // A loop around both (inside the variable's scope) runs the change after the copy again.
        return mutation.loops.contains { loop in
            loop.lowerBound > declared && loop.contains(copy.position)
        }
    }

    // MARK: Walking

    private func isCollection(_ variable: Variable) -> Bool {
        guard let table = inference.slot(for: variable).type.shape.table else { return false }
        return table.schema == nil && table.entries != nil
    }

    private func record(_ variable: Variable, _ walk: Walk) -> Record? {
        guard isCollection(variable) else { return nil }
        let key = ObjectIdentifier(variable)
        if let record = walk.records[key] { return record }
        let record = Record()
        walk.records[key] = record
        return record
    }

    /// An event on `variable` here: in order for the walked function's own locals; for an outer
    /// variable a change counts as after everything and a copy as before everything.
    private func event(_ variable: Variable, mutation: Bool, _ walk: Walk, at location: SourceLocation) -> Event {
        let own = variable.function === walk.function
        let position = own ? walk.position : (mutation ? Int.max : Int.min)
        return Event(position: position, loops: own ? walk.loops : [], location: location)
    }

    private func statements(_ list: [Statement], _ walk: Walk) throws(Refusal) {
        for statement in list { try self.statement(statement, walk) }
    }

    private func statement(_ statement: Statement, _ walk: Walk) throws(Refusal) {
        walk.position += 1
        switch statement.kind {
        case .local(let variables, let values):
            for value in values { try expression(value, walk, copied: true) }
            for (index, variable) in variables.enumerated() {
                guard let record = record(variable, walk) else { continue }
                record.declared = walk.position
                if index < values.count, !isFresh(values[index]) { record.sharedBinding = values[index].location }
            }
        case .assignment(let targets, let values):
            for value in values { try expression(value, walk, copied: true) }
            for (index, target) in targets.enumerated() {
                switch target.kind {
                case .local(let variable):
                    if let record = record(variable, walk), index < values.count, !isFresh(values[index]) {
                        record.sharedBinding = values[index].location
                    }
                case .index(let object, let key):
                    try mutation(of: object, walk, at: target.location)
                    try expression(key, walk, copied: false)
                case .field(let object, _):
                    try expression(object, walk, copied: false)
                default: break
                }
            }
        case .call(let call):
            try expression(call, walk, copied: false)
        case .block(let body):
            try statements(body, walk)
        case .whileLoop(let condition, let body), .repeatLoop(let body, let condition):
            try loop(walk) { () throws(Refusal) in
                try expression(condition, walk, copied: false)
                try statements(body, walk)
            }
        case .ifChain(let clauses, let otherwise):
            for clause in clauses {
                try expression(clause.condition, walk, copied: false)
                try statements(clause.body, walk)
            }
            if let otherwise { try statements(otherwise, walk) }
        case .numericFor(_, let start, let limit, let step, let body):
            for value in [start, limit] + (step.map { [$0] } ?? []) { try expression(value, walk, copied: false) }
            try loop(walk) { () throws(Refusal) in try statements(body, walk) }
        case .genericFor(let variables, let iterators, let body):
            var iterated: Variable?
            if case .call(_, let arguments) = iterators.first?.kind, case .local(let table) = arguments.first?.kind {
                iterated = table
            }
            for value in iterators { try expression(value, walk, copied: false) }
            for variable in variables {
                if let record = record(variable, walk) {
                    record.declared = walk.position
                    record.sharedBinding = variable.location
                }
            }
            if let iterated { walk.iterated.append(iterated) }
            try loop(walk) { () throws(Refusal) in try statements(body, walk) }
            if iterated != nil { walk.iterated.removeLast() }
        case .function(let target, let body):
            try expression(target, walk, copied: false)
            try nested(body, walk)
        case .localFunction(_, let body):
            try nested(body, walk)
        case .returnValues(let values):
            for value in values { try expression(value, walk, copied: true) }
        case .breakLoop, .goto, .label:
            break
        }
    }

    private func loop(_ walk: Walk, _ body: () throws(Refusal) -> Void) throws(Refusal) {
        let start = walk.position
        walk.loops.append(start...Int.max)
        try body()
        walk.loops.removeLast()
        // Close the range for events recorded inside it.
        let range = start...walk.position
        for record in walk.records.values {
            for index in record.copies.indices {
                record.copies[index].loops = record.copies[index].loops.map { $0 == start...Int.max ? range : $0 }
            }
            for index in record.mutations.indices {
                record.mutations[index].loops = record.mutations[index].loops.map { $0 == start...Int.max ? range : $0 }
            }
        }
    }

    private func nested(_ body: FunctionBody, _ walk: Walk) throws(Refusal) {
        let outer = (walk.function, walk.loops, walk.iterated)
        walk.function = body
        walk.loops = []
        walk.iterated = []
        defer { (walk.function, walk.loops, walk.iterated) = outer }
        try statements(body.body, walk)
    }

    /// A table changed in place through `object` (`object[k] = v`, `table.insert(object, v)`).
    private func mutation(of object: Expression, _ walk: Walk, at location: SourceLocation) throws(Refusal) {
        switch object.kind {
        case .local(let variable):
            if walk.iterated.contains(where: { $0 === variable }) {
                throw Refusal(
                    location,
                    "this table is changed inside the loop that iterates it (ipairs): Swift iterates a copy, "
                        + "which would not see the change; collect the changes and apply them after the loop")
            }
            record(variable, walk)?.mutations.append(event(variable, mutation: true, walk, at: location))
        case .index(let base, let key):
            try expression(key, walk, copied: false)
            try mutation(of: base, walk, at: location)
        case .field(let base, _), .parenthesized(let base):
            try mutation(of: base, walk, at: location)
        default:
            try expression(object, walk, copied: false)
        }
    }

    private func expression(_ expression: Expression, _ walk: Walk, copied: Bool) throws(Refusal) {
        switch expression.kind {
        case .local(let variable):
            if copied, let record = record(variable, walk) {
                record.copies.append(event(variable, mutation: false, walk, at: expression.location))
            }
        case .function(let body):
            try nested(body, walk)
        case .table(let fields):
            for field in fields {
                switch field {
                case .positional(let value), .named(_, let value, _): try self.expression(value, walk, copied: true)
                case .keyed(let key, let value, _):
                    try self.expression(key, walk, copied: false)
                    try self.expression(value, walk, copied: true)
                }
            }
        case .index(let object, let key):
            try self.expression(object, walk, copied: false)
            try self.expression(key, walk, copied: false)
        case .field(let object, _):
            try self.expression(object, walk, copied: false)
        case .call(let callee, let arguments):
            try call(callee, arguments, walk)
        case .methodCall(let object, _, let arguments):
            try self.expression(object, walk, copied: false)
            for argument in arguments { try self.expression(argument, walk, copied: true) }
        case .binary(let op, let left, let right):
            // `a or b` and `a and b` pass one operand on; the others only read.
            let passes = copied && (op == .and || op == .or)
            try self.expression(left, walk, copied: passes)
            try self.expression(right, walk, copied: passes)
        case .unary(_, let operand):
            try self.expression(operand, walk, copied: false)
        case .parenthesized(let inner):
            try self.expression(inner, walk, copied: copied)
        default:
            break
        }
    }

    private func call(_ callee: Expression, _ arguments: [Expression], _ walk: Walk) throws(Refusal) {
        if case .field(let library, let name) = callee.kind, case .global("table") = library.kind {
            if ["insert", "remove", "sort"].contains(name), let first = arguments.first {
                try mutation(of: first, walk, at: first.location)
            }
            for argument in arguments.dropFirst() { try expression(argument, walk, copied: true) }
            return
        }
        if case .global = callee.kind {
            // Lua's own functions read their arguments (ipairs, tostring, type, print, …).
            for argument in arguments { try expression(argument, walk, copied: false) }
            return
        }
        if case .field(let library, _) = callee.kind, case .global = library.kind {
            for argument in arguments { try expression(argument, walk, copied: false) }
            return
        }
        try expression(callee, walk, copied: false)
        let inoutIndices = inoutParameters(of: callee)
        for (index, argument) in arguments.enumerated() {
            if inoutIndices.contains(index) {
                try mutation(of: argument, walk, at: argument.location)
            } else {
                try expression(argument, walk, copied: true)
            }
        }
    }

    /// The parameters of the called function that it changes (Swift passes them `inout`).
    private func inoutParameters(of callee: Expression) -> Set<Int> {
        guard let function = (try? inference.evaluate(callee))?.type.shape.function else { return [] }
        var result: Set<Int> = []
        for body in function.bodies {
            let mutated = MutationScan.mutatedTables(in: body.body)
            for (index, parameter) in body.parameters.enumerated()
            where mutated.contains(ObjectIdentifier(parameter)) && isCollection(parameter) {
                result.insert(index)
            }
        }
        return result
    }

    /// A value no other name holds: a table constructor, or a call of a function that returns
    /// only tables it built.
    private func isFresh(_ expression: Expression) -> Bool {
        switch expression.kind {
        case .table, .nilLiteral: return true
        case .parenthesized(let inner): return isFresh(inner)
        case .binary(.or, let left, let right), .binary(.and, let left, let right):
            return isFresh(left) && isFresh(right)
        case .call(let callee, _):
            guard let function = (try? inference.evaluate(callee))?.type.shape.function else { return true }
            return function.bodies.allSatisfy(returnsOnlyFreshTables)
        case .methodCall: return true
        case .local(let variable): return !isCollection(variable)
        default: return !(((try? inference.evaluate(expression))?.type.shape.table).map { $0.entries != nil } ?? false)
        }
    }

    /// Every value a function returns is a new table, or a local table of its own.
    private func returnsOnlyFreshTables(_ body: FunctionBody) -> Bool {
        var fresh = true
        SyntaxWalk.statements(
            body.body,
            { statement in
                guard case .returnValues(let values) = statement.kind else { return }
                for value in values {
                    if case .local(let variable) = value.kind, variable.function === body,
                        !body.parameters.contains(where: { $0 === variable })
                    {
                        continue
                    }
                    if !isFresh(value) { fresh = false }
                }
            }
        ) { _ in }
        return fresh
    }
}
