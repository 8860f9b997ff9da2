import ArgumentParser
@testable import LualayoutCLI
import TestExpectations
import Testing

/// `RunCommandLine.scenarioOptions` (a test file's `-- options:` words, the fast path) must
/// build exactly the options ArgumentParser builds from the same words, or step aside (nil) so
/// ArgumentParser reads them and reports what is wrong.
struct ScenarioOptionsFastPathTests {
    /// Every field of every group, through the wrappers' descriptions (a field the fast path
    /// forgot to set reads `*definition*`).
    static func reading(_ options: ScenarioOptions) -> String {
        String(reflecting: options)
    }

    /// ArgumentParser's reading, as `ScenarioOptions.read` makes it when the fast path steps
    /// aside: the pre-pass takes `--state` out of the line, and the states follow in order.
    static func argumentParser(_ words: [String]) -> ScenarioOptions? {
        let prepass = ArgumentPrepass(["run"] + words)
        guard var options = try? ScenarioOptions.parse(Array(prepass.remaining.dropFirst())) else { return nil }
        for text in prepass.repeated["state"] ?? [] {
            guard let state = StateArgument(argument: text) else { return nil }
            options.layout.state.append(state)
        }
        return options
    }

    /// Headers the fast path must read, each of the collection view's and the script's options
    /// at least once.
    static let accepted: [[String]] = [
        [],
        ["--bounds", "300x400", "--offset", "-5,0", "--state", "shift=2.5", "--state", "title=two words"],
        ["--data", "../data.json", "--seed", "7"],
        ["--items", "12", "--scale", "3", "--ios", "14"],
        ["--sections", "3,0,2", "--content-inset", "1,2,3,4", "--safe-area", "44,0,34,0"],
        ["--layout-margins", "8,16,8,16", "--content-inset-adjustment", "always"],
        ["--orthogonal-offset", "1:40", "--orthogonal-offset", "2:-10"],
        ["--trait", "horizontalSizeClass=regular", "--trait", "userInterfaceIdiom=pad", "--layout-direction", "rtl"],
        ["--max-instructions", "0", "--max-memory", "64M", "--timeout", "0.5", "--strict", "--estimates"],
        ["--state", "a=1", "--state", "b=x", "--state", "a=2", "--seed", "-7"],
    ]

    /// Headers the fast path must leave to ArgumentParser: options of `run` alone, `--layout`,
    /// positionals, `=` forms, values it does not convert, repeated single options.
    static let fallen: [[String]] = [
        ["--format", "json"],
        ["-o", "out.json"],
        ["--rect", "0,0,10,10"],
        ["--layout", "list=../list.lua"],
        ["extra.lua"],
        ["--items=3"],
        ["--items", "x"],
        ["--items", "1", "--items", "2"],
        ["--state", "novalue"],
        ["--bounds"],
        ["--", "--items"],
        ["--unknown", "1"],
    ]

    @Test(arguments: accepted)
    func acceptedHeadersEqualArgumentParsers(_ words: [String]) throws {
        let fast = try require(RunCommandLine.scenarioOptions(words))
        let parsed = try require(Self.argumentParser(words))
        expect(!Self.reading(fast).contains("definition"))
        expectEqual(Self.reading(fast), Self.reading(parsed))
    }

    @Test(arguments: fallen)
    func otherHeadersFallBack(_ words: [String]) {
        expect(RunCommandLine.scenarioOptions(words) == nil)
    }

    /// The options the fast path reads for a header are exactly those `ScenarioOptions`' help
    /// lists besides `--layout`, which it leaves to ArgumentParser.
    @Test func knowsEveryOptionOfAHeader() {
        let help = ScenarioOptions.helpMessage(columns: 10_000)
        var listed: Set<String> = []
        for line in help.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("--") else { continue }
            listed.insert(String(trimmed.dropFirst(2).prefix { $0 != " " && $0 != "," }))
        }
        listed.subtract(["help", "layout"])
        expect(listed.count >= 21)
        expectEqual(listed, Set(RunCommandLine.Name.allCases.filter(\.isScenarioOption).map(\.long)))
    }

    /// Through `ScenarioOptions.read`: a header the fast path reads and one it leaves to
    /// ArgumentParser (`--layout`) give the same collection view and script options.
    @Test func readGivesTheSameOptionsEitherWay() throws {
        let folder = try TestCommandTests.folder(["rows.lua": TestCommandTests.rows, "t/x.test.lua": ""])
        let path = folder + "/t/x.test.lua"
        func read(_ text: String) throws -> ScenarioOptions {
            try ScenarioOptions.read([.init(value: text, line: 3)], path: path)
        }
        let fast = try read("--bounds 300x400 --state k=1 --seed 7 --state j=2")
        let slow = try read("--bounds 300x400 --state k=1 --seed 7 --state j=2 --layout list=../rows.lua")
        expectEqual(String(reflecting: fast.layout), String(reflecting: slow.layout))
        expectEqual(String(reflecting: fast.scriptOptions), String(reflecting: slow.scriptOptions))
        expectEqual(fast.layout.state.map(\.key), ["k", "j"])
        expectEqual(slow.namedLayouts.map(\.name), ["list"])
        expect(fast.namedLayouts.isEmpty)
    }
}
