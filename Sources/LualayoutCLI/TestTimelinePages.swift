#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import InputFiles
import LayoutOutput
import LayoutTesting

/// `lualayout test --html DIR`: each run's timeline, the page `simulate --format html` writes,
/// as `DIR/NAME.html`, and `DIR/index.html` listing every run with its status and a link. NAME
/// is the run's name made one file name (`Examples/grid.test.lua [iphone-se]` →
/// `Examples--grid.test.lua.iphone-se`): no page lands outside DIR, and a name two runs would
/// share gets `-2`, `-3`. A page that cannot be written fails the run (after the report).
struct TestTimelinePages {
    let folder: String
    /// The command's inputs: no page may replace one.
    let inputs: [String]
    private var used: Set<String> = ["index"]
    private var entries: [(name: String, file: String?, status: TestCaseReport.Status)] = []
    /// The first write that failed, thrown once the run has reported.
    private(set) var failure: CLIError?

    /// Checks (and makes) the folder: an existing file there is a usage error.
    init(folder: String, inputs: [String]) throws(CLIError) {
        let entry = FileEntry(atPath: folder)
        if entry.exists && !entry.isDirectory { throw .usage("test: --html \(folder) is a file, not a folder") }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .input("test: --html \(folder): cannot create the folder")
        }
        self.folder = folder
        self.inputs = inputs
        try OutputDestination(path: indexPath, option: "--html").refuse(overwriting: inputs)
    }

    var indexPath: String { folder + "/index.html" }

    /// The page's file name (without `.html`) for a run: path separators as `--`, the device
    /// or matrix value after a dot, every character but letters, digits, `.`, `-`, `_` and `@`
    /// as `-`.
    static func baseName(path: String, variant: String?) -> String {
        var name = path.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "--")
        if let variant { name += "." + variant }
        let safe = name.unicodeScalars.map { scalar -> Character in
            let allowed =
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-@".unicodeScalars.contains(scalar)
            return allowed && scalar.isASCII ? Character(scalar) : "-"
        }
        let text = String(safe.drop { $0 == "." })
        return text.isEmpty ? "test" : String(text.prefix(200))
    }

    /// Writes the run's page (when its worker sent one) and lists the run for the index.
    mutating func add(_ report: TestCaseReport, io: CommandIO) {
        guard let page = report.result.page else {
            entries.append((report.name, nil, report.status))
            return
        }
        let base = Self.baseName(path: report.path, variant: report.variant)
        var name = base
        var counter = 1
        while used.contains(name) {
            counter += 1
            name = base + "-\(counter)"
        }
        used.insert(name)
        let file = name + ".html"
        do {
            try OutputDestination(path: folder + "/" + file, option: "--html").write(io, inputs: inputs) {
                $0.write(page)
            }
            entries.append((report.name, file, report.status))
        } catch {
            failure = failure ?? error
            entries.append((report.name, nil, report.status))
        }
    }

    /// Writes `index.html`: every run in order, its status, and its page.
    mutating func finish(io: CommandIO) {
        var page = HTMLPage.head(
            title: "lualayout test", heading: "lualayout test: \(entries.count) run\(entries.count == 1 ? "" : "s")",
            look: .panels,
            rules: [
                "li { margin: 4px 0; font-family: Menlo, monospace; font-size: 13px; }",
                ".passed { color: #0a7d34; } .failed { color: #b3261e; } .error { color: #8a4b00; }",
            ])
        page += "<ul>\n"
        for entry in entries {
            let status: String
            switch entry.status {
            case .passed: status = "passed"
            case .failed: status = "failed"
            case .error: status = "error"
            }
            let name = JUnitWriter.escape(entry.name)
            let link = entry.file.map { "<a href=\"\(JUnitWriter.escape($0))\">\(name)</a>" } ?? name
            page += "<li><span class=\"\(status)\">\(status.uppercased())</span> \(link)</li>\n"
        }
        page += "</ul>\n" + HTMLPage.end
        do {
            try OutputDestination(path: indexPath, option: "--html").write(io, inputs: inputs) { $0.write(page) }
        } catch {
            failure = failure ?? error
        }
    }
}
