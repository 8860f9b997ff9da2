import Foundation
import LayoutEngine
import TestExpectations
import Testing
import TestSupport

@testable import SwiftExport

/// The compositional mutation fuzzer's trees (TestSupport's `MutatedTree`), their kinds
/// replaced by hostile text, exported with hostile script paths and option values, for a
/// random deployment target, whole or partial. Whatever the input, an export refuses with
/// located lines or writes Swift that keeps every control character inside its escapes and
/// declares nothing but its layout, its kinds and its subclass; a sample parses with swiftc.
@Suite("fuzz: export inputs (paths, kinds, names)")
struct ExportFuzzTests {
    /// Text from a pool that reaches every escape: quotes, backslashes, comment markers, line
    /// breaks and every other control character, separators, bidirectional controls.
    static func hostile(_ random: inout SplitMix64) -> String {
        let pool: [String] = [
            "a", "Z", "7", "_", "-", " ", "\"", "\\", "//", "/*", "*/", "func", "pwned()", "{", "}", "é", "🙂",
            "\n", "\r", "\r\n", "\t", "\u{0}", "\u{7}", "\u{1B}", "\u{7F}", "\u{85}", "\u{2028}", "\u{2029}",
            "\u{202E}",
            "\u{2066}", "\u{FEFF}", "\u{200F}",
        ]
        return (0..<random.int(1...10)).map { _ in random.pick(pool) }.joined()
    }

    /// `text` as a Lua string literal (every byte as a decimal escape).
    static func lua(_ text: String) -> String {
        "\"" + text.utf8.map { "\\\($0)" }.joined() + "\""
    }

    @Test func hostileKindsPathsAndOptions() throws {
        var outputs: [String] = []
        fuzz("exportInputs", defaultIterations: 60) { random, tally in
            let (base, mutated) = MutatedTree.script(&random, tally)
            // Mostly the tree as built (a mutation usually fails to lay out).
            var script = random.chance(0.75) ? base : mutated
            for kind in ["'header'", "'bg'"] where random.chance(0.8) {
                script = script.replacingOccurrences(of: kind, with: Self.lua("k" + Self.hostile(&random)))
            }
            let scriptName = "dir" + Self.hostile(&random) + "/layout.lua"
            let options = "--state note=" + Self.hostile(&random) + " --data " + Self.hostile(&random)
            let ios = random.chance(0.5) ? IOSVersion(random.pick(IOSVersion.known)) : nil
            let name = "Fuzz\(random.int(0...999))"
            let exported: Exported
            do {
                exported = try Exported(
                    script, counts: [random.int(0...6), random.int(0...6)], allowPartial: random.chance(0.5),
                    name: name,
                    ios: ios, screen: random.chance(0.3), scriptName: scriptName, evaluatedFor: options)
            } catch {
                tally.add("layout error")
                return []
            }
            guard exported.refusals.isEmpty else {
                tally.add("refused")
                // Located: `SCRIPT:LINE: …` (Lua names the chunk after the script, shortened).
                let unlocated = exported.refusals.filter {
                    !$0.hasPrefix(scriptName) && $0.range(of: #":\d+: "#, options: .regularExpression) == nil
                }
                return unlocated.map { "refusal not located at the script: \($0)\n--- script\n\(script)" }
            }
            tally.add("exported")
            let scan = SwiftSourceScanner.scan(exported.swift)
            var problems: [String] = []
            if !scan.rawControlCharacters.isEmpty {
                problems.append("raw \(scan.rawControlCharacters) in a comment or literal")
            }
            if scan.unterminatedLiteral { problems.append("an unterminated literal") }
            if scan.code.contains(where: { $0.contains("pwned") }) { problems.append("code says pwned") }
            let allowed = [
                "enum \(name)ElementKind", "func make\(name)Layout", "class \(name)Layout",
                "class \(name)ViewController",
            ]
            let declared = SwiftSourceScanner.topLevelDeclarations(scan).filter { !allowed.contains($0) }
            if !declared.isEmpty { problems.append("declares \(declared)") }
            if outputs.count < 25 { outputs.append(exported.swift) }
            return problems.map { "\($0)\n--- script\n\(script)\n--- swift\n\(exported.swift.prefix(3000))" }
        }
        // The compiler agrees that a sample of them parse.
        let folder = NSTemporaryDirectory() + "export-fuzz-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var files: [String] = []
        for (index, swift) in outputs.enumerated() {
            let file = "\(folder)/Export\(index).swift"
            try swift.write(toFile: file, atomically: true, encoding: .utf8)
            files.append(file)
        }
        // Each file on its own (their names may repeat across files).
        for file in files { expectEqual(try SwiftSourceScanner.parse([file]), "", "\(file)") }
    }
}
