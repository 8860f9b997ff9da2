import Foundation
import TestExpectations
import Testing

/// Drift between the docs and the code, found where a machine can find it (issue 34, item 19):
/// every option the README and docs/ name is one a command has, every default they state for
/// an option is the one `--help` states, and no help text states a default twice (export.md's
/// counts of the export check are RoundTripTests').
@Suite("Docs agree with the code")
struct DocsDriftTests {
    /// Every option of every command (hidden ones too), with the defaults `--help` states: the
    /// parser's own default and any "(default: V)" the option's help text gives.
    static let options: [String: Set<String>] = {
        let dump = lualayout("--experimental-dump-help").out
        guard let data = dump.data(using: .utf8),
            let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
            let command = root["command"] as? [String: Any]
        else { return [:] }
        var options: [String: Set<String>] = [:]
        func walk(_ command: [String: Any]) {
            for argument in command["arguments"] as? [[String: Any]] ?? [] {
                for name in argument["names"] as? [[String: String]] ?? [] where name["kind"] == "long" {
                    let option = "--" + (name["name"] ?? "")
                    var defaults = options[option] ?? []
                    if let value = argument["defaultValue"] as? String { defaults.insert(value) }
                    defaults.formUnion(statedDefaults(in: argument["abstract"] as? String ?? ""))
                    options[option] = defaults
                }
            }
            for subcommand in command["subcommands"] as? [[String: Any]] ?? [] { walk(subcommand) }
        }
        walk(command)
        return options
    }()

    /// The documents checked.
    static let documents: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/docs")) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    static func text(_ document: String) -> String {
        (try? String(contentsOfFile: repositoryRoot + "/" + document, encoding: .utf8)) ?? ""
    }

    /// An option's name, not inside a longer word (`--offset`, not `lualayout-cli--x`).
    nonisolated(unsafe) static let optionPattern = #/(?:^|[^\w-])(--[a-z][a-z0-9-]*)/#

    /// The values a text states as a default: `(default: V`, `(default V`, `default: V`,
    /// `, default V`.
    static func statedDefaults(in text: String) -> [String] {
        let pattern = #/(?:\(default:?|default:|, default)\s+`?([^\s,;)`]+)/#
        return text.matches(of: pattern).map { String($0.output.1) }
    }

    /// Options other programs take, where the docs show those programs (the benchmark and
    /// measuring scripts, swift, perf, the test binary), and the wrong ones errors.md's examples give
    /// on purpose.
    static let otherPrograms: Set<String> = [
        // swift
        "--build-tests", "--package-path", "--static-swift-stdlib", "--disable-sandbox", "--target", "--product",
        "--skip-build", "--ignore-lock", "--disable-index-store",
        "--testing-library", "--list-tests",  // the test binary (Swift Testing's entry point)
        "--json", "--quick", "--svg", "--only", "--no-build",  // Scripts/bench
        "--manifest", "--plugin", "--release-check",  // Scripts/export-check
        "--no-test",  // Scripts/package
        "--out", "--build-only", "--dry-run",  // Scripts/record-uikit
        "--strip-components",  // tar
        "--formula",  // brew
        "--color", "--colors", "--origin", "--profile",  // Scripts/measure-frames
        "--no-children", "--children", "--sort", "--comm",  // perf report
        "--dump-dom", "--disable-extensions", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-default-apps", "--single-process",  // chromium
        "--frob", "--itemz", "--viewport",  // errors.md: unknown options, on purpose
        "--generate-completion-script", "--experimental-dump-help",  // ArgumentParser's, on the root command
    ]

    @Test func everyOptionTheDocsNameExists() {
        expect(Self.options.count > 50, "the help dump lists \(Self.options.count) options")
        for document in Self.documents {
            for (number, line) in Self.text(document).split(separator: "\n", omittingEmptySubsequences: false)
                .enumerated()
            {
                for match in line.matches(of: Self.optionPattern) {
                    let option = String(match.output.1)
                    guard Self.options[option] == nil, !Self.otherPrograms.contains(option) else { continue }
                    Issue.record(
                        "\(document):\(number + 1): \(option) is no option of lualayout (another program's? add it to DocsDriftTests.otherPrograms, with the program)"
                    )
                }
            }
        }
    }

    /// A document's statement of a default next to an option (`--worker-memory MB` (default
    /// 4096…)) must be one `--help` gives for it, numbers compared as numbers.
    @Test func everyDocumentedDefaultMatchesTheHelp() {
        func same(_ a: String, _ b: String) -> Bool {
            let trim = { (text: String) in text.trimmingCharacters(in: CharacterSet(charactersIn: "`.:\"'")) }
            if let x = Double(trim(a)), let y = Double(trim(b)) { return x == y }
            return trim(a) == trim(b)
        }
        for document in Self.documents {
            for segment in Self.segments(Self.text(document)) {
                let mentions = segment.matches(of: Self.optionPattern)
                for stated in segment.matches(of: #/(?:\(default:?|default:|, default)\s+`?([^\s,;)`]+)/#) {
                    // The option named last before the statement, close to it.
                    guard
                        let option = mentions.last(where: {
                            $0.range.lowerBound < stated.range.lowerBound
                                && segment.distance(from: $0.range.lowerBound, to: stated.range.lowerBound) < 120
                        }), let defaults = Self.options[String(option.output.1)], !defaults.isEmpty
                    else { continue }
                    let value = String(stated.output.1)
                    let name = String(option.output.1)
                    expect(
                        defaults.contains { same($0, value) },
                        "\(document): \(name) is documented with default \(value), --help says \(defaults.sorted())")
                }
            }
        }
    }

    /// Sentences of prose, and table rows and code lines one by one.
    static func segments(_ text: String) -> [String] {
        var segments: [String] = []
        for paragraph in text.components(separatedBy: "\n\n") {
            let lines = paragraph.split(separator: "\n").map(String.init)
            guard let first = lines.first else { continue }
            if first.hasPrefix("|") || first.hasPrefix("```") {
                segments += lines
                continue
            }
            // Sentences end at ". " or "; ".
            var sentence = ""
            for word in lines.joined(separator: " ").split(separator: " ") {
                sentence += (sentence.isEmpty ? "" : " ") + word
                if word.hasSuffix(".") || word.hasSuffix(";") {
                    segments.append(sentence)
                    sentence = ""
                }
            }
            if !sentence.isEmpty { segments.append(sentence) }
        }
        return segments
    }

    /// No option's help gives its default twice (ArgumentParser adds "(default: V)" for an
    /// option with a default value: the text must not say it again).
    @Test func noHelpGivesADefaultTwice() {
        for command in [
            "run", "check", "init", "watch", "update", "transition", "simulate", "test", "bench", "export", "compare",
        ] {
            let help = lualayout(command, "--help").out
            for entry in help.components(separatedBy: "\n  -") {
                let flat = entry.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                let count = flat.matches(of: #/\bdefault[: ]/#).count
                expect(count <= 1, "lualayout \(command) --help: -\(flat)")
            }
        }
    }
}
