import Foundation
import TestExpectations
import Testing

/// The compiled-program cache of `SwiftProgram.run` may reuse a program only for the very
/// inputs it was compiled from.
@Suite struct ProgramCacheTests {
    let flags = ["-wmo", "-Onone"]
    let files = ["main.swift": "print(1)\n", "A.swift": "let a = 2\n"]

    func key(flags: [String]? = nil, files: [String: String]? = nil) -> String? {
        ProgramCache.program(flags: flags ?? self.flags, files: files ?? self.files, extra: [])
    }

    @Test func theSameInputsNameTheSameProgram() throws {
        let first = try require(key())
        expectEqual(key(), first)
        expect(first.hasPrefix(ProgramCache.folder + "/"))
        expectEqual(first.count, ProgramCache.folder.count + 1 + 32)
    }

    @Test func anyChangedInputNamesAnotherProgram() throws {
        let base = try require(key())
        var changedSource = files
        changedSource["A.swift"] = "let a = 3\n"
        var renamed = files
        renamed["B.swift"] = renamed.removeValue(forKey: "A.swift")
        // The same bytes split differently between a name and its contents.
        let resplit = ["main.swift": "print(1)\n", "A.swif": "tlet a = 2\n"]
        let keys = [
            key(files: changedSource), key(files: renamed), key(files: resplit), key(flags: ["-wmo", "-O"]),
        ]
        for other in keys { expect(other != nil && other != base) }
        expectEqual(Set(keys).count, keys.count)
    }

    @Test func aProgramRunsTheSameFromTheCache() throws {
        let source = ["main.swift": "print(\"cached \\(6 * 7)\")\n"]
        let first = try SwiftProgram.run(files: source, extra: [])
        let path = try require(
            ProgramCache.program(flags: SwiftProgram.flags, files: source, extra: []))
        expect(FileManager.default.isExecutableFile(atPath: path))
        expectEqual(first, "cached 42\n")
        expectEqual(try SwiftProgram.run(files: source, extra: []), first)
    }
}
