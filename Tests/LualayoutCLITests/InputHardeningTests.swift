import Foundation
@testable import LualayoutCLI
import TestExpectations
import Testing

/// Issue 10, items 2, 9, 12 (flags) and 14: data files, repeated options, batch files and
/// negative option values.
@Suite("Input hardening: flags, data and batch files")
struct InputHardeningTests {
    // MARK: Repeated options (10.9)

    /// 20,000 `--state` options took 50 s in ArgumentParser (quadratic); they are now taken out
    /// in one pass (`ArgumentPrepass`, tested below). No clock here: timing belongs in the
    /// benchmarks, and a loaded CI machine made a wall-clock bound fail on correct code.
    @Test func twentyThousandStateOptionsAllArrive() throws {
        let script = try temporaryFile(
            "state.lua",
            "return { prepare = function(cv, out) out:cell(0, 0, 0, 0, cv.state.k19999, cv.state.k0) end }")
        var arguments = ["run", script, "--items", "1"]
        for index in 0..<20_000 { arguments += ["--state", "k\(index)=\(index + 1)"] }
        let result = lualayout(arguments)
        expectEqual(result.status, 0, "\(result.err)")
        #expect(result.out.contains(#""frame": {"x": 0, "y": 0, "width": 20000, "height": 1}"#))
    }

    @Test func prepassTakesRepeatedOptionsInOrderAndLeavesTheRest() {
        let prepass = ArgumentPrepass([
            "update", "s.lua", "--delete", "0:1", "--state=a=1", "--items", "3", "--delete=0:2",
            "--offset", "-5,0", "--", "--delete",
        ])
        expectEqual(prepass.repeated, ["delete": ["0:1", "0:2"], "state": ["a=1"]])
        expectEqual(prepass.remaining, ["update", "s.lua", "--items", "3", "--offset=-5,0", "--", "--delete"])
        // `run` has no --delete: ArgumentParser reports it as unknown.
        expectEqual(
            ArgumentPrepass(["run", "s.lua", "--delete", "0:1"]).remaining, ["run", "s.lua", "--delete", "0:1"])
        expect(ArgumentPrepass(["update", "--help", "--delete", "0:1"]).repeated.isEmpty)
    }

    @Test func badRepeatedValuesReadAsArgumentParserErrors() throws {
        let script = try temporaryFile("grid.lua", "return flow{}")
        let bad = lualayout("update", script, "--items", "3", "--delete", "0:x")
        expectEqual(bad.status, 2)
        expect(bad.err.hasPrefix("Error: The value '0:x' is invalid for '--delete <S:I>'\nHelp:  --delete <S:I>"))
        let missing = lualayout("run", script, "--state")
        expectEqual(missing.status, 2)
        expect(missing.err.hasPrefix("Error: Missing value for '--state <KEY=VALUE>'"))
        let swallowed = lualayout("update", script, "--delete", "--items", "3")
        expect(swallowed.err.hasPrefix("Error: Missing value for '--delete <S:I>'"))
        expectContains(lualayout("update", "--help").out, "--batch <FILE>")
    }

    // MARK: Negative values (10.12)

    @Test func negativeNumbersAreOptionValues() throws {
        let script = try temporaryFile("grid.lua", "return flow{ itemSize = {100, 100} }")
        let items = lualayout("run", script, "--items", "-1")
        expectEqual(items.status, 2)
        expect(items.err.hasPrefix("Error: --items must be between 0 and 20000000\n"))
        let offset = lualayout("run", script, "--items", "1", "--offset", "-5,0", "--visible")
        expectEqual(offset.status, 0, "\(offset.err)")
        #expect(offset.out.contains(#""bounds": {"x": -5, "y": 0, "width": 375, "height": 667}"#))
        let velocity = lualayout("run", script, "--items", "1", "--target-offset", "0,0", "--velocity", "-1.2,0")
        #expect(velocity.out.contains(#""velocity": {"x": -1.2, "y": 0}"#), "\(velocity.err)")
        let state = lualayout(
            "run",
            try temporaryFile(
                "s.lua",
                "return { prepare = function(cv, out) out:cell(0, 0, cv.state.x, 0, 1, 1) end }"), "--state", "x=-7")
        #expect(state.out.contains(#""x": -7"#), "\(state.err)")
    }

    // MARK: Batch files (10.9)

    @Test func aBatchFileGivesTheSamePlanAsOptions() throws {
        let script = try temporaryFile("grid.lua", "return flow{ itemSize = {100, 100} }")
        let batch = try temporaryFile(
            "batch.json",
            #"""
            {"delete": [[0, 0]], "insert": [[0, 3]], "move": [[[0, 4], [0, 1]]], "insertSections": [[1, 2]],
             "reload": [], "deleteSections": [], "reloadSections": [], "moveSections": []}
            """#)
        let fromFile = lualayout("update", script, "--items", "6", "--batch", batch)
        let fromOptions = lualayout(
            "update", script, "--items", "6", "--delete", "0:0", "--insert", "0:3", "--move", "0:4=0:1",
            "--insert-section", "1:2")
        expectEqual(fromFile.status, 0, "\(fromFile.err)")
        expectEqual(fromFile.out, fromOptions.out)
        // Options and the file add up.
        let both = lualayout("update", script, "--items", "6", "--batch", batch, "--delete", "0:5")
        #expect(both.out.contains(#"{"updateAction": "delete", "indexPathBeforeUpdate": [0, 5]"#), "\(both.err)")
    }

    @Test func aMissingBatchFileIsAnInputError() throws {
        let script = try temporaryFile("grid.lua", "return flow{}")
        let result = lualayout("update", script, "--batch", "/nonexistent/batch.json")
        expectEqual(result.status, 2)
        // With the system's reason (it said only "cannot read batch file").
        expectEqual(result.err, "/nonexistent/batch.json: cannot read batch file: No such file or directory\n")
    }

    // MARK: Data files (10.2, 10.14)

    /// 20,000 sections of `[[]]`: each costs far more decoded than its 5 bytes; against a 1M
    /// cap the parser stops part way, naming the limit and the next size up.
    @Test func dataBeyondTheMemoryCapIsRefusedWhileParsing() throws {
        let script = try temporaryFile("grid.lua", "return flow{}")
        let data = try temporaryFile(
            "big.json",
            "{\"sections\": [" + Array(repeating: "[[]]", count: 20_000).joined(separator: ",") + "]}")
        let refused = lualayout("run", script, "--data", data, "--max-memory", "1M")
        expectEqual(refused.status, 2)
        expect(refused.err.hasPrefix(data + ":1:"))
        expect(
            refused.err.hasSuffix(
                ": data too large: decoding it would take more than 1M of memory (the data limit is --max-memory; raise it with --max-memory 2M)\n"
            ))
        let accepted = lualayout("run", script, "--data", data, "--max-memory", "64M", "--rect", "0,0,1,1")
        expectEqual(accepted.status, 0, "\(accepted.err)")
    }

    /// A file larger than the limit is refused before it is read.
    @Test func dataFilesLargerThanTheLimitAreNotRead() throws {
        let data = try temporaryFile("wide.json", "{\"sections\": [1]}" + String(repeating: " ", count: 2 << 20))
        let result = lualayout("run", "Examples/grid.lua", "--data", data, "--max-memory", "1M")
        expectEqual(result.status, 2)
        expect(
            result.err
                == "\(data): the file is \(17 + (2 << 20)) bytes, more than the data limit of 1M (the data limit is --max-memory; raise it with --max-memory 4M)\n"
        )
        let batch = lualayout("update", "Examples/grid.lua", "--batch", data, "--max-memory", "1M")
        expect(batch.err.hasPrefix("\(data): the file is "))
    }

    @Test func leadingZerosInDataAreRefused() throws {
        let data = try temporaryFile("zeros.json", "{\"sections\": [01]}")
        let result = lualayout("run", "Examples/grid.lua", "--data", data)
        expectEqual(result.status, 2)
        expectEqual(result.err, "\(data):1:15: invalid number: leading zeros are not allowed\n")
    }

    // MARK: Timeout message (10.12)

    /// The watchdog ends the process, so this runs the binary. A pattern that backtracks for
    /// minutes inside one `string.find` call is beyond the instruction budget's reach.
    @Test func fractionalTimeoutsAreReportedAsGiven() throws {
        let script = try temporaryFile(
            "slow.lua",
            """
            string.find(string.rep("a", 3000), ".-.-.-.-.-.-.-b")
            return flow{}
            """)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: lualayoutBinary)
        process.arguments = ["run", script, "--timeout", "0.5"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        expectEqual(process.terminationStatus, 1)
        expectEqual(text, "lualayout: run \(script) did not finish within 0.5 s (raise the limit with --timeout)\n")
    }
}
