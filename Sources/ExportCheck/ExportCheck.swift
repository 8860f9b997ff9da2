import Foundation
import RecorderSetup

/// `Scripts/export-check`: the round trip from Lua to UIKit's API and back. Each layout is
/// exported (`lualayout export --swift`, or `--screen`), every export compiled into one
/// program against UIKitSurface with Examples/UIKit/LayoutRecorder.swift, each laid out in a
/// collection view of its options and recorded as JSON, then compared element by element
/// (`lualayout compare`, frames to 1/1000 point) with `lualayout run … --format json`. Every
/// export is also compiled as its deployment target's SDK would compile it (`ReleaseCheck`).
///
/// Usage: lualayout-export-check --root DIR --lualayout BIN (--manifest FILE… | SCRIPT [options…])
///        lualayout-export-check --root DIR --release-check FILE.swift…   (each against its header's target)
@main
enum ExportCheck {
    static func main() {
        do {
            exit(try run(Array(CommandLine.arguments.dropFirst())))
        } catch {
            FileHandle.standardError.write(Data("export-check: \(error)\n".utf8))
            exit(2)
        }
    }

    static func run(_ arguments: [String]) throws -> Int32 {
        var rest = arguments[...]
        var root = FileManager.default.currentDirectoryPath
        var lualayout = "lualayout"
        var manifests: [String] = []
        var single: [String] = []
        var swiftFiles: [String] = []
        var plugin: String?
        while let argument = rest.popFirst() {
            switch argument {
            case "--root": root = try value(&rest, argument)
            case "--lualayout": lualayout = try value(&rest, argument)
            case "--manifest": manifests.append(try value(&rest, argument))
            case "--plugin": plugin = URL(fileURLWithPath: try value(&rest, argument)).standardizedFileURL.path
            case "--release-check":
                swiftFiles = Array(rest)
                rest = []
            default:
                single = [argument] + rest
                rest = []
            }
        }
        if !swiftFiles.isEmpty { return try releaseCheck(swiftFiles, root: root) }
        let cases: [ExportCheckCase]
        if !manifests.isEmpty {
            guard single.isEmpty else { throw CheckError("give --manifest FILE or SCRIPT [options], not both") }
            cases = try manifests.flatMap(ExportCheckCase.manifest)
        } else {
            guard let script = single.first else {
                throw CheckError("usage: export-check SCRIPT [options…] | export-check --manifest FILE.json…")
            }
            cases = [
                ExportCheckCase(
                    script: script, args: Array(single.dropFirst()),
                    directory: FileManager.default.currentDirectoryPath)
            ]
        }
        let check = RoundTrip(root: root, lualayout: lualayout, verbose: manifests.isEmpty, plugin: plugin)
        return try check.run(cases)
    }

    /// Compiles Swift files (exports, or Swift written against UIKit's layout API with an
    /// export's header) as their deployment target's SDK would; prints each problem.
    static func releaseCheck(_ files: [String], root: String) throws -> Int32 {
        let root = URL(fileURLWithPath: root).standardizedFileURL.path
        let trip = RoundTrip(root: root, lualayout: "lualayout", verbose: true)
        try FileManager.default.createDirectory(atPath: trip.work, withIntermediateDirectories: true)
        var exports: [(title: String, file: String, target: String)] = []
        for file in files {
            let source = try String(contentsOfFile: file, encoding: .utf8)
            guard let target = ReleaseCheck.target(of: source) else {
                throw CheckError("\(file): no `// Deployment target: iOS N` line")
            }
            exports.append((file, URL(fileURLWithPath: file).standardizedFileURL.path, target))
        }
        let problems = try ReleaseCheck(root: root, work: trip.work + "/release-check", run: trip.process).check(
            exports)
        for problem in problems { print("FAIL \(problem)") }
        print("\(files.count - problems.count) passed, \(problems.count) failed")
        return problems.isEmpty ? 0 : 1
    }

    private static func value(_ rest: inout ArraySlice<String>, _ flag: String) throws -> String {
        guard let value = rest.popFirst() else { throw CheckError("\(flag) needs a value") }
        return value
    }
}

/// One run of the round trip over some cases.
struct RoundTrip: Sendable {
    let root: String
    let lualayout: String
    /// One case from the command line: print the whole diff, not a line.
    let verbose: Bool
    /// The package whose Lua layouts the LuaLayoutExport plugin exports (`--plugin DIR`).
    var plugin: String? = nil
    var work: String { root + "/.build/export-check" }
    var host: String { work + "/host" }
    var hostBuild: HostBuild { HostBuild(root: root, host: host, run: process) }

    /// An exported case ready for the host.
    struct Compiled {
        var index: Int
        var options: String
        var ios: String?
        var screen: Bool
        /// `makeCaseNLayout(…)`'s decoration view parameters.
        var parameters: [String]
        var file: String
        var target: String
        /// A translated custom layout's data, state and seed, set before it is laid out.
        var setup: [String] = []
        /// A translated flow's `CaseNFlowDelegate`, set as the collection view's delegate.
        var delegate: String? = nil
        /// The `LayoutRecorder.Hooks(…)` asked after it is laid out (HookCheck), if any.
        var hooks: String? = nil
    }

    func run(_ cases: [ExportCheckCase]) throws -> Int32 {
        let start = Date()
        try prepareFolders()
        var (compiled, passed, failures) = try exportAll(cases)
        failures += Self.uncoveredReleases(cases, compiled)
        let exported = Date()
        failures += try ReleaseCheck(root: root, work: work, run: process).check(
            compiled.map { (cases[$0.index].title, $0.file, $0.target) })
        let checked = Date()
        if let stopped = try buildHost(compiled, cases) {
            print(stopped)
            return 1
        }
        let built = Date()
        if let stopped = try record(compiled, cases) {
            print(stopped)
            return 1
        }
        let comparison = try compareAll(compiled, cases)
        passed += comparison.passed
        failures += comparison.failures
        let compared = Date()
        if let plugin {
            let (pluginPassed, pluginFailures) = try PluginCheck(trip: self, package: plugin).run()
            passed += pluginPassed
            failures += pluginFailures
        }
        for failure in failures { print("FAIL \(failure)") }
        print("\(passed) passed, \(failures.count) failed")
        let seconds = { (from: Date, to: Date) in String(format: "%.1f s", to.timeIntervalSince(from)) }
        FileHandle.standardError.write(
            Data(
                "export-check: export and run \(seconds(start, exported)), release check \(seconds(exported, checked)), build \(seconds(checked, built)), record and compare \(seconds(built, compared))\(plugin == nil ? "" : ", plugin \(seconds(compared, Date()))")\n"
                    .utf8))
        return failures.isEmpty ? 0 : 1
    }

    /// Step 1: every case exported and run for its expected JSON, or, for a case the manifest
    /// says is refused, checked to be still refused (exit 1 with its located lines). The cases
    /// run on every core at once (each waits on its `lualayout` processes; each writes only its
    /// own files), and their results are reported in the manifest's order.
    private func exportAll(_ cases: [ExportCheckCase]) throws -> (compiled: [Compiled], passed: Int, failures: [String])
    {
        let outcomes = CaseOutcomes(count: cases.count)
        let unchecked = UncheckedCases(cases: cases)
        DispatchQueue.concurrentPerform(iterations: max(2, ProcessInfo.processInfo.activeProcessorCount)) { _ in
            while let index = outcomes.next() {
                outcomes.set(index, exportOne(unchecked.cases[index], index))
            }
        }
        var compiled: [Compiled] = []
        var passed = 0
        var failures: [String] = []
        for outcome in outcomes.all {
            switch outcome {
            case .compiled(let one): compiled.append(one)
            case .refused: passed += 1
            case .failed(let failure): failures.append(failure)
            case .stopped(let error): throw error
            case nil: continue
            }
        }
        return (compiled, passed, failures)
    }

    /// What became of one case in step 1.
    private enum CaseOutcome {
        case compiled(Compiled)
        /// Still refused, as the manifest says.
        case refused
        case failed(String)
        /// An error that ends the check (a process that could not start, say).
        case stopped(any Error)
    }

    private func exportOne(_ entry: ExportCheckCase, _ index: Int) -> CaseOutcome {
        if let reason = entry.refused {
            do {
                let export = try process(
                    lualayout, ["export", entry.script, "--swift"] + entry.args, in: entry.directory)
                if export.status == 1, !export.err.isEmpty { return .refused }
                return .failed("\(entry.title): expected export to refuse it (\(reason)), got exit \(export.status)")
            } catch {
                return .stopped(error)
            }
        }
        do {
            return .compiled(try exportAndRun(entry, index))
        } catch {
            return .failed("\(entry.title): \(error)")
        }
    }

    /// The cases, read by the threads of step 1 (never written while they run).
    private struct UncheckedCases: @unchecked Sendable {
        let cases: [ExportCheckCase]
    }

    /// Step 1's next case to take and each case's outcome, shared by its threads.
    private final class CaseOutcomes: @unchecked Sendable {
        private let lock = NSLock()
        private var taken = 0
        private var outcomes: [CaseOutcome?]

        init(count: Int) { outcomes = Array(repeating: nil, count: count) }

        func next() -> Int? {
            lock.withLock {
                guard taken < outcomes.count else { return nil }
                taken += 1
                return taken - 1
            }
        }

        func set(_ index: Int, _ outcome: CaseOutcome) { lock.withLock { outcomes[index] = outcome } }

        var all: [CaseOutcome?] { lock.withLock { outcomes } }
    }

    /// Step 2: the host built with every export (HostBuild: against the debug build's
    /// UIKitSurface); on a compile error, the errors located in the cases and the line that
    /// ends the check.
    private func buildHost(_ compiled: [Compiled], _ cases: [ExportCheckCase]) throws -> String? {
        guard !compiled.isEmpty else { return nil }
        try HostPackage(root: root, host: host).write(compiled)
        let folder = host + "/Sources/Host"
        let sources = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { folder + "/" + $0 }
        let build = try hostBuild.build(sources)
        guard build.status != 0 else { return nil }
        for line in compileErrors(build.out + build.err, cases, compiled) { print(line) }
        return "0 passed, \(cases.count) failed (the exported Swift did not compile)"
    }

    /// Step 3: the host lays every case out in UIKitSurface and records it; if it stops (UIKit
    /// would raise), the line that ends the check, naming the case it stopped at.
    private func record(_ compiled: [Compiled], _ cases: [ExportCheckCase]) throws -> String? {
        guard !compiled.isEmpty else { return nil }
        let record = try process(hostBuild.program, [work + "/actual"], in: work)
        guard record.status != 0 else { return nil }
        let last = record.err.split(separator: "\n").last { $0.hasPrefix("case ") }
        let index = last.flatMap { Int($0.dropFirst(5)) }
        print(record.err.split(separator: "\n").filter { !$0.hasPrefix("case ") }.prefix(5).joined(separator: "\n"))
        return
            "0 passed, \(cases.count) failed (the host stopped\(index.map { " at \(cases[$0].title)" } ?? ""): UIKit would raise)"
    }

    /// Step 4: each recording compared with `lualayout run`'s JSON of the same case.
    private func compareAll(
        _ compiled: [Compiled], _ cases: [ExportCheckCase]
    ) throws -> (
        passed: Int, failures: [String]
    ) {
        var passed = 0
        var failures: [String] = []
        for entry in compiled {
            let test = cases[entry.index]
            let ignore = test.ignore.isEmpty ? [] : ["--ignore", test.ignore.joined(separator: ",")]
            let compare = try process(
                lualayout,
                [
                    "compare", "\(work)/expected/\(entry.index).json", "\(work)/actual/\(entry.index).json",
                    "--tolerance", "0.001",
                ] + ignore, in: work)
            let hooks = entry.hooks == nil ? [] : try hookDifferences(entry.index)
            if compare.status == 0, hooks.isEmpty {
                passed += 1
            } else if compare.status == 0 {
                failures.append("\(test.title): hooks differ: \(hooks.prefix(3).joined(separator: "; "))")
            } else if verbose {
                print(compare.out + compare.err, terminator: "")
                failures.append("\(test.title): differs")
            } else {
                let lines = compare.out.split(separator: "\n")
                failures.append("\(test.title): \(lines.dropFirst().prefix(2).joined(separator: "; "))")
            }
        }
        return (passed, failures)
    }

    /// How the recorded hooks of case `index` differ from lualayout's.
    private func hookDifferences(_ index: Int) throws -> [String] {
        func read(_ folder: String) throws -> Any? {
            let url = URL(fileURLWithPath: "\(work)/\(folder)/\(index)-hooks.json")
            guard let data = try? Data(contentsOf: url) else { return nil }
            return try JSONSerialization.jsonObject(with: data)
        }
        guard let recorded = try read("actual") else { return ["the host recorded no hooks"] }
        return HookCheck.differences(expected: try read("expected"), recorded: recorded)
    }

    /// Exports the case into the host's sources and runs it for the expected JSON.
    private func exportAndRun(_ entry: ExportCheckCase, _ index: Int) throws -> Compiled {
        let (options, ios) = try entry.host()
        let file = "\(work)/exported/Case\(index).swift"
        let export = try process(
            lualayout,
            ["export", entry.script, "--swift", "--name", "Case\(index)", "-o", file]
                + (entry.allowPartial ? ["--allow-partial"] : []) + (entry.screen ? ["--screen"] : [])
                + entry.exportArgs, in: entry.directory)
        guard export.status == 0 else { throw CheckError("export failed: \(firstLine(export.err))") }
        // Compiled as exported, but for the one line naming UIKit.
        let source = try String(contentsOfFile: file, encoding: .utf8)
        guard source.contains("\nimport UIKit\n") else { throw CheckError("the export does not import UIKit") }
        guard let target = ReleaseCheck.target(of: source) else {
            throw CheckError("the header names no deployment target")
        }
        var setup: [String] = []
        var adapters = ""
        // A translated layout, or a translated provider reading the app's data or state.
        if source.contains("its Lua translated to Swift") || source.contains("\nstruct Case\(index)State {")
            || source.contains("\nprotocol Case\(index)LayoutData")
        {
            let translated = TranslatedHost(source: source, index: index, args: entry.args, directory: entry.directory)
            setup = try translated.setup()
            adapters = try translated.declarations()
        }
        try HostPackage.write(
            source.replacingOccurrences(of: "\nimport UIKit\n", with: "\nimport UIKitSurface\n") + adapters,
            to: "\(host)/Sources/Host/Case\(index).swift")
        let run = try process(
            lualayout,
            ["run", entry.script] + entry.args + ["--format", "json", "-o", "\(work)/expected/\(index).json"],
            in: entry.directory)
        guard run.status == 0 else { throw CheckError("run failed: \(firstLine(run.err))") }
        let hooks =
            try entry.asksHooks
            ? HookCheck(trip: self, entry: entry, index: index).expect(bounds: restBounds(index)) : nil
        return Compiled(
            index: index, options: options, ios: ios, screen: entry.screen,
            parameters: ExportedSwift.parameters(of: "makeCase\(index)Layout", in: source), file: file, target: target,
            setup: setup,
            delegate: source.contains("\nfinal class Case\(index)FlowDelegate: ") ? "Case\(index)FlowDelegate" : nil,
            hooks: hooks)
    }

    /// The collection view's bounds at rest, from `run`'s JSON of the case.
    private func restBounds(_ index: Int) throws -> [Double] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(work)/expected/\(index).json"))
        return HookCheck.rect((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["bounds"])
    }

    /// Cases whose Swift would change for iOS 16 (it uses what iOS 16 deprecated) without a
    /// case of the same layout and options exported for iOS 16 or later: every `--ios` choice
    /// that changes the Swift is round-tripped.
    static func uncoveredReleases(_ cases: [ExportCheckCase], _ compiled: [Compiled]) -> [String] {
        func withoutRelease(_ test: ExportCheckCase) -> String {
            var args = test.args
            if let at = args.firstIndex(of: "--ios"), at + 1 < args.count { args.removeSubrange(at...(at + 1)) }
            return ([test.script] + args).joined(separator: " ")
        }
        let later = Set(
            compiled.filter { (ReleaseCheck.version($0.target) ?? (0, 0)) >= (16, 0) }.map {
                withoutRelease(cases[$0.index])
            })
        return compiled.compactMap { entry in
            guard (ReleaseCheck.version(entry.target) ?? (99, 0)) < (16, 0),
                let source = try? String(contentsOfFile: entry.file, encoding: .utf8),
                source.contains(", subitem: ") || source.contains(".supplementariesFollowContentInsets"),
                !later.contains(withoutRelease(cases[entry.index]))
            else { return nil }
            return
                "\(cases[entry.index].title): its Swift changes for iOS 16, which deprecated what it uses: add a case with \"ios\": [\"16\"]"
        }
    }

    /// The compiler's errors, each once (it repeats them per file it compiles), each with the
    /// case whose export it is in.
    private func compileErrors(_ output: String, _ cases: [ExportCheckCase], _ compiled: [Compiled]) -> [String] {
        var seen: Set<Substring> = []
        return output.split(separator: "\n").filter { $0.contains("error:") && seen.insert($0).inserted }.prefix(20).map
        {
            line in
            guard let range = line.range(of: "/Sources/Host/Case"),
                let index = Int(line[range.upperBound...].prefix { $0.isNumber })
            else { return String(line) }
            return "FAIL \(cases[index].title): the export does not compile: \(line.split(separator: "/").last ?? "")"
        }
    }

    /// Fresh sources and outputs each run; the host's build folder stays (incremental builds).
    private func prepareFolders() throws {
        let files = FileManager.default
        for folder in ["\(host)/Sources", "\(work)/exported", "\(work)/expected", "\(work)/actual"] {
            try? files.removeItem(atPath: folder)
        }
        for folder in ["\(host)/Sources/Host", "\(work)/exported", "\(work)/expected", "\(work)/actual"] {
            try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
    }

    private func firstLine(_ text: String) -> String { text.split(separator: "\n").first.map(String.init) ?? "" }

    func process(
        _ executable: String, _ arguments: [String], in directory: String
    ) throws -> (status: Int32, out: String, err: String) {
        try HostProcess.run(executable, arguments, in: directory, scratch: work)
    }
}
