import ArgumentParser
@testable import LualayoutCLI
import TestExpectations
import Testing

/// `RunCommandLine` (the `run` fast path) must build exactly the command ArgumentParser builds,
/// or step aside (nil) so ArgumentParser reads the line.
struct RunCommandLineTests {
    /// The full reading of a command: every field of every group, through the wrappers'
    /// descriptions (a field the fast path forgot to set reads `Option(*definition*)`).
    static func reading(_ command: RunCommand) -> String {
        String(reflecting: command)
    }

    /// What ArgumentParser makes of `line` (the `run` subcommand first), through the same
    /// prepass the CLI applies; nil when it rejects the line.
    static func argumentParser(_ line: [String]) -> RunCommand? {
        let prepass = ArgumentPrepass(line)
        guard let parsed = try? Lualayout.parseAsRoot(prepass.remaining),
            let applied = try? prepass.apply(to: parsed, subcommand: "run")
        else { return nil }
        return applied as? RunCommand
    }

    /// Lines the fast path must accept, each option at least once.
    static let accepted: [[String]] = [
        ["run", "a.lua"],
        ["run", "Scripts/benchmarks/fixed.lua", "--items", "1", "--rect", "0,0,375,667", "-o", "/tmp/x.json"],
        ["run", "a.lua", "--items", "0"],
        ["run", "a.lua", "--items", "20000000"],
        ["run", "--items", "3", "a.lua"],
        ["run", "a.lua", "--sections", "3,0,2"],
        ["run", "a.lua", "--data", "Examples/raggy.json"],
        ["run", "a.lua", "--bounds", "768x1024"],
        ["run", "a.lua", "--offset", "10,20"],
        ["run", "a.lua", "--offset", "-5,0"],
        ["run", "a.lua", "--offset", "-.5,-1e3"],
        ["run", "a.lua", "--scale", "2"],
        ["run", "a.lua", "--scale", "0.01"],
        ["run", "a.lua", "--ios", "14"],
        ["run", "a.lua", "--ios", "17.4"],
        ["run", "a.lua", "--content-inset", "1,2,3,4"],
        ["run", "a.lua", "--safe-area", "44,0,34,0"],
        ["run", "a.lua", "--layout-margins", "8,16,8,16"],
        ["run", "a.lua", "--state", "dark=true"],
        ["run", "a.lua", "--state", "a=1", "--state", "b=x", "--state", "a=2"],
        ["run", "a.lua", "--state", "n=-3"],
        ["run", "a.lua", "--orthogonal-offset", "1:40"],
        ["run", "a.lua", "--orthogonal-offset", "1:40", "--orthogonal-offset", "2:-10"],
        ["run", "a.lua", "--seed", "42"],
        ["run", "a.lua", "--seed", "-7"],
        ["run", "a.lua", "--max-instructions", "0"],
        ["run", "a.lua", "--max-instructions", "1000000"],
        ["run", "a.lua", "--max-memory", "64M"],
        ["run", "a.lua", "--max-memory", "1048576"],
        ["run", "a.lua", "--timeout", "0.5"],
        ["run", "a.lua", "--strict"],
        ["run", "a.lua", "--estimates", "--strict"],
        ["run", "a.lua", "--visible", "--offset", "0,300"],
        ["run", "a.lua", "--item", "0:3"],
        ["run", "a.lua", "--supplementary", "header:0:0"],
        ["run", "a.lua", "--decoration", "bg:a:1:2"],
        ["run", "a.lua", "--target-offset", "0,500"],
        ["run", "a.lua", "--target-offset", "0,500", "--velocity", "0,-2"],
        ["run", "a.lua", "--orthogonal-target", "1:100"],
        ["run", "a.lua", "--orthogonal-target", "1:100:0.5", "--orthogonal-target", "2:0"],
        ["run", "a.lua", "--format", "table"],
        ["run", "a.lua", "--format", "svg", "--fit", "800", "--label", "title"],
        ["run", "a.lua", "--format", "html", "--label", "a=b"],
        ["run", "a.lua", "--output", "out.json"],
        ["run", "run", "--items", "1"],
        ["run", "a.lua", "--label", "-5"],
        ["run", "a.lua", "--velocity", "0,2", "--target-offset", "1,1"],
        ["run", "a.lua", "-o", "out.svg", "--format", "svg"],
        [
            "run", "a.lua", "--data", "d.json", "--bounds", "320x480", "--scale", "3", "--seed", "1", "--timeout", "2",
            "--max-memory", "2G", "--rect", "0,0,10,10", "--format", "table", "-o", "t.txt", "--state", "k=v",
            "--strict",
        ],
    ]

    /// Lines the fast path must leave to ArgumentParser (help, errors, forms it does not read).
    static let fallen: [[String]] = [
        ["run"],
        ["check", "a.lua"],
        ["watch", "a.lua"],
        ["run", "a.lua", "--help"],
        ["run", "a.lua", "-h"],
        ["run", "help"],
        ["run", "--version"],
        ["run", "a.lua", "--generate-completion-script", "bash"],
        ["run", "a.lua", "--items=3"],
        ["run", "a.lua", "--", "--items"],
        ["run", "a.lua", "b.lua"],
        ["run", "a.lua", "--items"],
        ["run", "a.lua", "--items", "x"],
        ["run", "a.lua", "--items", "-1"],
        ["run", "a.lua", "--items", "20000001"],
        ["run", "a.lua", "--items", "1", "--items", "2"],
        ["run", "a.lua", "--items", "1", "--sections", "2"],
        ["run", "a.lua", "--scale", "0"],
        ["run", "a.lua", "--ios", "19"],
        ["run", "a.lua", "--ios", "17.x"],
        ["run", "a.lua", "--timeout", "0"],
        ["run", "a.lua", "--timeout", "nan"],
        ["run", "a.lua", "--max-memory", "1K"],
        ["run", "a.lua", "--max-instructions", "-1"],
        ["run", "a.lua", "--format", "pdf"],
        ["run", "a.lua", "--fit", "2"],
        ["run", "a.lua", "--rect", "0,0,1,1", "--visible"],
        ["run", "a.lua", "--velocity", "1,1"],
        ["run", "a.lua", "--state", "novalue"],
        ["run", "a.lua", "--label", "-x"],
        ["run", "a.lua", "--label", ""],
        ["run", "a.lua", "-o", "-5"],
        ["run", "a.lua", "-ofile"],
        ["run", "a.lua", "--visible", "--visible"],
        ["run", "a.lua", "--unknown", "1"],
        ["run", "a.lua", "-x"],
        ["run", "-1.lua"],
        ["run", "a.lua", "--item", "header:0:0"],
        ["run", "a.lua", "--visible", "-5"],
        ["run", "a.lua", "--label", "-o"],
        ["run", "a.lua", "-o", "x", "--output", "y"],
        ["run", "a.lua", "--state", "-3"],
    ]

    @Test(arguments: accepted)
    func acceptedLinesEqualArgumentParsers(_ line: [String]) throws {
        let fast = try require(RunCommandLine.parse(line))
        let parsed = try require(Self.argumentParser(line))
        expectEqual(Self.reading(fast), Self.reading(parsed))
    }

    @Test(arguments: fallen)
    func otherLinesFallBack(_ line: [String]) {
        expect(RunCommandLine.parse(line) == nil)
    }

    /// A field left unset reads `*definition*`; a default that drifted from the option's
    /// declared one differs from ArgumentParser's reading of the bare line.
    @Test func defaultsAreTheDeclaredOnes() throws {
        let reading = Self.reading(try require(RunCommandLine.parse(["run", "a.lua"])))
        expect(!reading.contains("definition"))
        expectEqual(reading, Self.reading(try require(Self.argumentParser(["run", "a.lua"]))))
    }

    /// Every option `run`'s help lists is one the fast path reads (a new option fails here
    /// until RunCommandLine learns it), and it reads no option `run` does not have.
    @Test func knowsEveryOptionOfRun() {
        let help = Lualayout.helpMessage(for: RunCommand.self, columns: 10_000)
        var listed: Set<String> = []
        for line in help.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("-") else { continue }
            // "-o, --output <FILE>  …" or "--items <N>  …": the long name of an option's row.
            for word in trimmed.split(separator: " ").prefix(2) where word.hasPrefix("--") {
                listed.insert(String(word.dropFirst(2).prefix { $0 != "," && $0 != " " }))
            }
        }
        listed.subtract(["help", "version"])  // ArgumentParser's own, never read by the fast path
        expect(listed.count >= 29)
        expectEqual(listed, Set(RunCommandLine.Name.allCases.map(\.long)))
    }
}
