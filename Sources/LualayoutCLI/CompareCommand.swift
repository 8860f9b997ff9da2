import ArgumentParser
import InputFiles
import LayoutEngine
import LayoutOutput
import ScriptLayout

/// `lualayout compare`: two layouts in `run --format json`'s JSON, element by element.
struct CompareCommand: LualayoutCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two layouts written as `run --format json` writes them, element by element.",
        discussion: """
            Prints what differs as snapshot diffs do: elements moved or resized (frame before → \
            after), appeared, vanished or changed in another attribute, and the content size. \
            Frames, the content size and the bounds match when every number is within the \
            tolerance. Typical use: frames recorded from UIKit on a Mac (Examples/UIKit/LayoutRecorder.swift) \
            compared with `lualayout run`'s. See docs/export.md.

            Exit status: 0 when the layouts match, 1 when they differ, 2 when a file cannot be \
            read (the JSON error's line and column, or the field that is wrong).

            Examples:
              lualayout compare recorded/grid.json <(lualayout run Examples/compositional/grid.lua --scale 2 --items 94)
              lualayout compare a.json b.json --tolerance 0.5 --ignore custom,transform3D
            """)

    @Argument(help: ArgumentHelp("The layout expected (e.g. recorded from UIKit).", valueName: "EXPECTED.json"))
    var expected: String

    @Argument(help: ArgumentHelp("The layout to check against it.", valueName: "ACTUAL.json"))
    var actual: String

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

    func validate() throws {
        guard tolerance.isFinite, tolerance >= 0 else { throw ValidationError("--tolerance must be a number ≥ 0") }
    }

    func execute(_ io: CommandIO) throws(CLIError) {
        let limit = ScriptLayout.Limits().memoryBytes
        let expectedLayout = try Self.read(expected, limit: limit)
        var actualLayout = try Self.read(actual, limit: limit)
        LayoutComparison(tolerance: tolerance, ignored: ignore.names).align(&actualLayout, with: expectedLayout)
        let report = SnapshotDiffReport.describe(from: expectedLayout, to: actualLayout, limit: 200)
        if report.lines.isEmpty {
            io.out.write("\(expected) and \(actual) match: \(expectedLayout.elements.count) elements\n")
            return
        }
        io.out.write("\(actual) differs from \(expected): \(report.summary)\n")
        for line in report.lines { io.out.write(line + "\n") }
        throw .reported
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

/// `--ignore alpha,zIndex,…`.
struct IgnoredAttributes: ExpressibleByArgument {
    static let known = ["alpha", "zIndex", "hidden", "transform3D", "custom"]
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

/// Makes what counts as equal identical before the snapshot diff runs: numbers within the
/// tolerance take the expected value, ignored attributes take the expected element's.
struct LayoutComparison {
    var tolerance: Double
    var ignored: Set<String>

    func align(_ actual: inout LayoutSnapshot, with expected: LayoutSnapshot) {
        var expectedByKey: [ElementKey: LayoutAttributes] = [:]
        for element in expected.elements { expectedByKey[element.key] = element }
        var elements = actual.elements.array
        for index in elements.indices {
            guard let wanted = expectedByKey[elements[index].key] else { continue }
            if close(elements[index].frame, wanted.frame) { elements[index].frame = wanted.frame }
            if ignored.contains("alpha") { elements[index].alpha = wanted.alpha }
            if ignored.contains("zIndex") { elements[index].zIndex = wanted.zIndex }
            if ignored.contains("hidden") { elements[index].hidden = wanted.hidden }
            if ignored.contains("transform3D") { elements[index].transform3D = wanted.transform3D }
            if ignored.contains("custom") { elements[index].custom = wanted.custom }
        }
        actual.elements = ElementList(elements)
        if close(actual.contentSize.width, expected.contentSize.width),
            close(actual.contentSize.height, expected.contentSize.height)
        {
            actual.contentSize = expected.contentSize
        }
        if close(actual.bounds, expected.bounds) { actual.bounds = expected.bounds }
    }

    private func close(_ a: Rect, _ b: Rect) -> Bool {
        close(a.x, b.x) && close(a.y, b.y) && close(a.width, b.width) && close(a.height, b.height)
    }

    private func close(_ a: Double, _ b: Double) -> Bool { a == b || abs(a - b) <= tolerance }
}
