/// Expressions: precedence climbing over Lua's binary priorities, then suffixes (fields,
/// indexes, calls) on primary expressions.
extension LuaParser {
    mutating func expressionList() throws(Refusal) -> [Expression] {
        var list = [try expression()]
        while acceptSymbol(",") { list.append(try expression()) }
        return list
    }

    mutating func expression(limit: Int = 0) throws(Refusal) -> Expression {
        var left: Expression
        let location = current.location
        if let unary = unaryOperator() {
            _ = advanceToken()
            let operand = try expression(limit: 12)
            left = Expression(.unary(unary, operand), at: location)
        } else {
            left = try simpleExpression()
        }
        while let binary = binaryOperator(), binary.priority.left > limit {
            let at = advanceToken().location
            let right = try expression(limit: binary.priority.right)
            left = Expression(.binary(binary, left, right), at: at)
        }
        return left
    }

    private func unaryOperator() -> UnaryOperator? {
        switch current.kind {
        case .keyword("not"): .not
        case .symbol("-"): .negate
        case .symbol("#"): .length
        case .symbol("~"): .bitNot
        default: nil
        }
    }

    private func binaryOperator() -> BinaryOperator? {
        switch current.kind {
        case .keyword("and"): .and
        case .keyword("or"): .or
        case .symbol(let symbol): BinaryOperator(rawValue: symbol).flatMap { $0 == .or || $0 == .and ? nil : $0 }
        default: nil
        }
    }

    private mutating func simpleExpression() throws(Refusal) -> Expression {
        let token = current
        let location = token.location
        switch token.kind {
        case .integer(let value):
            _ = advanceToken()
            return Expression(.integer(value), at: location)
        case .float(let value):
            _ = advanceToken()
            return Expression(.float(value), at: location)
        case .string(let bytes):
            _ = advanceToken()
            return Expression(.string(bytes), at: location)
        case .keyword("nil"):
            _ = advanceToken()
            return Expression(.nilLiteral, at: location)
        case .keyword("true"):
            _ = advanceToken()
            return Expression(.boolean(true), at: location)
        case .keyword("false"):
            _ = advanceToken()
            return Expression(.boolean(false), at: location)
        case .symbol("..."):
            _ = advanceToken()
            return Expression(.vararg, at: location)
        case .symbol("{"):
            return try tableConstructor()
        case .keyword("function"):
            _ = advanceToken()
            return Expression(.function(try functionBody(at: location, name: nil, isMethod: false)), at: location)
        default:
            return try suffixedExpression()
        }
    }

    private mutating func primaryExpression() throws(Refusal) -> Expression {
        let location = current.location
        switch current.kind {
        case .name(let text):
            _ = advanceToken()
            return Expression(resolveName(text).map { .local($0) } ?? .global(text), at: location)
        case .symbol("("):
            _ = advanceToken()
            let inner = try expression()
            try expectSymbol(")")
            return Expression(.parenthesized(inner), at: location)
        default:
            throw unexpected("unexpected symbol")
        }
    }

    mutating func suffixedExpression() throws(Refusal) -> Expression {
        var result = try primaryExpression()
        while true {
            let location = current.location
            switch current.kind {
            case .symbol("."):
                _ = advanceToken()
                let fieldLocation = current.location
                guard case .name(let field) = current.kind else { throw unexpected("<name> expected") }
                _ = advanceToken()
                result = Expression(.field(result, field), at: fieldLocation)
            case .symbol("["):
                _ = advanceToken()
                let key = try expression()
                try expectSymbol("]")
                result = Expression(.index(result, key), at: location)
            case .symbol(":"):
                _ = advanceToken()
                guard case .name(let method) = current.kind else { throw unexpected("<name> expected") }
                _ = advanceToken()
                result = Expression(.methodCall(result, method, try callArguments()), at: location)
            case .symbol("("), .symbol("{"), .string:
                result = Expression(.call(result, try callArguments()), at: location)
            default:
                return result
            }
        }
    }

    private mutating func callArguments() throws(Refusal) -> [Expression] {
        let location = current.location
        switch current.kind {
        case .string(let bytes):
            _ = advanceToken()
            return [Expression(.string(bytes), at: location)]
        case .symbol("{"):
            return [try tableConstructor()]
        case .symbol("("):
            _ = advanceToken()
            if acceptSymbol(")") { return [] }
            let arguments = try expressionList()
            try expectSymbol(")")
            return arguments
        default:
            throw unexpected("function arguments expected")
        }
    }

    private mutating func tableConstructor() throws(Refusal) -> Expression {
        let location = advanceToken().location
        var fields: [TableField] = []
        while !isSymbolToken("}") {
            let at = current.location
            if isSymbolToken("[") {
                _ = advanceToken()
                let key = try expression()
                try expectSymbol("]")
                try expectSymbol("=")
                fields.append(.keyed(key, try expression(), at))
            } else if case .name(let field) = current.kind, peekToken() == .symbol("=") {
                _ = advanceToken()
                _ = advanceToken()
                let value = try expression()
                // A function stored under a name is known by it (`prepare = function … end`).
                if case .function(let body) = value.kind, body.name == nil { body.name = field }
                fields.append(.named(field, value, at))
            } else {
                fields.append(.positional(try expression()))
            }
            if !acceptSymbol(",") && !acceptSymbol(";") { break }
        }
        try expectSymbol("}")
        return Expression(.table(fields), at: location)
    }
}
