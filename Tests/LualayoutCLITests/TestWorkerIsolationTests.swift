import Foundation
import TestExpectations
import Testing
import LayoutTesting
@testable import LualayoutCLI

/// `lualayout test` runs each test file in a worker process (issue 19 item 2, issue 24): a
/// worker that crashes, aborts, exits, hangs outside Lua or eats memory is that test's error,
/// named by its signal or limit, and every other test still runs, in path order, with the
/// summary and the JUnit report. The failures are made by the worker's debugging hook
/// (`LUALAYOUT_TEST_WORKER_FAULT`, read only by `lualayout test-worker`), so the binary runs in
/// a process of its own with that variable set.
@Suite("lualayout test (workers)")
struct TestWorkerIsolationTests {
    /// `lualayout ARGUMENTS` (the debug build) in `directory`, with `environment` added; its
    /// standard output and error through files, so neither can fill a pipe.
    static func process(
        _ arguments: [String], in directory: String, environment: [String: String] = [:]
    ) throws -> CommandResult {
        let binary = lualayoutBinary
        try require(FileManager.default.isExecutableFile(atPath: binary), "build first: swift build")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let outPath = directory + "/.out-" + UUID().uuidString, errPath = directory + "/.err-" + UUID().uuidString
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        var result = CommandResult(
            status: process.terminationStatus, out: try String(contentsOfFile: outPath, encoding: .utf8),
            err: try String(contentsOfFile: errPath, encoding: .utf8))
        result.out = result.out.replacingOccurrences(of: #"[0-9]+ ms\)"#, with: "T ms)", options: .regularExpression)
        try? FileManager.default.removeItem(atPath: outPath)
        try? FileManager.default.removeItem(atPath: errPath)
        return result
    }

    static let passing = "-- layout: rows.lua\n-- options: --items 2\nexpect(true, \"ok\")\n"

    /// Five failing workers among four passing tests, two workers at a time. The hanging test
    /// has a 1 s limit: the parent kills its worker at 1 s + the grace of max(1, 1/2) = 2 s.
    /// The memory test's worker allocates 64 MB at a time and is stopped past 200 MB.
    @Test func crashesAbortsHangsAndMemoryBlowUpsAreThatTestsErrors() throws {
        let dir = try TestCommandTests.folder([
            "rows.lua": TestCommandTests.rows,
            "a.test.lua": Self.passing, "abort.test.lua": Self.passing, "b.test.lua": Self.passing,
            "exit.test.lua": Self.passing,
            "hang.test.lua": "-- layout: rows.lua\n-- options: --timeout 1\nexpect(true, \"ok\")\n",
            "memory.test.lua": Self.passing, "segv.test.lua": Self.passing, "y.test.lua": Self.passing,
            "z.test.lua": "-- layout: rows.lua\nexpect(false, \"z fails\")\n",
        ])
        let faults =
            "segv:segv.test.lua,abort:abort.test.lua,hang:hang.test.lua,memory:memory.test.lua,exit:exit.test.lua"
        let result = try Self.process(
            ["test", ".", "--jobs", "2", "--worker-memory", "200", "--junit", "report.xml", "--no-ci"], in: dir,
            environment: ["LUALAYOUT_TEST_WORKER_FAULT": faults])
        expectEqual(result.status, 1)
        let memoryLine = try require(result.out.split(separator: "\n").first { $0.contains("memory.test.lua: used") })
        expect(
            memoryLine.hasSuffix(
                "MB of memory, more than the worker's limit of 200 MB (raise it with --worker-memory MB)"))
        let out = result.out.replacingOccurrences(of: String(memoryLine), with: "    memory.test.lua: used N MB…")
        #expect(
            out == """
                PASS  a.test.lua  (1 check, T ms)
                ERROR abort.test.lua  (T ms)
                    abort.test.lua: crashed: SIGABRT (the worker process running the test was killed by signal 6; the other tests ran on)
                PASS  b.test.lua  (1 check, T ms)
                ERROR exit.test.lua  (T ms)
                    exit.test.lua: the worker process running the test exited with status 3 before reporting
                ERROR hang.test.lua  (T ms)
                    hang.test.lua: test hang.test.lua did not finish within 1 s (raise the limit with --timeout)
                ERROR memory.test.lua  (T ms)
                    memory.test.lua: used N MB…
                ERROR segv.test.lua  (T ms)
                    segv.test.lua: crashed: SIGSEGV (the worker process running the test was killed by signal 11; the other tests ran on)
                PASS  y.test.lua  (1 check, T ms)
                FAIL  z.test.lua  (1 check, 1 failed, T ms)
                    z.test.lua:2: expectation failed: z fails
                3 passed, 1 failed, 5 errors

                """)
        let junit = try String(contentsOfFile: dir + "/report.xml", encoding: .utf8)
        expectContains(junit, "tests=\"9\" failures=\"1\" errors=\"5\"")
        expectContains(junit, "<error message=\"segv.test.lua: crashed: SIGSEGV")
        // The hang was stopped near its limit, not at the 60 s a worker gets to start a test.
        let hang = try #require(
            junit.range(of: #"name="hang.test.lua"[^>]* time="([0-9.]+)""#, options: .regularExpression))
        let seconds = Double(junit[hang].split(separator: "\"").last ?? "") ?? 0
        expect(seconds >= 2 && seconds < 20)
    }

    /// Output stays in path order whatever the number of workers; one worker runs them all too.
    @Test func outputIsInPathOrderForAnyNumberOfJobs() throws {
        var files = ["rows.lua": TestCommandTests.rows]
        for index in 0..<12 { files["t\(index / 10)\(index % 10).test.lua"] = Self.passing }
        let dir = try TestCommandTests.folder(files)
        let expected =
            (0..<12).map { "PASS  \(dir)/t\($0 / 10)\($0 % 10).test.lua  (1 check, T ms)" }.joined(separator: "\n")
            + "\n12 passed, 0 failed\n"
        // Four a core is the most on any machine (1 core: 4), here more than one file each.
        for jobs in ["1", "3", "4"] {
            let result = TestCommandTests.run(dir, "--jobs", jobs)
            expectEqual(result.status, 0)
            expectEqual(result.out, expected, "--jobs \(jobs)")
        }
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        for jobs in ["0", "\(4 * cores + 1)", "100000", "9223372036854775807"] {
            let refused = TestCommandTests.run(dir, "--jobs", jobs)
            expectEqual(refused.status, 2)
            expect(
                refused.err
                    == "lualayout: test: --jobs must be between 1 and \(4 * cores) (four workers per core; this machine has \(cores)), got \(jobs)\n"
            )
            expect(refused.out.isEmpty)
        }
    }
}
