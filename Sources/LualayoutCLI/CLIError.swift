import ScriptLayout

/// How a command failed, and the exit code it maps to: 1 for script and layout errors,
/// 2 for usage and input errors.
package enum CLIError: Error, CustomStringConvertible {
    /// Bad flags or flag values.
    case usage(String)
    /// An input file (data, script path) is missing or malformed.
    case input(String)
    /// The layout script failed.
    case script(ScriptError)
    /// The command ran, but what it checked did not hold (a scenario's expectations); the
    /// details were already printed.
    case failed(String)
    /// The command has already printed why it failed (`test`: the failing tests): exit 1, no message.
    case reported

    package var exitCode: Int32 {
        switch self {
        case .usage, .input: 2
        case .script, .failed, .reported: 1
        }
    }

    package var description: String {
        switch self {
        case .usage(let message): "lualayout: \(message)"
        case .input(let message): message
        case .script(let error): error.description
        case .failed(let message): "lualayout: \(message)"
        case .reported: ""
        }
    }
}
