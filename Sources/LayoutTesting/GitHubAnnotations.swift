/// `--reporter github`: each failure and error as a GitHub Actions workflow command
/// (`::error file=PATH,line=N,title=…::message`), which GitHub shows on the pull request's
/// diff at that line. Printed after the test's usual lines.
package enum GitHubAnnotations {
    package static func lines(for report: TestCaseReport) -> [String] {
        let title = "lualayout test " + report.name
        var lines: [String] = []
        for failure in report.result.failures {
            lines.append(annotation(file: report.path, line: failure.line, title: title, message: failure.message))
        }
        if let error = report.result.error {
            // `path:LINE: message` when the error is located in the test file itself.
            var line: Int?
            var message = error
            let prefix = report.path + ":"
            if error.hasPrefix(prefix) {
                let rest = error.dropFirst(prefix.count)
                let digits = rest.prefix { $0.isASCII && $0.isNumber }
                if !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix(":") {
                    line = Int(digits)
                    message = String(rest.dropFirst(digits.count + 1).drop { $0 == " " })
                } else if rest.hasPrefix(" ") {
                    message = String(rest.dropFirst())
                }
            }
            lines.append(annotation(file: report.path, line: line, title: title, message: message))
        }
        return lines
    }

    static func annotation(file: String, line: Int?, title: String, message: String) -> String {
        var properties = "file=\(escapeProperty(file))"
        if let line { properties += ",line=\(line)" }
        properties += ",title=\(escapeProperty(title))"
        return "::error \(properties)::\(escapeData(message))"
    }

    /// The message: `%`, CR and LF escaped, as the runner's toolkit does, by Unicode scalar
    /// (a CR LF is one `Character`, equal to neither).
    static func escapeData(_ text: String) -> String { escape(text, ["%": "%25", "\r": "%0D", "\n": "%0A"]) }

    /// A property value: also `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        escape(text, ["%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C"])
    }

    private static func escape(_ text: String, _ replacements: [Unicode.Scalar: String]) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replacement = replacements[scalar] {
                result += replacement
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `lines` between `::stop-commands::TOKEN` and `::TOKEN::`: the runner executes no
    /// workflow command in them. A test's report quotes what the test chose (messages,
    /// values, paths), and the runner reads a command in any line that starts with `::` after
    /// its indentation; the token is random, so the test cannot end the pause itself.
    package static func guarded(_ lines: [String], token: String) -> [String] {
        guard !lines.isEmpty else { return [] }
        return ["::stop-commands::\(token)"] + lines + ["::\(token)::"]
    }

    /// A fresh token for `guarded`: 128 random bits in hex.
    package static func pauseToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
