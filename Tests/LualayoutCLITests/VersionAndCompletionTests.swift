import Foundation
import TestExpectations
import Testing

@Suite("lualayout --version and shell completion")
struct VersionAndCompletionTests {
    /// The version, the Lua library's release (as pkg-config names the library built against:
    /// the same package) and the commit, which only Scripts/lualayout and Scripts/package record.
    @Test func printsTheVersionTheLuaReleaseAndTheCommit() async throws {
        let result = lualayout("--version")
        expectEqual(result.status, 0)
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try require(lines.count == 4)
        expectEqual(lines[0], "lualayout 0.1.0")
        let lua = try await CaseProcess.run(
            "/usr/bin/env", arguments: ["pkg-config", "--modversion", "lua5.4"], directory: "/", timeout: 30)
        expectEqual(lines[1], "Lua " + lua.out.trimmingCharacters(in: .whitespacesAndNewlines))
        let commit = lines[2].wholeMatch(of: /commit [0-9a-f]{40}(-modified)?/) != nil
        expect(commit || lines[2] == "commit unknown (not built by Scripts/lualayout or Scripts/package)")
        expectEqual(lines[3], "")
    }

    @Test func theHelpStartsWithTheVersion() {
        let result = lualayout("--help")
        expectEqual(result.status, 0)
        expect(result.out.hasPrefix("OVERVIEW: lualayout 0.1.0: "))
        expectContains(result.out, "  init ")
        expectContains(result.out, "  check ")
    }

    /// The bash script offers only .lua files (and folders) for the script argument and only
    /// .json files for --data, as `compgen -fX '!*.@(lua)'` / `'!*.@(json)'`.
    @Test func bashCompletesScriptsAndDataFiles() {
        let result = lualayout("--generate-completion-script", "bash")
        expectEqual(result.status, 0)
        let run = result.out.components(separatedBy: "\n_lualayout_run() {").dropFirst().first ?? ""
        let runBody = run.components(separatedBy: "\n}\n").first ?? ""
        expectContains(runBody, "__lualayout_add_completions -o plusdirs -fX '!*.@(lua)'")
        expectContains(runBody, "__lualayout_add_completions -o plusdirs -fX '!*.@(json)'")
        // -o FILE: any file.
        expectContains(runBody, "__lualayout_add_completions -f\n")
        let update = result.out.components(separatedBy: "\n_lualayout_update() {").dropFirst().first ?? ""
        expectEqual(update.components(separatedBy: "\n}\n").first?.contains("'!*.@(json)'"), true)
    }
}
