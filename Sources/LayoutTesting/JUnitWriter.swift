#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import LayoutOutput
import ScriptLayout

/// `--junit FILE`: the run as JUnit XML, the format CI services read. One `testsuite`; one
/// `testcase` per test file (name: its path; classname: its folder); a failed test holds one
/// `failure` (message: the first failed check; text: every failure line), a test that could
/// not run an `error` (the located error); notes and printed lines go to `system-out`. Times in
/// seconds.
package enum JUnitWriter {
    package static func xml(_ reports: [TestCaseReport]) -> String {
        let summary = TestRunSummary(reports)
        let total = reports.reduce(0) { $0 + $1.seconds }
        let counts = "tests=\"\(reports.count)\" failures=\"\(summary.failed)\" errors=\"\(summary.errors)\""
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"lualayout test\" \(counts) time=\"\(seconds(total))\">\n"
        xml += "  <testsuite name=\"lualayout test\" \(counts) skipped=\"0\" time=\"\(seconds(total))\">\n"
        for report in reports {
            let folder = FileSystemPath.directory(of: report.path)
            xml +=
                "    <testcase name=\"\(escape(report.name))\" classname=\"\(escape(folder.isEmpty ? "." : folder))\""
            xml +=
                " file=\"\(escape(report.path))\" assertions=\"\(report.result.checks)\" time=\"\(seconds(report.seconds))\""
            let failures = report.result.failures.map(report.failureLine)
            let systemOut = report.result.notes + report.printedLines.map { "print: " + $0 }
            guard !failures.isEmpty || report.result.error != nil || !systemOut.isEmpty else {
                xml += "/>\n"
                continue
            }
            xml += ">\n"
            if let error = report.result.error {
                let first = error.splitLines().first { !$0.isEmpty }.map(String.init) ?? error
                xml += "      <error message=\"\(escape(first))\" type=\"error\">\(escape(error))</error>\n"
            } else if let first = failures.first {
                let message = first.splitLines().first { !$0.isEmpty }.map(String.init) ?? first
                let more = failures.count > 1 ? " (and \(failures.count - 1) more)" : ""
                xml +=
                    "      <failure message=\"\(escape(message + more))\" type=\"expectation\">\(escape(failures.joined(separator: "\n")))</failure>\n"
            }
            if !systemOut.isEmpty {
                xml += "      <system-out>\(escape(systemOut.joined(separator: "\n")))</system-out>\n"
            }
            xml += "    </testcase>\n"
        }
        xml += "  </testsuite>\n</testsuites>\n"
        return xml
    }

    /// Seconds with millisecond precision (`0.012`).
    package static func seconds(_ value: Double) -> String { PrintfFormat.fixed(max(0, value), decimals: 3) }

    /// Text safe in XML 1.0 content and attribute values: the five entities, line breaks and
    /// tabs as character references (attribute values would fold them into spaces), and the
    /// characters XML 1.0 forbids (other C0 controls, U+FFFE, U+FFFF) as U+FFFD.
    package static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case "\t": result += "&#9;"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
