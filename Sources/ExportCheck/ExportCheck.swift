import Foundation

/// `Scripts/export-check`: the round trip from Lua to UIKit's API and back. Each layout is
/// exported (`lualayout export --swift`), every export compiled into one program against
/// UIKitSurface with Examples/UIKit/LayoutRecorder.swift, each laid out in a collection view of
/// its options and recorded as JSON, then compared element by element (`lualayout compare`,
/// frames to 1/1000 point) with `lualayout run … --format json`.
///
/// Usage: lualayout-export-check --root DIR --lualayout BIN (--manifest FILE | SCRIPT [options…])
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
        var manifest: String?
        var single: [String] = []
        while let argument = rest.popFirst() {
            switch argument {
            case "--root": root = try value(&rest, argument)
            case "--lualayout": lualayout = try value(&rest, argument)
            case "--manifest": manifest = try value(&rest, argument)
            default:
                single = [argument] + rest
                rest = []
            }
        }
        let cases: [ExportCheckCase]
        if let manifest {
            guard single.isEmpty else { throw CheckError("give --manifest FILE or SCRIPT [options], not both") }
            cases = try ExportCheckCase.manifest(manifest)
        } else {
            guard let script = single.first else {
                throw CheckError("usage: export-check SCRIPT [options…] | export-check --manifest FILE.json")
            }
            cases = [
                ExportCheckCase(
                    script: script, args: Array(single.dropFirst()),
                    directory: FileManager.default.currentDirectoryPath)
            ]
        }
        let check = RoundTrip(root: root, lualayout: lualayout, verbose: manifest == nil)
        return try check.run(cases)
    }

    private static func value(_ rest: inout ArraySlice<String>, _ flag: String) throws -> String {
        guard let value = rest.popFirst() else { throw CheckError("\(flag) needs a value") }
        return value
    }
}

/// One run of the round trip over some cases.
struct RoundTrip {
    let root: String
    let lualayout: String
    /// One case from the command line: print the whole diff, not a line.
    let verbose: Bool
    var work: String { root + "/.build/export-check" }
    var host: String { work + "/host" }

    func run(_ cases: [ExportCheckCase]) throws -> Int32 {
        let start = Date()
        try prepareFolders()
        var failures: [String] = []
        var passed = 0
        var compiled: [(index: Int, options: String)] = []
        for (index, entry) in cases.enumerated() {
            if let reason = entry.refused {
                // The layout must still be refused, with its located lines.
                let export = try lualayoutRun(["export", entry.script, "--swift"] + entry.args, in: entry.directory)
                if export.status == 1, !export.err.isEmpty {
                    passed += 1
                } else {
                    failures.append(
                        "\(entry.title): expected export to refuse it (\(reason)), got exit \(export.status)")
                }
                continue
            }
            do {
                let options = try entry.recorderOptions()
                let file = "\(work)/exported/Case\(index).swift"
                let export = try lualayoutRun(
                    ["export", entry.script, "--swift", "--name", "Case\(index)", "-o", file]
                        + (entry.allowPartial ? ["--allow-partial"] : []) + entry.args, in: entry.directory)
                guard export.status == 0 else { throw CheckError("export failed: \(firstLine(export.err))") }
                // Compiled as exported, but for the one line naming UIKit.
                let source = try String(contentsOfFile: file, encoding: .utf8)
                guard source.contains("\nimport UIKit\n") else { throw CheckError("the export does not import UIKit") }
                try write(
                    source.replacingOccurrences(of: "\nimport UIKit\n", with: "\nimport UIKitSurface\n"),
                    to: "\(host)/Sources/Host/Case\(index).swift")
                let run = try lualayoutRun(
                    ["run", entry.script] + entry.args + ["--format", "json", "-o", "\(work)/expected/\(index).json"],
                    in: entry.directory)
                guard run.status == 0 else { throw CheckError("run failed: \(firstLine(run.err))") }
                compiled.append((index, options))
            } catch {
                failures.append("\(entry.title): \(error)")
            }
        }
        let exported = Date()
        if !compiled.isEmpty {
            try writeHost(compiled)
            let build = try process(
                "/usr/bin/env", ["swift", "build", "--package-path", host, "--scratch-path", host + "/.build"], in: host
            )
            guard build.status == 0 else {
                // The compiler's errors, each once (it repeats them per file it compiles).
                var seen: Set<Substring> = []
                let errors = (build.out + build.err).split(separator: "\n").filter {
                    $0.contains("error:") && seen.insert($0).inserted
                }
                print(errors.prefix(20).joined(separator: "\n"))
                print("0 passed, \(cases.count) failed (the exported Swift did not compile)")
                return 1
            }
        }
        let built = Date()
        if !compiled.isEmpty {
            let record = try process(host + "/.build/debug/export-check-host", [work + "/actual"], in: work)
            guard record.status == 0 else {
                print(record.out + record.err)
                print("0 passed, \(cases.count) failed (the host crashed)")
                return 1
            }
        }
        for (index, _) in compiled {
            let entry = cases[index]
            let ignore = entry.ignore.isEmpty ? [] : ["--ignore", entry.ignore.joined(separator: ",")]
            let compare = try lualayoutRun(
                ["compare", "\(work)/expected/\(index).json", "\(work)/actual/\(index).json", "--tolerance", "0.001"]
                    + ignore, in: work)
            if compare.status == 0 {
                passed += 1
            } else if verbose {
                print(compare.out + compare.err, terminator: "")
                failures.append("\(entry.title): differs")
            } else {
                let lines = compare.out.split(separator: "\n")
                failures.append("\(entry.title): \(lines.dropFirst().prefix(2).joined(separator: "; "))")
            }
        }
        for failure in failures { print("FAIL \(failure)") }
        print("\(passed) passed, \(failures.count) failed")
        let seconds = { (from: Date, to: Date) in String(format: "%.1f s", to.timeIntervalSince(from)) }
        FileHandle.standardError.write(
            Data(
                "export-check: export and run \(seconds(start, exported)), build \(seconds(exported, built)), record and compare \(seconds(built, Date()))\n"
                    .utf8))
        return failures.isEmpty ? 0 : 1
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

    /// The host package: every export, the recorder, and a main that records each case.
    private func writeHost(_ cases: [(index: Int, options: String)]) throws {
        let manifest = """
            // swift-tools-version:6.0
            // Generated by Scripts/export-check: exported layouts compiled against UIKitSurface.
            import PackageDescription

            let package = Package(
                name: "ExportCheckHost",
                platforms: [.macOS(.v13)],
                dependencies: [.package(name: "LuaLayout", path: \(String(reflecting: root)))],
                targets: [
                    .executableTarget(
                        name: "export-check-host",
                        dependencies: [.product(name: "UIKitSurface", package: "LuaLayout")],
                        path: "Sources/Host")
                ]
            )

            """
        try write(manifest, to: host + "/Package.swift")
        let recorder = try String(contentsOfFile: root + "/Examples/UIKit/LayoutRecorder.swift", encoding: .utf8)
        try write(recorder, to: host + "/Sources/Host/LayoutRecorder.swift")
        let entries = cases.map { "(\($0.index), { makeCase\($0.index)Layout() }, \($0.options))," }
        let main = """
            // Generated by Scripts/export-check: lays out every exported layout and records it.
            import Foundation
            import UIKitSurface

            @main
            enum ExportCheckHost {
                @MainActor
                static func main() throws {
                    let folder = CommandLine.arguments[1]
                    let cases: [(Int, @MainActor () -> UICollectionViewLayout, LayoutRecorder.Options)] = [
                        \(entries.joined(separator: "\n            "))
                    ]
                    for (index, make, options) in cases {
                        try LayoutRecorder.record(make(), options, to: folder + "/\\(index).json")
                    }
                }
            }

            """
        try write(main, to: host + "/Sources/Host/Host.swift")
    }

    private func write(_ text: String, to path: String) throws {
        // An unchanged Package.swift keeps its date, so the host package is not resolved again.
        if let old = try? String(contentsOfFile: path, encoding: .utf8), old == text { return }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    private func lualayoutRun(
        _ arguments: [String], in directory: String
    ) throws -> (status: Int32, out: String, err: String) {
        try process(lualayout, arguments, in: directory)
    }

    private func firstLine(_ text: String) -> String { text.split(separator: "\n").first.map(String.init) ?? "" }

    private func process(
        _ executable: String, _ arguments: [String], in directory: String
    ) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        // Outputs go through files: two pipes read one after the other could block the child.
        let outPath = work + "/process.out", errPath = work + "/process.err"
        FileManager.default.createFile(atPath: outPath, contents: nil)
        FileManager.default.createFile(atPath: errPath, contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        let outData = FileManager.default.contents(atPath: outPath) ?? Data()
        let errData = FileManager.default.contents(atPath: errPath) ?? Data()
        return (
            process.terminationStatus, String(decoding: outData, as: UTF8.self),
            String(decoding: errData, as: UTF8.self)
        )
    }
}
