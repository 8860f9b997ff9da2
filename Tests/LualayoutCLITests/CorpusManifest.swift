import Foundation
import InputFiles
import LayoutEngine
import Testing

/// One case of an adversarial corpus manifest (`Tests/Corpus/<area>.json`, a JSON array):
/// files to create in a fresh folder, the `lualayout` arguments to run there, and the outcome
/// to expect. `{dir}` (the folder's absolute path) is substituted in arguments, symlink
/// targets and expected substrings.
struct CorpusCase: Sendable, CustomTestStringConvertible {
    enum FileSpec: Sendable, Equatable {
        case bytes([UInt8])
        case symlink(String)
    }

    var manifest: String
    var name: String
    var issue: String?
    /// Relative path → contents, in a stable order (sorted by path).
    var files: [(path: String, spec: FileSpec)]
    var args: [String]
    var exit: Int32
    var stderr: [String] = []
    var stdout: [String] = []
    var notStderr: [String] = []
    var notStdout: [String] = []
    var stdoutEmpty = false
    var timeout: Double = 30
    /// Where standard output goes instead of a pipe (`/dev/full`: every write fails as on a
    /// full disk); `{dir}` is substituted.
    var stdoutTo: String?
    /// Files of the case that must still hold what the case gave them afterwards (an input
    /// the command must not have overwritten).
    var unchanged: [String] = []
    /// Paths that must not exist afterwards, not even as a link (what a refused or failed
    /// command must not leave behind).
    var absent: [String] = []
    /// The case spins until its time limit ends it (a Lua loop, a pattern that backtracks).
    /// The limit is wall-clock time, so the harness starts it at a low priority (`nice -n 10`,
    /// about a tenth of a core beside a busy process): its loop burns little CPU other tests
    /// want, and it still ends when its limit says. A case expecting the script's located error
    /// needs a limit of seconds: the error must be written at that priority before the
    /// watchdog's grace ends (half the limit, at least 1 s), or "did not finish within" wins.
    var spins = false

    var testDescription: String { "\(manifest): \(name)" }
}

/// Why a manifest cannot be used: a JSON syntax error (with line:column) or a case that does
/// not follow the format.
struct ManifestError: Error, CustomStringConvertible {
    var description: String
}

enum CorpusManifest {
    static let directory = repositoryRoot + "/Tests/Corpus"

    /// Every manifest file name, sorted.
    static func manifestNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    /// Every case of every manifest that parses (a manifest that does not is reported by the
    /// test that parses each manifest).
    static func allCases() -> [CorpusCase] {
        manifestNames().flatMap { (try? load($0)) ?? [] }
    }

    static func load(_ name: String) throws(ManifestError) -> [CorpusCase] {
        let path = directory + "/" + name
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ManifestError(description: "Tests/Corpus/\(name): cannot read the file")
        }
        let json: LayoutValue
        do {
            json = try JSONDataParser.parse([UInt8](data))
        } catch {
            throw ManifestError(description: "Tests/Corpus/\(name):\(error.line):\(error.column): \(error.message)")
        }
        guard case .array(let entries) = json else {
            throw ManifestError(description: "Tests/Corpus/\(name): the manifest must be a JSON array of cases")
        }
        var cases: [CorpusCase] = []
        var names = Set<String>()
        for (index, entry) in entries.enumerated() {
            let corpusCase = try parseCase(entry, manifest: name, index: index)
            guard names.insert(corpusCase.name).inserted else {
                throw ManifestError(
                    description: "Tests/Corpus/\(name): case \(index) '\(corpusCase.name)': the name is used twice")
            }
            cases.append(corpusCase)
        }
        return cases
    }

    private static let knownFields: Set<String> = [
        "name", "issue", "files", "args", "exit", "stderr", "stdout", "notStderr", "notStdout", "stdoutEmpty",
        "timeout", "stdoutTo", "unchanged", "absent", "spins",
    ]

    private static func parseCase(
        _ entry: LayoutValue, manifest: String, index: Int
    ) throws(ManifestError) -> CorpusCase {
        var label = "Tests/Corpus/\(manifest): case \(index)"
        func fail(_ message: String) -> ManifestError { ManifestError(description: "\(label): \(message)") }
        guard case .object(let fields) = entry else { throw fail("a case must be an object") }
        guard case .string(let name)? = fields["name"], !name.isEmpty else {
            throw fail("\"name\" must be a non-empty string")
        }
        label += " '\(name)'"
        // A misspelt field would silently check nothing.
        if let unknown = fields.keys.filter({ !knownFields.contains($0) }).sorted().first {
            throw fail("unknown field \"\(unknown)\" (known: \(knownFields.sorted().joined(separator: ", ")))")
        }
        func strings(_ field: String) throws(ManifestError) -> [String] {
            guard let value = fields[field] else { return [] }
            guard case .array(let items) = value else { throw fail("\"\(field)\" must be an array of strings") }
            var result: [String] = []
            for item in items {
                guard case .string(let text) = item else { throw fail("\"\(field)\" must be an array of strings") }
                result.append(text)
            }
            return result
        }
        guard fields["args"] != nil else { throw fail("\"args\" is required") }
        guard case .number(let exit)? = fields["exit"], exit == exit.rounded(), (0...255).contains(exit) else {
            throw fail("\"exit\" must be an exit status 0…255")
        }
        var result = CorpusCase(manifest: manifest, name: name, files: [], args: try strings("args"), exit: Int32(exit))
        if let issue = fields["issue"] {
            guard case .string(let text) = issue else { throw fail("\"issue\" must be a string") }
            result.issue = text
        }
        result.stderr = try strings("stderr")
        result.stdout = try strings("stdout")
        result.notStderr = try strings("notStderr")
        result.notStdout = try strings("notStdout")
        if let flag = fields["stdoutEmpty"] {
            guard case .bool(let value) = flag else { throw fail("\"stdoutEmpty\" must be a boolean") }
            result.stdoutEmpty = value
        }
        if let timeout = fields["timeout"] {
            guard case .number(let seconds) = timeout, seconds > 0, seconds <= 600 else {
                throw fail("\"timeout\" must be a number of seconds in (0, 600]")
            }
            result.timeout = seconds
        }
        if let flag = fields["spins"] {
            guard case .bool(let value) = flag else { throw fail("\"spins\" must be a boolean") }
            result.spins = value
        }
        if let target = fields["stdoutTo"] {
            guard case .string(let path) = target, !path.isEmpty else { throw fail("\"stdoutTo\" must be a path") }
            result.stdoutTo = path
        }
        result.unchanged = try strings("unchanged")
        result.absent = try strings("absent")
        if let files = fields["files"] {
            guard case .object(let specs) = files else { throw fail("\"files\" must be an object: path → contents") }
            for (path, spec) in specs.sorted(by: { $0.key < $1.key }) {
                let components = path.split(separator: "/", omittingEmptySubsequences: false)
                guard !path.isEmpty, !path.hasPrefix("/"),
                    !components.contains(where: { $0.isEmpty || $0 == ".." || $0 == "." })
                else {
                    throw fail(
                        "file \"\(path)\": paths are relative to the case folder, without '.', '..' or empty parts")
                }
                result.files.append((path, try fileSpec(spec, path: path, fail: fail)))
            }
        }
        for path in result.unchanged where !result.files.contains(where: { $0.path == path }) {
            throw fail("\"unchanged\": \"\(path)\" is not one of the case's files")
        }
        return result
    }

    private static func fileSpec(
        _ spec: LayoutValue, path: String, fail: (String) -> ManifestError
    ) throws(ManifestError) -> CorpusCase.FileSpec {
        switch spec {
        case .string(let text):
            return .bytes(Array(text.utf8))
        case .object(let fields):
            let keys = Set(fields.keys)
            if keys == ["base64"], case .string(let text)? = fields["base64"] {
                guard let data = Data(base64Encoded: text) else {
                    throw fail("file \"\(path)\": \"base64\" is not valid base64")
                }
                return .bytes([UInt8](data))
            }
            if keys == ["symlink"], case .string(let target)? = fields["symlink"] {
                return .symlink(target)
            }
            if keys.contains("repeat"), keys.isSubset(of: ["repeat", "count", "prefix", "suffix"]),
                case .string(let unit)? = fields["repeat"], case .number(let count)? = fields["count"],
                count >= 0, count == count.rounded(), count * Double(max(1, unit.utf8.count)) <= Double(512 << 20)
            {
                var prefix = "", suffix = ""
                if let value = fields["prefix"] {
                    guard case .string(let text) = value else {
                        throw fail("file \"\(path)\": \"prefix\" must be a string")
                    }
                    prefix = text
                }
                if let value = fields["suffix"] {
                    guard case .string(let text) = value else {
                        throw fail("file \"\(path)\": \"suffix\" must be a string")
                    }
                    suffix = text
                }
                var bytes = Array(prefix.utf8)
                let unitBytes = Array(unit.utf8)
                bytes.reserveCapacity(bytes.count + unitBytes.count * Int(count) + suffix.utf8.count)
                for _ in 0..<Int(count) { bytes += unitBytes }
                bytes += Array(suffix.utf8)
                return .bytes(bytes)
            }
            throw fail(
                "file \"\(path)\": expected a string, {\"base64\": …}, {\"symlink\": …} or {\"repeat\": …, \"count\": N [, \"prefix\", \"suffix\"]} (at most 512 MiB)"
            )
        default:
            throw fail("file \"\(path)\": expected a string or an object")
        }
    }
}
