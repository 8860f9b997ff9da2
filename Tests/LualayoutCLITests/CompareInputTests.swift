import Foundation
import TestExpectations
import Testing

/// What `lualayout compare` reads: a pipe as its own help's example does
/// (`compare a.json <(lualayout run …)`), under `--max-memory`; the corpus
/// (Tests/Corpus/input.json) covers devices, limits and shapes through the binary.
@Suite("lualayout compare inputs")
struct CompareInputTests {
    static let layout = """
        {"bounds": {"x": 0, "y": 0, "width": 100, "height": 100}, "contentSize": {"width": 100, "height": 20},
         "elements": [
          {"category": "cell", "indexPath": [0, 0], "frame": {"x": 0, "y": 0, "width": 10, "height": 10}, "alpha": 1, "zIndex": 0, "hidden": false}
         ]}

        """

    /// The JSON written into a pipe by another thread, read through `/dev/fd/N` as a shell's
    /// process substitution hands it over; larger than the pipe's buffer, so the reader must
    /// keep reading while the writer writes.
    @Test func readsAPipe() throws {
        let expected = try temporaryFile("a.json", Self.layout)
        let pipe = Pipe()
        // 200 KB of spaces before the document: more than a pipe holds at once (64 KB).
        let payload = Data((String(repeating: " ", count: 200_000) + Self.layout).utf8)
        let writer = Thread {
            try? pipe.fileHandleForWriting.write(contentsOf: payload)
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        let path = "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)"
        let result = lualayout("compare", expected, path)
        try? pipe.fileHandleForReading.close()
        expectEqual(result.status, 0, "\(result.err)")
        expectEqual(result.out, "\(expected) and \(path) match: 1 elements\n")
    }

    /// A pipe that sends more than `--max-memory` is refused once the limit is passed, with
    /// the limit named and how to raise it.
    @Test func aPipeIsReadUpToMaxMemory() throws {
        signal(SIGPIPE, SIG_IGN)  // as the lualayout binary does: the writer gets EPIPE, not a signal
        let expected = try temporaryFile("a.json", Self.layout)
        let pipe = Pipe()
        let payload = Data(repeating: UInt8(ascii: " "), count: 3 << 20)
        let writer = Thread {
            try? pipe.fileHandleForWriting.write(contentsOf: payload)
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        let path = "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)"
        let result = lualayout("compare", expected, path, "--max-memory", "1M")
        // The writer may still be blocked on a full pipe: closing our end ends it (EPIPE).
        try? pipe.fileHandleForReading.close()
        expectEqual(result.status, 2)
        expect(
            result.err
                == "\(path): more than the data limit of 1M came from it (the data limit is --max-memory; raise it with --max-memory 2M)\n"
        )
    }
}
