import Foundation
import TestExpectations
import Testing
import LayoutTesting
@testable import LualayoutCLI

/// `-- devices:` and `-- matrix:` (issue 24): one test, one run per device or option set,
/// each reported as `path [device]`, with snapshots per device; `--devices`; `--reporter github`.
@Suite("lualayout test (devices)")
struct TestDevicesTests {
    /// The first cell at the safe area's top-left plus 10: on the iPhone SE (safe area top 20)
    /// at (10, 30), on the iPad Pro 11-inch (top 24) at (10, 34); width = bounds − 20: 355 and
    /// 814 (834 − 20).
    static let safeRows = """
        return { prepare = function(cv, out)
          local inset = cv.safeAreaInsets
          for i = 0, cv:numberOfItems(0) - 1 do
            out:cell(0, i, inset.left + 10, inset.top + 10 + 60 * i, cv.bounds.width - 20, 50)
          end
          out:contentSize(cv.bounds.width, 60 * cv:numberOfItems(0))
        end }

        """

    @Test func oneRunPerDeviceWithSnapshotsPerDevice() throws {
        let dir = try TestCommandTests.folder([
            "rows.lua": Self.safeRows,
            "d.test.lua": """
            -- layout: rows.lua
            -- options: --items 2
            -- devices: iphone-se, ipad-pro-11
            expectFrame(0, 0, {10, 30, 355, 50})
            expectSnapshot("rows")

            """,
        ])
        let result = TestCommandTests.run(dir, "--no-ci", "--reporter", "github", "--junit", dir + "/r.xml")
        expectEqual(result.status, 1)
        let d = dir + "/d.test.lua", folder = dir + "/__snapshots__/d.test.lua"
        // Each test's lines between ::stop-commands::TOKEN and ::TOKEN:: (one random token a run).
        let token = String(result.out.prefix { $0 != "\n" }.dropFirst("::stop-commands::".count))
        expect(token.count == 32 && token.allSatisfy(\.isHexDigit))
        #expect(
            result.out == """
                ::stop-commands::\(token)
                PASS  \(d) [iphone-se]  (2 checks, T ms)
                    note: snapshot written: \(folder)/rows.iphone-se.json
                ::\(token)::
                ::stop-commands::\(token)
                FAIL  \(d) [ipad-pro-11]  (2 checks, 1 failed, T ms)
                    \(d):4: expectation failed: cell [0, 0]: y got 34, expected 30; width got 814, expected 355 (frame {10, 34, 814, 50})
                    note: snapshot written: \(folder)/rows.ipad-pro-11.json
                ::\(token)::
                ::error file=\(d),line=4,title=lualayout test \(d) [ipad-pro-11]::cell [0, 0]: y got 34, expected 30; width got 814, expected 355 (frame {10, 34, 814, 50})
                1 passed, 1 failed

                """)
        // Each device's own snapshot: the SE's bounds are 375×667, the iPad's 834×1210, each
        // scrolled to minus its safe area's top (20, 24), where UIKit's adjusted inset starts it.
        let phone = try String(contentsOfFile: folder + "/rows.iphone-se.json", encoding: .utf8)
        let tablet = try String(contentsOfFile: folder + "/rows.ipad-pro-11.json", encoding: .utf8)
        expectContains(phone, "\"bounds\": {\"x\": 0, \"y\": -20, \"width\": 375, \"height\": 667}")
        expectContains(tablet, "\"bounds\": {\"x\": 0, \"y\": -24, \"width\": 834, \"height\": 1210}")
        let junit = try String(contentsOfFile: dir + "/r.xml", encoding: .utf8)
        expectContains(junit, "<testcase name=\"\(d) [iphone-se]\"")
        expectContains(junit, "<testcase name=\"\(d) [ipad-pro-11]\"")
        expectEqual(TestCommandTests.run(dir, "--list").out, "\(d) [iphone-se]\n\(d) [ipad-pro-11]\n")
    }

    @Test func matrixOptionSets() throws {
        let dir = try TestCommandTests.folder([
            "rows.lua": TestCommandTests.rows,
            "m.test.lua": """
            -- layout: rows.lua
            -- matrix: --bounds 390x844 --scale 3 | --bounds 744x1133 --scale 2
            expectEqual(contentSize().width, 390)

            """,
        ])
        let m = dir + "/m.test.lua"
        #expect(
            TestCommandTests.run(dir).out == """
                PASS  \(m) [--bounds 390x844 --scale 3]  (1 check, T ms)
                FAIL  \(m) [--bounds 744x1133 --scale 2]  (1 check, 1 failed, T ms)
                    \(m):3: expectation failed: got 744, expected 390
                1 passed, 1 failed

                """)
    }

    @Test func headerErrors() throws {
        let dir = try TestCommandTests.folder([
            "rows.lua": TestCommandTests.rows,
            "a.test.lua": "-- layout: rows.lua\n-- devices: iphone-SE\nexpect(true)\n",
            "b.test.lua": "-- layout: rows.lua\n-- devices: iphone-se\n-- matrix: --scale 2\nexpect(true)\n",
            "c.test.lua": "-- layout: rows.lua\n-- matrix: --scale 2 | \nexpect(true)\n",
            "d.test.lua": "-- layout: rows.lua\n-- devices: ipad-mini, ipad-mini\nexpect(true)\n",
            "e.test.lua": "-- layout: rows.lua\n-- devicse: ipad-mini\nexpect(true)\n",
        ])
        let out = TestCommandTests.run(dir).out
        for line in [
            "\(dir)/a.test.lua:2: -- devices: unknown device 'iphone-SE' (did you mean 'iphone-se'?); lualayout test --devices lists them",
            "\(dir)/b.test.lua:3: a test has '-- devices:' or '-- matrix:', not both (give the devices' options in the matrix instead)",
            "\(dir)/c.test.lua:2: -- matrix: option set 2 is empty",
            "\(dir)/d.test.lua:2: -- devices: 'ipad-mini' is named twice",
            "\(dir)/e.test.lua:2: unknown header line '-- devicse:' (did you mean '-- devices:'?)",
        ] {
            expectContains(out, "    " + line + "\n", "\(line)")
        }
    }

    /// Every device has a name, portrait bounds, a scale of 2 or 3 and a source; the listing
    /// shows them all with the sources.
    @Test func theDeviceTable() {
        for device in DeviceTable.devices {
            expect(device.width < device.height && [2, 3].contains(device.scale) && !device.source.isEmpty)
        }
        let listing = TestCommandTests.run("--devices")
        expectEqual(listing.status, 0)
        expectContains(listing.out, "iphone-se          375x667    @2x  safe area 20,0,0,0  iPhone SE")
        expectContains(listing.out, "https://developer.apple.com/design/human-interface-guidelines/layout")
        // Apple publishes no safe-area table: each device names the public tables that agree.
        expectContains(listing.out, "Apple publishes no table")
        expect(
            listing.out.contains(
                "  iphone-16-pro: Apple HIG, Layout: device screen sizes; safe area: choule99/swift-snapshot-testing ViewImageConfig; Tencent/QMUI_iOS QMUIHelper; flutter_device_preview device_frame"
            ))
        expect(
            DeviceTable.device(named: "ipad-pro-11")?.options == "--bounds 834x1210 --scale 2 --safe-area 24,0,20,0")
        // The iPhone 15 Plus, 16 and 16 Plus (issue 34, item 17): the 16 has the 15's 393×852
        // screen, the Pluses the Pro Max's 430×932, all @3x under the Dynamic Island (59, 34).
        expect(
            DeviceTable.device(named: "iphone-15-plus")?.options == "--bounds 430x932 --scale 3 --safe-area 59,0,34,0")
        expectEqual(DeviceTable.device(named: "iphone-16")?.options, "--bounds 393x852 --scale 3 --safe-area 59,0,34,0")
        expect(
            DeviceTable.device(named: "iphone-16-plus")?.options == "--bounds 430x932 --scale 3 --safe-area 59,0,34,0")
        expect(
            listing.out.contains(
                "  iphone-16-plus: Apple HIG, Layout: device screen sizes; safe area: choule99/swift-snapshot-testing ViewImageConfig (iPhone16Plus, as 15 Plus); flutter_device_preview device_frame (iphone_16_plus, at 6d01e554)"
            ))
    }

    /// Annotations escape what would end a property or the message, by Unicode scalar: a CR LF
    /// (one Swift `Character`) is escaped as both halves, and a `%` under a combining mark too.
    @Test func githubAnnotationsEscapeScalars() {
        let report = TestCaseReport(
            path: "t.test.lua",
            result: ScenarioTestResult(
                checks: 1, failures: [.init(line: 2, message: "a\r\n::notice::x %\u{301}0A, b\rc")]),
            seconds: 0)
        expect(
            GitHubAnnotations.lines(for: report) == [
                "::error file=t.test.lua,line=2,title=lualayout test t.test.lua::a%0D%0A::notice::x %25\u{301}0A, b%0Dc"
            ])
        // The report's own lines: the CR LF and the lone CR end lines, each indented.
        expect(
            report.lines.dropFirst()
                == ["    t.test.lua:2: expectation failed: a", "      ::notice::x %\u{301}0A, b", "      c"])
        expect(
            GitHubAnnotations.guarded(["x"], token: "T") == ["::stop-commands::T", "x", "::T::"])
        expect(GitHubAnnotations.pauseToken() != GitHubAnnotations.pauseToken())
    }

    /// Annotations escape what would end a property or the message.
    @Test func githubAnnotationsEscape() {
        let report = TestCaseReport(
            path: "a,b:c.test.lua",
            result: ScenarioTestResult(checks: 1, failures: [.init(line: 3, message: "50% off\nnext")]),
            seconds: 0)
        expect(
            GitHubAnnotations.lines(for: report) == [
                "::error file=a%2Cb%3Ac.test.lua,line=3,title=lualayout test a%2Cb%3Ac.test.lua::50%25 off%0Anext"
            ])
        let error = TestCaseReport(
            path: "t.test.lua", result: ScenarioTestResult(error: "t.test.lua:7: boom"), seconds: 0)
        expect(
            GitHubAnnotations.lines(for: error) == [
                "::error file=t.test.lua,line=7,title=lualayout test t.test.lua::boom"
            ])
    }
}
