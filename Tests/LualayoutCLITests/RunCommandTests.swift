import Foundation
import TestExpectations
import Testing

@Suite("lualayout run", .serialized)
struct RunCommandTests {
    /// Cookbook flow at 375 wide: A = 375 − 20 − 20 = 335; k = ⌊(335 + 10) / (80 + 10)⌋ = 3;
    /// gap = (335 − 3·80) / 2 = 47.5 → x = 20, 147.5, 275, and origins are rounded to the
    /// scale (1), halves away from zero: 147.5 → 148. y = top inset 10; content height
    /// = 10 + 120 + 10 = 140.
    @Test func printsTheContractJSON() {
        let result = lualayout("run", "Examples/cookbook-flow.lua", "--items", "3", "--bounds", "375x667")
        expectEqual(result.status, 0)
        expectEqual(result.err, "")
        #expect(
            result.out == """
                {
                  "bounds": {"x": 0, "y": 0, "width": 375, "height": 667},
                  "contentSize": {"width": 375, "height": 140},
                  "elements": [
                    {"category": "cell", "indexPath": [0, 0], "frame": {"x": 20, "y": 10, "width": 80, "height": 120}, "alpha": 1, "zIndex": 0, "hidden": false},
                    {"category": "cell", "indexPath": [0, 1], "frame": {"x": 148, "y": 10, "width": 80, "height": 120}, "alpha": 1, "zIndex": 0, "hidden": false},
                    {"category": "cell", "indexPath": [0, 2], "frame": {"x": 275, "y": 10, "width": 80, "height": 120}, "alpha": 1, "zIndex": 0, "hidden": false}
                  ]
                }

                """)
    }

    @Test func printsATable() {
        let result = lualayout(
            "run", "Examples/cookbook-flow.lua", "--items", "2", "--bounds", "375x667", "--format", "table")
        expectEqual(result.status, 0)
        #expect(
            result.out == """
                content 375×140  bounds 0,0 375×667  2 elements
                category  kind  indexPath    x   y  width  height  alpha  z  hidden  extra
                cell            [0, 0]      20  10     80     120      1  0
                cell            [0, 1]     148  10     80     120      1  0

                """)
    }

    /// The basic grid (seed layout 1): A = 1024 − 64 = 960, k = ⌊(960 + 64) / (128 + 64)⌋ = 5,
    /// gap = (960 − 640) / 4 = 80, so rows sit at y = 32 + 208·row; columns advance by 128 + 64.
    /// The viewport at offset 704 (x 704…1472) meets columns 3…7 (x = 32 + 192·c, c = 3…7;
    /// column 8 starts at 1568): items 15…39.
    @Test func queriesTheViewportAtAnOffset() {
        let result = lualayout(
            "run", "Examples/grid.lua", "--bounds", "768x1024", "--items", "100", "--visible", "--offset", "704,0")
        expectEqual(result.status, 0)
        let lines = result.out.split(separator: "\n").filter { $0.contains("\"category\"") }
        expectEqual(lines.count, 25)
        expectEqual(lines.first?.contains("\"indexPath\": [0, 15], \"frame\": {\"x\": 608, \"y\": 32,"), true)
        expectEqual(lines.last?.contains("\"indexPath\": [0, 39], \"frame\": {\"x\": 1376, \"y\": 864,"), true)
        expectContains(result.out, "\"contentSize\": {\"width\": 3840, \"height\": 1024}")
    }

    @Test func queriesARect() {
        let result = lualayout(
            "run", "Examples/grid.lua", "--bounds", "768x1024", "--items", "100", "--rect", "0,0,160,200")
        expectEqual(result.out.components(separatedBy: "\"category\"").count - 1, 1)
    }

    @Test func stateValuesAreTyped() throws {
        let script = try temporaryFile(
            "state.lua",
            """
            return { prepare = function(cv, out)
              out:cell(0, 0, 0, 0, 1, 1, {flag = cv.state.flag, n = cv.state.n, word = cv.state.word, kind = type(cv.state.n)})
            end }
            """)
        let result = lualayout("run", script, "--state", "flag=true", "--state", "n=2.5", "--state", "word=hello")
        #expect(result.out.contains(#""custom": {"flag": true, "kind": "number", "n": 2.5, "word": "hello"}"#))
    }

    @Test func readsBothDataFileShapes() throws {
        let script = try temporaryFile(
            "data.lua",
            """
            return flow{ sizeForItem = function(cv, s, i) local d = cv:itemData(s, i) return d and d.width or 10, 10 end }
            """)
        let data = try temporaryFile("items.json", #"{"sections": [[{"width": 30}, {"width": 40}], [{}]]}"#)
        // Section 0: widths 30 and 40 share one line (the last, left-aligned): x 0 and 40.
        // Section 1's lone item (no width → 10) follows with no gap: y 10. Height 10 + 10.
        let items = lualayout("run", script, "--data", data, "--format", "table")
        expectEqual(items.status, 0)
        expect(items.out.hasPrefix("content 375×20  bounds 0,0 375×667  3 elements"))
        expectContains(items.out, "[0, 1]     40   0     40      10")
        expectContains(items.out, "[1, 0]      0  10     10      10")
        let counts = try temporaryFile("counts.json", #"{"sections": [4, 0, 1]}"#)
        expectContains(lualayout("run", script, "--data", counts, "--format", "table").out, "5 elements")
    }

    @Test func writesToAFile() throws {
        let path = NSTemporaryDirectory() + "lualayout-out-\(UUID().uuidString).json"
        let result = lualayout("run", "Examples/cookbook-flow.lua", "--items", "1", "-o", path)
        expectEqual(result.status, 0)
        expectEqual(result.out, "")
        expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("{\n  \"bounds\""))
    }

    /// `-o` streams into a temporary file beside the target and renames it: the folder then
    /// holds only the output (no temporary left), readable as any new file (0666 less the umask),
    /// and replacing a file leaves the new text whole.
    @Test func writesThroughATemporaryFileBesideTheTarget() throws {
        let folder = NSTemporaryDirectory() + "lualayout-out-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let path = folder + "/layout.json"
        try "old text that is longer than nothing".write(toFile: path, atomically: true, encoding: .utf8)
        let result = lualayout("run", "Examples/cookbook-flow.lua", "--items", "40", "-o", path)
        expectEqual(result.status, 0)
        expectEqual(try FileManager.default.contentsOfDirectory(atPath: folder), ["layout.json"])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        expect(text.hasPrefix("{\n  \"bounds\"") && text.hasSuffix("  ]\n}\n"))
        let mask = umask(0)
        umask(mask)
        let permissions = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        expectEqual(permissions, Int(0o666 & ~mask))
    }

    @Test func reportsTheTargetContentOffset() throws {
        let script = try temporaryFile(
            "paging.lua",
            """
            return flow{
              scrollDirection = "horizontal",
              targetContentOffset = function(cv, proposed, velocity)
                return math.floor(proposed.x / cv.bounds.width + 0.5) * cv.bounds.width, 0
              end,
            }
            """)
        let result = lualayout("run", script, "--bounds", "100x100", "--target-offset", "160,0", "--velocity", "1,0")
        #expect(
            result.out.contains(
                #""targetContentOffset": {"proposed": {"x": 160, "y": 0}, "velocity": {"x": 1, "y": 0}, "target": {"x": 200, "y": 0}}"#
            ))
    }
}

@Suite("lualayout errors and exit status", .serialized)
struct CLIErrorTests {
    @Test func scriptErrorsExitOneWithALocatedMessage() throws {
        let script = try temporaryFile(
            "broken.lua", "return flow{\n  sizeForItem = function(cv, s, i) return i.x end\n}\n")
        let result = lualayout("run", script, "--items", "2")
        expectEqual(result.status, 1)
        expectEqual(result.out, "")
        expect(
            result.err.hasPrefix(
                "\(script):2: attempt to index a number value (local 'i')\n  while evaluating sizeForItem(cv, 0, 0)\nstack traceback:\n"
            ))
    }

    @Test(arguments: [
        (["run"], "Error: Missing expected argument '<SCRIPT>'"),
        (["run", "Examples/grid.lua", "--bounds", "wide"], "Error: The value 'wide' is invalid for '--bounds <WxH>'"),
        (
            ["run", "Examples/grid.lua", "--items", "3", "--sections", "1,2"],
            "Error: give at most one of --items, --sections and --data"
        ),
        (
            ["run", "Examples/grid.lua", "--rect", "0,0,1,1", "--visible"],
            "Error: give one of --rect, --visible, --item, --supplementary and --decoration"
        ),
        (["run", "Examples/grid.lua", "--format", "pdf"], "Error: The value 'pdf' is invalid for '--format <format>'"),
        (
            ["run", "Examples/grid.lua", "--scale", "0"],
            "Error: --scale must be between 0.01 and 100 (1, 2 or 3 on devices)"
        ),
        (["run", "Examples/grid.lua", "--max-memory", "0.5"], "Error: --max-memory must be at least 1M"),
        (
            ["run", "Examples/grid.lua", "--max-memory", "lots"],
            "Error: The value 'lots' is invalid for '--max-memory <BYTES>'"
        ),
        (["run", "Examples/no-such-layout.lua"], "Examples/no-such-layout.lua: no such script"),
        (
            ["run", "Examples/grid.lua", "--data", "/nonexistent/data.json"],
            "/nonexistent/data.json: cannot read data file"
        ),
        (["frobnicate"], "Error: Unexpected argument 'frobnicate'"),
    ])
    func usageAndInputErrorsExitTwo(arguments: [String], message: String) {
        let result = lualayout(arguments)
        expectEqual(result.status, 2)
        expect(result.err.hasPrefix(message), "\(result.err)")
    }

    @Test func malformedDataFilesNameTheLineAndColumn() throws {
        let data = try temporaryFile("bad.json", "{\"sections\": [\n  [1, 2,]\n]}")
        let result = lualayout("run", "Examples/grid.lua", "--data", data)
        expectEqual(result.status, 2)
        // Line 2 is "  [1, 2,]": the "]" is the 9th character.
        expectEqual(result.err, "\(data):2:9: trailing comma in array\n")
    }

    @Test func helpExitsZero() {
        let result = lualayout("run", "--help")
        expectEqual(result.status, 0)
        expectContains(result.out, "USAGE: lualayout run")
    }
}

@Suite("Examples", .serialized)
struct ExampleTests {
    /// The layouts in Examples/ and Examples/compositional/, as paths under Examples/
    /// (controllers and scenarios run through `simulate`: SimulateCommandTests; transition
    /// scripts through `transition --with`: TransitionScriptTests).
    static let examples: [String] = ["", "compositional/"].flatMap { folder in
        let files = (try? FileManager.default.contentsOfDirectory(atPath: repositoryRoot + "/Examples/" + folder)) ?? []
        return files.filter {
            $0.hasSuffix(".lua") && !$0.hasSuffix("-controller.lua") && !$0.hasSuffix(".test.lua")
                && !$0.hasSuffix("-transition.lua")
        }
        .sorted().map { folder + $0 }
    }

    @Test func thereAreCompositionalExamples() {
        expect(Self.examples.filter { $0.hasPrefix("compositional/") }.count >= 16)
    }

    @Test func thereAreExamples() {
        expect(Self.examples.count >= 3)
    }

    /// Every example runs (with its data file when it has one) and documents itself.
    @Test(arguments: examples)
    func exampleRuns(_ name: String) throws {
        let path = "Examples/" + name
        var arguments = ["run", path, "--format", "table"]
        let data = path.replacingOccurrences(of: ".lua", with: ".json")
        if FileManager.default.fileExists(atPath: repositoryRoot + "/" + data) { arguments += ["--data", data] }
        let result = lualayout(arguments)
        expectEqual(result.status, 0, "\(result.err)")
        let source = try String(contentsOfFile: repositoryRoot + "/" + path, encoding: .utf8)
        let file = name.split(separator: "/").last.map(String.init) ?? name
        expect(source.hasPrefix("-- \(file) — "), "an example starts with a header comment naming itself")
        expectContains(source, "Run:", "the header says how to run it")
    }
}

/// The gallery's pictures (docs/images, drawn by Scripts/gallery) are golden files: each
/// example, run with the options of its header's `Run:` line, must draw the same SVG.
@Suite("Gallery pictures")
struct GalleryTests {
    @Test(arguments: ExampleTests.examples)
    func pictureIsUpToDate(_ name: String) throws {
        let path = "Examples/" + name
        let source = try String(contentsOfFile: repositoryRoot + "/" + path, encoding: .utf8)
        let runLine = try require(source.split(separator: "\n").first { $0.hasPrefix("-- Run:") }, "no Run: line")
        var words = runLine.split(separator: " ").map(String.init)
        words = Array(words.drop { $0 != path }.dropFirst())
        if let format = words.firstIndex(of: "--format") { words.removeSubrange(format...format + 1) }
        // Examples/compositional/grid.lua draws docs/images/compositional-grid.svg.
        let stem = name.replacingOccurrences(of: ".lua", with: "").replacingOccurrences(of: "/", with: "-")
        let result = lualayout(["run", path] + words + ["--format", "svg", "--fit", "800"])
        expectEqual(result.status, 0, "\(result.err)")
        let golden = try String(contentsOfFile: repositoryRoot + "/docs/images/\(stem).svg", encoding: .utf8)
        expectEqual(result.out, golden, "docs/images/\(stem).svg is stale: run Scripts/gallery")
    }
}

/// `-o` names a pipe or device (`-o /dev/null`): it is written in place, never replaced by a
/// regular file as an atomic write's rename would.
@Suite("lualayout -o to a pipe")
struct OutputToAPipeTests {
    @Test func aPipeStaysAPipe() throws {
        let directory = NSTemporaryDirectory() + "lualayout-fifo-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let fifo = directory + "/out"
        expectEqual(mkfifo(fifo, 0o600), 0)
        let received = Received()
        // The reader opens the pipe itself (the writer's open waits for it) and reads to the end.
        let reader = Thread {
            received.set(FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile() ?? Data())
        }
        reader.start()
        let result = lualayout("run", "Examples/grid.lua", "--items", "1", "--timeout", "20", "-o", fifo)
        expectEqual(result.status, 0, "\(result.err)")
        var info = stat()
        expectEqual(stat(fifo, &info), 0)
        expectEqual(info.st_mode & S_IFMT, S_IFIFO, "the pipe was replaced by another kind of file")
        #expect(received.wait(seconds: 20)?.contains(#""indexPath": [0, 0]"#) == true)
    }
}

private final class Received: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var text: String?
    func set(_ data: Data) {
        text = String(decoding: data, as: UTF8.self)
        done.signal()
    }
    func wait(seconds: Double) -> String? {
        done.wait(timeout: .now() + seconds) == .success ? text : nil
    }
}

/// Swift's arguments are UTF-8 Strings: a file name that is not UTF-8 would silently name
/// another file. It is refused with the reason instead (bytes passed through a shell).
@Suite("lualayout: arguments that are not UTF-8")
struct NonUTF8ArgumentTests {
    @Test func aNonUTF8FileNameIsAUsageError() throws {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = [
            "-c", #"exec "$0" run "$(printf 'caf\351.lua')""#, lualayoutBinary,
        ]
        let errors = Pipe()
        shell.standardError = errors
        shell.standardOutput = FileHandle.nullDevice
        try shell.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        expectEqual(shell.terminationStatus, 2)
        expect(
            text == "lualayout: argument 2 is not valid UTF-8; file names and values must be UTF-8 (rename the file)\n")
    }
}
