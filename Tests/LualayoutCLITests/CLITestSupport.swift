import Foundation
import LualayoutCLI
import TestSupport

/// The repository root, found from this file's path.
let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// The built `lualayout` binary the tests that need a process of their own start: the debug
/// build's, or `LUALAYOUT_BINARY` (Scripts/asan points it at the sanitized build).
let lualayoutBinary =
    ProcessInfo.processInfo.environment["LUALAYOUT_BINARY"] ?? buildProducts(root: repositoryRoot) + "/lualayout"

struct CommandResult {
    var status: Int32
    var out: String
    var err: String
}

/// Runs `lualayout ARGUMENTS` in-process, from the repository root.
func lualayout(_ arguments: String...) -> CommandResult {
    lualayout(arguments)
}

/// CLI tests run from the repository root (set once, never restored, so suites running in
/// parallel always agree on it; no other test depends on the working directory). Commands run
/// in-process get 120 s instead of the 10 s default time limit: its watchdog ends the process,
/// and the test runner with it, when a command overruns (the tests run side by side, under
/// AddressSanitizer too); the default itself is proven through the binary (Tests/Corpus/files.json).
private let enterRepositoryRoot: Void = {
    _ = FileManager.default.changeCurrentDirectoryPath(repositoryRoot)
    LualayoutMain.defaultTimeout = 120
}()

func lualayout(_ arguments: [String]) -> CommandResult {
    _ = enterRepositoryRoot
    let out = StringStream(), err = StringStream()
    let status = LualayoutMain.main(arguments, io: CommandIO(out: out, err: err))
    return CommandResult(status: status, out: out.text, err: err.text)
}

func temporaryFile(_ name: String, _ contents: String) throws -> String {
    let directory = NSTemporaryDirectory() + "lualayout-cli-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = directory + "/" + name
    try contents.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}
