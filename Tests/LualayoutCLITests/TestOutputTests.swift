import Foundation
import TestExpectations
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
        expectEqual(result.status, 1)
        expectEqual(result.err, "")
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
        expectContains(xml, "<system-out>print: width&#9;744</system-out>")
        expectContains(xml, "<system-out>print: two&#10;print: lines</system-out>")
    }

    /// `--html DIR`: each run's timeline page (what `simulate --format html` writes), named after
    /// the run, and an index linking them in report order with their status (issue 34, item 14).
    @Test func htmlWritesEachRunsTimelineAndAnIndex() throws {
        let dir = try TestCommandTests.folder([
            "rows.lua": TestCommandTests.rows,
            "a.test.lua": "-- layout: rows.lua\n-- devices: iphone-se, ipad-mini\ntap(60, 60)\nexpect(true, \"a\")\n",
            "sub/b.test.lua": "-- layout: ../rows.lua\nexpect(false, \"b fails\")\n",
        ])
        let pages = dir + "/pages"
        let result = TestCommandTests.run(dir + "/a.test.lua", dir + "/sub/b.test.lua", "--html", pages, "--jobs", "2")
        expectEqual(result.status, 1)
        let base = dir.split(separator: "/").joined(separator: "--")
        let names = ["\(base)--a.test.lua.iphone-se", "\(base)--a.test.lua.ipad-mini", "\(base)--sub--b.test.lua"]
        let files = try FileManager.default.contentsOfDirectory(atPath: pages).sorted()
        expectEqual(files, (names.map { $0 + ".html" } + ["index.html"]).sorted())
        let index = try String(contentsOfFile: pages + "/index.html", encoding: .utf8)
        expect(
            index.contains(
                "<li><span class=\"passed\">PASSED</span> <a href=\"\(names[0]).html\">\(dir)/a.test.lua [iphone-se]</a></li>\n"
                    + "<li><span class=\"passed\">PASSED</span> <a href=\"\(names[1]).html\">\(dir)/a.test.lua [ipad-mini]</a></li>\n"
                    + "<li><span class=\"failed\">FAILED</span> <a href=\"\(names[2]).html\">\(dir)/sub/b.test.lua</a></li>\n"
            ))
        // Each page is the run's timeline: its tap, on its device's screen.
        let phone = try String(contentsOfFile: pages + "/\(names[0]).html", encoding: .utf8)
        expect(phone.hasPrefix("<!DOCTYPE html>"))
        expectContains(phone, "<b>#1</b> line 3 · tap at 60,60</li>")
        expectContains(phone, "375")
        let tablet = try String(contentsOfFile: pages + "/\(names[1]).html", encoding: .utf8)
        expectContains(tablet, "744")
        expect(try String(contentsOfFile: pages + "/\(names[2]).html", encoding: .utf8).contains("b fails"))
    }
}
