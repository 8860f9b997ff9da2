/// Calls: the script's own functions, Lua's libraries (math, string, table and the base
/// functions the subset keeps) and the project's API.
extension TypeInference {
    /// Every value a call returns (Lua adjusts the count where it is used).
    func evaluateMulti(_ expression: Expression) throws(Refusal) -> [ValueType] {
        switch expression.kind {
        case .call, .methodCall: return try evaluateCall(expression, statement: false)
        case .vararg: throw Refusal(expression.location, "varargs (`...`) are not in the subset: name the parameters")
        default: return [try evaluate(expression).type]
        }
    }

    func evaluateCall(_ expression: Expression, statement: Bool) throws(Refusal) -> [ValueType] {
        let location = expression.location
        if case .methodCall(let object, let name, let arguments) = expression.kind {
            return try methodCall(object, name, arguments, at: location)
        }
        guard case .call(let callee, let arguments) = expression.kind else { return [] }
        if case .field(let namespace, let constructor) = callee.kind, CompositionalCall.mayBeNamespace(namespace),
            case .api(.compositionalNamespace) = try evaluate(namespace).type.shape
        {
            return [try compositionalConstructor(constructor, arguments)]
        }
        if case .local = callee.kind, case .api(.compositionalNamespace) = try evaluate(callee).type.shape {
            return [try layoutConstructor(arguments, kind: .compositional, at: location)]
        }
        switch callee.kind {
        case .global(let name):
            return try baseFunction(name, arguments, statement: statement, at: location)
        case .field(let library, let name):
            if case .global(let libraryName) = library.kind {
                return try libraryFunction(libraryName, name, arguments, at: location)
            }
        default: break
        }
        let function = try evaluate(callee)
        switch function.type.shape {
        case .function(let type):
            return try call(type.resolved, arguments, at: location)
        case .unknown:
            for argument in arguments { _ = try evaluate(argument) }
            return [.unknown]
        default:
            throw Refusal(location, "calling \(function.type.shape.name)")
        }
    }

    /// A call of one of the script's functions: arguments flow into the parameters.
    func call(
        _ function: FunctionType, _ arguments: [Expression], at location: SourceLocation
    ) throws(Refusal)
        -> [ValueType]
    {
        guard arguments.count <= function.parameters.count else {
            throw Refusal(
                location,
                "\(arguments.count) arguments for \(function.parameters.count) parameters: Lua drops the extra ones, "
                    + "Swift does not; remove them")
        }
        if let last = arguments.last, last.isMultiValued, case .call = last.kind,
            try evaluateMulti(last).count > 1
        {
            throw Refusal(last.location, "a call's results spread into these arguments: pass them through locals")
        }
        for (index, parameter) in function.parameters.enumerated() {
            let value = index < arguments.count ? try evaluate(arguments[index]) : Evaluated(type: .nil)
            try store(value, into: parameter, at: index < arguments.count ? arguments[index].location : location)
        }
        let expected = function.bodies.map { ControlFlow.maximumReturnCount(of: $0) }.max() ?? 0
        var results = function.results.map(\.resolved.type)
        while results.count < expected { results.append(.unknown) }
        return results
    }

    // MARK: Base functions

    private func baseFunction(
        _ name: String, _ arguments: [Expression], statement: Bool, at location: SourceLocation
    )
        throws(Refusal) -> [ValueType]
    {
        switch name {
        case "type":
            let value = try single(arguments, name, at: location)
            if value.type.falsable {
                throw Refusal(location, "type() of a value that may be `false` or nil (Swift holds both as nil)")
            }
            types.markNilTested(value.place)
            return [.string]
        case "tostring":
            let value = try single(arguments, name, at: location)
            try requirePrintable(value, at: arguments[0].location)
            return [.string]
        case "tonumber":
            guard arguments.count == 1 else { throw Refusal(location, "tonumber with a base is not in the subset") }
            let value = try evaluate(arguments[0])
            try types.demand(.number(.whole), of: value.place, at: location)
            switch value.type.shape {
            case .number, .unknown:
                if value.type.nilable { types.markNilTested(value.place) }
                return [value.type]
            default:
                throw Refusal(location, "tonumber of \(value.type.shape.name): only numbers (and nil) are translated")
            }
        case "print":
            for argument in arguments { try requirePrintable(try evaluate(argument), at: argument.location) }
            return []
        case "assert":
            guard (1...2).contains(arguments.count) else {
                throw Refusal(location, "assert takes a value and a message")
            }
            let value = try evaluate(arguments[0])
            if arguments.count == 2 {
                try requireString(try evaluate(arguments[1]), at: arguments[1].location, what: "assert's message")
            }
            return [value.type.nonNil]
        case "error":
            guard statement, arguments.count == 1 else {
                throw Refusal(location, "error(message) is translated as a statement with one message")
            }
            try requireString(try evaluate(arguments[0]), at: arguments[0].location, what: "the error message")
            return []
        case "ipairs", "pairs":
            throw Refusal(location, "\(name) is translated only as the iterator of a generic 'for'")
        case "flow":
            return [try layoutConstructor(arguments, kind: .flow, at: location)]
        case "compositional":
            return [try layoutConstructor(arguments, kind: .compositional, at: location)]
        default:
            throw Refusal(location, try globalRefusal(name))
        }
    }

    private func single(
        _ arguments: [Expression], _ name: String, at location: SourceLocation
    ) throws(Refusal)
        -> Evaluated
    {
        guard arguments.count == 1 else { throw Refusal(location, "\(name) takes one argument here") }
        return try evaluate(arguments[0])
    }

    /// What `tostring` and `print` accept: numbers Lua prints one way, strings, booleans, nil.
    func requirePrintable(_ value: Evaluated, at location: SourceLocation) throws(Refusal) {
        if value.type.nilable { types.markNilTested(value.place) }
        if value.type.falsable {
            throw Refusal(location, "this value may be `false` or nil, which Swift holds alike: print it after `or`")
        }
        switch value.type.shape {
        case .number, .string, .unknown: try requireText(value, at: location)
        case .boolean: break
        default:
            throw Refusal(location, "\(value.type.shape.name) prints as an address in Lua: print its fields instead")
        }
    }

    /// `compositional.item{…}` and its kin: structure the export writes; the arguments are
    /// still checked (a function inside, such as a visible-items handler, is walked).
    private func compositionalConstructor(_ name: String, _ arguments: [Expression]) throws(Refusal) -> ValueType {
        for argument in arguments { _ = try evaluate(argument) }
        if CallbackSignature.translatingProvider, name == "section", arguments.count == 1,
            case .table(let entries) = arguments[0].kind
        {
            for case .named("visibleItemsInvalidationHandler", let value, _) in entries {
                if case .function(let body) = value.kind {
                    try applySignature(CallbackSignature.visibleItemsHandler, to: body)
                }
            }
        }
        if CallbackSignature.translatingProvider, name == "customGroup", arguments.count == 1,
            case .table(let entries) = arguments[0].kind
        {
            for case .named("itemProvider", let value, _) in entries {
                // A function written here, or a local function named.
                var provider: FunctionBody?
                if case .function(let body) = value.kind { provider = body }
                if case .local = value.kind { provider = try evaluate(value).type.shape.function?.bodies.first }
                guard let body = provider else { continue }
                try applySignature(CallbackSignature.itemProvider, to: body)
                // Its frames are NSCollectionLayoutGroupCustomItem's.
                let function = functionType(for: body)
                if let list = function.results.first?.resolved.type.shape.table, let entries = list.entries,
                    let frame = entries.resolved.type.shape.table, frame.schema == nil
                {
                    try types.unify(schemaTable(.customItem), frame, at: body.location)
                }
            }
        }
        return ValueType(shape: .api(.compositionalValue(CompositionalKind(constructor: name))))
    }

    /// `flow{...}`: the table is the layout.
    private func layoutConstructor(
        _ arguments: [Expression], kind: LayoutKind, at location: SourceLocation
    )
        throws(Refusal) -> ValueType
    {
        guard arguments.count == 1 else { throw Refusal(location, "a layout constructor takes one table") }
        let value = try evaluate(arguments[0])
        guard case .table = value.type.shape else { throw Refusal(location, "a layout constructor takes a table") }
        layoutKind = kind
        return value.type
    }

    // MARK: Libraries

    func libraryConstant(_ library: String, _ name: String, at location: SourceLocation) throws(Refusal) -> ValueType {
        guard library == "math" else {
            throw Refusal(location, "\(library).\(name) is not a value: call it")
        }
        switch name {
        case "pi", "huge": return .float
        case "maxinteger", "mininteger": return .integer
        default: throw Refusal(location, "math.\(name) is a function: call it (it is not a value in Swift)")
        }
    }

    private func libraryFunction(
        _ library: String, _ name: String, _ arguments: [Expression], at location: SourceLocation
    )
        throws(Refusal) -> [ValueType]
    {
        switch library {
        case "math":
            do {
                return [try mathFunction(name, arguments, at: location)]
            } catch let refusal as Refusal {
                throw refusal
            } catch {
                // An argument's type is not known yet (a later pass will know it).
                return [.unknown]
            }
        case "string": return [try stringFunction(name, arguments, at: location)]
        case "table": return try tableFunction(name, arguments, at: location)
        default:
            throw Refusal(location, try globalRefusal(library))
        }
    }

    private func numbers(
        _ arguments: [Expression], _ name: String, count: ClosedRange<Int>, at location: SourceLocation
    )
        throws -> [NumberKind]
    {
        guard count.contains(arguments.count) else {
            throw Refusal(
                location,
                "\(name) takes \(count.lowerBound == count.upperBound ? "\(count.lowerBound)" : "\(count.lowerBound) to \(count.upperBound)") arguments here"
            )
        }
        var kinds: [NumberKind] = []
        for argument in arguments {
            let value = try evaluate(argument)
            try requireNumber(value, at: argument.location, what: "an argument of \(name)")
            guard let kind = value.type.shape.numberKind else { throw NotYetKnown() }
            kinds.append(kind)
        }
        return kinds
    }

    private func mathFunction(
        _ name: String, _ arguments: [Expression], at location: SourceLocation
    ) throws -> ValueType {
        let qualified = "math.\(name)"
        switch name {
        case "floor", "ceil":
            _ = try numbers(arguments, qualified, count: 1...1, at: location)
            return .integer
        case "abs":
            return .number(try numbers(arguments, qualified, count: 1...1, at: location)[0])
        case "max", "min":
            let kinds = try numbers(arguments, qualified, count: 1...16, at: location)
            return .number(kinds.dropFirst().reduce(kinds[0]) { $0.joined(with: $1) })
        case "sqrt", "sin", "cos", "tan", "asin", "acos", "exp", "rad", "deg":
            _ = try numbers(arguments, qualified, count: 1...1, at: location)
            return .float
        case "atan", "log":
            _ = try numbers(arguments, qualified, count: 1...2, at: location)
            return .float
        case "fmod":
            let kinds = try numbers(arguments, qualified, count: 2...2, at: location)
            if kinds == [.integer, .integer] { return .integer }
            if kinds.contains(.float) { return .float }
            throw Refusal(location, "math.fmod of numbers that may be integers or floats: convert them first")
        case "tointeger":
            _ = try numbers(arguments, qualified, count: 1...1, at: location)
            return ValueType(shape: .number(.integer), nilable: true)
        case "type":
            let kinds = try numbers(arguments, qualified, count: 1...1, at: location)
            if kinds[0] == .mixed {
                throw Refusal(location, "math.type of a number that is an integer on some runs and a float on others")
            }
            return .string
        case "ult":
            let kinds = try numbers(arguments, qualified, count: 2...2, at: location)
            guard kinds.allSatisfy(\.isInteger) else { throw Refusal(location, "math.ult takes integers") }
            return .boolean
        case "random":
            guard currentFunction != nil || !recording else {
                throw Refusal(
                    location,
                    "math.random at the top level: call it inside a function (the layout's generator lives there)")
            }
            usesRandom = true
            let kinds = try numbers(arguments, qualified, count: 0...2, at: location)
            if kinds.isEmpty { return .float }
            guard kinds.allSatisfy(\.isInteger) else {
                throw Refusal(
                    location, "math.random's bounds may be floats here: write math.floor(…) (Lua requires integers)")
            }
            return .integer
        case "randomseed":
            guard currentFunction != nil || !recording else {
                throw Refusal(location, "math.randomseed at the top level: call it inside a function")
            }
            usesRandom = true
            let kinds = try numbers(arguments, qualified, count: 1...1, at: location)
            guard kinds.allSatisfy(\.isInteger) else {
                throw Refusal(location, "math.randomseed takes an integer here")
            }
            return .nil
        default:
            throw Refusal(location, "math.\(name) is not in Lua 5.4's math library")
        }
    }

    private func stringFunction(
        _ name: String, _ arguments: [Expression], at location: SourceLocation
    ) throws(Refusal)
        -> ValueType
    {
        guard let first = arguments.first else { throw Refusal(location, "string.\(name) needs arguments") }
        switch name {
        case "format":
            guard case .string(let bytes) = first.kind, let format = String(validating: bytes, as: UTF8.self) else {
                throw Refusal(first.location, "string.format's format must be a literal string (so Swift can check it)")
            }
            let specifiers = try FormatSpecifier.parse(format, at: first.location)
            guard specifiers.count == arguments.count - 1 else {
                throw Refusal(
                    location, "the format has \(specifiers.count) conversions and \(arguments.count - 1) values")
            }
            for (specifier, argument) in zip(specifiers, arguments.dropFirst()) {
                let value = try evaluate(argument)
                if specifier.takesText {
                    try requirePrintable(value, at: argument.location)
                } else {
                    try requireNumber(value, at: argument.location, what: "the value for %\(specifier.conversion)")
                    if specifier.takesInteger { types.markUsedAsInteger(value.place) }
                }
            }
            return .string
        case "sub":
            guard (2...3).contains(arguments.count) else {
                throw Refusal(location, "string.sub takes a string, i and j")
            }
            try requireString(try evaluate(first), at: first.location, what: "string.sub's string")
            for argument in arguments.dropFirst() {
                try requireIntegerValue(try evaluate(argument), at: argument.location, what: "a position")
            }
            return .string
        case "len", "upper", "lower", "reverse":
            guard arguments.count == 1 else { throw Refusal(location, "string.\(name) takes one string") }
            try requireString(try evaluate(first), at: first.location, what: "string.\(name)'s argument")
            return name == "len" ? .integer : .string
        case "rep":
            guard (2...3).contains(arguments.count) else {
                throw Refusal(location, "string.rep takes a string, n and a separator")
            }
            try requireString(try evaluate(first), at: first.location, what: "string.rep's string")
            try requireIntegerValue(try evaluate(arguments[1]), at: arguments[1].location, what: "the count")
            if arguments.count == 3 {
                try requireString(try evaluate(arguments[2]), at: arguments[2].location, what: "the separator")
            }
            return .string
        default:
            throw Refusal(
                location,
                "string.\(name) is not in the subset (patterns and bytes differ between Lua and Swift): "
                    + "format, sub, len, upper, lower, reverse and rep are")
        }
    }

    /// An integer argument: an integer, or a whole number from the engine.
    func requireIntegerValue(_ value: Evaluated, at location: SourceLocation, what: String) throws(Refusal) {
        try requireInteger(value, at: location, what: what)
        if let kind = value.type.shape.numberKind, kind == .float || kind == .mixed {
            throw Refusal(location, "\(what) may be a float: write math.floor(…)")
        }
    }

    private func methodCall(
        _ object: Expression, _ name: String, _ arguments: [Expression], at location: SourceLocation
    )
        throws(Refusal) -> [ValueType]
    {
        let base = try evaluate(object)
        switch base.type.shape {
        case .string:
            return [try stringFunction(name, [object] + arguments, at: location)]
        case .api(let api):
            return try apiMethod(name, of: api, arguments, at: location)
        case .unknown:
            for argument in arguments { _ = try evaluate(argument) }
            return [.unknown]
        default:
            throw Refusal(
                location,
                "a method call on \(base.type.shape.name): objects with methods are not in the subset; call a local function"
            )
        }
    }
}

/// An argument whose type a later pass of inference will know.
struct NotYetKnown: Error {}

enum CompositionalCall {
    /// `compositional.x` or `C.x` with C a local: not a library of Lua (`math.x`).
    static func mayBeNamespace(_ expression: Expression) -> Bool {
        switch expression.kind {
        case .global(let name): name == "compositional"
        case .local: true
        default: false
        }
    }
}
