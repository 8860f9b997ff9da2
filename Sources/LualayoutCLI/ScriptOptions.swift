import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import ScriptLayout

/// How the script runs: its seed and sandbox limits.
struct ScriptOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Seed of math.random, reapplied before every prepare.", valueName: "N"))
    var seed: Int = ScriptOptions.defaultSeed

    @Option(
        help: ArgumentHelp(
            "Count every instruction: a budget for each call into the script (0: none). Exact and reproducible, but slower; without it --timeout stops runaway code (library work is still charged to a budget of 1e9).",
            valueName: "N"))
    var maxInstructions: Int?

    @Option(
        help: ArgumentHelp("Memory cap of the script's Lua state, in bytes or with a K/M/G suffix.", valueName: "BYTES")
    )
    var maxMemory = ScriptOptions.defaultMaxMemory

    /// The defaults, also read by `RunCommandLine`.
    static let defaultSeed = 0
    static let defaultMaxMemory = ByteCountArgument(bytes: ScriptLayout.Limits().memoryBytes)

    @Option(
        name: .customLong("timeout"),
        help: ArgumentHelp(
            "Stop the script after this many seconds in one call (a located error), and give up on a library call that never returns soon after (default: 10; for watch, 10 per run).",
            valueName: "SECONDS"))
    var timeoutSeconds: Double?

    /// The time limit of every command (per run under `watch`): an endless loop is reported
    /// within seconds, not minutes; the message says how to raise it.
    static let defaultTimeout = 10.0

    /// The time limit of a command that runs once.
    var timeout: Double { timeout(default: Self.defaultTimeout) }

    func timeout(default seconds: Double) -> Double { timeoutSeconds ?? seconds }

    @Flag(help: "Treat likely misspelled layout fields ('atributes' for 'attributes') as errors instead of warnings.")
    var strict = false

    @Flag(
        help:
            "Self-sizing layouts keep their estimates: print the layout before preferredSizeForItem / preferredSizeForSupplementary answer."
    )
    var estimates = false

    func validate() throws {
        if let timeoutSeconds, !(timeoutSeconds > 0 && timeoutSeconds.isFinite) {
            throw ValidationError("--timeout must be a positive number of seconds")
        }
        guard (maxInstructions ?? 0) >= 0 else { throw ValidationError("--max-instructions must be ≥ 0") }
        guard maxMemory.bytes >= 1 << 20 else { throw ValidationError("--max-memory must be at least 1M") }
    }

    /// The script's limits: exact instruction counting only when --max-instructions is given,
    /// otherwise the time limit (`seconds` per call into the script) stops runaway code.
    func layoutOptions(seconds: Double) -> ScriptLayout.Options {
        ScriptLayout.Options(
            limits: ScriptLayout.Limits(
                memoryBytes: maxMemory.bytes, instructions: maxInstructions,
                countsInstructions: maxInstructions != nil, seconds: seconds),
            seed: seed, strict: strict, estimatesOnly: estimates)
    }

    /// Loads the script (missing file: input error; anything in it: script error).
    /// Prints the layout's warnings not printed yet (misspelled fields) to `io`'s stderr.
    static func reportWarnings(of layout: ScriptLayout, after printed: Int = 0, to io: CommandIO) -> Int {
        for warning in layout.warnings.dropFirst(printed) { io.err.write(warning + "\n") }
        return layout.warnings.count
    }

    /// `seconds`: the time limit of each call into the script (default: --timeout).
    func loadLayout(
        _ path: String, seconds: Double? = nil, estimatesOnly: Bool = false
    ) throws(CLIError) -> ScriptLayout {
        // One stat(2), not FileManager's attributes, which look up the owner's user and group
        // names (/etc/passwd, /etc/group) on every start.
        var info = stat()
        guard stat(path, &info) == 0 else { throw .input("\(path): no such script") }
        guard info.st_mode & S_IFMT != S_IFDIR else { throw .input("\(path): is a folder, not a script") }
        // A device or pipe could block or never end: an input error, like a missing file.
        guard info.st_mode & S_IFMT == S_IFREG else { throw .input("\(path): not a regular file") }
        do {
            var options = layoutOptions(seconds: seconds ?? timeout)
            if estimatesOnly { options.estimatesOnly = true }
            return try ScriptLayout(file: path, options: options)
        } catch {
            throw .script(error)
        }
    }
}
