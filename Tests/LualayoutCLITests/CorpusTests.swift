import Foundation
import TestExpectations
import Testing

/// The adversarial corpus: every case of every `Tests/Corpus/*.json` runs the built binary in
/// a fresh folder holding its files and must end exactly as its manifest says.
/// `LUALAYOUT_BINARY` overrides the binary (Scripts/asan points it at the sanitized build);
/// `LUALAYOUT_CORPUS_JOBS` sets how many cases run at once (default 4).
@Suite("adversarial corpus")
struct CorpusTests {
    static let binary = lualayoutBinary
    static let slots = ProcessSlots(limit: Int(ProcessInfo.processInfo.environment["LUALAYOUT_CORPUS_JOBS"] ?? "") ?? 4)

    /// A manifest that does not parse or breaks the format fails here, named with its place.
    @Test(arguments: CorpusManifest.manifestNames())
    func manifestParses(_ name: String) {
        do {
            let cases = try CorpusManifest.load(name)
            expect(!cases.isEmpty, "Tests/Corpus/\(name) has no cases")
        } catch {
            Issue.record(Comment(rawValue: error.description))
        }
    }

    @Test(arguments: CorpusManifest.allCases())
    func corpusCase(_ corpusCase: CorpusCase) async throws {
        try require(
            FileManager.default.isExecutableFile(atPath: Self.binary), "build first: swift build (\(Self.binary))")
        let directory = try Self.makeFolder(for: corpusCase)
        let substitute = { (text: String) in text.replacingOccurrences(of: "{dir}", with: directory) }
        await Self.slots.acquire()
        let outcome: ProcessOutcome
        do {
            outcome = try await CaseProcess.run(
                Self.binary, arguments: corpusCase.args.map(substitute), directory: directory,
                timeout: corpusCase.timeout, stdoutFile: corpusCase.stdoutTo.map(substitute),
                lowPriority: corpusCase.spins)
        } catch {
            await Self.slots.release()
            throw error
        }
        await Self.slots.release()

        let problems =
            Self.problems(corpusCase, outcome, substitute: substitute) + Self.fileProblems(corpusCase, in: directory)
        if problems.isEmpty {
            try? FileManager.default.removeItem(atPath: directory)
        } else {
            Issue.record(Comment(rawValue: Self.report(corpusCase, outcome, problems: problems, directory: directory)))
        }
    }

    /// Writes the case's files into a new temporary folder and returns its absolute path.
    static func makeFolder(for corpusCase: CorpusCase) throws -> String {
        let directory = NSTemporaryDirectory() + "lualayout-corpus-" + UUID().uuidString
        let manager = FileManager.default
        try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for (path, spec) in corpusCase.files {
            let full = directory + "/" + path
            let parent = (full as NSString).deletingLastPathComponent
            try manager.createDirectory(atPath: parent, withIntermediateDirectories: true)
            switch spec {
            case .bytes(let bytes):
                guard manager.createFile(atPath: full, contents: Data(bytes)) else {
                    throw ManifestError(description: "\(corpusCase.testDescription): cannot write \(path)")
                }
            case .symlink(let target):
                try manager.createSymbolicLink(
                    atPath: full, withDestinationPath: target.replacingOccurrences(of: "{dir}", with: directory))
            }
        }
        return directory
    }

    static func problems(_ c: CorpusCase, _ outcome: ProcessOutcome, substitute: (String) -> String) -> [String] {
        var problems: [String] = []
        if outcome.end != .exited(c.exit) { problems.append("\(outcome.end), expected exit \(c.exit)") }
        for text in c.stderr.map(substitute) where !outcome.err.contains(text) {
            problems.append("stderr lacks \(quote(text))")
        }
        for text in c.notStderr.map(substitute) where outcome.err.contains(text) {
            problems.append("stderr contains \(quote(text))")
        }
        for text in c.stdout.map(substitute) where !outcome.out.contains(text) {
            problems.append("stdout lacks \(quote(text))")
        }
        for text in c.notStdout.map(substitute) where outcome.out.contains(text) {
            problems.append("stdout contains \(quote(text))")
        }
        if c.stdoutEmpty && !outcome.out.isEmpty { problems.append("stdout is not empty") }
        return problems
    }

    /// What the run did to the case's folder that it must not have: an `unchanged` file
    /// changed or gone, an `absent` path there.
    static func fileProblems(_ c: CorpusCase, in directory: String) -> [String] {
        var problems: [String] = []
        for path in c.unchanged {
            guard case .bytes(let given)? = c.files.first(where: { $0.path == path })?.spec else { continue }
            let now = FileManager.default.contents(atPath: directory + "/" + path).map { [UInt8]($0) }
            if now != given { problems.append("\(path) changed (\(now.map { "\($0.count) bytes" } ?? "gone"))") }
        }
        for path in c.absent {
            var info = stat()
            if lstat(directory + "/" + path, &info) == 0 { problems.append("\(path) exists") }
        }
        return problems
    }

    static func report(_ c: CorpusCase, _ outcome: ProcessOutcome, problems: [String], directory: String) -> String {
        var lines = ["\(c.testDescription)\(c.issue.map { " (issue \($0))" } ?? "")"]
        lines += problems.map { "  ✗ " + $0 }
        var expected = "exit \(c.exit)"
        if !c.stderr.isEmpty { expected += ", stderr with " + c.stderr.map(quote).joined(separator: ", ") }
        if !c.stdout.isEmpty { expected += ", stdout with " + c.stdout.map(quote).joined(separator: ", ") }
        if c.stdoutEmpty { expected += ", empty stdout" }
        lines.append("  expected: " + expected)
        lines.append("  actual:   \(outcome.end)")
        lines.append("  stderr:   " + firstLines(outcome.err, 6))
        lines.append("  stdout:   " + firstLines(outcome.out, 3))
        lines.append("  args:     " + c.args.joined(separator: " "))
        lines.append("  folder:   " + directory)
        return lines.joined(separator: "\n")
    }

    private static func quote(_ text: String) -> String {
        "\"" + (text.count > 120 ? text.prefix(120) + "…" : text) + "\""
    }

    private static func firstLines(_ text: String, _ count: Int) -> String {
        guard !text.isEmpty else { return "(empty)" }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(count)
        return lines.map { $0.count > 200 ? $0.prefix(200) + "…" : $0 }.joined(separator: "\n            ")
    }
}
