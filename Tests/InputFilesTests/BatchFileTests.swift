import Foundation
import Testing
@testable import InputFiles

/// Batch files (`lualayout update --batch FILE`): every refusal names the file and where in it.
@Suite("batch files")
struct BatchFileTests {
    @Test(arguments: [
        ("{\"delete\": [[0, 0],]}", ":1:20: trailing comma in array"),
        ("[[0, 0]]", ": expected an object {\"delete\": [[S, I], …], \"insert\": …} at the top level"),
        (
            "{\"deletes\": []}",
            ": unknown key \"deletes\" (expected delete, insert, reload, move, deleteSections, insertSections, reloadSections, moveSections)"
        ),
        ("{\"delete\": [[0]]}", ": \"delete\"[0]: expected an index path [S, I] of whole numbers ≥ 0"),
        ("{\"insert\": [[0, 1], [0, -1]]}", ": \"insert\"[1]: expected an index path [S, I] of whole numbers ≥ 0"),
        ("{\"move\": [[0, 1]]}", ": \"move\"[0][0]: expected an index path [S, I] of whole numbers ≥ 0"),
        ("{\"move\": [[[0, 1]]]}", ": \"move\"[0]: expected a move [[S, I], [S, I]] (before, after)"),
        ("{\"insertSections\": [[1, 2.5]]}", ": \"insertSections\"[0][1]: expected an item count, a whole number ≥ 0"),
        ("{\"deleteSections\": 3}", ": \"deleteSections\": expected an array"),
        ("{\"moveSections\": [[1]]}", ": \"moveSections\"[0]: expected a section move [S, S] (before, after)"),
    ])
    func badBatchFilesAreLocated(contents: String, message: String) throws {
        let batch = try temporaryFile("batch.json", contents)
        #expect(throws: InputFileError(batch + message)) { try BatchFile.read(batch, limit: 1 << 20) }
    }

    private func temporaryFile(_ name: String, _ contents: String) throws -> String {
        let directory = NSTemporaryDirectory() + "lualayout-input-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/" + name
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
