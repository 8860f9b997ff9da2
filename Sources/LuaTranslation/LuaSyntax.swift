/// The syntax tree of a Lua 5.4 chunk, with every name resolved to its declaration.
/// Nodes are classes: the translator keys what it learns about them by identity.

/// A local variable (or parameter, or loop variable) of the script.
final class Variable {
    let name: String
    let location: SourceLocation
    /// `<const>` or `<close>`, when given.
    let attribute: String?
    /// The function whose body (or parameter list) declares it; nil at the chunk's top level.
    weak var function: FunctionBody?

    init(name: String, location: SourceLocation, attribute: String? = nil, function: FunctionBody?) {
        self.name = name
        self.location = location
        self.attribute = attribute
        self.function = function
    }
}

enum BinaryOperator: String {
    case or, and
    case less = "<", greater = ">", lessEqual = "<=", greaterEqual = ">=", notEqual = "~=", equal = "=="
    case bitOr = "|", bitXor = "~", bitAnd = "&", shiftLeft = "<<", shiftRight = ">>"
    case concat = ".."
    case add = "+", subtract = "-", multiply = "*", divide = "/", floorDivide = "//", modulo = "%"
    case power = "^"

    /// Lua's priorities (lparser.c): left and right binding power.
    var priority: (left: Int, right: Int) {
        switch self {
        case .or: (1, 1)
        case .and: (2, 2)
        case .less, .greater, .lessEqual, .greaterEqual, .notEqual, .equal: (3, 3)
        case .bitOr: (4, 4)
        case .bitXor: (5, 5)
        case .bitAnd: (6, 6)
        case .shiftLeft, .shiftRight: (7, 7)
        case .concat: (9, 8)
        case .add, .subtract: (10, 10)
        case .multiply, .divide, .floorDivide, .modulo: (11, 11)
        case .power: (14, 13)
        }
    }

    var isComparison: Bool {
        switch self {
        case .less, .greater, .lessEqual, .greaterEqual, .notEqual, .equal: true
        default: false
        }
    }

    var isArithmetic: Bool {
        switch self {
        case .add, .subtract, .multiply, .divide, .floorDivide, .modulo, .power: true
        default: false
        }
    }

    var isBitwise: Bool {
        switch self {
        case .bitOr, .bitXor, .bitAnd, .shiftLeft, .shiftRight: true
        default: false
        }
    }
}

enum UnaryOperator: String {
    case not, length = "#", negate = "-", bitNot = "~"
}

final class Expression {
    indirect enum Kind {
        case nilLiteral
        case boolean(Bool)
        case integer(Int)
        case float(Double)
        case string([UInt8])
        case vararg
        case function(FunctionBody)
        case table([TableField])
        case local(Variable)
        case global(String)
        /// `object[key]`
        case index(Expression, Expression)
        /// `object.name`
        case field(Expression, String)
        case call(Expression, [Expression])
        /// `object:name(arguments)`
        case methodCall(Expression, String, [Expression])
        case binary(BinaryOperator, Expression, Expression)
        case unary(UnaryOperator, Expression)
        /// `(expression)`: keeps only the first value of a call.
        case parenthesized(Expression)
    }

    let kind: Kind
    let location: SourceLocation

    init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// Whether the expression may produce several values (a call or `...` in the last place).
    var isMultiValued: Bool {
        switch kind {
        case .call, .methodCall, .vararg: true
        default: false
        }
    }
}

enum TableField {
    case positional(Expression)
    case named(String, Expression, SourceLocation)
    case keyed(Expression, Expression, SourceLocation)
}

final class FunctionBody {
    var parameters: [Variable] = []
    var isVararg = false
    var body: [Statement] = []
    let location: SourceLocation
    /// How the script names it (`layout.prepare`, `spacing`), for messages and Swift names.
    var name: String?
    /// `function a:b()` adds `self` as the first parameter.
    var isMethod = false
    /// The function this one is nested in (nil: at the chunk's top level).
    weak var enclosing: FunctionBody?

    init(location: SourceLocation) {
        self.location = location
    }
}

final class Statement {
    indirect enum Kind {
        case local([Variable], [Expression])
        case assignment([Expression], [Expression])
        case call(Expression)
        case block([Statement])
        case whileLoop(Expression, [Statement])
        case repeatLoop([Statement], Expression)
        /// `if c1 then b1 elseif c2 then b2 … else e end`
        case ifChain([(condition: Expression, body: [Statement])], [Statement]?)
        case numericFor(Variable, start: Expression, limit: Expression, step: Expression?, [Statement])
        case genericFor([Variable], [Expression], [Statement])
        /// `function a.b.c()` or `function a:c()`: the target is a field path on a name.
        case function(target: Expression, FunctionBody)
        case localFunction(Variable, FunctionBody)
        case returnValues([Expression])
        case breakLoop
        case goto(String)
        case label(String)
    }

    let kind: Kind
    let location: SourceLocation

    init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }
}

/// A parsed chunk: its statements run as the body of a vararg function.
struct Chunk {
    var body: [Statement]
    /// The implicit function around the chunk (its top-level locals belong to no function).
    var main: FunctionBody
}
