import ArgumentParser
import InputFiles
import LayoutEngine
import LayoutOutput
import ScriptLayout
import Platform

/// `lualayout compare`: a layout in `run --format json`'s JSON (a UIKit recording) against
/// another, or against a layout script run with `run`'s options, element by element.
struct CompareCommand: LualayoutCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare a recorded layout with another, or with a layout script's run, element by element.",
        discussion: """
            Prints what differs as snapshot diffs do: elements moved or resized (frame before → \
            after), appeared, vanished or changed in another attribute, and the content size. \
            Frames, the content size and the bounds match when every number is within the \
            tolerance. Typical use: frames recorded from UIKit on a Mac (Examples/UIKit/LayoutRecorder.swift) \
            compared with a run. ACTUAL is JSON as `run --format json` writes it, or a layout \
            script (SCRIPT.lua), run here with the collection-view options given (as `run` \
            would: --bounds, --scale, --sections, --ios, …; every element of the layout). \
            UIKit's kinds are read as LuaLayout's: UICollectionElementKindSectionHeader is \
            "header", UICollectionElementKindSectionFooter is "footer"; --kind maps others. \
            Either JSON may come from a pipe (<(lualayout run …)); --max-memory bounds what \
            each decodes to (default 256M), as it bounds a data file. An element listed twice \
            (also once --kind or UIKit's names make two kinds one) is a shape error. See \
            docs/export.md.

            Exit status: 0 when the layouts match, 1 when they differ, 2 when a file cannot be \
            read (the JSON error's line and column, or the field that is wrong), and 1 for a \
            script that fails.

            Examples:
              lualayout compare recorded/grid.json Examples/compositional/grid.lua --scale 2 --items 94
              lualayout compare recorded/grid.json <(lualayout run Examples/compositional/grid.lua --scale 2 --items 94)
              lualayout compare a.json b.json --tolerance 0.5 --ignore custom,transform3D
            """)

    @Argument(help: ArgumentHelp("The layout expected (e.g. recorded from UIKit).", valueName: "EXPECTED.json"))
    var expected: String

    @Argument(
        help: ArgumentHelp(
            "The layout to check against it: JSON, or a layout script (.lua) run with the options below.",
            valueName: "ACTUAL.json|SCRIPT.lua"))
    var actual: String

    @OptionGroup(title: "Collection view (when ACTUAL is a script)")
    var layout: LayoutOptions

    @OptionGroup(title: "Script (when ACTUAL is a script; --max-memory also bounds reading the JSON)")
    var scriptOptions: ScriptOptions

    @Option(
        help: ArgumentHelp(
            "Read a kind of either layout as another: UIKIT=OURS (repeatable), e.g. TestingDecorationView=background.",
            valueName: "UIKIT=OURS"))
    var kind: [KindMapping] = []

    @Option(
        help: ArgumentHelp(
            "Largest difference in points that still counts as equal, for frames, content size and bounds.",
            valueName: "P"))
    var tolerance: Double = 0.001

    @Option(
        help: ArgumentHelp(
            "Attributes not to compare, comma-separated: alpha, zIndex, hidden, transform3D, custom.",
            valueName: "NAMES"))
    var ignore: IgnoredAttributes = IgnoredAttributes(names: [])

    @Option(
        help: ArgumentHelp(
            "Leave out the elements of a kind in both layouts (a supplementary or decoration kind after --kind's mapping, or 'cell'). Repeatable.",
            valueName: "KIND"))
    var ignoreKind: [String] = []

    @Option(
        help: ArgumentHelp("Leave out the elements of section S in both layouts. Repeatable.", valueName: "S"))
    var ignoreSection: [Int] = []

    func validate() throws {
        guard tolerance.isFinite, tolerance >= 0 else { throw ValidationError("--tolerance must be a number ≥ 0") }
    }

    func execute(_ io: CommandIO) throws(CLIError) {
        // Every reader takes --max-memory: a 250,000-element recording decodes past the default.
        let limit = scriptOptions.maxMemory.bytes
        let kinds = KindMapping.table(kind)
        let comparison = LayoutComparison(
            tolerance: tolerance, ignored: ignore.names, ignoredKinds: Set(ignoreKind),
            ignoredSections: Set(ignoreSection))
        let expectedLayout = comparison.leavingOut(
            try KindMapping.apply(kinds, to: try Self.read(expected, limit: limit), of: expected))
        var actualLayout = comparison.leavingOut(
            try KindMapping.apply(
                kinds, to: actual.hasSuffix(".lua") ? try run(actual) : try Self.read(actual, limit: limit), of: actual)
        )
        let customDiffers = comparison.align(&actualLayout, with: expectedLayout)
        let report = SnapshotDiffReport.describe(from: expectedLayout, to: actualLayout, limit: 200)
        if report.lines.isEmpty {
            io.out.write("\(expected) and \(actual) match: \(expectedLayout.elements.count) elements\n")
            return
        }
        io.out.write("\(actual) differs from \(expected): \(report.summary)\n")
        for line in report.lines { io.out.write(line + "\n") }
        if customDiffers > 0 {
            // UIKit's attributes carry no custom fields: a recording never has them.
            io.out.write(
                "hint: \(customDiffers) element\(customDiffers == 1 ? "'s" : "s'") custom fields differ (a recording from UIKit has none): --ignore custom leaves them out\n"
            )
        }
        throw .reported
    }

    /// Every element of `script` laid out in the collection view the options describe.
    private func run(_ script: String) throws(CLIError) -> LayoutSnapshot {
        let watchdog = Watchdog(seconds: scriptOptions.timeout, what: "compare \(script)")
        defer { watchdog.cancel() }
        var context = try layout.makeContext(dataLimit: scriptOptions.maxMemory.bytes)
        let scriptLayout = try scriptOptions.loadLayout(script)
        return try LayoutQuery.snapshot(of: scriptLayout, in: &context, query: .all)
    }

    /// A layout file; an unreadable one is an input error located in it.
    static func read(_ path: String, limit: Int) throws(CLIError) -> LayoutSnapshot {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(path, what: "layout JSON", limit: limit)
        } catch {
            throw .input(error.description)
        }
        do {
            let value = try JSONDataParser.parse(bytes, limits: InputFile.limits(limit))
            return try JSONLayoutReader.snapshot(from: value)
        } catch let error as JSONDataParser.ParseError {
            throw .input("\(path):\(error.line):\(error.column): \(error.message)")
        } catch let error as JSONLayoutReader.ReadError {
            throw .input("\(path): \(error.location): \(error.message)")
        } catch {
            throw .input("\(path): \(error)")
        }
    }
}

/// `--kind UIKIT=OURS`, and the mapping every comparison applies (docs/export.md, "Kinds"):
/// the string values of UIKit's `elementKindSectionHeader` and `elementKindSectionFooter` are
/// LuaLayout's "header" and "footer".
struct KindMapping: ExpressibleByArgument {
    var from: String
    var to: String

    init?(argument: String) {
        let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        (from, to) = (parts[0], parts[1])
    }

    static func table(_ given: [KindMapping]) -> [String: String] {
        var table = ElementKindNames.uikit
        for mapping in given { table[mapping.from] = mapping.to }
        return table
    }

    /// The layout with its kinds renamed; two elements the renaming makes one are a shape
    /// error of the file at `path`.
    static func apply(
        _ table: [String: String], to layout: LayoutSnapshot, of path: String
    ) throws(CLIError)
        -> LayoutSnapshot
    {
        do {
            return try ElementKindNames.apply(table, to: layout)
        } catch {
            throw .input("\(path): \(error)")
        }
    }
}

/// `--ignore alpha,zIndex,…`.
struct IgnoredAttributes: ExpressibleByArgument {
    static let known = LayoutComparison.attributes
    var names: Set<String>

    init(names: Set<String>) { self.names = names }

    init?(argument: String) {
        let given = argument.split(separator: ",").map { String($0).trimmingWhitespace() }
        guard given.allSatisfy(Self.known.contains) else { return nil }
        names = Set(given)
    }

    var defaultValueDescription: String { "none" }
    static var allValueStrings: [String] { known }
}
