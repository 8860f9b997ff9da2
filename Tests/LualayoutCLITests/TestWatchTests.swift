import Foundation
import TestExpectations
import Testing
@testable import LualayoutCLI

/// `lualayout test --watch` (issue 24): after the first run, a saved module re-runs only the
/// tests whose layout required it.
@Suite("lualayout test --watch")
struct TestWatchTests {
    /// a.test.lua's layout requires mod.lua (x = 10); b.test.lua's does not. Saving mod.lua
    /// with x = 11 re-runs a alone, which now fails at x.
    @Test func aSavedModuleRerunsTheTestsThatUseIt() throws {
        let dir = try TestCommandTests.folder([
            "rows.lua": """
            local m = require("mod")
            return { prepare = function(cv, out)
              for i = 0, cv:numberOfItems(0) - 1 do out:cell(0, i, m.x, 10 + 60 * i, 100, 50) end
              out:contentSize(cv.bounds.width, 60 * cv:numberOfItems(0))
            end }

            """,
            "mod.lua": "return { x = 10 }\n",
            "a.test.lua": "-- layout: rows.lua\n-- options: --items 2\nexpectFrame(0, 0, {10, 10, 100, 50})\n",
            "sub/b.test.lua": "-- layout: ../other.lua\nexpect(true, \"b\")\n",
            "other.lua": "return { prepare = function(cv, out) out:contentSize(10, 10) end }\n",
        ])
        let binary = lualayoutBinary
        try require(FileManager.default.isExecutableFile(atPath: binary), "build first: swift build")
        let outPath = dir + "/.out", errPath = dir + "/.err"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["test", ".", "--watch", "--exit-after", "1", "--idle-timeout", "30"]
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        process.standardInput = FileHandle.nullDevice
        try process.run()
        func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
        // The first run, then the watcher's line on standard error.
        for _ in 0..<600 where !text(errPath).contains("watching 2 tests") { usleep(50_000) }
        try "return { x = 11 }\n".write(toFile: dir + "/mod.lua", atomically: true, encoding: .utf8)
        process.waitUntilExit()
        expectEqual(process.terminationStatus, 0)
        let out = text(outPath).replacingOccurrences(of: #"[0-9]+ ms\)"#, with: "T ms)", options: .regularExpression)
        #expect(
            out == """
                PASS  a.test.lua  (1 check, T ms)
                PASS  sub/b.test.lua  (1 check, T ms)
                2 passed, 0 failed

                mod.lua changed: running 1 test
                FAIL  a.test.lua  (1 check, 1 failed, T ms)
                    a.test.lua:3: expectation failed: cell [0, 0]: x got 11, expected 10 (frame {11, 10, 100, 50})
                0 passed, 1 failed

                """)
        expectEqual(text(errPath), "watching 2 tests (Ctrl-C to stop)\nstopped watching\n")
    }
}
