import Foundation
import TestExpectations
import Testing
import TestSupport

/// `lualayout watch`, driven through real file edits: good → broken → fixed.
@Suite("lualayout watch", .serialized)
struct WatchTests {
    /// Strips the timing (" — 0.8 ms") so reports compare exactly.
    private func withoutTimings(_ text: String) -> [String] {
        text.split(separator: "\n").map { line in
            line.range(of: " — ").map { String(line[..<$0.lowerBound]) } ?? String(line)
        }
    }

    private func temporaryDirectory() throws -> String {
        let directory = NSTemporaryDirectory() + "lualayout-watch-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    private func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// 100×100 items, 320 wide: columns x = 0, 110, 220 (gap 10); 5 items in rows y = 0, 110;
    /// content 320×210. Line spacing 30 moves row 1 (items 3, 4) down by 20: content 320×230.
    /// A syntax error keeps that layout; 100×50 items then put row 1 at y = 60 (items 3, 4
    /// moved up 70 from y 130) and shrink every item: content 320×110. Items 3 and 4 both move
    /// and resize, so they count in both: 2 moved, 5 resized.
    @Test func reportsEachSaveAndKeepsTheLastGoodLayout() throws {
        let directory = try temporaryDirectory()
        let script = directory + "/layout.lua"
        try write("return flow{ itemSize = {100, 100} }\n", to: script)

        let watch = try WatchProcess([
            "watch", script, "--items", "5", "--bounds", "320x480", "--exit-after", "4", "--idle-timeout", "20",
        ])
        watch.waitForOutput(lines: 1)
        try write("return flow{ itemSize = {100, 100}, minimumLineSpacing = 30 }\n", to: script)
        watch.waitForOutput(lines: 2)
        try write("return flow{ itemSize = {100, 100 }\n", to: script)
        watch.waitForOutput(lines: 4)
        try write("return flow{ itemSize = {100, 50} }\n", to: script)
        let (status, printed, log) = watch.finish()

        expectEqual(status, 0)
        expect(
            withoutTimings(printed) == [
                "[1] 5 elements, content 320×210",
                "[2] +0 −0 elements, 2 moved (largest: cell [0, 3] by 20, cell [0, 4] by 20), content 320×210 → 320×230",
                "[3] error: \(script):2: '}' expected (to close '{' at line 1) near <eof>",
                "    keeping the last good layout: 5 elements, content 320×230",
                "[4] recovered: +0 −0 elements, 2 moved (largest: cell [0, 3] by 70, cell [0, 4] by 70), 5 resized, content 320×230 → 320×110",
            ])
        expect(log.hasPrefix("watching \(script)"))
        expect(log.hasSuffix("stopped watching \(script)\n"))
    }

    /// Saves that change the script but not the layout (a comment added, then another) say so:
    /// the same 5 items, the same frames, the same content size. The second goes to a worker
    /// that was given the first layout while it waited (the worker compares), the first may go
    /// to either kind; both lines are the same.
    @Test func aSaveThatChangesNothingSaysSo() throws {
        let directory = try temporaryDirectory()
        let script = directory + "/layout.lua"
        try write("return flow{ itemSize = {100, 100} }\n", to: script)

        let watch = try WatchProcess([
            "watch", script, "--items", "5", "--bounds", "320x480", "--exit-after", "3", "--idle-timeout", "20",
        ])
        watch.waitForOutput(lines: 1)
        try write("-- a comment\nreturn flow{ itemSize = {100, 100} }\n", to: script)
        watch.waitForOutput(lines: 2)
        try write("-- another comment\nreturn flow{ itemSize = {100, 100} }\n", to: script)
        let (status, printed, _) = watch.finish()

        expectEqual(status, 0)
        expectEqual(withoutTimings(printed), ["[1] 5 elements, content 320×210", "[2] no change", "[3] no change"])
    }

    /// A module that does not exist yet, then breaks, then is fixed: every step is seen
    /// (the files a failed run touched stay watched).
    @Test func modulesAreWatchedEvenWhileBroken() throws {
        let directory = try temporaryDirectory()
        let script = directory + "/main.lua", module = directory + "/sizes.lua"
        try write("local sizes = require('sizes')\nreturn flow{ itemSize = {sizes.side, sizes.side} }\n", to: script)

        let watch = try WatchProcess(["watch", script, "--items", "3", "--exit-after", "4", "--idle-timeout", "20"])
        let isRun: (String) -> Bool = { $0.hasPrefix("[") }
        watch.waitForOutput(lines: 1, counting: isRun)
        try write("return { side = 50 }\n", to: module)
        watch.waitForOutput(lines: 2, counting: isRun)
        try write("return { side = }\n", to: module)
        watch.waitForOutput(lines: 3, counting: isRun)
        try write("return { side = 40 }\n", to: module)
        let runs = withoutTimings(watch.finish().out).filter(isRun)
        expectEqual(runs.count, 4)
        expectEqual(runs.first?.hasPrefix("[1] error: \(script):1: module 'sizes' not found"), true)
        expectEqual(runs.dropFirst().first, "[2] 3 elements, content 375×50")
        expectEqual(runs.dropFirst(2).first?.hasPrefix("[3] error: \(module):1: unexpected symbol near '}'"), true)
        // 50-point items: 6 per row, gap (375 − 300) / 5 = 15 → x 0, 65, 130. 40-point items:
        // 7 per row, gap (375 − 280) / 6 = 15.83 → x 0, 55.83 → 56, 111.67 → 112 (rounded):
        // items 1 and 2 move by 9 and 18, all three shrink (moving does not hide resizing).
        expect(
            runs.last
                == "[4] recovered: +0 −0 elements, 2 moved (largest: cell [0, 2] by 18, cell [0, 1] by 9), 3 resized, content 375×50 → 375×40"
        )
    }

    /// `--trace` prints each run's timeline on standard error; the report lines stay as they
    /// were. The save (a new file renamed into place: its end is seen, so no quiet period is
    /// waited out) goes to the worker started after the first run, which was given the first
    /// layout while it waited: it describes the run itself, the watcher prints the line, then
    /// reads the layout.
    @Test func traceShowsEachStepOfARun() throws {
        let directory = try temporaryDirectory()
        let script = directory + "/layout.lua"
        try write("return flow{ itemSize = {100, 100} }\n", to: script)
        let watch = try WatchProcess([
            "watch", script, "--items", "5", "--bounds", "320x480", "--trace", "--exit-after", "2",
            "--idle-timeout", "20",
        ])
        watch.waitForOutput(lines: 1)
        try write("return flow{ itemSize = {100, 100}, minimumLineSpacing = 30 }\n", to: script)
        let (status, printed, log) = watch.finish()

        expectEqual(status, 0)
        expect(
            withoutTimings(printed) == [
                "[1] 5 elements, content 320×210",
                "[2] +0 −0 elements, 2 moved (largest: cell [0, 3] by 20, cell [0, 4] by 20), content 320×210 → 320×230",
            ])
        let steps = log.split(separator: "\n").filter { $0.hasPrefix("[2] trace: ") && !$0.contains("t0 =") }
            .map { $0.split(separator: ") ", maxSplits: 1).last.map(String.init) ?? "" }
        expect(
            steps == [
                "watcher: save seen (the file closed or renamed)", "watcher: run sent to the waiting worker",
                "worker: request read", "worker: data and script loaded", "worker: prepared and listed",
                "worker: compared with the last good layout", "watcher: description read", "watcher: line printed",
                "watcher: layout read", "watcher: next worker started",
            ])
    }

    /// Ctrl-C ends the loop cleanly: the goodbye line, exit status 0.
    @Test func ctrlCStopsCleanly() throws {
        let script = try temporaryFile("layout.lua", "return flow{}\n")
        let watch = try WatchProcess(["watch", script, "--idle-timeout", "20"])
        // The handler is in place once the watcher says it is watching (it waits for the
        // signal source's registration before saying so).
        watch.waitForLog(containing: "watching")
        watch.process.interrupt()
        let (status, _, log) = watch.finish()
        expectEqual(status, 0)
        expect(log.hasSuffix("stopped watching \(script)\n"))
    }
}

/// `lualayout` (the debug build) running in a process of its own, its output read as it comes.
final class WatchProcess {
    let process = Process()
    private let output: PipeReader
    private let log: PipeReader

    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        let binary = lualayoutBinary
        try require(FileManager.default.isExecutableFile(atPath: binary), "build first: swift build")
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        }
        let outputPipe = Pipe(), logPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = logPipe
        try process.run()
        output = PipeReader(outputPipe)
        log = PipeReader(logPipe)
    }

    /// Waits (10 s at most) until the output has `count` lines that `counting` accepts.
    func waitForOutput(lines count: Int, counting: (String) -> Bool = { _ in true }) {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, output.collected.lines.filter(counting).count < count {
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Waits (15 s at most) until standard error mentions `text`.
    func waitForLog(containing text: String) {
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline, !log.collected.text.contains(text) { Thread.sleep(forTimeInterval: 0.05) }
    }

    /// Standard error so far.
    var errors: String { log.collected.text }

    /// Standard output so far, line by line.
    var lines: [String] { output.collected.lines }

    /// Waits for the process to end: its status, standard output and standard error. A
    /// process still running after `seconds` (a hang) is killed: status 9.
    func finish(within seconds: Double = 30) -> (status: Int32, out: String, err: String) {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return (process.terminationStatus, output.waitForEnd(), log.waitForEnd())
    }
}

/// Reads a pipe to its end on a thread of its own; `lines` shows what came so far and
/// `waitForEnd()` returns once the writer closed it (so nothing is lost at exit).
final class PipeReader: @unchecked Sendable {
    let collected = Collector()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [collected, done] in
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                collected.append(String(decoding: data, as: UTF8.self))
            }
            done.signal()
        }
    }

    func waitForEnd() -> String {
        _ = done.wait(timeout: .now() + 30)
        return collected.text
    }
}
