import Foundation
import TestExpectations
import Testing

/// Keeps `docs/errors.md` honest: every message it catalogues names the case that proves it (a
/// corpus case of `Tests/Corpus/*.json`, or a Swift test file), and that case still expects the
/// message's fixed text. The corpus runner checks that the binary prints what the cases expect.
@Suite("Errors catalogue")
struct ErrorsCatalogueTests {
    /// One catalogue row: `| `MESSAGE` | Exit | Example | Fix | `CASE` |`.
    struct Row {
        var group: String
        var message: String
        /// A corpus case name, a `*.swift` test file, or nil for a row verified by hand.
        var proof: String?
        var proofCell: String
    }

    static let documentPath = repositoryRoot + "/docs/errors.md"

    static let rows: [Row] = {
        guard let text = try? String(contentsOfFile: documentPath, encoding: .utf8) else { return [] }
        return parse(text)
    }()

    /// The rows of every table whose header is `| Message | Exit | Example | Fix | Case |`.
    static func parse(_ text: String) -> [Row] {
        var rows: [Row] = []
        var group = ""
        var inTable = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("## ") {
                group = String(line.dropFirst(3))
                inTable = false
                continue
            }
            guard line.hasPrefix("|") else {
                inTable = false
                continue
            }
            let cells = splitCells(line)
            if cells == ["Message", "Exit", "Example", "Fix", "Case"] {
                inTable = true
                continue
            }
            guard inTable, cells.count == 5, !cells[0].hasPrefix("---") else { continue }
            let proofCell = cells[4]
            let proof: String? = proofCell.hasPrefix("`") ? codeSpan(proofCell) : nil
            rows.append(Row(group: group, message: codeSpan(cells[0]) ?? cells[0], proof: proof, proofCell: proofCell))
        }
        return rows
    }

    /// Cells of a table row, split at `|` but not at an escaped `\|`.
    static func splitCells(_ line: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var characters = Array(line.dropFirst())[...]
        while let character = characters.popFirst() {
            if character == "\\", characters.first == "|" {
                current.append("|")
                characters.removeFirst()
            } else if character == "|" {
                cells.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        return cells
    }

    /// The text between the first and the last backtick of a cell.
    static func codeSpan(_ cell: String) -> String? {
        guard let first = cell.firstIndex(of: "`"), let last = cell.lastIndex(of: "`"), first < last else { return nil }
        return String(cell[cell.index(after: first)..<last])
    }

    /// The fixed text of a message: the parts between its CAPS placeholders (words of capital
    /// letters, digits and `_`), trimmed of spaces and colons, keeping those with a letter or digit.
    static func fixedParts(_ message: String) -> [String] {
        func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
        func isPlaceholder(_ word: String) -> Bool {
            guard let first = word.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
            return word.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        }
        var parts: [String] = []
        var part = ""
        var word = ""
        func endWord() {
            if isPlaceholder(word) {
                parts.append(part)
                part = ""
            } else {
                part += word
            }
            word = ""
        }
        for character in message {
            if isWord(character) {
                word.append(character)
            } else {
                endWord()
                part.append(character)
            }
        }
        endWord()
        parts.append(part)
        return
            parts
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " :")) }
            .filter {
                $0.unicodeScalars.contains {
                    ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                }
            }
    }

    /// Every corpus case by name: the substrings it expects on stderr and stdout (the HTTP
    /// corpus: in the answer's body).
    static let cases: [String: [String]] = {
        var cases: [String: [String]] = [:]
        let folder = repositoryRoot + "/Tests/Corpus"
        // The CLI manifests, and the HTTP one in its own folder (another format).
        let files =
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }
            + ["HTTP/requests.json"]
        for file in files {
            guard let data = FileManager.default.contents(atPath: folder + "/" + file),
                let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]
            else { continue }
            for item in list {
                guard let name = item["name"] as? String else { continue }
                cases[name] = ["stderr", "stdout", "body"].flatMap { item[$0] as? [String] ?? [] }
            }
        }
        return cases
    }()

    @Test func fixedPartsLeaveOutPlaceholders() {
        expect(
            Self.fixedParts("SCRIPT:LINE: out:METHOD [S, I]: extra must be a table, got TYPE") == [
                "out", "]: extra must be a table, got",
            ])
        expect(
            Self.fixedParts("SCRIPT:LINE: memory limit exceeded (N MiB; raise it with --max-memory)")
                == ["memory limit exceeded (", "MiB; raise it with --max-memory)"])
        expect(
            Self.fixedParts("cannot WHAT item [S, I]: its section S is deleted") == [
                "cannot", "item [", "]: its section", "is deleted",
            ])
        expectEqual(Self.fixedParts("not found"), ["not found"])
    }

    @Test func catalogueHasEveryGroup() {
        let groups = Set(Self.rows.map(\.group))
        for group in [
            "Script loading and syntax", "Runtime errors and limits", "The sandbox", "Flow properties and callbacks",
            "Custom prepare and `out:*` values", "Hooks and the attributes object", "Super queries and the list hook",
            "Data files",
            "Batch files and update validation", "Command-line usage", "Watch and the worker",
            "The preview HTTP server",
        ] {
            expectContains(groups, group, "no table for \(group)")
        }
        expect(Self.rows.count >= 150)
    }

    /// The test file named `name` in any test target (`Tests/*/name`).
    static func testFile(_ name: String) -> String? {
        let tests = repositoryRoot + "/Tests"
        let targets = (try? FileManager.default.contentsOfDirectory(atPath: tests)) ?? []
        return targets.sorted().map { tests + "/" + $0 + "/" + name }.first {
            FileManager.default.fileExists(atPath: $0)
        }
    }

    @Test func everyRowNamesAnExistingProof() {
        for row in Self.rows {
            guard let proof = row.proof else {
                // Rows no case can express say how they were checked.
                expectContains(row.proofCell, "verified by hand", "\(row.message): no case and no reason")
                continue
            }
            if proof.hasSuffix(".swift") {
                expect(Self.testFile(proof) != nil, "\(row.message): no test file \(proof)")
            } else {
                expect(Self.cases[proof] != nil, "\(row.message): no corpus case named \(proof)")
            }
        }
        expect(Self.rows.filter { $0.proof == nil }.count <= 5)
    }

    @Test func everyProofExpectsItsMessage() throws {
        for row in Self.rows {
            guard let proof = row.proof else { continue }
            let expected: [String]
            if proof.hasSuffix(".swift") {
                expected = [try String(contentsOfFile: try require(Self.testFile(proof)), encoding: .utf8)]
            } else {
                expected = Self.cases[proof] ?? []
            }
            for part in Self.fixedParts(row.message) {
                expect(
                    expected.contains { $0.contains(part) }, "\(proof) does not expect \"\(part)\" of \(row.message)")
            }
        }
    }

    @Test func everyCatalogueCaseIsCited() throws {
        let data = try require(FileManager.default.contents(atPath: repositoryRoot + "/Tests/Corpus/catalogue.json"))
        let list = try require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        let cited = Set(Self.rows.compactMap(\.proof))
        for name in list.compactMap({ $0["name"] as? String }) {
            let isCited = cited.contains(name)
            expect(isCited, "catalogue.json case \(name) is not cited in docs/errors.md")
        }
    }
}
