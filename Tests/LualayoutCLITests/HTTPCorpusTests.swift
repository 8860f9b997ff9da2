import Foundation
import TestExpectations
import Testing
import TestSupport

/// Runs `Tests/Corpus/HTTP/requests.json` against one real `watch --serve` (default limits), each case
/// on a connection of its own over 127.0.0.1.
///
/// The manifest is a JSON array of cases:
/// ```json
/// {
///   "name": "head-of-32769-bytes-is-431",         // unique, says what is checked
///   "issue": "10.8",                              // the issue item the case covers
///   "request": "GET /state HTTP/1.1\r\nX-Fill: {fill}\r\n\r\n",
///   "fill": {"text": "a", "count": 32708},        // optional: "{fill}" becomes text × count
///   "statuses": [431],                            // the status of each response, in order
///   "head": ["Connection: close"],                // optional: substrings of the last head
///   "body": ["request header fields too large"],  // optional: substrings of the last body
///   "closes": true                                // the server then closes (true, within 10 s)
/// }                                               // or keeps the connection open (false, 1 s)
/// ```
/// `request` is sent byte for byte (its UTF-8, so JSON escapes like `\r\n` and `\u0000` give
/// exact bytes) from a thread of its own while the answers are read, so a server may answer a
/// huge request before it is all sent. Cases that need waiting for timeouts live in
/// `PreviewLimitsTests`.
@Suite("HTTP corpus", .serialized)
struct HTTPCorpusTests {
    struct Case: Decodable {
        struct Fill: Decodable {
            var text: String
            var count: Int
        }

        var name: String
        var issue: String
        var request: String
        var fill: Fill?
        var statuses: [Int]
        var head: [String]?
        var body: [String]?
        var closes: Bool

        var bytes: [UInt8] {
            Array(
                request.replacingOccurrences(
                    of: "{fill}", with: fill.map { String(repeating: $0.text, count: $0.count) } ?? ""
                ).utf8)
        }
    }

    static let cases: [Case] = {
        let url = URL(fileURLWithPath: repositoryRoot + "/Tests/Corpus/HTTP/requests.json")
        guard let data = try? Data(contentsOf: url) else { return [] }
        return (try? JSONDecoder().decode([Case].self, from: data)) ?? []
    }()

    @Test func manifestLoadsWithUniqueNames() {
        expect(Self.cases.count >= 30)
        expectEqual(Set(Self.cases.map(\.name)).count, Self.cases.count)
        expect(Self.cases.allSatisfy { $0.issue == "10.8" && !$0.statuses.isEmpty })
    }

    @Test func everyCaseGetsItsAnswer() throws {
        let script = try temporaryFile("layout.lua", "return flow{ itemSize = {100, 100} }\n")
        let preview = try PreviewTests.Preview(script: script, arguments: ["--items", "6", "--bounds", "320x480"])
        try require(preview.port > 0, "no preview URL in: \(preview.errors.text)")
        for item in Self.cases {
            let client = try require(RawConnection(port: preview.port), "\(item.name): cannot connect")
            client.sendInBackground(item.bytes)
            let responses = client.responses(item.statuses.count, timeout: 10)
            expectEqual(responses.map(\.status), item.statuses, "\(item.name)")
            let last = responses.last
            for text in item.head ?? [] {
                expectEqual(last?.head.contains(text), true, "\(item.name): head lacks \(text)")
            }
            for text in item.body ?? [] {
                expectEqual(last?.body.contains(text), true, "\(item.name): body lacks \(text)")
            }
            expect(
                client.closes(within: item.closes ? 10 : 1) == item.closes,
                "\(item.name): closes should be \(item.closes)")
        }
    }
}
