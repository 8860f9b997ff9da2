import LayoutEngine
import LuaRuntime

/// An error in a layout script, located: `file:line: message`, the callback being evaluated
/// (with its index path) and Lua's traceback for runtime errors.
public struct ScriptError: Error, Equatable, CustomStringConvertible, Sendable {
    public enum Kind: Equatable, Sendable {
        case syntax
        case runtime
        case memory
        /// The instruction budget (`--max-instructions`) was used up.
        case instructionBudget
        /// One call into the script ran past its time limit (`--timeout`).
        case timeLimit
        case file
        /// A callback returned a value the engine cannot use, or the layout is malformed.
        case invalidValue
    }

    public var kind: Kind
    /// `file:line: message`.
    public var message: String
    /// What the engine was evaluating, e.g. `sizeForItem(cv, 0, 3)`.
    public var evaluating: String?
    public var traceback: String?
    /// The files the script had loaded or tried to load (itself, modules) when it failed —
    /// what a watcher should watch to see the fix.
    public var files: [String] = []

    public init(kind: Kind, message: String, evaluating: String? = nil, traceback: String? = nil) {
        self.kind = kind
        self.message = message
        self.evaluating = evaluating
        self.traceback = traceback
    }

    init(_ error: LuaError, evaluating: String? = nil) {
        let kind: Kind =
            switch error.kind {
            case .syntax: .syntax
            case .runtime: .runtime
            case .memory: .memory
            case .instructionBudget: .instructionBudget
            case .timeLimit: .timeLimit
            case .file: .file
            }
        self.init(kind: kind, message: error.message, evaluating: evaluating, traceback: error.traceback)
    }

    /// A Lua error from script `script`, located at the script when Lua gave no place (memory
    /// errors, error objects that are not strings).
    package init(_ error: LuaError, evaluating: String?, script: String) {
        self.init(error, evaluating: evaluating)
        if !Self.isLocated(message) { message = "\(script): " + message }
    }

    /// Whether a message starts with `file:line:`.
    package static func isLocated(_ message: String) -> Bool {
        guard let colon = message.firstIndex(of: ":") else { return false }
        let rest = message[message.index(after: colon)...]
        let digits = rest.prefix { $0.isNumber }
        return !digits.isEmpty && rest.dropFirst(digits.count).first == ":"
    }

    /// The full report: message, what was being evaluated, traceback.
    public var description: String {
        var text = message
        if let evaluating { text += "\n  while evaluating \(evaluating)" }
        if let traceback, !traceback.isEmpty { text += "\nstack traceback:\n" + traceback }
        return text
    }
}
