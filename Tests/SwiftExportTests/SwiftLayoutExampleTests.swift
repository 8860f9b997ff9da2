import Foundation
import TestExpectations
import TestSupport
import Testing

/// `Examples/SwiftLayout` (Swift stays the source): an app's own UICollectionViewLayout
/// subclass, built against UIKitSurface on Linux, laid out headlessly and compared with its
/// committed recording and with its Lua prototype (`Examples/waterfall.lua`) by
/// `lualayout compare`. Builds the library's modules it uses again, in the build folder the
/// example packages share (`.build/examples`): run with LUALAYOUT_TEST_EMBEDDING=1, as
/// Scripts/test does.
@Suite("Examples/SwiftLayout", .enabled(if: ProcessInfo.processInfo.environment["LUALAYOUT_TEST_EMBEDDING"] == "1"))
struct SwiftLayoutExampleTests {
    static func run(_ executable: String, _ arguments: [String], in directory: String) throws -> (Int32, String, String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self)
        )
    }

    @Test func theSwiftLayoutMatchesItsRecordingAndItsLuaPrototype() throws {
        let package = repositoryRoot + "/Examples/SwiftLayout"
        // The build folder the example packages share (Scripts/record-uikit's): the library's
        // modules compiled there for one package serve the others.
        let scratch = repositoryRoot + "/.build/examples"
        let build = try Self.run(
            "/usr/bin/env", ["swift", "build", "--package-path", package, "--scratch-path", scratch], in: package)
        try require(build.0 == 0, "\(build.1)\(build.2)")
        let recorded = try Self.run(scratch + "/debug/record-waterfall", ["../waterfall.json", "460"], in: package)
        try require(recorded.0 == 0, "\(recorded.2)")
        let folder = NSTemporaryDirectory() + "swiftlayout-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try recorded.1.write(toFile: folder + "/swift.json", atomically: true, encoding: .utf8)
        let lualayout = buildProducts(root: repositoryRoot) + "/lualayout"
        let committed = try Self.run(
            lualayout, ["compare", package + "/Recorded/waterfall-offset-460.json", folder + "/swift.json"], in: package
        )
        expectEqual(committed.0, 0, "\(committed.1)")
        let lua = try Self.run(
            lualayout,
            [
                "run", "../waterfall.lua", "--data", "../waterfall.json", "--bounds", "340x300", "--offset", "0,460",
                "--format", "json", "-o", folder + "/lua.json",
            ], in: package)
        try require(lua.0 == 0, "\(lua.2)")
        let prototype = try Self.run(lualayout, ["compare", folder + "/lua.json", folder + "/swift.json"], in: package)
        expectEqual(prototype.0, 0, "\(prototype.1)")
        expect(prototype.1.hasSuffix("match: 16 elements\n"))
    }
}
