import Foundation
import TestExpectations
import Testing

@Suite("lualayout init")
struct InitCommandTests {
    private func temporaryFolder() throws -> String {
        let directory = NSTemporaryDirectory() + "lualayout-init-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The flow starter on its data at 375 wide: the section inset leaves 355; items are 100
    /// wide, so a line holds 3 (3·100 + 2·10 = 320 ≤ 355, a fourth needs 430). A full line is
    /// justified: (355 − 300) / 2 = 27.5 between items, x = 10, 137.5 → 138, 265; items are
    /// centred in the 90-high line (60-high ones at 50 + 15 = 65). Header 0 at 0 (40 high),
    /// lines at 40 + 10 = 50 and 50 + 90 + 10 = 150 (Delta alone, left-aligned), section end
    /// 150 + 120 + 10 = 280. Section 1: header at 280, line at 330 (Epsilon at 345, Zeta at
    /// x = 120 as the last line is left-aligned), end 330 + 90 + 10 = 430.
    @Test func theFlowStarterRunsAsWritten() throws {
        let folder = try temporaryFolder()
        let created = lualayout("init", folder + "/demo")
        expectEqual(created.status, 0)
        expectEqual(created.err, "")
        #expect(
            created.out == """
                wrote \(folder)/demo.lua (a flow layout)
                wrote \(folder)/demo.json (its data: 2 sections, 6 items)
                wrote \(folder)/demo.test.lua (its test scenario)
                run it:   lualayout run \(folder)/demo.lua --data \(folder)/demo.json --format table
                check it: lualayout check \(folder)/demo.lua --data \(folder)/demo.json
                test it:  lualayout test \(folder)/demo.test.lua

                """)
        let run = lualayout("run", folder + "/demo.lua", "--data", folder + "/demo.json", "--format", "table")
        expectEqual(run.status, 0)
        expectEqual(run.err, "")
        #expect(
            run.out == """
                content 375×430  bounds 0,0 375×667  8 elements
                category       kind    indexPath    x    y  width  height  alpha   z  hidden  extra
                cell                   [0, 0]      10   65    100      60      1   0          label="Alpha"
                cell                   [0, 1]     138   50    100      90      1   0          label="Beta"
                cell                   [0, 2]     265   65    100      60      1   0          label="Gamma"
                cell                   [0, 3]      10  150    100     120      1   0          label="Delta"
                cell                   [1, 0]      10  345    100      60      1   0          label="Epsilon"
                cell                   [1, 1]     120  330    100      90      1   0          label="Zeta"
                supplementary  header  [0, 0]       0    0    375      40      1  10
                supplementary  header  [1, 0]       0  280    375      40      1  10

                """)
        // The starter also passes its own lint.
        let check = lualayout("check", folder + "/demo.lua", "--data", folder + "/demo.json")
        expectEqual(check.status, 0)
        expectContains(check.out, "no warnings")
        try Self.expectTheTestPasses(folder, "demo", checks: 4)
    }

    /// The starter's test passes as written: the first run writes its snapshot (the visible
    /// elements of the starter's run: 8 for the flow and custom ones), the second (in CI mode)
    /// compares with it.
    static func expectTheTestPasses(_ folder: String, _ name: String, checks: Int, elements: Int = 8) throws {
        let test = "\(folder)/\(name).test.lua"
        let snapshot = "\(folder)/__snapshots__/\(name).test.lua/\(name).json"
        let first = lualayout("test", test, "--no-ci")
        expectEqual(first.status, 0)
        expectEqual(first.err, "")
        #expect(
            first.out.replacingOccurrences(of: #"[0-9]+ ms\)"#, with: "T ms)", options: .regularExpression) == """
                PASS  \(test)  (\(checks) checks, T ms)
                    note: snapshot written: \(snapshot)
                1 passed, 0 failed

                """)
        let stored = try String(contentsOfFile: snapshot, encoding: .utf8)
        expectEqual(stored.components(separatedBy: "\"category\": ").count - 1, elements)
        let second = lualayout("test", test, "--ci")
        expectEqual(second.status, 0)
        expect(second.out.hasSuffix("\n1 passed, 0 failed\n"))
    }

    /// The custom starter stacks full-width rows: a 30-high header, then each item as high as
    /// its data, 8 apart: header 0 at 0, rows at 38 (60), 106 (90), 204 (60), 272 (120);
    /// header 1 at 272 + 120 + 8 = 400, rows at 438 (60) and 506 (90); content 375×(596 + 8).
    @Test func theCustomStarterRunsAsWritten() throws {
        let folder = try temporaryFolder()
        expectEqual(lualayout("init", folder + "/rows.lua", "--custom").status, 0)
        let run = lualayout("run", folder + "/rows.lua", "--data", folder + "/rows.json", "--format", "table")
        expectEqual(run.status, 0)
        expectEqual(run.err, "")
        #expect(
            run.out == """
                content 375×604  bounds 0,0 375×667  8 elements
                category       kind    indexPath  x    y  width  height  alpha  z  hidden  extra
                cell                   [0, 0]     0   38    375      60      1  0          label="Alpha"
                cell                   [0, 1]     0  106    375      90      1  0          label="Beta"
                cell                   [0, 2]     0  204    375      60      1  0          label="Gamma"
                cell                   [0, 3]     0  272    375     120      1  0          label="Delta"
                cell                   [1, 0]     0  438    375      60      1  0          label="Epsilon"
                cell                   [1, 1]     0  506    375      90      1  0          label="Zeta"
                supplementary  header  [0, 0]     0    0    375      30      1  1
                supplementary  header  [1, 0]     0  400    375      30      1  1

                """)
        try Self.expectTheTestPasses(folder, "rows", checks: 4)
    }

    /// A name that needs quoting in the header and is no safe snapshot name as it is.
    @Test func theTestOfAnAwkwardName() throws {
        let folder = try temporaryFolder()
        expectEqual(lualayout("init", folder + "/my \"odd\" layout").status, 0)
        let test = try String(contentsOfFile: folder + "/my \"odd\" layout.test.lua", encoding: .utf8)
        expectContains(test, "-- options: \"--data=my \\\"odd\\\" layout.json\"\n")
        expectContains(test, "expectSnapshot(\"my--odd--layout\")")
        let result = lualayout("test", folder, "--no-ci")
        expectEqual(result.status, 0)
        expect(
            FileManager.default.fileExists(
                atPath: folder + "/__snapshots__/my \"odd\" layout.test.lua/my--odd--layout.json"))
    }

    /// `init sub/dir/name` makes the missing folders (issue 34, item 17) and its test passes
    /// there; a file where a folder should be is refused before anything is written.
    @Test func makesTheFoldersOfItsName() throws {
        let folder = try temporaryFolder()
        let made = lualayout("init", folder + "/sub/dir/name")
        expectEqual(made.status, 0, "\(made.err)")
        for file in ["name.lua", "name.json", "name.test.lua"] {
            expect(FileManager.default.fileExists(atPath: folder + "/sub/dir/" + file))
        }
        try Self.expectTheTestPasses(folder + "/sub/dir", "name", checks: 4)
        try "a file\n".write(toFile: folder + "/file", atomically: true, encoding: .utf8)
        let blocked = lualayout("init", folder + "/file/x/name")
        expectEqual(blocked.status, 2)
        expectContains(blocked.err, "\(folder)/file/x/name.lua: cannot write: Not a directory")
        expectEqual(try FileManager.default.contentsOfDirectory(atPath: folder).sorted(), ["file", "sub"])
    }

    @Test func neverOverwrites() throws {
        let folder = try temporaryFolder()
        try "-- mine\n".write(toFile: folder + "/taken.json", atomically: true, encoding: .utf8)
        let result = lualayout("init", folder + "/taken")
        expectEqual(result.status, 2)
        expectEqual(result.out, "")
        expect(
            result.err
                == "\(folder)/taken.json: already exists; init never overwrites a file (choose another NAME or move it away)\n"
        )
        // Nothing was written, and the existing file is untouched.
        expect(!FileManager.default.fileExists(atPath: folder + "/taken.lua"))
        expect(!FileManager.default.fileExists(atPath: folder + "/taken.test.lua"))
        expectEqual(try String(contentsOfFile: folder + "/taken.json", encoding: .utf8), "-- mine\n")
    }

    /// The compositional starter on its data at 375 wide, scale 1 (fractions floor to whole
    /// points): section insets 10 leave 355; two columns with spacing 10 → (355 − 10)/2 = 172.5,
    /// floored to 172, at x = 10 and 10 + 172 + 10 = 192. The header (40 high) follows the
    /// insets: (10, 0, 355, 40); rows at 40 + 10 = 50 and 50 + 80 + 10 = 140; the section ends at
    /// 140 + 80 + 10 = 230. Section 1 (one column, 355 wide) starts at 230 + 20 = 250: header at
    /// 250, rows at 300 and 390, end 480. Badges (20×20, top-trailing, fractional (0.3, −0.3))
    /// at maxX − 14, minY − 6: 182 − 14 = 168, 364 − 14 = 350, 365 − 14 = 351.
    @Test func theCompositionalStarterRunsAsWritten() throws {
        let folder = try temporaryFolder()
        let created = lualayout("init", folder + "/grid", "--compositional")
        expectEqual(created.status, 0)
        expect(created.out.hasPrefix("wrote \(folder)/grid.lua (a compositional layout)\n"))
        let run = lualayout("run", folder + "/grid.lua", "--data", folder + "/grid.json", "--format", "table")
        expectEqual(run.status, 0)
        expectEqual(run.err, "")
        #expect(
            run.out == """
                content 375×480  bounds 0,0 375×667  14 elements
                category       kind    indexPath    x    y  width  height  alpha  z  hidden  extra
                cell                   [0, 0]      10   50    172      80      1  0          label="Alpha"
                cell                   [0, 1]     192   50    172      80      1  0          label="Beta"
                cell                   [0, 2]      10  140    172      80      1  0          label="Gamma"
                cell                   [0, 3]     192  140    172      80      1  0          label="Delta"
                cell                   [1, 0]      10  300    355      80      1  0          label="Epsilon"
                cell                   [1, 1]      10  390    355      80      1  0          label="Zeta"
                supplementary  badge   [0, 0]     168   44     20      20      1  1
                supplementary  badge   [0, 1]     350   44     20      20      1  1
                supplementary  badge   [0, 2]     168  134     20      20      1  1
                supplementary  badge   [0, 3]     350  134     20      20      1  1
                supplementary  badge   [1, 0]     351  294     20      20      1  1
                supplementary  badge   [1, 1]     351  384     20      20      1  1
                supplementary  header  [0, 0]      10    0    355      40      1  1
                supplementary  header  [1, 0]      10  250    355      40      1  1

                """)
        let check = lualayout("check", folder + "/grid.lua", "--data", folder + "/grid.json")
        expectEqual(check.status, 0)
        expectContains(check.out, "compositional layout, 6 items in 2 sections")
        expectContains(check.out, "properties: sectionProvider, interSectionSpacing")
        expectContains(check.out, "no warnings")
        // Its test checks the frames above (5 checks) and snapshots all 14 elements.
        try Self.expectTheTestPasses(folder, "grid", checks: 5, elements: 14)
    }

    @Test func oneKindOnly() throws {
        let folder = try temporaryFolder()
        let result = lualayout("init", folder + "/both", "--flow", "--custom")
        expectEqual(result.status, 2)
        expectContains(result.err, "--flow")
        expect(!FileManager.default.fileExists(atPath: folder + "/both.lua"))
    }

    @Test func aFolderIsNotAName() throws {
        let folder = try temporaryFolder()
        let result = lualayout("init", folder + "/")
        expectEqual(result.status, 2)
        expect(
            result.err
                == "lualayout: init: '\(folder)/' does not name a file (init writes NAME.lua, NAME.json and NAME.test.lua)\n"
        )
        expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
}
