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

    /// The message: `%`, CR and LF escaped, as the runner's toolkit does.
    static func escapeData(_ text: String) -> String {
        text.replacingAll("%", "%25").replacingAll("\r", "%0D").replacingAll("\n", "%0A")
    }

    /// A property value: also `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingAll(":", "%3A").replacingAll(",", "%2C")
    }
}

extension String {
    fileprivate func replacingAll(_ target: Character, _ replacement: String) -> String {
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
