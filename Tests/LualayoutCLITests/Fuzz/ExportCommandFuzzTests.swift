import Foundation
import TestSupport
import Testing

/// `lualayout export` with hostile file-system input: folders and data files whose names hold
/// line breaks, control characters, quotes and bidirectional controls, `--state` values and
/// `--name`s of the same, through the CLI in-process (issue 30, item 2). Exit 0 with Swift in
/// which no raw control character survives outside a line break between lines, and no line of
/// code the input chose; or exit 1 or 2 with a message.
@Suite("fuzz: export paths, names and options through the CLI")
struct ExportCommandFuzzTests {
    static func hostile(_ random: inout SplitMix64) -> String {
        let pool = [
            "a", "b", "_", "-", " ", "\"", "\\", "*/", "//", "func pwned() {}", "\n", "\r", "\t", "\u{1}", "\u{1B}",
            "\u{7F}", "\u{85}", "\u{2028}", "\u{202E}", "\u{2066}", "é",
        ]
        return (0..<random.int(1...8)).map { _ in random.pick(pool) }.joined()
    }

    @Test func hostilePathsThroughTheCLI() throws {
        let root = NSTemporaryDirectory() + "lualayout-fuzz-export-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let layout = """
            local C = compositional
            return compositional{ sectionProvider = function(cv, s)
              local item = C.item{ width = C.fractionalWidth(1), height = C.absolute(44) }
              local kind = cv.state.kind or "header"
              return C.section{ group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = C.absolute(44),
                subitems = {item} }, boundarySupplementaryItems = { C.boundarySupplementaryItem{ kind = kind,
                alignment = "top", width = C.fractionalWidth(1), height = C.absolute(20 + s) } } }
            end }
            """
        fuzz("exportPathsThroughTheCLI", defaultIterations: 20) { random, tally in
            // A folder name without "/" (and never "." or ".."): the file system takes the rest.
            let folderName = "d" + Self.hostile(&random).replacingOccurrences(of: "/", with: "|")
            let folder = root + "/" + folderName
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let script = folder + "/layout.lua"
            try layout.write(toFile: script, atomically: true, encoding: .utf8)
            var arguments = ["export", (random.chance(0.5) ? folder + "//layout.lua" : script), "--swift"]
            if random.chance(0.5) {
                let data = folder + "/data" + Self.hostile(&random).replacingOccurrences(of: "/", with: "|") + ".json"
                try Data("{\"sections\": [1, 2]}".utf8).write(to: URL(fileURLWithPath: data))
                arguments += ["--data", data]
            }
            if random.chance(0.6) { arguments += ["--state", "kind=" + Self.hostile(&random)] }
            if random.chance(0.3) { arguments += ["--name", random.chance(0.5) ? "Fuzz" : Self.hostile(&random)] }
            if random.chance(0.3) { arguments += ["--screen"] }
            let result = lualayout(arguments)
            tally.add("exit \(result.status)")
            switch result.status {
            case 0:
                var problems: [String] = []
                let raw = result.out.unicodeScalars.filter {
                    $0 != "\n"
                        && ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)
                            || [0x2028, 0x2029, 0x202E, 0x2066].contains($0.value))
                }
                if !raw.isEmpty { problems.append("raw control characters \(raw.map { String($0.value, radix: 16) })") }
                // Without a raw line break, the input cannot start a line of its own.
                if result.out.split(separator: "\n").contains(where: { $0.hasPrefix("func pwned") }) {
                    problems.append("a line of code the input chose")
                }
                return problems.map { "\(arguments): \($0)\n\(result.out.prefix(2000))" }
            case 1,
                2 where !result.err.isEmpty:
                return []
            default:
                return ["\(arguments): exit \(result.status): \(result.err.prefix(400))"]
            }
        }
    }
}
