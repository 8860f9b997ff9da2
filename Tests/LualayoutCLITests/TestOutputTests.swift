import Foundation
import Testing

/// What a test's scripts print is attributed to its run: under the run's line (`print: …`),
/// and in its JUnit `system-out`, never loose on standard error where parallel workers would
/// interleave it (issue 34, item 16).
@Suite("lualayout test: printed output")
struct TestOutputTests {
    @Test func printedLinesFollowTheirRunAndDevice() throws {
        let dir = try TestCommandTests.folder([
            "rows.lua": TestCommandTests.rows,
            "a.test.lua": "-- layout: rows.lua\n-- devices: iphone-se, ipad-mini\n"
                + "print(\"width\", contentSize().width)\nexpect(true, \"ok\")\n",
            "b.test.lua": "-- layout: rows.lua\nprint(\"two\\nlines\")\nexpect(false, \"b fails\")\n",
        ])
        let junit = dir + "/report.xml"
        let result = TestCommandTests.run(dir, "--jobs", "3", "--junit", junit)
        #expect(result.status == 1)
        #expect(result.err == "")
        // rows.lua's content is as wide as the bounds: 375 on the iPhone SE, 744 on the iPad mini.
        #expect(
            result.out == """
                PASS  \(dir)/a.test.lua [iphone-se]  (1 check, T ms)
                    print: width\t375
                PASS  \(dir)/a.test.lua [ipad-mini]  (1 check, T ms)
                    print: width\t744
                FAIL  \(dir)/b.test.lua  (1 check, 1 failed, T ms)
                    \(dir)/b.test.lua:3: expectation failed: b fails
                    print: two
                    print: lines
                2 passed, 1 failed

                """)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.contains("<system-out>print: width&#9;744</system-out>"))
        #expect(xml.contains("<system-out>print: two&#10;print: lines</system-out>"))
    }
}
