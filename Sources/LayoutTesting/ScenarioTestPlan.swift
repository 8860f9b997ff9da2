#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import InputFiles
import LayoutEngine
import Platform
import Scenario
import ScriptLayout

/// What a test's `-- options:` lines configure, and what running the test needs from them.
/// The command line reads them with `lualayout run`'s own option groups (the same names,
/// values and checks); this module only runs what they describe.
package protocol ScenarioTestOptions {
    /// Reads the `-- options:` lines of the test at `path` (paths in them resolved against the
    /// test's folder); an error names the line holding the option it is about.
    static func read(_ lines: [ScenarioHeader.Directive], path: String) throws(TestFileError) -> Self
    /// The collection view the layout runs in (a data file is read here).
    func makeContext() throws -> CollectionContext
    /// The script's limits, seed and flags.
    var layoutOptions: ScriptLayout.Options { get }
    /// Seconds each call into the script may take; the whole test gets a watchdog as well.
    var timeout: Double { get }
    /// The data file the collection view reads, if any (resolved against the test's folder).
    var dataFile: String? { get }
    /// The layouts named for transitions (`--layout NAME=FILE`, resolved against the test's folder).
    var namedLayouts: [LayoutLibrary.Entry] { get }
}

extension ScenarioTestOptions {
    package var namedLayouts: [LayoutLibrary.Entry] { [] }
}

/// One test file, ready to run: its header read, its paths resolved against its folder.
package struct ScenarioTestPlan<Options: ScenarioTestOptions> {
    /// The test file, as found (relative to the current folder when the user gave a relative path).
    package var testPath: String
    package var header: ScenarioHeader
    /// The layout script and the controller, resolved against the test file's folder.
    package var layoutPath: String
    package var controllerPath: String?
    package var options: Options
    /// The device or matrix run this plan is, if the test has several.
    package var variant: TestVariant?

    /// Reads the test at `path` and its header; `variant` picks one run of a test with
    /// `-- devices:` or `-- matrix:` (by its label); `extraOptions` come after the header's
    /// (`simulate TEST.test.lua --offset 0,100`).
    package static func load(
        _ path: String, variant label: String? = nil, extraOptions: [ScenarioHeader.Directive] = []
    ) throws(TestFileError) -> ScenarioTestPlan {
        // A device or pipe could block or never end (`lualayout test /dev/stdin`).
        guard TestFilePaths.isRegularFile(path) else {
            throw TestFileError(path, 1, "not a regular file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TestFileError(path, 1, "cannot read the test file")
        }
        let header = try ScenarioHeader.parse(String(decoding: data, as: UTF8.self), path: path)
        var variant: TestVariant?
        if let label {
            let variants = try header.variants(path: path) ?? []
            guard let found = variants.first(where: { $0.label == label }) else {
                let runs =
                    variants.isEmpty
                    ? "it has no '-- devices:' or '-- matrix:' line"
                    : "its runs: " + variants.map(\.label).joined(separator: ", ")
                throw TestFileError(path, 1, "the test has no run '\(label)' (\(runs))")
            }
            variant = found
        } else if let first = try header.variants(path: path)?.first {
            // Run by itself (not through `lualayout test`'s expansion): its first run.
            variant = first
        }
        let options = try Options.read(
            header.options + (variant.map { [$0.options] } ?? []) + extraOptions, path: path)
        let layoutPath = TestFilePaths.resolve(header.layout.value, against: path)
        try TestFilePaths.requireFile(layoutPath, what: "layout", at: header.layout.line, of: path)
        let controllerPath = header.controller.map { TestFilePaths.resolve($0.value, against: path) }
        if let controllerPath, let line = header.controller?.line {
            try TestFilePaths.requireFile(controllerPath, what: "controller", at: line, of: path)
        }
        return ScenarioTestPlan(
            testPath: path, header: header, layoutPath: layoutPath, controllerPath: controllerPath, options: options,
            variant: variant)
    }
}

/// The files a test's header names, found relative to the test file.
package enum TestFilePaths {
    /// A file the header names must exist (said at the header's line, not later by the runtime).
    package static func requireFile(_ file: String, what: String, at line: Int, of path: String) throws(TestFileError) {
        let entry = FileEntry(atPath: file)
        guard entry.exists else {
            throw TestFileError(path, line, "\(what) \(file): no such file (paths are relative to the test file)")
        }
        if entry.isDirectory { throw TestFileError(path, line, "\(what) \(file): is a folder, not a file") }
        guard isRegularFile(file) else {
            throw TestFileError(path, line, "\(what) \(file): not a regular file")
        }
    }

    /// A regular file, after following symbolic links (a device or pipe is not).
    package static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// `value` relative to the folder of the test at `testPath` (absolute paths stay).
    package static func resolve(_ value: String, against testPath: String) -> String {
        if value.hasPrefix("/") { return value }
        let folder = FileSystemPath.directory(of: testPath)
        return folder.isEmpty ? value : folder + "/" + value
    }
}

/// Splits an `-- options:` value into words as a shell would, for the simple cases: spaces
/// separate words; '…' and "…" group them (a backslash escapes `"` and `\` inside "…").
package enum OptionWords {
    package struct SplitError: Error { package var message: String }

    /// `word` as `split` reads it back: unchanged when plain, else in "…" with `"` and `\` escaped.
    package static func quote(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic || $0.properties.numericType != nil
                    || "-_./,=+:@%".unicodeScalars.contains($0)
            }
        if plain { return word }
        var quoted = "\""
        for scalar in word.unicodeScalars {
            if scalar == "\\" || scalar == "\"" { quoted.unicodeScalars.append("\\") }
            quoted.unicodeScalars.append(scalar)
        }
        return quoted + "\""
    }

    /// Read by Unicode scalar: a quote or a space followed by a combining mark still counts.
    package static func split(_ text: String) throws(SplitError) -> [String] {
        var words: [String] = [], current = String.UnicodeScalarView(), inWord = false
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            switch scalar {
            case " ", "\t":
                if inWord { words.append(String(current)) }
                current = String.UnicodeScalarView()
                inWord = false
            case "'", "\"":
                inWord = true
                var closed = false
                while let next = scalars.popFirst() {
                    if next == scalar {
                        closed = true
                        break
                    }
                    if scalar == "\"", next == "\\", let escaped = scalars.first, escaped == "\"" || escaped == "\\" {
                        current.append(escaped)
                        scalars = scalars.dropFirst()
                    } else {
                        current.append(next)
                    }
                }
                guard closed else { throw SplitError(message: "unterminated \(scalar) quote") }
            default:
                current.append(scalar)
                inWord = true
            }
        }
        if inWord { words.append(String(current)) }
        return words
    }
}
