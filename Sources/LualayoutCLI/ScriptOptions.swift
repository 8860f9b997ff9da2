import ArgumentParser
import Foundation
import LuaRuntime
import ScriptLayout

/// How the script runs: its seed and sandbox limits.
struct ScriptOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Seed of math.random, reapplied before every prepare.", valueName: "N"))
    var seed: Int = 0

    @Option(help: ArgumentHelp("Instruction budget for each call into the script (0: none).", valueName: "N"))
    var maxInstructions: Int = LuaState.Limits().instructions

    @Option(help: ArgumentHelp("Memory cap of the script's Lua state, in bytes or with a K/M/G suffix.", valueName: "BYTES"))
    var maxMemory = ByteCountArgument(bytes: LuaState.Limits().memoryBytes)

    @Option(name: .customLong("timeout"), help: ArgumentHelp(
        "Give up after this many seconds (guards against script library calls that never return; default: 120, for watch 10 per run).",
        valueName: "SECONDS"))
    var timeoutSeconds: Double?

    /// The time limit of a command that runs once.
    var timeout: Double { timeout(default: 120) }

    func timeout(default seconds: Double) -> Double { timeoutSeconds ?? seconds }

    @Flag(help: "Treat likely misspelled layout fields ('atributes' for 'attributes') as errors instead of warnings.")
    var strict = false

    @Flag(help: "Self-sizing layouts keep their estimates: print the layout before preferredSizeForItem / preferredSizeForSupplementary answer.")
    var estimates = false

    func validate() throws {
        if let timeoutSeconds, !(timeoutSeconds > 0 && timeoutSeconds.isFinite) {
            throw ValidationError("--timeout must be a positive number of seconds")
        }
        guard maxInstructions >= 0 else { throw ValidationError("--max-instructions must be ≥ 0") }
        guard maxMemory.bytes >= 1 << 20 else { throw ValidationError("--max-memory must be at least 1M") }
    }

    var layoutOptions: ScriptLayout.Options {
        ScriptLayout.Options(
            limits: LuaState.Limits(memoryBytes: maxMemory.bytes, instructions: maxInstructions), seed: seed, strict: strict,
            estimatesOnly: estimates)
    }

    /// Loads the script (missing file: input error; anything in it: script error).
    /// Prints the layout's warnings not printed yet (misspelled fields) to `io`'s stderr.
    static func reportWarnings(of layout: ScriptLayout, after printed: Int = 0, to io: CommandIO) -> Int {
        for warning in layout.warnings.dropFirst(printed) { io.err.write(warning + "\n") }
        return layout.warnings.count
    }

    func loadLayout(_ path: String, estimatesOnly: Bool = false) throws(CLIError) -> ScriptLayout {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .input("\(path): no such script")
        }
        guard !isDirectory.boolValue else { throw .input("\(path): is a folder, not a script") }
        // A device or pipe could block or never end: an input error, like a missing file.
        guard (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType == .typeRegular else {
            throw .input("\(path): not a regular file")
        }
        do {
            var options = layoutOptions
            if estimatesOnly { options.estimatesOnly = true }
            return try ScriptLayout(file: path, options: options)
        } catch {
            throw .script(error)
        }
    }
}
