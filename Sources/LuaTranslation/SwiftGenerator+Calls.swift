/// Calls: the script's functions, Lua's libraries as Swift's (math.floor → rounded(.down),
/// string.format → interpolation or printf), and the project's API.
extension SwiftGenerator {
    /// A call; its type is a tuple for several results and Void for none.
    func emitCall(_ expression: Expression, statement: Bool) throws(Refusal) -> Code {
        let location = expression.location
        if case .methodCall(let object, let name, let arguments) = expression.kind {
            let objectType = try luaType(object)
            if case .string = objectType.shape { return try stringCall(name, [object] + arguments, at: location) }
            guard case .api(let api) = objectType.shape else { throw Refusal(location, "internal: method call") }
            var base = try emit(object)
            base = try convert(base, to: base.type.unwrapped, at: location)
            return try apiCall(name, of: api, base: base, arguments, statement: statement, at: location)
        }
        guard case .call(let callee, let arguments) = expression.kind else { throw Refusal(location, "internal: call") }
        switch callee.kind {
        case .global(let name):
            return try baseCall(name, arguments, statement: statement, at: location)
        case .field(let library, let name):
            if CompositionalCall.mayBeNamespace(library),
                case .api(.compositionalNamespace) = try luaType(library).shape
            {
                return try compositionalCall(name, arguments, at: location)
            }
            if case .global(let libraryName) = library.kind {
                switch libraryName {
                case "math": return try mathCall(name, arguments, at: location)
                case "string": return try stringCall(name, arguments, at: location)
                case "table": return try tableCall(name, arguments, statement: statement, at: location)
                default: break
                }
            }
        default: break
        }
        return try functionCall(callee, arguments, at: location)
    }

    /// A call of one of the script's functions.
    private func functionCall(
        _ callee: Expression, _ arguments: [Expression], at location: SourceLocation
    )
        throws(Refusal) -> Code
    {
        guard let function = try luaType(callee).shape.function else { throw Refusal(location, "internal: callee") }
        var calleeCode = try emit(callee)
        calleeCode = try convert(calleeCode, to: calleeCode.type.unwrapped, at: location)
        var texts: [String] = []
        let inout_ = inoutParameters(of: function)
        for (index, parameter) in function.parameters.enumerated() {
            let type = try swiftType(of: parameter)
            if index < arguments.count {
                if inout_.contains(index) {
                    texts.append("&" + (try place(arguments[index])))
                } else {
                    texts.append(try emit(arguments[index], as: type).text)
                }
            } else {
                texts.append(try convert(.nilLiteral, to: type, at: location).text)
            }
        }
        return Code("\(calleeCode.at(.primary))(\(texts.joined(separator: ", ")))", try resultType(of: function))
    }

    /// An expression a Swift `&` can take (a variable, a field, an element).
    func place(_ expression: Expression) throws(Refusal) -> String {
        switch expression.kind {
        case .local, .field, .index: return try emit(expression).text.replacingSuffix("!", with: "")
        default:
            throw Refusal(
                expression.location,
                "this table is changed by the function it is passed to: pass a variable (Swift passes it inout)")
        }
    }

    // MARK: Base functions

    private func baseCall(
        _ name: String, _ arguments: [Expression], statement: Bool, at location: SourceLocation
    )
        throws(Refusal) -> Code
    {
        switch name {
        case "tostring": return try textOf(arguments[0])
        case "tonumber":
            return try emit(arguments[0], optional: true)
        case "type":
            let lua = try luaType(arguments[0])
            let code = try emit(arguments[0], optional: true)
            let name: String
            switch lua.shape {
            case .boolean: name = "boolean"
            case .number: name = "number"
            case .string: name = "string"
            case .table, .api: name = "table"
            case .function: name = "function"
            case .unknown: return Code("\"nil\"", .string)
            }
            if code.type.isOptional {
                return Code("\(code.at(.comparison + 1)) == nil ? \"nil\" : \"\(name)\"", .string, .ternary)
            }
            return Code("\"\(name)\"", .string)
        case "print":
            let parts = try arguments.map { (argument) throws(Refusal) in try textOf(argument).text }
            if parts.count == 1 { return Code("print(\(parts[0]))", .void) }
            return Code("print(\(parts.joined(separator: ", ")), separator: \"\\t\")", .void)
        case "assert":
            let code = try emit(arguments[0], optional: true)
            let message = try arguments.count > 1 ? emit(arguments[1], as: .string).text : "\"assertion failed!\""
            if code.type == .bool || code.type == .optional(.bool) {
                let test = try truthOf(code, at: location)
                guard statement else {
                    throw Refusal(location, "assert of a boolean as a value: write the test as a statement")
                }
                return Code("precondition(\(test.text), \(message))", .void)
            }
            if code.type.isOptional {
                if statement { return Code("precondition(\(code.at(.comparison + 1)) != nil, \(message))", .void) }
                return Code(code.at(.primary) + "!", code.type.unwrapped)
            }
            return statement ? Code("_ = \(code.text)", .void) : code
        case "error":
            return Code("fatalError(\(try emit(arguments[0], as: .string).text))", .void)
        default:
            throw Refusal(location, try inference.globalRefusal(name))
        }
    }

    // MARK: math

    private func mathCall(
        _ name: String, _ arguments: [Expression], at location: SourceLocation
    ) throws(Refusal) -> Code {
        let values = try arguments.map { (argument) throws(Refusal) in try numeric(argument) }
        func double(_ index: Int) throws(Refusal) -> String {
            try convert(values[index], to: .double, at: arguments[index].location).text
        }
        switch name {
        case "floor", "ceil":
            if values[0].type == .int { return values[0] }
            return Code("Int((\(try double(0))).rounded(.\(name == "floor" ? "down" : "up")))", .int)
        case "abs":
            if values[0].type == .int {
                // Lua's math.abs wraps around at the minimum integer, as its arithmetic does.
                return Code("Int(bitPattern: \(values[0].at(.primary)).magnitude)", .int)
            }
            return Code("abs(\(values[0].typed))", values[0].type)
        case "max", "min":
            if values.allSatisfy({ $0.type == .int }) {
                if values.count == 1 { return values[0] }
                let first = values.allSatisfy(\.constant) ? values[0].typed : values[0].text
                return Code("\(name)(\(([first] + values.dropFirst().map(\.text)).joined(separator: ", ")))", .int)
            }
            if values.count == 1 { return try convert(values[0], to: .double, at: location) }
            if name == "min" {
                // Swift's min keeps the first of equal values, as Lua's does.
                var texts = try (0..<values.count).map { (index) throws(Refusal) in try double(index) }
                if values.allSatisfy(\.constant) { texts[0] = "(\(texts[0]) as Double)" }
                return Code("min(\(texts.joined(separator: ", ")))", .double)
            }
            helpers.insert(.luaMax)
            let texts = try (0..<values.count).map { (index) throws(Refusal) in try double(index) }
            return Code("\(name == "max" ? "luaMax" : "luaMin")(\(texts.joined(separator: ", ")))", .double)
        case "sqrt", "sin", "cos", "tan", "asin", "acos", "exp":
            return Code("\(name)(\(try double(0)))", .double)
        case "atan":
            if values.count == 2 { return Code("atan2(\(try double(0)), \(try double(1)))", .double) }
            return Code("atan(\(try double(0)))", .double)
        case "log": return try logarithm(values, arguments)
        case "rad":
            return Code(
                "\(try convert(values[0], to: .double, at: location).at(.multiplicative)) * (Double.pi / 180.0)",
                .double, .multiplicative)
        case "deg":
            return Code(
                "\(try convert(values[0], to: .double, at: location).at(.multiplicative)) * (180.0 / Double.pi)",
                .double, .multiplicative)
        case "fmod":
            if values.allSatisfy({ $0.type == .int }) {
                return Code("\(values[0].at(.multiplicative)) % \(values[1].at(.prefix))", .int, .multiplicative)
            }
            return Code("fmod(\(try double(0)), \(try double(1)))", .double)
        case "tointeger":
            // A Swift Int is always an integer: no nil to handle.
            if values[0].type == .int { return values[0] }
            return Code("Int(exactly: \(values[0].text))", .optional(.int))
        case "type": return try numberType(values[0], arguments[0])
        case "random", "randomseed": return randomCall(name, values)
        case "ult":
            return Code("UInt(bitPattern: \(values[0].text)) < UInt(bitPattern: \(values[1].text))", .bool, .comparison)
        default:
            throw Refusal(location, "math.\(name) is not translated")
        }
    }

    /// math.log(x [, base]): Lua's choices for bases 2 and 10.
    private func logarithm(_ values: [Code], _ arguments: [Expression]) throws(Refusal) -> Code {
        let x = try convert(values[0], to: .double, at: arguments[0].location).text
        guard values.count == 2 else { return Code("log(\(x))", .double) }
        if values[1].integerLiteral == 2 { return Code("log2(\(x))", .double) }
        if values[1].integerLiteral == 10 { return Code("log10(\(x))", .double) }
        let base = try convert(values[1], to: .double, at: arguments[1].location).text
        return Code("log(\(x)) / log(\(base))", .double, .multiplicative)
    }

    /// math.type(x): from the Swift type when it tells, else from the value (a number from the
    /// engine is an integer when whole).
    private func numberType(_ value: Code, _ argument: Expression) throws(Refusal) -> Code {
        if value.type == .int { return Code("\"integer\"", .string) }
        switch try luaType(argument).shape.numberKind {
        case .integer: return Code("\"integer\"", .string)
        case .float: return Code("\"float\"", .string)
        default:
            let text = value.text
            return Code(
                "\(text) == \(text).rounded() && abs(\(text)) < 9_007_199_254_740_992 ? \"integer\" : \"float\"",
                .string, .ternary)
        }
    }

    /// math.random and math.randomseed on the layout's own generator (Lua 5.4's).
    private func randomCall(_ name: String, _ values: [Code]) -> Code {
        let generator = memberPrefix + "random"
        if name == "randomseed" { return Code("\(generator) = LuaRandom(seed: \(values[0].text))", .void) }
        switch values.count {
        case 0: return Code("\(generator).float()", .double)
        case 1: return Code("\(generator).integer(upTo: \(values[0].text))", .int)
        default: return Code("\(generator).integer(\(values[0].text), \(values[1].text))", .int)
        }
    }

    // MARK: string

    func stringCall(_ name: String, _ arguments: [Expression], at location: SourceLocation) throws(Refusal) -> Code {
        switch name {
        case "format": return try format(arguments, at: location)
        case "len":
            let text = try emit(arguments[0], as: .string)
            return Code("\(text.at(.primary)).utf8.count", .int)
        case "upper", "lower":
            let text = try emit(arguments[0], as: .string)
            return Code(
                "String(decoding: \(text.at(.primary)).utf8.map { \(name == "upper" ? "$0 >= 97 && $0 <= 122 ? $0 - 32 : $0" : "$0 >= 65 && $0 <= 90 ? $0 + 32 : $0") }, as: UTF8.self)",
                .string)
        case "reverse":
            let text = try emit(arguments[0], as: .string)
            return Code("String(decoding: \(text.at(.primary)).utf8.reversed(), as: UTF8.self)", .string)
        case "rep":
            let text = try emit(arguments[0], as: .string)
            let count = try emit(arguments[1], as: .int)
            let separator = arguments.count > 2 ? try emit(arguments[2], as: .string).text : "\"\""
            return Code(
                "Array(repeating: \(text.text), count: max(\(count.text), 0)).joined(separator: \(separator))", .string)
        case "sub":
            let text = try emit(arguments[0], as: .string)
            let first = try emit(arguments[1], as: .int)
            let last = arguments.count > 2 ? try emit(arguments[2], as: .int).text : "-1"
            helpers.insert(.substring)
            return Code("substring(\(text.text), \(first.text), \(last))", .string)
        default:
            throw Refusal(location, "string.\(name) is not translated")
        }
    }

    /// string.format: plain `%d` and `%s` become interpolation, the rest C's printf (as Lua's).
    private func format(_ arguments: [Expression], at location: SourceLocation) throws(Refusal) -> Code {
        guard case .string(let bytes) = arguments[0].kind else { throw Refusal(location, "internal: format") }
        let pieces = try FormatSpecifier.pieces(of: String(decoding: bytes, as: UTF8.self), at: arguments[0].location)
        var text = "\""
        var index = 1
        for piece in pieces {
            switch piece {
            case .text(let literal):
                text += String(SwiftLiteral.string(literal).dropFirst().dropLast())
            case .conversion(let specifier):
                let argument = arguments[index]
                index += 1
                text += "\\(\(try formatted(argument, specifier).text))"
            }
        }
        return Code(text + "\"", .string)
    }

    private func formatted(_ argument: Expression, _ specifier: FormatSpecifier) throws(Refusal) -> Code {
        if specifier.takesText {
            guard specifier.isPlain else {
                throw Refusal(
                    argument.location, "\(specifier.text) pads or cuts text: write %s and pad with string.rep")
            }
            return try textOf(argument)
        }
        var value = try numeric(argument)
        if specifier.takesInteger {
            value = try convert(value, to: .int, at: argument.location)
            if specifier.isPlain && specifier.conversion != "o" && specifier.conversion != "x"
                && specifier.conversion != "X"
            {
                return Code("String(\(value.text))", .string)
            }
        } else {
            value = try convert(value, to: .double, at: argument.location)
        }
        helpers.insert(.luaFormat)
        let text =
            specifier.takesInteger ? specifier.text.dropLast() + "l" + String(specifier.conversion) : specifier.text
        return Code("luaFormat(\(SwiftLiteral.string(String(text))), \(value.text))", .string)
    }

    // MARK: table

    private func tableCall(
        _ name: String, _ arguments: [Expression], statement: Bool, at location: SourceLocation
    )
        throws(Refusal) -> Code
    {
        let lua = try luaType(arguments[0])
        guard let table = lua.shape.table, let entries = table.entries else {
            throw Refusal(location, "internal: table")
        }
        let element = try swiftType(of: entries)
        let target = try place(arguments[0])
        guard !TableKind.isDictionary(table) || name == "concat" else {
            throw Refusal(
                location,
                "table.\(name) on a table written at arbitrary keys (a Swift dictionary): build it with appends (t[#t + 1] = v)"
            )
        }
        switch name {
        case "insert":
            let value = try emit(arguments[arguments.count - 1], as: element)
            if arguments.count == 3 {
                let position = try emit(arguments[1], as: .int)
                return Code("\(target).insert(\(value.text), at: \(zeroBased(position)))", .void)
            }
            return Code("\(target).append(\(value.text))", .void)
        case "remove":
            if arguments.count == 2 {
                let position = try emit(arguments[1], as: .int)
                return Code("\(target).remove(at: \(zeroBased(position)))", element)
            }
            return Code("\(target).popLast()", element.optional)
        case "concat":
            if case .named("Never") = element { return Code("\"\"", .string) }
            let separator = arguments.count > 1 ? try emit(arguments[1], as: .string).text : "\"\""
            let text = try textOf(Code("$0", element.unwrapped), kindOf: entries)
            return Code("\(target).map { \(text) }.joined(separator: \(separator))", .string)
        default:
            return Code("\(target).sort()", .void)
        }
    }

    private func textOf(_ code: Code, kindOf slot: Slot) throws(Refusal) -> String {
        switch code.type {
        case .string: return code.text
        case .int: return "String(\(code.text))"
        default:
            if slot.resolved.type.shape.numberKind == .whole {
                helpers.insert(.luaStringWhole)
                return "luaString(whole: \(code.text))"
            }
            helpers.insert(.luaString)
            return "luaString(\(code.text))"
        }
    }
}

extension String {
    func replacingSuffix(_ suffix: String, with replacement: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self
    }
}
