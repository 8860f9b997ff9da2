import Foundation
import Testing
import TestSupport

/// The compositional mutation fuzzer's trees (TestSupport's `MutatedTree`) through the commands
/// that read a layout: `run`, `check`, `bench` and `transition`, in-process. Whatever the
/// mutation, each ends with exit 0 or a located script error (exit 1, `PATH:LINE: …`).
@Suite("fuzz: compositional trees through the commands")
struct CompositionalCommandFuzzTests {
    @Test func mutatedTreesThroughEveryCommand() throws {
        fuzz("compositionalCommands", defaultIterations: 12) { random, tally in
            let (_, mutated) = MutatedTree.script(&random, tally)
            let path = try temporaryFile("layout.lua", mutated)
            defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
            let items = ["--sections", "\(random.int(0...20)),\(random.int(0...20))"]
            let arguments: [String]
            switch random.int(0...3) {
            case 0: arguments = ["run", path] + items
            case 1: arguments = ["check", path]
            case 2: arguments = ["bench", path, "--runs", "1"] + items
            default: arguments = ["transition", path, path] + items
            }
            tally.add(arguments[0])
            let result = lualayout(arguments)
            switch result.status {
            case 0:
                return []
            case 1 where result.err.hasPrefix(path + ":"):
                return []
            default:
                return [
                    "\(arguments.joined(separator: " ")): exit \(result.status): \(result.err.prefix(400))\n--- script\n\(mutated)"
                ]
            }
        }
    }
}
