/// An error raised while loading or running Lua code, translated at the boundary.
package struct LuaError: Error, Equatable, CustomStringConvertible, Sendable {
    package enum Kind: Equatable, Sendable {
        /// The chunk does not compile.
        case syntax
        /// A runtime error (`error(...)`, a bad operation, an error raised by a host function).
        case runtime
        /// The memory cap was reached.
        case memory
        /// The instruction budget was used up.
        case instructionBudget
        /// The time limit of one call into the script passed.
        case timeLimit
        /// A file could not be read.
        case file
    }

    package var kind: Kind
    /// The located message, usually `file:line: text`.
    package var message: String
    /// Lua's stack traceback for runtime errors (without the leading "stack traceback:" line).
    package var traceback: String?

    package init(kind: Kind, message: String, traceback: String? = nil) {
        self.kind = kind
        self.message = message
        self.traceback = traceback
    }

    package var description: String {
        guard let traceback, !traceback.isEmpty else { return message }
        return message + "\nstack traceback:\n" + traceback
    }
}
