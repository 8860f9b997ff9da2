import Testing

@Suite("lualayout --version and shell completion")
struct VersionAndCompletionTests {
    @Test func printsTheVersion() {
        let result = lualayout("--version")
        #expect(result.status == 0)
        #expect(result.out == "lualayout 0.1.0\n")
    }

    @Test func theHelpStartsWithTheVersion() {
        let result = lualayout("--help")
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("OVERVIEW: lualayout 0.1.0: "))
        #expect(result.out.contains("  init "))
        #expect(result.out.contains("  check "))
    }

    /// The bash script offers only .lua files (and folders) for the script argument and only
    /// .json files for --data, as `compgen -fX '!*.@(lua)'` / `'!*.@(json)'`.
    @Test func bashCompletesScriptsAndDataFiles() {
        let result = lualayout("--generate-completion-script", "bash")
        #expect(result.status == 0)
        let run = result.out.components(separatedBy: "\n_lualayout_run() {").dropFirst().first ?? ""
        let runBody = run.components(separatedBy: "\n}\n").first ?? ""
        #expect(runBody.contains("__lualayout_add_completions -o plusdirs -fX '!*.@(lua)'"))
        #expect(runBody.contains("__lualayout_add_completions -o plusdirs -fX '!*.@(json)'"))
        // -o FILE: any file.
        #expect(runBody.contains("__lualayout_add_completions -f\n"))
        let update = result.out.components(separatedBy: "\n_lualayout_update() {").dropFirst().first ?? ""
        #expect(update.components(separatedBy: "\n}\n").first?.contains("'!*.@(json)'") == true)
    }
}
