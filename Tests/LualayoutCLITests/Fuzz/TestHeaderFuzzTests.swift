import Foundation
import Testing
import TestSupport

/// Random test files and run options through `lualayout test` in-process: line endings never
/// change what a test does, shards of any size split the files without overflow, and `--jobs`
/// and `--worker-memory` are a usage error out of range and change nothing in range.
@Suite("fuzz: lualayout test headers, shards and jobs")
struct TestHeaderFuzzTests {
    static let layout = "return flow{ itemSize = {100, 40}, minimumLineSpacing = 10 }\n"

    /// One line of a random test file, without its line ending.
    static func line(_ random: inout SplitMix64) -> String {
        random.pick([
            "-- options: --items \(random.int(0...30))",
            "-- options: --bounds 200x\(random.int(50...400))\t",
            "-- options: --items 99999999999999999999",
            "-- options: --sections 100000000,100000000",
            "-- options: --scale 2 --state mode=\"a b\"",
            "-- devices: iphone-se, ipad-mini",
            "-- devices: iphone-se@14",
            "-- devices: nope",
            "-- matrix: --items 2 | --items 3",
            "-- matrix: --items 2 |",
            "-- layot: layout.lua",
            "-- A title: with a colon",
            "--[[ a block ]]",
            "",
            "   ",
        ])
    }

    /// A random test: a header (the layout line somewhere in it, or missing), then code.
    static func test(_ random: inout SplitMix64) -> [String] {
        var header = (0..<random.int(0...5)).map { _ in line(&random) }
        if random.chance(0.9) { header.insert("-- layout: layout.lua", at: random.int(0...header.count)) }
        let code = (0..<random.int(1...4)).map { _ in
            random.pick([
                "expect(#visibleItems() >= 0, 'visible')",
                "expect(false, 'a\\r\\nb')",
                "expect(false, 'x\\rthe ::notice:: y')",
                "expectEqual(contentOffset().y, 0)",
                "tap(10, 10)",
                "",
                "local s = [[\nkept\n]] expect(#s == 6, 'long string')",
            ])
        }
        return header + code
    }

    /// `lines` joined with random line endings (LF, CR LF, CR, LF CR). A blank line repeats the
    /// ending before it: CR then LF (or LF then CR) would be one line break, as Lua reads it.
    static func joined(_ lines: [String], _ random: inout SplitMix64) -> String {
        var text = "", previous = "\n"
        for line in lines {
            let ending = line.isEmpty ? previous : random.pick(["\n", "\r\n", "\r", "\n\r"])
            text += line + ending
            previous = ending
        }
        return text
    }

    /// Each test's report, by file name (the folder and the times taken out).
    static func reports(_ output: String, folder: String) -> [String: String] {
        var reports: [String: String] = [:], current: String?
        for line in output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let shown = line.replacingOccurrences(of: folder + "/", with: "")
            if let range = shown.range(of: #"^(PASS |FAIL |ERROR) (\S+\.test\.lua)"#, options: .regularExpression) {
                current = String(shown[range].dropFirst(6))
            }
            if let current { reports[current, default: ""] += shown + "\n" }
        }
        return reports
    }

    /// The same tests saved with LF and with random line endings report the same, line numbers
    /// included (Lua's numbering: CR LF, LF CR, CR and LF each end one line).
    @Test func lineEndingsChangeNothing() throws {
        fuzz("lineEndingsChangeNothing", defaultIterations: 8) { random, tally in
            var files = ["lf/layout.lua": Self.layout, "mixed/layout.lua": Self.layout]
            let count = random.int(1...3)
            for index in 0..<count {
                let lines = Self.test(&random)
                files["lf/t\(index).test.lua"] = lines.joined(separator: "\n") + "\n"
                files["mixed/t\(index).test.lua"] = Self.joined(lines, &random)
            }
            let dir = try TestCommandTests.folder(files)
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let lf = TestCommandTests.run(dir + "/lf", "--no-ci", "--jobs", "2")
            let mixed = TestCommandTests.run(dir + "/mixed", "--no-ci", "--jobs", "2")
            tally.add("exit \(lf.status)")
            var problems: [String] = []
            if lf.status != mixed.status { problems.append("exit \(lf.status) with LF, \(mixed.status) mixed") }
            if !(0...1).contains(mixed.status) { problems.append("exit \(mixed.status): \(mixed.err.prefix(300))") }
            let (a, b) = (Self.reports(lf.out, folder: dir + "/lf"), Self.reports(mixed.out, folder: dir + "/mixed"))
            for name in Set(a.keys).union(b.keys).sorted() where a[name] != b[name] {
                problems.append("\(name) reports differently:\n\(a[name] ?? "nothing")---\n\(b[name] ?? "nothing")")
            }
            if mixed.out.contains("\r") { problems.append("a CR reached the report: \(mixed.out.debugDescription)") }
            return problems
        }
    }

    /// `--shard K/N` with N up to `Int.max`: the listed parts are disjoint, each within the
    /// files, and (for N small enough to list every part) together hold every file once. K or
    /// N out of range is a usage error; nothing traps.
    @Test func shardsOfAnySize() throws {
        fuzz("shardsOfAnySize", defaultIterations: 30) { random, tally in
            let count = random.int(1...12)
            var files = ["layout.lua": Self.layout]
            for index in 0..<count {
                files["s/\(random.int(0...999))-\(index).test.lua"] = "-- layout: ../layout.lua\n"
            }
            let dir = try TestCommandTests.folder(files)
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let all = Set(TestCommandTests.run(dir + "/s", "--list").out.split(separator: "\n").map(String.init))
            let small = random.chance(0.4)
            let n =
                small
                ? random.int(1...8) : random.pick([Int.max, Int.max - random.int(0...1000), random.int(9...Int.max)])
            let ks = small ? Array(1...n) : [1, n, n / 2, n / 2 + 1, random.int(1...n), n - 1].filter { $0 >= 1 }
            tally.add(small ? "small N" : "huge N")
            var seen: [String: Int] = [:]
            var problems: [String] = []
            for k in Set(ks).sorted() {
                let part = TestCommandTests.run(dir + "/s", "--list", "--shard", "\(k)/\(n)")
                guard part.status == 0 else {
                    problems.append("--shard \(k)/\(n): exit \(part.status) \(part.err.prefix(200))")
                    continue
                }
                for file in part.out.split(separator: "\n").map(String.init) {
                    if !all.contains(file) { problems.append("--shard \(k)/\(n) lists \(file), not a test") }
                    if let other = seen.updateValue(k, forKey: file) {
                        problems.append("\(file) in parts \(other) and \(k)")
                    }
                }
            }
            if small, Set(seen.keys) != all {
                problems.append("the \(n) parts hold \(seen.count) of \(all.count) files")
            }
            // Out of range: a usage error, never a trap.
            let bad = random.pick([
                "0/\(n)", "\(n)/0", "-1/\(n)", "\(n)/\(n - 1)", "1/9223372036854775808", "x/2", "1/2/3",
            ])
            let refused = TestCommandTests.run(dir + "/s", "--list", "--shard", bad)
            if refused.status != 2 || !refused.err.contains("--shard takes K/N") {
                problems.append("--shard \(bad): exit \(refused.status), \(refused.err.prefix(200))")
            }
            return problems
        }
    }

    /// `--jobs` and `--worker-memory`: in range, the same report as one worker; out of range
    /// (negative, zero jobs, more than four a core, past what an Int or 1 TiB holds), a usage
    /// error before any test runs.
    @Test func jobsAndWorkerMemory() throws {
        let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let dir = try TestCommandTests.folder([
            "layout.lua": Self.layout, "a.test.lua": "-- layout: layout.lua\nexpect(true, 'a')\n",
            "b.test.lua": "-- layout: layout.lua\nexpect(false, 'b')\n",
            "c.test.lua": "-- layout: layout.lua\r\n-- options: --items 3\r\nexpectEqual(#visibleItems(), 3)\r\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let reference = TestCommandTests.run(dir, "--no-ci", "--jobs", "1")
        fuzz("jobsAndWorkerMemory", defaultIterations: 6) { random, tally in
            let jobs = random.pick([
                "1", "2", "\(4 * cores)", "0", "-1", "\(4 * cores + 1)", "100000", "\(Int.max)", "9223372036854775808",
            ])
            let memory = random.pick(["0", "4096", "1048576", "-1", "1048577", "\(Int.max)"])
            let result = TestCommandTests.run(dir, "--no-ci", "--jobs", jobs, "--worker-memory", memory)
            let jobsValid = Int(jobs).map { (1...4 * cores).contains($0) } ?? false
            let memoryValid = Int(memory).map { (0...1_048_576).contains($0) } ?? false
            tally.add(jobsValid && memoryValid ? "ran" : "refused")
            if jobsValid && memoryValid {
                return result.status == reference.status && result.out == reference.out
                    ? [] : ["--jobs \(jobs) --worker-memory \(memory): exit \(result.status)\n\(result.out)"]
            }
            let named = jobsValid ? "--worker-memory" : "--jobs"
            return result.status == 2 && result.out.isEmpty && result.err.contains(named)
                ? [] : ["--jobs \(jobs) --worker-memory \(memory): exit \(result.status), \(result.err.prefix(200))"]
        }
    }
}
