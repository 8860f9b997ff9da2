/// A recursive-descent parser for Lua 5.4 (the grammar of the reference manual, §9), resolving
/// every name to its local declaration or to a global as Lua's scoping rules do.
struct LuaParser {
    private var tokens: [LuaToken]
    private var position = 0
    /// Visible locals, innermost block last.
    private var scopes: [[String: Variable]] = [[:]]
    private var function: FunctionBody?

    init(tokens: [LuaToken]) {
        self.tokens = tokens
    }

    static func parse(_ source: [UInt8]) throws(Refusal) -> Chunk {
        var parser = LuaParser(tokens: try LuaLexer.tokens(of: source))
        let main = FunctionBody(location: SourceLocation(line: 1, column: 1))
        main.isVararg = true
        let body = try parser.block()
        guard parser.current.kind == .endOfFile else { throw parser.unexpected("'<eof>' expected") }
        main.body = body
        return Chunk(body: body, main: main)
    }

    // MARK: Tokens

    var current: LuaToken { tokens[position] }

    func peekToken(_ ahead: Int = 1) -> LuaToken.Kind {
        tokens[min(position + ahead, tokens.count - 1)].kind
    }

    mutating func advanceToken() -> LuaToken {
        let token = tokens[position]
        if position < tokens.count - 1 { position += 1 }
        return token
    }

    func isSymbolToken(_ symbol: String) -> Bool { current.kind == .symbol(symbol) }
    private func isKeyword(_ word: String) -> Bool { current.kind == .keyword(word) }

    mutating func acceptSymbol(_ symbol: String) -> Bool {
        guard isSymbolToken(symbol) else { return false }
        position += 1
        return true
    }

    private mutating func accept(keyword: String) -> Bool {
        guard isKeyword(keyword) else { return false }
        position += 1
        return true
    }

    mutating func expectSymbol(_ symbol: String) throws(Refusal) {
        guard acceptSymbol(symbol) else { throw unexpected("'\(symbol)' expected") }
    }

    private mutating func expect(keyword: String, closing opener: String? = nil, at line: Int? = nil) throws(Refusal) {
        guard accept(keyword: keyword) else {
            if let opener, let line, line != current.location.line {
                throw unexpected("'\(keyword)' expected (to close '\(opener)' at line \(line))")
            }
            throw unexpected("'\(keyword)' expected")
        }
    }

    private mutating func name() throws(Refusal) -> String {
        guard case .name(let text) = current.kind else { throw unexpected("<name> expected") }
        position += 1
        return text
    }

    func unexpected(_ message: String) -> Refusal {
        Refusal(current.location, "syntax error: \(message) near \(describe(current.kind))")
    }

    private func describe(_ kind: LuaToken.Kind) -> String {
        switch kind {
        case .name(let text), .keyword(let text), .symbol(let text): "'\(text)'"
        case .integer(let value): "'\(value)'"
        case .float(let value): "'\(value)'"
        case .string(let bytes): "'\(String(decoding: bytes, as: UTF8.self))'"
        case .endOfFile: "<eof>"
        }
    }

    // MARK: Scopes

    private mutating func declare(_ variable: Variable) {
        scopes[scopes.count - 1][variable.name] = variable
    }

    func resolveName(_ name: String) -> Variable? {
        for scope in scopes.reversed() {
            if let variable = scope[name] { return variable }
        }
        return nil
    }

    private mutating func scoped<T>(_ body: (inout LuaParser) throws(Refusal) -> T) throws(Refusal) -> T {
        scopes.append([:])
        defer { scopes.removeLast() }
        return try body(&self)
    }

    // MARK: Statements

    private func blockEnds() -> Bool {
        switch current.kind {
        case .endOfFile, .keyword("end"), .keyword("else"), .keyword("elseif"), .keyword("until"): true
        default: false
        }
    }

    mutating func block() throws(Refusal) -> [Statement] {
        var statements: [Statement] = []
        while !blockEnds() {
            if isKeyword("return") {
                statements.append(try returnStatement())
                break
            }
            if let statement = try statement() { statements.append(statement) }
        }
        return statements
    }

    private mutating func scopedBlock() throws(Refusal) -> [Statement] {
        try scoped { (parser: inout LuaParser) throws(Refusal) in try parser.block() }
    }

    private mutating func returnStatement() throws(Refusal) -> Statement {
        let location = advanceToken().location
        var values: [Expression] = []
        if !blockEnds() && !isSymbolToken(";") { values = try expressionList() }
        _ = acceptSymbol(";")
        guard blockEnds() else { throw unexpected("'end' expected") }
        return Statement(.returnValues(values), at: location)
    }

    private mutating func statement() throws(Refusal) -> Statement? {
        let location = current.location
        switch current.kind {
        case .symbol(";"):
            position += 1
            return nil
        case .symbol("::"):
            position += 1
            let label = try name()
            try expectSymbol("::")
            return Statement(.label(label), at: location)
        case .keyword("break"):
            position += 1
            return Statement(.breakLoop, at: location)
        case .keyword("goto"):
            position += 1
            return Statement(.goto(try name()), at: location)
        case .keyword("do"):
            position += 1
            let body = try scopedBlock()
            try expect(keyword: "end", closing: "do", at: location.line)
            return Statement(.block(body), at: location)
        case .keyword("while"):
            position += 1
            let condition = try expression()
            try expect(keyword: "do")
            let body = try scopedBlock()
            try expect(keyword: "end", closing: "while", at: location.line)
            return Statement(.whileLoop(condition, body), at: location)
        case .keyword("repeat"):
            position += 1
            return try scoped { (parser: inout LuaParser) throws(Refusal) in
                let body = try parser.block()
                try parser.expect(keyword: "until", closing: "repeat", at: location.line)
                return Statement(.repeatLoop(body, try parser.expression()), at: location)
            }
        case .keyword("if"):
            return try ifStatement()
        case .keyword("for"):
            return try forStatement()
        case .keyword("function"):
            return try functionStatement()
        case .keyword("local"):
            position += 1
            if accept(keyword: "function") { return try localFunction(at: location) }
            return try localStatement(at: location)
        default:
            return try expressionStatement()
        }
    }

    private mutating func ifStatement() throws(Refusal) -> Statement {
        let location = advanceToken().location
        var clauses: [(condition: Expression, body: [Statement])] = []
        let condition = try expression()
        try expect(keyword: "then")
        clauses.append((condition, try scopedBlock()))
        var otherwise: [Statement]?
        while true {
            if accept(keyword: "elseif") {
                let condition = try expression()
                try expect(keyword: "then")
                clauses.append((condition, try scopedBlock()))
            } else if accept(keyword: "else") {
                otherwise = try scopedBlock()
                try expect(keyword: "end", closing: "if", at: location.line)
                break
            } else {
                try expect(keyword: "end", closing: "if", at: location.line)
                break
            }
        }
        return Statement(.ifChain(clauses, otherwise), at: location)
    }

    private mutating func forStatement() throws(Refusal) -> Statement {
        let location = advanceToken().location
        let firstLocation = current.location
        let first = try name()
        if acceptSymbol("=") {
            let start = try expression()
            try expectSymbol(",")
            let limit = try expression()
            let step = acceptSymbol(",") ? try expression() : nil
            try expect(keyword: "do")
            let variable = Variable(name: first, location: firstLocation, function: function)
            let body = try scoped { (parser: inout LuaParser) throws(Refusal) in
                parser.declare(variable)
                return try parser.block()
            }
            try expect(keyword: "end", closing: "for", at: location.line)
            return Statement(.numericFor(variable, start: start, limit: limit, step: step, body), at: location)
        }
        var variables = [Variable(name: first, location: firstLocation, function: function)]
        while acceptSymbol(",") {
            let at = current.location
            variables.append(Variable(name: try name(), location: at, function: function))
        }
        try expect(keyword: "in")
        let iterators = try expressionList()
        try expect(keyword: "do")
        let body = try scoped { (parser: inout LuaParser) throws(Refusal) in
            for variable in variables { parser.declare(variable) }
            return try parser.block()
        }
        try expect(keyword: "end", closing: "for", at: location.line)
        return Statement(.genericFor(variables, iterators, body), at: location)
    }

    private mutating func functionStatement() throws(Refusal) -> Statement {
        let location = advanceToken().location
        let nameLocation = current.location
        let base = try name()
        var target = Expression(resolveName(base).map { .local($0) } ?? .global(base), at: nameLocation)
        var fullName = base
        var isMethod = false
        while isSymbolToken(".") || isSymbolToken(":") {
            isMethod = acceptSymbol(":")
            if !isMethod { position += 1 }
            let at = current.location
            let field = try name()
            target = Expression(.field(target, field), at: at)
            fullName += (isMethod ? ":" : ".") + field
            if isMethod { break }
        }
        let body = try functionBody(at: location, name: fullName, isMethod: isMethod)
        return Statement(.function(target: target, body), at: location)
    }

    private mutating func localFunction(at location: SourceLocation) throws(Refusal) -> Statement {
        let nameLocation = current.location
        let variable = Variable(name: try name(), location: nameLocation, function: function)
        declare(variable)  // visible inside its own body: recursion
        let body = try functionBody(at: location, name: variable.name, isMethod: false)
        return Statement(.localFunction(variable, body), at: location)
    }

    private mutating func localStatement(at location: SourceLocation) throws(Refusal) -> Statement {
        var variables: [Variable] = []
        repeat {
            let at = current.location
            let text = try name()
            var attribute: String?
            if acceptSymbol("<") {
                attribute = try name()
                try expectSymbol(">")
            }
            variables.append(Variable(name: text, location: at, attribute: attribute, function: function))
        } while acceptSymbol(",")
        let values = acceptSymbol("=") ? try expressionList() : []
        // The new locals are visible only after the statement (`local x = x` reads the outer x).
        for variable in variables { declare(variable) }
        return Statement(.local(variables, values), at: location)
    }

    mutating func expressionStatement() throws(Refusal) -> Statement {
        let location = current.location
        let first = try suffixedExpression()
        if isSymbolToken("=") || isSymbolToken(",") {
            var targets = [first]
            while acceptSymbol(",") { targets.append(try suffixedExpression()) }
            try expectSymbol("=")
            for target in targets {
                switch target.kind {
                case .local, .global, .index, .field: break
                default: throw Refusal(target.location, "syntax error: cannot assign to this expression")
                }
            }
            return Statement(.assignment(targets, try expressionList()), at: location)
        }
        switch first.kind {
        case .call, .methodCall: return Statement(.call(first), at: location)
        default: throw unexpected("syntax error: a statement must be an assignment or a call")
        }
    }

    // MARK: Functions

    mutating func functionBody(
        at location: SourceLocation, name: String?, isMethod: Bool
    ) throws(Refusal) -> FunctionBody {
        let body = FunctionBody(location: location)
        body.name = name
        body.isMethod = isMethod
        body.enclosing = function
        let outer = function
        function = body
        defer { function = outer }
        try scoped { (parser: inout LuaParser) throws(Refusal) in
            if isMethod {
                let variable = Variable(name: "self", location: location, function: body)
                body.parameters.append(variable)
                parser.declare(variable)
            }
            try parser.expectSymbol("(")
            if !parser.isSymbolToken(")") {
                repeat {
                    if parser.acceptSymbol("...") {
                        body.isVararg = true
                        break
                    }
                    let at = parser.current.location
                    let variable = Variable(name: try parser.name(), location: at, function: body)
                    body.parameters.append(variable)
                    parser.declare(variable)
                } while parser.acceptSymbol(",")
            }
            try parser.expectSymbol(")")
            body.body = try parser.block()
            try parser.expect(keyword: "end", closing: "function", at: location.line)
        }
        return body
    }
}
