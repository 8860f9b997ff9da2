import Platform

/// The outcome of one test file and how `lualayout test` prints it.
package struct TestCaseReport: Equatable {
    package enum Status: Equatable {
        case passed
        /// At least one `expect` or `expectSnapshot` failed.
        case failed
        /// The test could not run to its end: a header, script or layout error.
        case error
    }

    package var path: String
    /// The device or matrix run (`-- devices:`, `-- matrix:`), reported as `path [variant]`.
    package var variant: String?
    package var result: ScenarioTestResult
    /// Wall time in seconds.
    package var seconds: Double
    /// What the run's scripts printed (`print` goes to standard error), attributed to the run;
    /// empty when nothing was printed or the run was not captured.
    package var output = ""

    package init(path: String, variant: String? = nil, result: ScenarioTestResult, seconds: Double) {
        self.path = path
        self.variant = variant
        self.result = result
        self.seconds = seconds
    }

    /// `path`, or `path [device]` for one run of a test with devices or a matrix.
    package var name: String { variant.map { "\(path) [\($0)]" } ?? path }

    package var status: Status {
        if result.error != nil { return .error }
        return result.failures.isEmpty ? .passed : .failed
    }

    /// `PASS  path  (N checks, T ms)`, then what went wrong, indented.
    package var lines: [String] {
        let checks = result.checks == 1 ? "1 check" : "\(result.checks) checks"
        let time = "\(Int((seconds * 1000).rounded())) ms"
        var lines: [String]
        switch status {
        case .passed: lines = ["PASS  \(name)  (\(checks), \(time))"]
        case .failed: lines = ["FAIL  \(name)  (\(checks), \(result.failures.count) failed, \(time))"]
        case .error: lines = ["ERROR \(name)  (\(time))"]
        }
        for failure in result.failures { lines += Self.indented(failureLine(failure)) }
        if let error = result.error { lines += Self.indented(error) }
        for note in result.notes { lines += Self.indented("note: " + note) }
        lines += printedLines.map { "    print: " + $0 }
        return lines
    }

    /// The printed text, a line each (without the last line break).
    package var printedLines: [String] {
        guard !output.isEmpty else { return [] }
        var text = Substring(output)
        if text.hasSuffix("\n") { text = text.dropLast() }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    package func failureLine(_ failure: ScenarioTestResult.Failure) -> String {
        "\(path):\(failure.line): expectation failed: \(failure.message)"
    }

    /// The first line indented by 4, the following ones (a diff, a traceback) by 6: every line
    /// a CR, an LF or both end (a message's CR LF does not hide its second line).
    package static func indented(_ text: String) -> [String] {
        text.splitLines().enumerated().map { index, line in
            (index == 0 ? "    " : "      ") + line
        }
    }
}

/// The totals: the summary line starts `N passed, M failed`.
package struct TestRunSummary: Equatable {
    package var passed = 0, failed = 0, errors = 0

    package init(_ reports: [TestCaseReport]) {
        for report in reports {
            switch report.status {
            case .passed: passed += 1
            case .failed: failed += 1
            case .error: errors += 1
            }
        }
    }

    package var line: String {
        var text = "\(passed) passed, \(failed) failed"
        if errors > 0 { text += errors == 1 ? ", 1 error" : ", \(errors) errors" }
        return text
    }

    package var exitCode: Int32 { failed == 0 && errors == 0 ? 0 : 1 }
}
