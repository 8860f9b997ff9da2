import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TestExpectations
import Testing
@testable import LualayoutCLI

/// `lualayout test --junit FILE`: the XML parses, and holds one testcase per test file with
/// the right counts, failure and error elements.
@Suite("lualayout test (JUnit)")
struct TestJUnitTests {
    @Test func theReportOfAMixedRun() throws {
        let dir = try TestCommandTests.folder([
            "rows.lua": TestCommandTests.rows,
            "pass.test.lua": "-- layout: rows.lua\nexpect(true, \"a\")\nexpect(true, \"b\")\n",
            "fail.test.lua":
                "-- layout: rows.lua\nexpect(false, \"x < 10 & \\\"quoted\\\"\")\nexpect(false, \"second\")\n",
            "error.test.lua": "-- layout: rows.lua\nerror(\"<boom>\")\n",
        ])
        let report = dir + "/report.xml"
        let result = TestCommandTests.run(dir, "--junit", report)
        expectEqual(result.status, 1)
        expect(result.out.hasSuffix("1 passed, 1 failed, 1 error\n"))
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        let document = try XMLDocument(xmlString: xml, options: [])
        let root = try require(document.rootElement())
        expectEqual(root.name, "testsuites")
        expectEqual(root.attribute(forName: "tests")?.stringValue, "3")
        expectEqual(root.attribute(forName: "failures")?.stringValue, "1")
        expectEqual(root.attribute(forName: "errors")?.stringValue, "1")
        let suites = root.elements(forName: "testsuite")
        expectEqual(suites.count, 1)
        let cases = suites.first?.elements(forName: "testcase") ?? []
        expect(
            cases.map { $0.attribute(forName: "name")?.stringValue } == [
                "\(dir)/error.test.lua", "\(dir)/fail.test.lua", "\(dir)/pass.test.lua",
            ])
        expectEqual(cases.map { $0.attribute(forName: "classname")?.stringValue }, [dir, dir, dir])
        expectEqual(cases.map { $0.attribute(forName: "assertions")?.stringValue }, ["0", "2", "2"])
        for testCase in cases {
            let time = Double(testCase.attribute(forName: "time")?.stringValue ?? "") ?? -1
            expect(time >= 0)
        }
        // The error: its located message.
        let error = try require(cases[0].elements(forName: "error").first)
        expectEqual(error.attribute(forName: "message")?.stringValue, "\(dir)/error.test.lua:2: <boom>")
        // The failure: the first failed check (and how many more) as the message, every line as text.
        let failure = try require(cases[1].elements(forName: "failure").first)
        expect(
            failure.attribute(forName: "message")?.stringValue
                == "\(dir)/fail.test.lua:2: expectation failed: x < 10 & \"quoted\" (and 1 more)")
        #expect(
            failure.stringValue == """
                \(dir)/fail.test.lua:2: expectation failed: x < 10 & "quoted"
                \(dir)/fail.test.lua:3: expectation failed: second
                """)
        expect(cases[2].children == nil || cases[2].children?.isEmpty == true)
    }

    @Test func anUnwritableReportIsAnInputError() throws {
        let dir = try TestCommandTests.folder([
            "rows.lua": TestCommandTests.rows, "pass.test.lua": "-- layout: rows.lua\nexpect(true, \"a\")\n",
        ])
        let result = TestCommandTests.run(dir, "--junit", dir + "/no/such/folder/report.xml")
        expectEqual(result.status, 2)
        expect(result.out.hasSuffix("1 passed, 0 failed\n"))
        expectEqual(result.err, "\(dir)/no/such/folder/report.xml: cannot write output file\n")
    }
}
