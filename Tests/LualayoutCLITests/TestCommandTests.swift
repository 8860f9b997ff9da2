import Foundation
import TestExpectations
import Testing
import LayoutTesting
@testable import LualayoutCLI

/// `lualayout test`: discovery, the header, the report lines, the summary and exit codes
/// (scenarios run by the simulator).
@Suite("lualayout test (runner)")
struct TestCommandTests {
    /// One cell per item, 60 points apart, shifted right by `cv.state.shift`; content 200 × 60·n.
    static let rows = """
        return { prepare = function(cv, out)
          local shift = cv.state.shift or 0
          for i = 0, cv:numberOfItems(0) - 1 do out:cell(0, i, 10 + shift, 10 + 60 * i, 100, 50) end
          out:contentSize(cv.bounds.width, 60 * cv:numberOfItems(0))
        end }

        """

    static func folder(_ files: [String: String]) throws -> String {
        let directory = NSTemporaryDirectory() + "lualayout-test-" + UUID().uuidString
        for (path, contents) in files {
            let full = directory + "/" + path
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try contents.write(toFile: full, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    /// `lualayout test ARGUMENTS`; times in the report read `T ms`.
    static func run(_ arguments: String...) -> CommandResult {
        var result = lualayout(["test"] + arguments)
        result.out = result.out.replacingOccurrences(of: #"[0-9]+ ms\)"#, with: "T ms)", options: .regularExpression)
        return result
    }

    @Test func aPassingAndAFailingTest() throws {
        let dir = try Self.folder([
            "rows.lua": Self.rows,
            "sub/pass.test.lua":
                "-- layout: ../rows.lua\n-- options: --items 2\nexpect(true, \"one\")\nexpect(true, \"two\")\n",
            "fail.test.lua":
                "-- The second check fails.\n-- layout: rows.lua\n\nexpect(true, \"fine\")\nexpect(false, \"the first cell is at x = 10\")\n",
        ])
        let result = Self.run(dir, "--no-ci")
        expectEqual(result.status, 1)
        expectEqual(result.err, "")
        // Sorted by path: fail.test.lua before sub/pass.test.lua.
        #expect(
            result.out == """
                FAIL  \(dir)/fail.test.lua  (2 checks, 1 failed, T ms)
                    \(dir)/fail.test.lua:5: expectation failed: the first cell is at x = 10
                PASS  \(dir)/sub/pass.test.lua  (2 checks, T ms)
                1 passed, 1 failed

                """)
        // Only the passing one: exit 0.
        let passing = Self.run(dir + "/sub/pass.test.lua")
        expectEqual(passing.status, 0)
        expect(passing.out.hasSuffix("\n1 passed, 0 failed\n"))
    }

    @Test func errorsAreCountedApart() throws {
        let dir = try Self.folder([
            "rows.lua": Self.rows,
            "a.test.lua":
                "-- layout: rows.lua\nexpect(true, \"ok\")\nerror(\"boom\")\nexpect(false, \"never reached\")\n",
            "b.test.lua": "-- layout: rows.lua\nexpect(true, \"ok\")\n",
            "c.test.lua": "-- options: --items 1\nexpect(true, \"ok\")\n",
        ])
        let result = Self.run(dir)
        expectEqual(result.status, 1)
        // The error's traceback follows its first line, indented further.
        let traceback = try require(
            result.out.range(of: "      stack traceback:\n(      .*\n)*", options: .regularExpression))
        #expect(
            result.out.replacingCharacters(in: traceback, with: "") == """
                ERROR \(dir)/a.test.lua  (T ms)
                    \(dir)/a.test.lua:3: boom
                PASS  \(dir)/b.test.lua  (1 check, T ms)
                ERROR \(dir)/c.test.lua  (T ms)
                    \(dir)/c.test.lua:1: the test names no layout: start it with a '-- layout: FILE' line (relative to the test file)
                1 passed, 0 failed, 2 errors

                """)
    }

    @Test func headerErrorsAreLocated() throws {
        let dir = try Self.folder([
            "rows.lua": Self.rows,
            "unknown-option.test.lua":
                "-- layout: rows.lua\n-- options: --items 2\n-- options: --bounds 300x400 --itemz 3\n",
            "misspelled.test.lua": "-- a title\n--   Layout: rows.lua\n",
            "twice.test.lua": "-- layout: rows.lua\n-- controller: rows.lua\n-- layout: rows.lua\n",
            "quote.test.lua": "-- layout: rows.lua\n-- options: --state 'title=a b\n",
            "bad-value.test.lua": "-- layout: rows.lua\n-- options: --bounds 300x400\n-- options: --items -1\n",
            "no-layout-file.test.lua": "\n-- layout: nope.lua\n",
            "no-data-file.test.lua":
                "-- layout: rows.lua\n-- options: --bounds 300x400\n-- options: --data missing.json\n",
            "code-ends-the-header.test.lua": "local x = 1\n-- layout: rows.lua\n",
            "help.test.lua": "-- layout: rows.lua\n-- options: --help\n",
        ])
        let result = Self.run(dir)
        expectEqual(result.status, 1)
        let errors = result.out.split(separator: "\n").filter { $0.hasPrefix("    ") }.map { $0.dropFirst(4) }
        expect(
            errors == [
                "\(dir)/bad-value.test.lua:3: -- options: --items must be between 0 and 20000000",
                "\(dir)/code-ends-the-header.test.lua:1: the test names no layout: start it with a '-- layout: FILE' line (relative to the test file)",
                "\(dir)/help.test.lua:2: -- options: '--help' is not an option of a test",
                "\(dir)/misspelled.test.lua:2: unknown header line '-- Layout:' (did you mean '-- layout:'?)",
                "\(dir)/no-data-file.test.lua:3: data \(dir)/missing.json: no such file (paths are relative to the test file)",
                "\(dir)/no-layout-file.test.lua:2: layout \(dir)/nope.lua: no such file (paths are relative to the test file)",
                "\(dir)/quote.test.lua:2: -- options: unterminated ' quote",
                "\(dir)/twice.test.lua:3: second '-- layout:' line (the first is line 1)",
                "\(dir)/unknown-option.test.lua:3: -- options: Unknown option '--itemz'. Did you mean '--items'?",
            ])
        expect(result.out.hasSuffix("0 passed, 0 failed, 9 errors\n"))
    }

    @Test func headerOptionsReachTheRun() throws {
        let plan = try ScenarioTestPlan<ScenarioOptions>.load(
            try Self.folder([
                "rows.lua": Self.rows, "data.json": "{\"sections\": [3]}",
                "t/x.test.lua": """
                -- layout: ../rows.lua
                -- controller: ../rows.lua
                -- options: --bounds 300x400 --offset -5,0 --state shift=2.5
                -- options: --state "title=two words" --data ../data.json --seed 7
                """,
            ]) + "/t/x.test.lua")
        expect(plan.layoutPath.hasSuffix("/t/../rows.lua"))
        expectEqual(plan.controllerPath?.hasSuffix("/t/../rows.lua"), true)
        expect(plan.options.layout.bounds.size.width == 300 && plan.options.layout.bounds.size.height == 400)
        expectEqual(plan.options.layout.offset?.point.x, -5)
        expectEqual(plan.options.layout.data?.hasSuffix("/t/../data.json"), true)
        expectEqual(plan.options.layout.state.map(\.key), ["shift", "title"])
        expectEqual(plan.options.layout.state.map(\.value), [.number(2.5), .string("two words")])
        expectEqual(plan.options.scriptOptions.seed, 7)
        expectEqual(plan.header.options.map(\.line), [3, 4])
    }

    @Test func pathsAndDiscovery() throws {
        let dir = try Self.folder([
            "rows.lua": Self.rows,
            "b.test.lua": "-- layout: rows.lua\nexpect(true, \"b\")\n",
            "a/z.test.lua": "-- layout: ../rows.lua\nexpect(true, \"z\")\n",
            ".hidden/h.test.lua": "-- layout: ../rows.lua\nexpect(false, \"hidden folders are skipped\")\n",
            "__snapshots__/s.test.lua": "-- layout: ../rows.lua\nexpect(false, \"snapshot folders are skipped\")\n",
            "named.lua": "-- layout: rows.lua\nexpect(true, \"a file named on the command line runs\")\n",
            "notes.test.lua.txt": "not a test",
        ])
        let result = Self.run(dir, dir + "/named.lua", dir + "/b.test.lua")
        expectEqual(result.status, 0)
        expect(
            result.out.split(separator: "\n").map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == [
                "PASS \(dir)/a/z.test.lua", "PASS \(dir)/b.test.lua", "PASS \(dir)/named.lua", "3 passed,",
            ])
    }

    @Test func noTestsAndMissingPathsAreUsageErrors() throws {
        let dir = try Self.folder(["rows.lua": Self.rows])
        let none = Self.run(dir)
        expectEqual(none.status, 2)
        expectEqual(none.out, "")
        expectEqual(none.err, "lualayout: test: no test files (*.test.lua) under \(dir)\n")
        let missing = Self.run(dir + "/nope")
        expectEqual(missing.status, 2)
        expectEqual(missing.err, "\(dir)/nope: no such file or folder\n")
        let flag = Self.run(dir, "--junit")
        expectEqual(flag.status, 2)
        expectContains(flag.err, "--junit")
    }

    /// The shipped scenarios pass as CI runs them (`--ci`: the committed snapshots must exist
    /// and match). The waterfall's scrolled snapshot holds section 0's header pinned at the
    /// clamped offset, 900 − 667 = 233 (Examples/waterfall.test.lua derives it).
    @Test func theExamplesPass() throws {
        let result = Self.run("Examples", "--ci")
        expectEqual(result.status, 0)
        expectEqual(result.err, "")
        // (The simulator's own scenarios may gain checks: only the waterfall's count is fixed here.)
        let lines = result.out.split(separator: "\n").map(String.init)
        expect(
            lines.map { $0.components(separatedBy: "  (").first! } == [
                "PASS  Examples/UIKit/Measured/list-section.test.lua", "PASS  Examples/cell-menu.test.lua",
                "PASS  Examples/grid.test.lua [iphone-se]",
                "PASS  Examples/grid.test.lua [ipad-mini]", "PASS  Examples/highlight.test.lua",
                "PASS  Examples/lists.test.lua [--state appearance=plain]",
                "PASS  Examples/lists.test.lua [--state appearance=grouped]",
                "PASS  Examples/lists.test.lua [--state appearance=insetGrouped]",
                "PASS  Examples/lists.test.lua [--state appearance=sidebar]",
                "PASS  Examples/lists.test.lua [--state appearance=sidebarPlain]",
                "PASS  Examples/pinch-named-transition.test.lua", "PASS  Examples/pinch-transition.test.lua",
                "PASS  Examples/pinch.test.lua", "PASS  Examples/refresh.test.lua",
                "PASS  Examples/springboard.test.lua", "PASS  Examples/waterfall.test.lua", "16 passed, 0 failed",
            ])
        expectContains(lines, "PASS  Examples/waterfall.test.lua  (4 checks, T ms)")
        let scrolled = try String(
            contentsOfFile: repositoryRoot + "/Examples/__snapshots__/waterfall.test.lua/waterfall-scrolled.json",
            encoding: .utf8)
        expect(
            scrolled.contains(
                "{\"category\": \"supplementary\", \"kind\": \"header\", \"indexPath\": [0, 0], \"frame\": {\"x\": 0, \"y\": 233, \"width\": 375, \"height\": 40}"
            ))
        expect(
            scrolled.hasPrefix(
                "{\n  \"bounds\": {\"x\": 0, \"y\": 233, \"width\": 375, \"height\": 667},\n  \"contentSize\": {\"width\": 375, \"height\": 900},"
            ))
    }

    @Test func ciFromTheEnvironment() {
        expect(TestCommand.environmentIsCI(["CI": "true"]))
        expect(TestCommand.environmentIsCI(["CI": "1"]))
        expect(!TestCommand.environmentIsCI([:]))
        expect(!TestCommand.environmentIsCI(["CI": "false"]))
        expect(!TestCommand.environmentIsCI(["CI": "0"]))
        expect(!TestCommand.environmentIsCI(["CI": ""]))
    }
}
