import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ScriptLayout

/// The options a test's `-- options:` lines may give: exactly `lualayout run`'s collection
/// view and script options (the same option groups, so the same names, values and checks).
struct ScenarioOptions: ParsableArguments {
    @OptionGroup(title: "Collection view")
    var layout: LayoutOptions

    @OptionGroup(title: "Script")
    var scriptOptions: ScriptOptions
}

/// One test file, ready to run: its header read, its paths resolved against its folder.
struct ScenarioTestPlan {
    /// The test file, as found (relative to the current folder when the user gave a relative path).
    var testPath: String
    var header: ScenarioHeader
    /// The layout script and the controller, resolved against the test file's folder.
    var layoutPath: String
    var controllerPath: String?
    var options: ScenarioOptions

    var layout: LayoutOptions { options.layout }
    var scriptOptions: ScriptOptions { options.scriptOptions }

    /// Reads the test at `path` and its header.
    static func load(_ path: String) throws(TestFileError) -> ScenarioTestPlan {
        // A device or pipe could block or never end (`lualayout test /dev/stdin`).
        guard isRegularFile(path) else {
            throw TestFileError(path, 1, "not a regular file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TestFileError(path, 1, "cannot read the test file")
        }
        let header = try ScenarioHeader.parse(String(decoding: data, as: UTF8.self), path: path)
        let options = try parseOptions(header.options, path: path)
        let layoutPath = resolve(header.layout.value, against: path)
        try requireFile(layoutPath, what: "layout", at: header.layout.line, of: path)
        let controllerPath = header.controller.map { resolve($0.value, against: path) }
        if let controllerPath, let line = header.controller?.line {
            try requireFile(controllerPath, what: "controller", at: line, of: path)
        }
        return ScenarioTestPlan(
            testPath: path, header: header, layoutPath: layoutPath, controllerPath: controllerPath, options: options)
    }

    /// A file the header names must exist (said at the header's line, not later by the runtime).
    static func requireFile(_ file: String, what: String, at line: Int, of path: String) throws(TestFileError) {
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
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// `value` relative to the folder of the test at `testPath` (absolute paths stay).
    static func resolve(_ value: String, against testPath: String) -> String {
        if value.hasPrefix("/") { return value }
        let folder = FileSystemPath.directory(of: testPath)
        return folder.isEmpty ? value : folder + "/" + value
    }

    /// Reads the `-- options:` lines as one command line; an error names the line holding
    /// the option it is about.
    static func parseOptions(_ lines: [ScenarioHeader.Directive], path: String) throws(TestFileError) -> ScenarioOptions
    {
        var words: [(word: String, line: Int)] = []
        for line in lines {
            do {
                words += try OptionWords.split(line.value).map { ($0, line.line) }
            } catch {
                throw TestFileError(path, line.line, "-- options: \(error.message)")
            }
        }
        // The same pre-pass as the command line: negative values (`--offset -5,0`) and --state.
        let prepass = ArgumentPrepass(["run"] + words.map(\.word))
        func located(_ message: String) -> TestFileError {
            // The line of the word the message is about: the first one it quotes
            // (`Unknown option '--itemz'`), else the first option it names, else the first line.
            func name(_ word: String) -> Substring { word.split(separator: "=", maxSplits: 1).first ?? "" }
            let quoted = message.split(separator: "'", omittingEmptySubsequences: false).dropFirst().first
            let line =
                words.first { quoted != nil && ($0.word == quoted! || name($0.word) == quoted!) }?.line
                ?? words.first { $0.word.hasPrefix("--") && message.contains(name($0.word)) }?.line
            return TestFileError(path, line ?? lines.first?.line ?? 1, "-- options: \(message)")
        }
        if words.contains(where: { $0.word == "--help" || $0.word == "-h" }) {
            throw located("'--help' is not an option of a test")
        }
        var options: ScenarioOptions
        do {
            options = try ScenarioOptions.parse(Array(prepass.remaining.dropFirst()))
        } catch {
            throw located(ScenarioOptions.message(for: error))
        }
        if let data = options.layout.data {
            options.layout.data = resolve(data, against: path)
            let line =
                words.first { $0.word == "--data" || $0.word.hasPrefix("--data=") }?.line ?? lines.first?.line ?? 1
            try requireFile(options.layout.data!, what: "data", at: line, of: path)
        }
        for text in prepass.repeated["state"] ?? [] {
            guard let state = StateArgument(argument: text) else {
                throw located("invalid value '\(text)' for '--state'")
            }
            options.layout.state.append(state)
        }
        return options
    }
}

/// Splits an `-- options:` value into words as a shell would, for the simple cases: spaces
/// separate words; '…' and "…" group them (a backslash escapes `"` and `\` inside "…").
enum OptionWords {
    struct SplitError: Error { var message: String }

    /// `word` as `split` reads it back: unchanged when plain, else in "…" with `"` and `\` escaped.
    static func quote(_ word: String) -> String {
        let plain = !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "-_./,=+:@%".contains($0) }
        if plain { return word }
        var quoted = "\""
        for scalar in word.unicodeScalars {
            if scalar == "\\" || scalar == "\"" { quoted.unicodeScalars.append("\\") }
            quoted.unicodeScalars.append(scalar)
        }
        return quoted + "\""
    }

    static func split(_ text: String) throws(SplitError) -> [String] {
        var words: [String] = [], current = "", inWord = false
        var characters = text[...]
        while let character = characters.popFirst() {
            switch character {
            case " ", "\t":
                if inWord { words.append(current) }
                current = ""
                inWord = false
            case "'", "\"":
                inWord = true
                var closed = false
                while let next = characters.popFirst() {
                    if next == character {
                        closed = true
                        break
                    }
                    if character == "\"", next == "\\", let escaped = characters.first,
                        escaped == "\"" || escaped == "\\"
                    {
                        current.append(escaped)
                        characters = characters.dropFirst()
                    } else {
                        current.append(next)
                    }
                }
                guard closed else { throw SplitError(message: "unterminated \(character) quote") }
            default:
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
