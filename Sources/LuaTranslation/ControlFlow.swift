/// Structural facts about function bodies: how many values each path returns, and whether the
/// end of a body can be reached (a Swift function with a result must return on every path).
enum ControlFlow {
    /// The fewest values any path of the function returns (0 when it can end without `return`).
    static func minimumReturnCount(of function: FunctionBody) -> Int {
        var counts: [Int] = []
        collectReturnCounts(function.body, into: &counts)
        if canFallThrough(function.body) { counts.append(0) }
        return counts.min() ?? 0
    }

    /// The most values any `return` of the function lists.
    static func maximumReturnCount(of function: FunctionBody) -> Int {
        var counts: [Int] = []
        collectReturnCounts(function.body, into: &counts)
        return counts.max() ?? 0
    }

    private static func collectReturnCounts(_ statements: [Statement], into counts: inout [Int]) {
        for statement in statements {
            switch statement.kind {
            case .returnValues(let values): counts.append(values.count)
            case .block(let body), .whileLoop(_, let body), .repeatLoop(let body, _), .numericFor(_, _, _, _, let body),
                .genericFor(_, _, let body):
                collectReturnCounts(body, into: &counts)
            case .ifChain(let clauses, let otherwise):
                for clause in clauses { collectReturnCounts(clause.body, into: &counts) }
                if let otherwise { collectReturnCounts(otherwise, into: &counts) }
            default: break
            }
        }
    }

    /// Whether control can reach the end of `statements` (conservatively: loops may end).
    static func canFallThrough(_ statements: [Statement]) -> Bool {
        guard let last = statements.last else { return true }
        switch last.kind {
        case .returnValues: return false
        case .call(let call):
            if case .call(let callee, _) = call.kind, case .global("error") = callee.kind { return false }
            return true
        case .block(let body): return canFallThrough(body)
        case .ifChain(let clauses, let otherwise):
            guard let otherwise else { return true }
            return clauses.contains { canFallThrough($0.body) } || canFallThrough(otherwise)
        default: return true
        }
    }
}
