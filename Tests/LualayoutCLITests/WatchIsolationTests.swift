import Foundation
import LayoutEngine
import LayoutOutput
import TestExpectations
import Testing
import TestSupport
@testable import LualayoutCLI

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// `watch` never hangs (issue 10, items 6 and 7): each run happens in a worker process under a
/// deadline, a newer save replaces a run still going, and the preview answers `/state` while a
/// viewport request is stuck in the script.
@Suite("watch isolation", .serialized)
struct WatchIsolationTests {
    private func directory() throws -> String {
        let path = NSTemporaryDirectory() + "lualayout-isolation-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func save(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Report lines without their timings (" — 0.8 ms").
    private func runs(_ text: String) -> [String] {
        text.split(separator: "\n").map { line in
            line.range(of: " — ").map { String(line[..<$0.lowerBound]) } ?? String(line)
        }
    }

    /// Scripts stuck inside one C library call, where the instruction budget never fires:
    /// patterns that backtrack for hours (`string.rep` and `table.move` are bounded by the
    /// sandbox now, so they no longer get stuck).
    static let stuckCalls = [
        #"string.match(string.rep("a", 3000), ".-.-.-.-.-.-.-b")"#,
        #"string.find(string.rep("a", 40), string.rep("a*", 40) .. "b")"#,
        #"string.gsub(string.rep("a", 60), string.rep("a?", 60) .. string.rep("a", 60) .. "b", "")"#,
    ]

    /// Each stuck save is reported as overrunning the 2-second limit, with no good layout yet;
    /// the good save after them is read and reported. 100×100 items in 320 points: 3 per row
    /// (x 0, 110, 220), 5 items in rows y 0 and 110: content 320×210.
    @Test func aRunStuckInOneLibraryCallTimesOutAndTheNextSaveIsRead() throws {
        let folder = try directory(), script = folder + "/layout.lua"
        try save("print('stuck 1')\nlocal _ = \(Self.stuckCalls[0])\nreturn flow{}\n", to: script)
        let watch = try WatchProcess([
            "watch", script, "--items", "5", "--bounds", "320x480", "--timeout", "2",
            "--exit-after", "4", "--idle-timeout", "20",
        ])
        let isRun: (String) -> Bool = { $0.hasPrefix("[") }
        watch.waitForOutput(lines: 1, counting: isRun)
        for (index, call) in Self.stuckCalls.enumerated().dropFirst() {
            try save("print('stuck \(index + 1)')\nlocal _ = \(call)\nreturn flow{}\n", to: script)
            watch.waitForOutput(lines: index + 1, counting: isRun)
        }
        try save("return flow{ itemSize = {100, 100} }\n", to: script)
        let (status, printed, log) = watch.finish()

        let timedOut = "\(script) did not finish within 2 s (raise the limit with --timeout)"
        expectEqual(status, 0)
        expect(
            runs(printed) == [
                "[1] error: \(timedOut)", "    no good layout yet",
                "[2] error: \(timedOut)", "    no good layout yet",
                "[3] error: \(timedOut)", "    no good layout yet",
                "[4] 5 elements, content 320×210",
            ])
        // The script's print still reaches the user.
        expect(log.contains("stuck 1\n") && log.contains("stuck 2\n") && log.contains("stuck 3\n"))
    }

    /// A save while a run is going cancels it: the newer layout is reported, the stale one
    /// never. Run 1: 100×100 items, rows at y 0 and 110. Run 2 (the save after the stuck one):
    /// line spacing 30 moves items 3 and 4 down by 20.
    @Test func aSaveDuringARunReplacesIt() throws {
        let folder = try directory(), script = folder + "/layout.lua"
        try save("return flow{ itemSize = {100, 100} }\n", to: script)
        let watch = try WatchProcess([
            "watch", script, "--items", "5", "--bounds", "320x480", "--timeout", "60",
            "--exit-after", "2", "--idle-timeout", "20",
        ])
        watch.waitForOutput(lines: 1)
        try save(
            "print('stale run started')\nlocal _ = \(Self.stuckCalls[0])\nreturn flow{ itemSize = {10, 10} }\n",
            to: script)
        watch.waitForLog(containing: "stale run started")
        try save("return flow{ itemSize = {100, 100}, minimumLineSpacing = 30 }\n", to: script)
        let (status, printed, _) = watch.finish()

        expectEqual(status, 0)
        expect(
            runs(printed) == [
                "[1] 5 elements, content 320×210",
                "[2] +0 −0 elements, 2 moved (largest: cell [0, 3] by 20, cell [0, 4] by 20), content 320×210 → 320×230",
            ])
    }

    /// A worker that dies is reported as the run's error (here a stand-in for the worker that
    /// crashes at once, named by LUALAYOUT_EXECUTABLE), and the watcher carries on.
    @Test func aCrashedWorkerIsReported() throws {
        let folder = try directory(), script = folder + "/layout.lua", worker = folder + "/crashing-worker"
        try save("return flow{}\n", to: script)
        try save("#!/bin/sh\nkill -SEGV $$\n", to: worker)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: worker)
        let watch = try WatchProcess(
            ["watch", script, "--exit-after", "2", "--idle-timeout", "20"],
            environment: ["LUALAYOUT_EXECUTABLE": worker])
        watch.waitForOutput(lines: 2)
        try save("return flow{ itemSize = {10, 10} }\n", to: script)
        let (status, printed, _) = watch.finish()
        expectEqual(status, 0)
        expect(
            runs(printed) == [
                "[1] error: \(script): the worker process crashed (signal 11)", "    no good layout yet",
                "[2] error: \(script): the worker process crashed (signal 11)", "    no good layout yet",
            ])
    }

    /// Ctrl-C stops the watcher even while a run is stuck in the script.
    @Test func ctrlCStopsDuringAStuckRun() throws {
        let folder = try directory(), script = folder + "/layout.lua"
        try save("print('running')\nlocal _ = \(Self.stuckCalls[1])\nreturn flow{}\n", to: script)
        let watch = try WatchProcess(["watch", script, "--timeout", "60", "--idle-timeout", "20"])
        watch.waitForLog(containing: "running")
        watch.process.interrupt()
        let (status, printed, log) = watch.finish()
        expectEqual(status, 0)
        expect(printed.isEmpty)
        expect(log.hasSuffix("stopped watching \(script)\n"))
    }
}

/// The preview while a viewport request is stuck in the layout's `attributes` hook.
@Suite("watch isolation: preview", .serialized)
struct PreviewIsolationTests {
    /// 30 items of 100×100 in a 320×480 viewport, rows every 110 points (content 320×1090);
    /// the `attributes` hook gets stuck in a C call once the viewport has scrolled.
    static let stuckWhenScrolled = """
        return flow{
          itemSize = {100, 100},
          attributes = function(cv, a)
            if cv.bounds.y > 0 then
              print('stuck at ' .. cv.bounds.y)
              local _ = string.find(string.rep("a", 40), string.rep("a*", 40) .. "b")
            end
          end,
        }
        """

    /// A `watch --serve` process and its port.
    final class Server {
        let watch: WatchProcess
        var port = 0

        init(_ script: String, _ arguments: [String]) throws {
            watch = try WatchProcess(["watch", script, "--serve", "--port", "0", "--idle-timeout", "60"] + arguments)
            watch.waitForLog(containing: "preview at")
            if let range = watch.errors.range(of: "preview at http://127.0.0.1:") {
                port = Int(watch.errors[range.upperBound...].prefix { $0.isNumber }) ?? 0
            }
        }

        /// GETs `path`; the body, or nil when no answer came within `seconds`.
        func get(_ path: String, within seconds: Double = 30) -> String? {
            Self.fetch(URL(string: "http://127.0.0.1:\(port)\(path)")!, within: seconds)
        }

        /// Starts a GET whose answer is collected later.
        func start(_ path: String) -> Pending {
            let pending = Pending()
            Thread.detachNewThread { [port] in
                pending.finish(Self.fetch(URL(string: "http://127.0.0.1:\(port)\(path)")!, within: 60))
            }
            return pending
        }

        private static func fetch(_ url: URL, within seconds: Double) -> String? {
            let done = DispatchSemaphore(value: 0)
            let box = Collector()
            var request = URLRequest(url: url)
            request.timeoutInterval = seconds + 5
            let task = URLSession.shared.dataTask(with: request) { data, _, _ in
                box.append(String(decoding: data ?? Data(), as: UTF8.self))
                done.signal()
            }
            task.resume()
            guard done.wait(timeout: .now() + seconds) == .success else {
                task.cancel()
                return nil
            }
            return box.text
        }

        deinit {
            if watch.process.isRunning { watch.process.interrupt() }
            _ = watch.finish()
        }
    }

    /// A request whose answer comes later.
    final class Pending: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private let box = Collector()

        func finish(_ body: String?) {
            box.append(body ?? "<no answer>")
            done.signal()
        }

        func wait(seconds: Double) -> String? {
            done.wait(timeout: .now() + seconds) == .success ? box.text : nil
        }
    }

    private func elementCount(_ svg: String?) -> Int {
        (svg ?? "").components(separatedBy: "data-index-path=").count - 1
    }

    /// While a viewport request is stuck (a 60-second limit, so it stays stuck), `/state` is
    /// answered at once and a save still reloads; the stuck request is then answered by the
    /// new layout. At y 0 the viewport (0…480) meets rows 0 to 4: 15 items. The saved layout
    /// has 100×50 items, rows every 60 (content 320×590): y 300 is kept to 590 − 480 = 110,
    /// and 110…590 meets rows 2 to 9: 24 items.
    @Test func stateAndReloadsStayAnsweredWhileAViewportIsStuck() throws {
        let script = try temporaryFile("layout.lua", Self.stuckWhenScrolled)
        let server = try Server(script, ["--items", "30", "--bounds", "320x480", "--timeout", "60"])
        try require(server.port > 0, "no preview URL in: \(server.watch.errors)")
        expectEqual(elementCount(server.get("/render.svg?x=0&y=0")), 15)

        let stuck = server.start("/render.svg?x=0&y=300")
        server.watch.waitForLog(containing: "stuck at 300")
        let state = server.get("/state", within: 5)
        expect(
            state?.hasPrefix("{\"version\": 1, \"error\": null") == true,
            "no /state while a viewport is stuck: \(state ?? "nil")")

        try "return flow{ itemSize = {100, 50} }\n".write(toFile: script, atomically: true, encoding: .utf8)
        let event = server.get("/events?after=1", within: 20)
        expect(
            event?.hasPrefix("{\"version\": 2, \"error\": null") == true,
            "no reload while a viewport is stuck: \(event ?? "nil")")
        expectEqual(elementCount(stuck.wait(seconds: 20)), 24)
    }

    /// A viewport request that overruns its limit is answered with the error; the page is told
    /// (a push), later viewports show the last good layout clipped to the viewport (at y 300:
    /// rows 2 to 7 of 110-point rows, 18 items), and the next good save brings the hooks back.
    @Test func anOverrunningViewportIsAnsweredWithTheError() throws {
        let script = try temporaryFile("layout.lua", Self.stuckWhenScrolled)
        let server = try Server(script, ["--items", "30", "--bounds", "320x480", "--timeout", "2"])
        try require(server.port > 0, "no preview URL in: \(server.watch.errors)")
        // The handshake is the readiness signal: the server counts the page before it answers.
        let socket = try require(WebSocketListener(port: server.port, path: "/socket"))

        let timedOut = "the viewport at 0,300 of \(script) did not finish within 2 s (raise the limit with --timeout)"
        // Plain-text answers end with a newline.
        expectEqual(server.get("/render.svg?x=0&y=300", within: 20), timedOut + "\n")
        let pushed = socket.nextText()
        expect(
            pushed?.hasPrefix(
                "{\"version\": 1, \"error\": \(jsonString(timedOut + "\nviewports show the last good layout without its scroll hooks until the next good save"))"
            ) == true,
            "pushed: \(pushed ?? "nil")")
        expectEqual(server.get("/state")?.contains(jsonString(timedOut)), true)
        expectEqual(elementCount(server.get("/render.svg?x=0&y=300", within: 5)), 18)

        try "return flow{ itemSize = {100, 50} }\n".write(toFile: script, atomically: true, encoding: .utf8)
        expectEqual(server.get("/events?after=1", within: 20)?.hasPrefix("{\"version\": 2, \"error\": null"), true)
        expectEqual(elementCount(server.get("/render.svg?x=0&y=300")), 24)
    }

    /// `text` as a JSON string literal, without the closing quote (messages continue).
    private func jsonString(_ text: String) -> String {
        "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
    }
}
