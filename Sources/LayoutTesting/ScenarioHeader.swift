import LayoutEngine
import Platform

/// The header of a `*.test.lua` scenario: its leading comment lines, which name what it runs.
///
///     -- layout: ../springboard.lua            (required, once; relative to the test file)
///     -- controller: springboard-controller.lua (optional, once; relative to the test file)
///     -- options: --items 20 --bounds 375x667  (optional, repeatable; `lualayout run`'s
///                                               collection-view and script options)
///     -- checks: none                          (optional: the test checks nothing on purpose;
///                                               without it a test that checks nothing fails)
///
/// The header is every line before the first line of code: blank lines and `--` comments.
/// A directive is `--`, spaces, a lowercase name, `:` and its value; other comment lines are
/// free text, except a name within two edits of a directive (`-- layuot:`), which is an error
/// rather than a silently ignored line.
package struct ScenarioHeader: Equatable {
    package struct Directive: Equatable, Sendable {
        package var value: String
        /// 1-based line of the test file.
        package var line: Int

        package init(value: String, line: Int) {
            self.value = value
            self.line = line
        }
    }

    package var layout: Directive
    package var controller: Directive?
    /// Every `-- options:` line, in order; their words are read as one command line.
    package var options: [Directive] = []
    /// `-- devices: iphone-se, ipad-pro-11@14`: run once per device of `DeviceTable`, on iOS N
    /// when a name ends in `@N`.
    package var devices: Directive?
    /// `-- matrix: --bounds 390x844 --scale 3 | --bounds 744x1133 --scale 2`: once per option set.
    package var matrix: Directive?
    /// `-- checks: none`: the test makes no check on purpose (a smoke test that only has to
    /// run to its end); without it, a test that made no check fails.
    package var checksNone: Directive?

    package static let names = ["layout", "controller", "options", "devices", "matrix", "checks"]

    /// Reads the header of `source`; errors are located at `path:LINE:`.
    package static func parse(_ source: String, path: String) throws(TestFileError) -> ScenarioHeader {
        var layout: Directive?, controller: Directive?, options: [Directive] = []
        var devices: Directive?, matrix: Directive?, checks: Directive?
        var number = 0
        // Lines as Lua numbers them (CR LF from a Windows checkout is one line break).
        for line in source.splitLines() {
            number += 1
            let text = line.drop { $0 == " " || $0 == "\t" }
            if text.isEmpty { continue }
            guard text.hasPrefix("--") else { break }  // the first line of code ends the header
            guard let (name, value) = directive(in: text.dropFirst(2)) else { continue }
            let found = Directive(value: value, line: number)
            switch name {
            case "layout", "controller":
                if let first = name == "layout" ? layout : controller {
                    throw TestFileError(path, number, "second '-- \(name):' line (the first is line \(first.line))")
                }
                guard !value.isEmpty else { throw TestFileError(path, number, "'-- \(name):' names no file") }
                if name == "layout" { layout = found } else { controller = found }
            case "options":
                options.append(found)
            case "devices", "matrix":
                if let first = name == "devices" ? devices : matrix {
                    throw TestFileError(path, number, "second '-- \(name):' line (the first is line \(first.line))")
                }
                guard !value.isEmpty else { throw TestFileError(path, number, "'-- \(name):' names nothing") }
                if name == "devices" { devices = found } else { matrix = found }
            case "checks":
                if let first = checks {
                    throw TestFileError(path, number, "second '-- checks:' line (the first is line \(first.line))")
                }
                guard value == "none" else {
                    throw TestFileError(
                        path, number,
                        "'-- checks:' takes 'none' (the test checks nothing on purpose), got '\(value.prefix(40))'")
                }
                checks = found
            default:
                if let intended = names.first(where: { editDistance($0, name.lowercased()) <= 2 }) {
                    throw TestFileError(
                        path, number, "unknown header line '-- \(name):' (did you mean '-- \(intended):'?)")
                }
            }
        }
        guard let layout else {
            throw TestFileError(
                path, 1, "the test names no layout: start it with a '-- layout: FILE' line (relative to the test file)")
        }
        if let devices, let matrix {
            throw TestFileError(
                path, max(devices.line, matrix.line),
                "a test has '-- devices:' or '-- matrix:', not both (give the devices' options in the matrix instead)")
        }
        return ScenarioHeader(
            layout: layout, controller: controller, options: options, devices: devices, matrix: matrix,
            checksNone: checks)
    }

    /// The runs of this test: one per device or matrix option set, or the one plain run (nil).
    package func variants(path: String) throws(TestFileError) -> [TestVariant]? {
        if let devices {
            var variants: [TestVariant] = []
            for entry in devices.value.split(scalar: ",").filter({ !$0.isEmpty }).map({ $0.trimmingSpaces() }) {
                // `NAME@N`: the device on iOS N (`--ios N`, docs/uikit-versions.md).
                let parts = entry.split(scalar: "@", maxSplits: 1).filter { !$0.isEmpty }
                let name = parts.first ?? entry
                let release = parts.count == 2 ? parts[1] : nil
                if let release, IOSVersion(parsing: release) == nil {
                    throw TestFileError(
                        path, devices.line,
                        "-- devices: '\(entry)': '\(release)' is not an iOS release the engine knows (13 to 18, or 26)")
                }
                guard let device = DeviceTable.device(named: name) else {
                    let close = DeviceTable.devices.map(\.name).min {
                        Self.editDistance($0, name) < Self.editDistance($1, name)
                    }
                    let hint =
                        close.map { Self.editDistance($0, name) <= 3 ? " (did you mean '\($0)'?)" : "" } ?? ""
                    throw TestFileError(
                        path, devices.line,
                        "-- devices: unknown device '\(name)'\(hint); lualayout test --devices lists them")
                }
                guard !variants.contains(where: { $0.label == entry }) else {
                    throw TestFileError(path, devices.line, "-- devices: '\(entry)' is named twice")
                }
                let options = device.options + (release.map { " --ios \($0)" } ?? "")
                variants.append(
                    TestVariant(
                        label: entry, options: Directive(value: options, line: devices.line),
                        snapshotSuffix: release.map { "\(name).ios\($0)" } ?? name))
            }
            return variants
        }
        if let matrix {
            let sets = matrix.value.split(scalar: "|").map { $0.trimmingSpaces() }
            if let empty = sets.firstIndex(where: \.isEmpty) {
                throw TestFileError(path, matrix.line, "-- matrix: option set \(empty + 1) is empty")
            }
            return sets.enumerated().map { index, text in
                TestVariant(
                    label: text, options: Directive(value: text, line: matrix.line),
                    snapshotSuffix: "matrix-\(index + 1)")
            }
        }
        return nil
    }

    /// `name: value` after the `--` (name: letters only), or nil for free text.
    /// Read by Unicode scalar: a combining mark after the colon does not hide it.
    private static func directive(in comment: Substring) -> (String, String)? {
        let body = comment.unicodeScalars.drop { $0 == " " || $0 == "\t" }
        guard let colon = body.firstIndex(of: ":") else { return nil }
        let name = String(String.UnicodeScalarView(body[..<colon]))
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) })
        else { return nil }
        let value = String(String.UnicodeScalarView(body[body.index(after: colon)...])).trimmingSpaces()
        return (name, value)
    }

    /// Levenshtein distance of two short names.
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }
}

/// One run of a test with devices or a matrix: its label (`path [LABEL]`), the options it adds
/// after the test's own, and the suffix of its snapshots (`__snapshots__/NAME.SUFFIX.json`).
package struct TestVariant: Equatable, Sendable {
    package var label: String
    package var options: ScenarioHeader.Directive
    package var snapshotSuffix: String

    package init(label: String, options: ScenarioHeader.Directive, snapshotSuffix: String) {
        self.label = label
        self.options = options
        self.snapshotSuffix = snapshotSuffix
    }
}

/// A problem with a test file itself, located as `path:LINE: message`.
package struct TestFileError: Error, Equatable, CustomStringConvertible {
    package var description: String

    package init(_ path: String, _ line: Int, _ message: String) {
        description = "\(path):\(line): \(message)"
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (by Unicode scalar).
    package func trimmingSpaces() -> String { trimmingScalars { $0 == " " || $0 == "\t" } }
}
