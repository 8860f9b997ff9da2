import Foundation
import TestExpectations
import Testing

/// Builds and runs `Examples/Embedding` (a package depending on the library by path) with
/// SwiftPM, as a host app builds it, in the build folder the example packages share
/// (`.build/examples`, Scripts/record-uikit's: the engine compiled there for one of them serves
/// the others). It compiles the library's modules it uses a second time, so it runs where
/// `Scripts/test` (CI) asks for it: `LUALAYOUT_TEST_EMBEDDING=1`.
@Suite("The embedding example", .enabled(if: ProcessInfo.processInfo.environment["LUALAYOUT_TEST_EMBEDDING"] == "1"))
struct EmbeddingExampleTests {
    /// Cookbook flow at 375 wide (see RunCommandTests): x = 20, 147.5, 275 — at scale 2 the
    /// half point is on the pixel grid and stays; rows at y = 10 and 10 + 120 + 20 = 150,
    /// content 10 + 120 + 20 + 120 + 10 = 280 high. The rect 0…200 meets both rows.
    @Test func buildsAndPrintsTheFrames() async throws {
        let package = repositoryRoot + "/Examples/Embedding"
        let scratch = repositoryRoot + "/.build/examples"
        let build = try await CaseProcess.run(
            "/usr/bin/env",
            arguments: ["swift", "build", "--package-path", package, "--scratch-path", scratch],
            directory: package, timeout: 900)
        expectEqual(build.end, .exited(0), "\(build.out)\n\(build.err)")
        let run = try await CaseProcess.run(
            scratch + "/debug/embedding", arguments: [repositoryRoot + "/Examples/cookbook-flow.lua"],
            directory: package,
            timeout: 60)
        expectEqual(run.end, .exited(0))
        expectEqual(run.err, "")
        #expect(
            run.out == """
                cookbook-flow.lua: 6 elements, content 375×280
                in 0,0 375×200:
                  cell [0, 0] at 20,10 80×120
                  cell [0, 1] at 147.5,10 80×120
                  cell [0, 2] at 275,10 80×120
                  cell [0, 3] at 20,150 80×120
                  cell [0, 4] at 147.5,150 80×120
                  cell [0, 5] at 275,150 80×120

                """)
    }
}
