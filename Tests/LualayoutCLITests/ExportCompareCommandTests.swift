import Foundation
import TestExpectations
import Testing

/// `lualayout export --swift` end to end: the file written, `-o` kept safe; `lualayout compare`
/// exit codes and output (the corpus, Tests/Corpus/export.json, covers each message).
@Suite("lualayout export and compare")
struct ExportCompareCommandTests {
    @Test func exportWritesTheFileThroughATemporaryOne() throws {
        let output = try temporaryFile("Grid.swift", "old contents\n")
        let result = lualayout(
            "export", "Examples/compositional/grid.lua", "--swift", "--scale", "2", "--items", "94", "--name", "Grid",
            "-o",
            output)
        expectEqual(result.status, 0, "\(result.err)")
        expect(result.out.isEmpty)
        let written = try String(contentsOfFile: output, encoding: .utf8)
        expect(
            written.hasPrefix(
                "// GridLayout.swift: exported by `lualayout export --swift` from Examples/compositional/grid.lua"))
        expectContains(written, "// Values evaluated for --bounds 375x667 --scale 2 --items 94.\n")
        expect(
            written.contains(
                "@available(iOS 13, *)\n@MainActor\nfunc makeGridLayout() -> UICollectionViewCompositionalLayout {\n"))
        let folder = (output as NSString).deletingLastPathComponent
        expectEqual(
            try FileManager.default.contentsOfDirectory(atPath: folder), ["Grid.swift"], "no temporary file left")
    }

    /// `-o` naming the script by another path (a symbolic link) is refused before anything runs,
    /// and the script is untouched.
    @Test func exportNeverOverwritesItsScript() throws {
        let script = try temporaryFile("layout.lua", "return flow{ itemSize = {10, 10} }\n")
        let link = (script as NSString).deletingLastPathComponent + "/Layout.swift"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: script)
        let result = lualayout("export", script, "--swift", "-o", link)
        expectEqual(result.status, 2)
        expect(
            result.err == "lualayout: -o \(link) is \(script), an input of this command: choose another output file\n")
        expectEqual(try String(contentsOfFile: script, encoding: .utf8), "return flow{ itemSize = {10, 10} }\n")
    }

    /// A refused export writes nothing to `-o`.
    @Test func aRefusedExportWritesNothing() throws {
        let output = try temporaryFile("Line.swift", "kept\n")
        let result = lualayout("export", "Examples/fly-in.lua", "--swift", "-o", output)
        expectEqual(result.status, 1)
        // fly-in's table of string and number keys is outside the translated subset.
        expect(
            result.err
                == "Examples/fly-in.lua:25: a table is keyed by numbers here and by strings elsewhere: a Swift dictionary has one key type; convert the keys (tostring(k)) or use two tables (--allow-partial exports the rest and marks it)\n"
        )
        expectEqual(try String(contentsOfFile: output, encoding: .utf8), "kept\n")
    }

    /// Run twice, compared: identical (exit 0); the same layout at another width differs
    /// (exit 1) with one line per changed element, the content size first.
    @Test func compareRunOutputs() throws {
        let folder = NSTemporaryDirectory() + "lualayout-compare-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let a = folder + "/a.json", b = folder + "/b.json", c = folder + "/c.json"
        let grid = [
            "run", "Examples/compositional/two-column-grid.lua", "--scale", "2", "--items", "4", "--format", "json",
        ]
        expectEqual(lualayout(grid + ["-o", a]).status, 0)
        expectEqual(lualayout(grid + ["-o", b]).status, 0)
        expectEqual(lualayout(grid + ["--bounds", "395x667", "-o", c]).status, 0)
        let same = lualayout("compare", a, b)
        expectEqual(same.status, 0)
        expectEqual(same.out, "\(a) and \(b) match: 4 elements\n")
        // 395 wide: (395 − 20 − 10) / 2 = 182.5 per column, the second at 10 + 182.5 + 10 = 202.5.
        let wider = lualayout("compare", a, c)
        expectEqual(wider.status, 1)
        #expect(
            wider.out == """
                \(c) differs from \(a): 4 moved or resized
                content 375×98 → 395×98
                bounds 0,0 375×667 → 0,0 395×667
                resized cell [0, 0]: 10,0 172.5×44 → 10,0 182.5×44
                moved and resized cell [0, 1]: 192.5,0 172.5×44 → 202.5,0 182.5×44
                resized cell [0, 2]: 10,54 172.5×44 → 10,54 182.5×44
                moved and resized cell [0, 3]: 192.5,54 172.5×44 → 202.5,54 182.5×44

                """)
        // Within 20 points every number matches (the widths differ by 20, the frames by 10);
        // within 19 the content size and bounds still differ.
        expectEqual(lualayout("compare", a, c, "--tolerance", "20").status, 0)
        expect(
            lualayout("compare", a, c, "--tolerance", "19").out.hasPrefix(
                "\(c) differs from \(a): no element changed\n"))
    }
}
