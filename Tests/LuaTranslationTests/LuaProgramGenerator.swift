/// Random Lua programs inside the translated subset, for the differential test: integer and
/// float arithmetic with Lua's `//`, `%` and wraparound, string building and string.format,
/// loops, arrays, dictionaries and records, local functions. Each program returns
/// `{run = function() … end}` and prints what it computes.
///
/// Programs stay where Lua and Swift must agree exactly: divisors are never zero, floats stay
/// finite (variables are clamped to ±1e9, divisions are by numbers of magnitude at least 1),
/// so no NaN appears whose sign a compiler could fold differently; indexes are in range.
struct LuaProgramGenerator {
    /// SplitMix64: the same programs for the same seed on every machine.
    struct Random {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    enum Kind: Equatable {
        case int, float, string, bool
        case intArray, floatArray, stringArray
        /// Integer keys written anywhere: a dictionary.
        case intMap
        /// String keys.
        case stringMap
        case record
    }

    struct Local {
        var name: String
        var kind: Kind
        var mutable: Bool
    }

    var random: Random
    private var scopes: [[Local]] = []
    private var counter = 0
    private var functions: [(name: String, parameters: [Kind], result: Kind)] = []
    private var lines: [String] = []
    private var indentation = 0
    private var loopDepth = 0

    init(seed: UInt64) {
        random = Random(state: seed)
    }

    // MARK: Programs

    mutating func program() -> String {
        lines = []
        scopes = [[]]
        functions = []
        counter = 0
        for _ in 0..<(1 + random.below(3)) {
            let kind: Kind = random.pick([.int, .int, .float, .string])
            let name = fresh("K")
            emit("local \(name) = \(literal(kind))")
            declare(Local(name: name, kind: kind, mutable: false))
        }
        for _ in 0..<random.below(3) { function() }
        emit("return {")
        indentation += 1
        emit("run = function()")
        indentation += 1
        scopes.append([])
        // lua5.4 seeds its generator at random unless the program seeds it.
        let seed = random.below(2000) - 1000
        emit("math.randomseed(\(seed < 0 ? "(-\(-seed))" : String(seed)))")
        for _ in 0..<(4 + random.below(6)) { statement(depth: 0) }
        printAll()
        scopes.removeLast()
        indentation -= 1
        emit("end,")
        indentation -= 1
        emit("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private mutating func function() {
        let name = fresh("f")
        let parameters: [Kind] = (0..<(1 + random.below(2))).map { _ in random.pick([.int, .float, .int, .string]) }
        let result: Kind = random.pick([.int, .float, .string, .bool])
        let names = parameters.map { _ in fresh("p") }
        emit("local function \(name)(\(names.joined(separator: ", ")))")
        indentation += 1
        scopes.append(zip(names, parameters).map { Local(name: $0, kind: $1, mutable: false) })
        if random.chance(50) {
            let condition = expression(.bool, depth: 1)
            emit("if \(condition) then")
            indentation += 1
            emit("return \(expression(result, depth: 1))")
            indentation -= 1
            emit("end")
        }
        if random.chance(40) { statement(depth: 1) }
        emit("return \(expression(result, depth: 0))")
        scopes.removeLast()
        indentation -= 1
        emit("end")
        functions.append((name, parameters, result))
    }

    // MARK: Statements

    private mutating func statement(depth: Int) {
        let choice = random.below(depth > 2 ? 6 : 13)
        switch choice {
        case 0, 1, 2: declaration()
        case 3, 4: assignment()
        case 5: printLine()
        case 6: ifStatement(depth: depth)
        case 7: numericFor(depth: depth)
        case 8: whileLoop(depth: depth)
        case 9: tableUpdate()
        case 10: genericFor(depth: depth)
        case 11: repeatLoop(depth: depth)
        default: floatFor(depth: depth)
        }
    }

    private mutating func declaration() {
        let kind: Kind = random.pick([
            .int, .int, .float, .float, .string, .bool, .intArray, .floatArray, .stringArray, .intMap, .stringMap,
            .record,
        ])
        let name = fresh(kind == .record ? "r" : "v")
        emit("local \(name) = \(initializer(kind))")
        declare(Local(name: name, kind: kind, mutable: true))
    }

    private mutating func initializer(_ kind: Kind) -> String {
        switch kind {
        case .intArray:
            "{\((0..<(1 + random.below(4))).map { _ in expression(.int, depth: 2) }.joined(separator: ", "))}"
        case .floatArray:
            "{\((0..<(1 + random.below(4))).map { _ in clamped(expression(.float, depth: 2)) }.joined(separator: ", "))}"
        case .stringArray:
            "{\((0..<(1 + random.below(3))).map { _ in expression(.string, depth: 2) }.joined(separator: ", "))}"
        case .intMap: "{}"
        case .stringMap: "{}"
        case .record:
            "{x = \(expression(.int, depth: 2)), y = \(clamped(expression(.float, depth: 2))), name = \(expression(.string, depth: 2))}"
        case .float: clamped(expression(.float, depth: 0))
        case .string: "string.sub(\(expression(.string, depth: 0)), 1, 24)"
        default: expression(kind, depth: 0)
        }
    }

    private mutating func assignment() {
        guard let target = anyLocal(where: { $0.mutable && [.int, .float, .string, .bool].contains($0.kind) }) else {
            return declaration()
        }
        var value = expression(target.kind, depth: 0)
        if target.kind == .float { value = clamped(value) }
        // Strings stay short however often a loop grows them.
        if target.kind == .string { value = "string.sub(\(value), 1, 24)" }
        emit("\(target.name) = \(value)")
    }

    private mutating func tableUpdate() {
        guard
            let table = anyLocal(where: {
                [.intArray, .floatArray, .stringArray, .intMap, .stringMap, .record].contains($0.kind)
            })
        else { return declaration() }
        switch table.kind {
        case .intArray, .floatArray, .stringArray:
            let element: Kind = table.kind == .intArray ? .int : table.kind == .floatArray ? .float : .string
            var value = expression(element, depth: 1)
            if element == .float { value = clamped(value) }
            if random.chance(50) {
                emit("\(table.name)[#\(table.name) + 1] = \(value)")
            } else {
                emit("table.insert(\(table.name), \(value))")
            }
        case .intMap:
            emit("\(table.name)[\(expression(.int, depth: 2)) % 5] = \(expression(.int, depth: 1))")
        case .stringMap:
            emit(
                "\(table.name)[\"k\" .. (\(expression(.int, depth: 2)) % 4)] = \(clamped(expression(.float, depth: 1)))"
            )
        default:
            if random.chance(50) {
                emit("\(table.name).x = \(expression(.int, depth: 1))")
            } else {
                emit("\(table.name).name = \(expression(.string, depth: 1))")
            }
        }
    }

    private mutating func printLine() {
        let kind: Kind = random.pick([.int, .float, .string, .bool, .int, .float])
        switch random.below(4) {
        case 0:
            emit("print(\(expression(kind, depth: 0)))")
        case 1:
            emit(
                "print(\(expression(.int, depth: 1)), \(expression(.float, depth: 1)), \(expression(.string, depth: 2)))"
            )
        case 2:
            emit("print(\(formatCall()))")
        default:
            emit("print(\"=\" .. \(expression(.int, depth: 1)) .. \"|\" .. \(expression(.float, depth: 1)))")
        }
    }

    private mutating func formatCall() -> String {
        let conversions: [(String, Kind)] = [
            ("%d", .int), ("%5d", .int), ("%-4d", .int), ("%x", .int), ("%X", .int), ("%o", .int), ("%.2f", .float),
            ("%8.3f", .float), ("%g", .float), ("%.3g", .float), ("%e", .float), ("%s", .string), ("%s", .int),
            ("%s", .float), ("%+d", .int), ("%05d", .int), ("%.0f", .float), ("%g", .int),
        ]
        var format = ""
        var arguments: [String] = []
        for _ in 0..<(1 + random.below(3)) {
            let (conversion, kind) = random.pick(conversions)
            format += random.pick(["", " ", ":", "|", "x="]) + conversion
            arguments.append(expression(kind, depth: 1))
        }
        return "string.format(\"\(format)\", \(arguments.joined(separator: ", ")))"
    }

    private mutating func block(depth: Int, _ body: (inout LuaProgramGenerator) -> Void) {
        indentation += 1
        scopes.append([])
        body(&self)
        for _ in 0..<(1 + random.below(3)) { statement(depth: depth + 1) }
        scopes.removeLast()
        indentation -= 1
    }

    private mutating func ifStatement(depth: Int) {
        emit("if \(expression(.bool, depth: 0)) then")
        block(depth: depth) { _ in }
        if random.chance(40) {
            emit("elseif \(expression(.bool, depth: 1)) then")
            block(depth: depth) { _ in }
        }
        if random.chance(50) {
            emit("else")
            block(depth: depth) { _ in }
        }
        emit("end")
    }

    private mutating func numericFor(depth: Int) {
        let name = fresh("i")
        let start = random.below(7) - 3
        let stop = start + random.below(6) - 1
        let step = random.pick([1, 1, 2, -1, -2, 3])
        let (from, to) = step < 0 ? (stop, start) : (start, stop)
        emit("for \(name) = \(from), \(to)\(step == 1 ? "" : ", \(step)") do")
        loopDepth += 1
        block(depth: depth) { generator in generator.declare(Local(name: name, kind: .int, mutable: false)) }
        loopDepth -= 1
        emit("end")
    }

    private mutating func floatFor(depth: Int) {
        let name = fresh("x")
        let start = random.pick(["0.5", "-1.25", "0.1", "1"])
        let stop = random.pick(["2", "1.5", "0.3", "2.25"])
        let step = random.pick(["0.5", "0.25", "0.1", "0.75"])
        emit("for \(name) = \(start), \(stop), \(step) do")
        loopDepth += 1
        block(depth: depth) { generator in generator.declare(Local(name: name, kind: .float, mutable: false)) }
        loopDepth -= 1
        emit("end")
    }

    private mutating func whileLoop(depth: Int) {
        let counter = fresh("n")
        emit("local \(counter) = 0")
        emit("while \(counter) < \(1 + random.below(4)) do")
        loopDepth += 1
        block(depth: depth) { generator in
            generator.emit("\(counter) = \(counter) + 1")
            if generator.random.chance(30) {
                generator.emit("if \(generator.expression(.bool, depth: 1)) then break end")
            }
        }
        loopDepth -= 1
        emit("end")
    }

    private mutating func repeatLoop(depth: Int) {
        let counter = fresh("n")
        emit("local \(counter) = 0")
        emit("repeat")
        loopDepth += 1
        block(depth: depth) { generator in generator.emit("\(counter) = \(counter) + 1") }
        loopDepth -= 1
        emit("until \(counter) >= \(1 + random.below(3))")
    }

    private mutating func genericFor(depth: Int) {
        guard let array = anyLocal(where: { [.intArray, .floatArray, .stringArray].contains($0.kind) }) else {
            return numericFor(depth: depth)
        }
        let element: Kind = array.kind == .intArray ? .int : array.kind == .floatArray ? .float : .string
        let index = fresh("k")
        let value = fresh("e")
        emit("for \(index), \(value) in ipairs(\(array.name)) do")
        // The array is not changed inside its own loop (Swift iterates a copy).
        let saved = scopes
        scopes = scopes.map { $0.filter { $0.name != array.name } }
        block(depth: depth) { generator in
            generator.declare(Local(name: index, kind: .int, mutable: false))
            generator.declare(Local(name: value, kind: element, mutable: false))
        }
        let inner = scopes
        scopes = saved
        _ = inner
        emit("end")
    }

    private mutating func printAll() {
        for local in scopes.flatMap({ $0 }) {
            switch local.kind {
            case .int, .float, .string, .bool: emit("print(\"\(local.name)\", \(local.name))")
            case .intArray, .floatArray, .stringArray:
                emit("print(\"\(local.name)\", #\(local.name), table.concat(\(local.name), \",\"))")
            case .intMap:
                emit("print(\"\(local.name)\", \(local.name)[0] or -1, \(local.name)[1] or -1, \(local.name)[4] or -1)")
            case .stringMap:
                emit("print(\"\(local.name)\", \(local.name).k0 or -1.0, \(local.name)[\"k3\"] or -1.0)")
            case .record:
                emit("print(\"\(local.name)\", \(local.name).x, \(local.name).y, \(local.name).name)")
            }
        }
    }

    // MARK: Expressions

    /// `math.min(1e9, math.max(-1e9, e))`: finite whatever e is.
    private func clamped(_ expression: String) -> String {
        "math.min(1e9, math.max(-1e9, \(expression)))"
    }

    private mutating func literal(_ kind: Kind) -> String {
        switch kind {
        case .int:
            if random.chance(8) {
                return random.pick(["math.maxinteger", "math.mininteger", "4611686018427387904", "0x7fffffffffffffff"])
            }
            let value = random.below(41) - 20
            return value < 0 ? "(-\(-value))" : String(value)
        case .float:
            return random.pick([
                "0.5", "1.25", "0.1", "3.0", "2.5e3", "1e-3", "7.75", "100.0", "0.3", "-0.0", "1e15", "123456.789",
            ])
        case .string:
            return random.pick(["\"a\"", "\"Lua\"", "\"\"", "\"x y\"", "\"10\"", "\"B\"", "\"q\\\"t\""])
        case .bool:
            return random.pick(["true", "false"])
        default:
            return "nil"
        }
    }

    private mutating func local(_ kind: Kind) -> String? {
        let matches = scopes.flatMap { $0 }.filter { $0.kind == kind }
        return matches.isEmpty ? nil : random.pick(matches).name
    }

    private mutating func anyLocal(where predicate: (Local) -> Bool) -> Local? {
        let matches = scopes.flatMap { $0 }.filter(predicate)
        return matches.isEmpty ? nil : random.pick(matches)
    }

    mutating func expression(_ kind: Kind, depth: Int) -> String {
        if depth >= 3 || random.chance(depth == 0 ? 10 : 30) {
            return local(kind).map { random.chance(70) ? $0 : literal(kind) } ?? literal(kind)
        }
        switch kind {
        case .int: return integerExpression(depth: depth + 1)
        case .float: return floatExpression(depth: depth + 1)
        case .string: return stringExpression(depth: depth + 1)
        case .bool: return booleanExpression(depth: depth + 1)
        default: return literal(kind)
        }
    }

    /// A divisor that is never zero.
    private mutating func integerDivisor(depth: Int) -> String {
        random.chance(60)
            ? random.pick(["3", "7", "-2", "5", "-9", "1", "-1", "16"]) : "(\(expression(.int, depth: depth)) % 7 + 1)"
    }

    private mutating func integerExpression(depth: Int) -> String {
        switch random.below(26) {
        case 0, 1: return "(\(expression(.int, depth: depth)) + \(expression(.int, depth: depth)))"
        case 2: return "(\(expression(.int, depth: depth)) - \(expression(.int, depth: depth)))"
        case 3, 4: return "(\(expression(.int, depth: depth)) * \(expression(.int, depth: depth)))"
        case 5: return "(\(expression(.int, depth: depth)) // \(integerDivisor(depth: depth)))"
        case 6: return "(\(expression(.int, depth: depth)) % \(integerDivisor(depth: depth)))"
        case 7: return "(- \(expression(.int, depth: depth)))"
        case 8: return "math.floor(\(clamped(expression(.float, depth: depth))))"
        case 9: return "math.ceil(\(clamped(expression(.float, depth: depth))))"
        case 10: return "math.max(\(expression(.int, depth: depth)), \(expression(.int, depth: depth)))"
        case 11:
            return
                "math.min(\(expression(.int, depth: depth)), \(expression(.int, depth: depth)), \(expression(.int, depth: depth)))"
        case 12: return "#\(expression(.string, depth: depth))"
        case 13:
            if let array = anyLocal(where: { $0.kind == .intArray }) {
                return "\(array.name)[(\(expression(.int, depth: depth)) % #\(array.name)) + 1]"
            }
            return literal(.int)
        case 14:
            if let map = anyLocal(where: { $0.kind == .intMap }) {
                return "(\(map.name)[\(expression(.int, depth: depth)) % 5] or \(literal(.int)))"
            }
            return literal(.int)
        case 15: return "(\(expression(.int, depth: depth)) & \(expression(.int, depth: depth)))"
        case 16: return "(\(expression(.int, depth: depth)) | \(expression(.int, depth: depth)))"
        case 17: return "(\(expression(.int, depth: depth)) ~ \(expression(.int, depth: depth)))"
        case 18: return "(\(expression(.int, depth: depth)) \(random.pick(["<<", ">>"])) \(random.below(70) - 3))"
        case 19: return "math.abs(\(expression(.int, depth: depth)) % 100 - 50)"
        case 20:
            if let record = anyLocal(where: { $0.kind == .record }) { return "\(record.name).x" }
            return "(~\(expression(.int, depth: depth)))"
        case 21: return call(returning: .int, depth: depth) ?? literal(.int)
        case 22: return "(math.tointeger(\(expression(.int, depth: depth)) / 2) or \(literal(.int)))"
        case 23: return "math.fmod(\(expression(.int, depth: depth)), \(random.pick(["3", "-4", "7", "10"])))"
        case 24: return "math.random(\(random.pick(["6", "100", "0", "1"])))"
        default:
            let low = random.below(20) - 10
            return "math.random(\(low < 0 ? "(-\(-low))" : String(low)), \(low + random.below(1000)))"
        }
    }

    private mutating func floatExpression(depth: Int) -> String {
        switch random.below(23) {
        case 0, 1:
            return "(\(expression(.float, depth: depth)) + \(expression(random.pick([.float, .int]), depth: depth)))"
        case 2:
            return "(\(expression(random.pick([.float, .int]), depth: depth)) - \(expression(.float, depth: depth)))"
        case 3:
            return "(\(expression(.float, depth: depth)) * \(expression(random.pick([.float, .int]), depth: depth)))"
        case 4, 5:
            let divisor =
                random.chance(50)
                ? random.pick(["2", "3", "-4", "0.5", "7.5", "1e3"])
                : "(math.abs(\(expression(.float, depth: depth))) + 1)"
            return "(\(expression(random.pick([.float, .int]), depth: depth)) / \(divisor))"
        case 6: return "(\(expression(.float, depth: depth)) // \(random.pick(["2", "0.5", "-3", "1.5"])))"
        case 7: return "(\(expression(.float, depth: depth)) % \(random.pick(["2", "0.75", "-3", "10"])))"
        case 8: return "(- \(expression(.float, depth: depth)))"
        case 9: return "math.sqrt(math.abs(\(expression(.float, depth: depth))))"
        case 10: return "math.\(random.pick(["sin", "cos"]))(\(expression(.float, depth: depth)))"
        case 11: return "math.max(\(expression(.float, depth: depth)), \(expression(.float, depth: depth)))"
        case 12: return "math.min(\(expression(.float, depth: depth)), \(expression(.float, depth: depth)))"
        case 13: return "(math.abs(\(expression(.int, depth: depth))) ^ \(random.pick(["2", "0.5", "3"])))"
        case 14:
            if let array = anyLocal(where: { $0.kind == .floatArray }) {
                return "\(array.name)[(\(expression(.int, depth: depth)) % #\(array.name)) + 1]"
            }
            return literal(.float)
        case 15:
            if let map = anyLocal(where: { $0.kind == .stringMap }) {
                return "(\(map.name)[\"k\" .. (\(expression(.int, depth: depth)) % 4)] or \(literal(.float)))"
            }
            return literal(.float)
        case 16: return "math.log(math.abs(\(expression(.float, depth: depth))) + 1)"
        case 17: return "(\(expression(.int, depth: depth)) + 0.0)"
        case 18:
            if let record = anyLocal(where: { $0.kind == .record }) { return "\(record.name).y" }
            return "math.pi"
        case 19: return call(returning: .float, depth: depth) ?? literal(.float)
        case 20: return "math.abs(\(expression(.float, depth: depth)))"
        case 21: return "math.random()"
        default: return "(\(expression(.int, depth: depth)) / \(random.pick(["3", "-7", "2"])))"
        }
    }

    private mutating func stringExpression(depth: Int) -> String {
        switch random.below(10) {
        case 0, 1:
            return
                "(\(expression(.string, depth: depth)) .. \(expression(random.pick([.string, .int, .float]), depth: depth)))"
        case 2: return "tostring(\(expression(random.pick([.int, .float, .bool]), depth: depth)))"
        case 3:
            return
                "string.rep(\(expression(.string, depth: depth)), \(random.below(4))\(random.chance(30) ? ", \"-\"" : ""))"
        case 4:
            return "string.sub(\(expression(.string, depth: depth)), \(random.below(7) - 3), \(random.below(7) - 2))"
        case 5: return "string.\(random.pick(["upper", "lower"]))(\(expression(.string, depth: depth)))"
        case 6:
            if let array = anyLocal(where: { $0.kind == .stringArray }) {
                return "\(array.name)[(\(expression(.int, depth: depth)) % #\(array.name)) + 1]"
            }
            return literal(.string)
        case 7:
            if let record = anyLocal(where: { $0.kind == .record }) { return "\(record.name).name" }
            return formatCall()
        case 8: return call(returning: .string, depth: depth) ?? literal(.string)
        default: return formatCall()
        }
    }

    private mutating func booleanExpression(depth: Int) -> String {
        switch random.below(9) {
        case 0:
            return
                "(\(expression(.int, depth: depth)) \(random.pick(["<", "<=", ">", ">=", "==", "~="])) \(expression(.int, depth: depth)))"
        case 1:
            return
                "(\(expression(.float, depth: depth)) \(random.pick(["<", "<=", ">", ">=", "==", "~="])) \(expression(.float, depth: depth)))"
        case 2:
            return
                "(\(expression(.int, depth: depth)) \(random.pick(["<", "<=", ">", ">=", "=="])) \(expression(.float, depth: depth)))"
        case 3:
            return
                "(\(expression(.string, depth: depth)) \(random.pick(["<", "==", "~=", ">="])) \(expression(.string, depth: depth)))"
        case 4: return "(\(expression(.bool, depth: depth)) and \(expression(.bool, depth: depth)))"
        case 5: return "(\(expression(.bool, depth: depth)) or \(expression(.bool, depth: depth)))"
        case 6: return "(not \(expression(.bool, depth: depth)))"
        case 7: return call(returning: .bool, depth: depth) ?? literal(.bool)
        default: return "(\(expression(.int, depth: depth)) % 2 == 0)"
        }
    }

    private mutating func call(returning kind: Kind, depth: Int) -> String? {
        let candidates = functions.filter { $0.result == kind }
        guard !candidates.isEmpty else { return nil }
        let function = random.pick(candidates)
        let arguments = function.parameters.map { expression($0, depth: depth + 1) }
        return "\(function.name)(\(arguments.joined(separator: ", ")))"
    }

    // MARK: Writing

    private mutating func fresh(_ prefix: String) -> String {
        counter += 1
        return prefix + String(counter)
    }

    private mutating func declare(_ local: Local) {
        scopes[scopes.count - 1].append(local)
    }

    private mutating func emit(_ line: String) {
        lines.append(String(repeating: "  ", count: indentation) + line)
    }
}
