import ScriptLayout
import TestExpectations
import Testing

/// The folder `require` and the scenario runner resolve modules in: NSString's
/// `deletingLastPathComponent` spelling, which Foundation itself trapped on for a
/// one-character name (`lualayout run x` crashed with an illegal instruction).
@Suite("FileSystemPath.directory")
struct FileSystemPathTests {
    @Test(arguments: [
        // A bare name has no folder part: "".
        ("x", ""), ("x/", ""), ("layout.lua", ""),
        // The part before the last slash.
        ("a/b", "a"), ("./x", "."), ("../x.lua", ".."), ("/tmp/a/b.lua", "/tmp/a"),
        // Repeated slashes collapse and a trailing slash is ignored before cutting.
        ("/tmp//a///b.lua", "/tmp/a"), ("ab//cd//", "ab"), ("a/b/", "a"),
        // Directly under the root: the root itself.
        ("/x", "/"), ("/a/", "/"), ("//a", "/"), ("/", "/"),
        ("", ""),
    ])
    func folderPart(_ path: String, _ expected: String) {
        expectEqual(FileSystemPath.directory(of: path), expected)
    }
}
