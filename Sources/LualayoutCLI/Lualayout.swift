import ArgumentParser
import BuildCommit
import ScriptLayout

/// A subcommand that runs against explicit output streams (so tests can drive it in-process).
protocol LualayoutCommand: ParsableCommand {
    func execute(_ io: CommandIO) throws(CLIError)
}

extension LualayoutCommand {
    mutating func run() throws {
        let io = CommandIO.standard()
        defer { io.flush() }
        try execute(io)
    }
}

/// The version `lualayout --version` prints: the one place it is written.
package let lualayoutVersion = "0.1.0"

/// What `lualayout --version` prints: the version, the Lua library it runs, the commit it was
/// built from (recorded by Scripts/lualayout and Scripts/package).
package var lualayoutVersionText: String {
    let commit = String(cString: lualayout_build_commit())
    return """
        lualayout \(lualayoutVersion)
        \(ScriptLayout.luaRelease)
        commit \(commit.isEmpty ? "unknown (not built by Scripts/lualayout or Scripts/package)" : commit)
        """
}

/// `lualayout`: run collection-view layouts written in Lua.
struct Lualayout: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lualayout",
        abstract: "lualayout \(lualayoutVersion): run UIKit-style collection-view layouts written in Lua, headlessly.",
        discussion: """
            A layout script returns flow{...} (UICollectionViewFlowLayout, tuned by callbacks) or a \
            table with prepare(cv, out) that places every element.

            Start a layout with `lualayout init NAME`; lint one with `lualayout check SCRIPT`. Shell \
            completion: `lualayout --generate-completion-script bash|zsh|fish` (see the README).

            Exit status: 0 on success, 1 for script and layout errors, 2 for usage and input errors.

            Documentation: README.md and docs/ (lua-api.md: the Lua API; errors.md: every message), \
            in the repository and, from a package, in /usr/share/doc/lualayout (Homebrew: \
            $(brew --prefix)/share/doc/lualayout) with the examples in examples/; `man lualayout`.
            """,
        version: lualayoutVersionText,
        subcommands: [
            RunCommand.self, CheckCommand.self, InitCommand.self, WatchCommand.self, UpdateCommand.self,
            TransitionCommand.self,
            SimulateCommand.self, TestCommand.self, BenchCommand.self,
            ExportCommand.self, CompareCommand.self,
            WatchWorkerCommand.self, TestWorkerCommand.self,
        ])
}

package enum LualayoutMain {
    /// The time limit of commands run without --timeout (10 s). Tests that run commands
    /// in-process raise it before the first, as the watchdog behind it ends the whole process.
    package static var defaultTimeout: Double {
        get { ScriptOptions.commandDefaultTimeout }
        set { ScriptOptions.commandDefaultTimeout = newValue }
    }

    /// Runs the command line `arguments` (without the program name); returns the exit status.
    package static func main(_ arguments: [String], io: CommandIO) -> Int32 {
        do {
            // The common `run` line skips ArgumentParser's reflection (see RunCommandLine).
            if let command = RunCommandLine.parse(arguments) {
                try CommandInvocation.$arguments.withValue(arguments) { try command.execute(io) }
                return 0
            }
            let prepass = ArgumentPrepass(arguments)
            var command = try Lualayout.parseAsRoot(prepass.remaining)
            if let subcommand = arguments.first { command = try prepass.apply(to: command, subcommand: subcommand) }
            guard let runnable = command as? any LualayoutCommand else {
                // `--help`, `help` or no subcommand: the help of the subcommand named, if any.
                let named = Lualayout.configuration.subcommands.first { subcommand in
                    arguments.contains(subcommand.configuration.commandName ?? "")
                }
                io.out.write(Lualayout.helpMessage(for: named ?? Lualayout.self) + "\n")
                return 0
            }
            try CommandInvocation.$arguments.withValue(arguments) { try runnable.execute(io) }
            return 0
        } catch let error as CLIError {
            if case .reported = error { return error.exitCode }
            io.err.write(error.description + "\n")
            return error.exitCode
        } catch {
            let code = Lualayout.exitCode(for: error)
            let message = Lualayout.fullMessage(for: error)
            if code == .success {
                io.out.write(message + "\n")
                return 0
            }
            io.err.write(message + "\n")
            return 2
        }
    }
}
