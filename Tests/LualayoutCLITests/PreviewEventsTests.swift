import Foundation
import TestExpectations
import Testing

/// `/events` and `/state` answer with the state of the last finished run, so a tool that
/// waits for a version and then asks for the viewport sees that version's layout.
@Suite("Live preview events", .serialized)
struct PreviewEventsTests {
    /// The second save spins for about a second before returning its layout (under a time limit
    /// that a loaded machine does not reach). 30 items of 100×100 in 320×480 show 18 elements
    /// at y 300; the saved 100×50 items show 24 there (see
    /// PreviewTests.servesTheViewportAndPublishesSaves). The version must not be announced while
    /// the run that makes it is still going.
    @Test func eventsWaitForTheRunToFinish() throws {
        let script = try temporaryFile("layout.lua", "return flow{ itemSize = {100, 100} }\n")
        let preview = try PreviewTests.Preview(
            script: script,
            arguments: [
                "--items", "30", "--bounds", "320x480", "--max-instructions", "0", "--timeout", "60",
            ])
        try require(preview.port > 0, "no preview URL in: \(preview.errors.text)")
        expectEqual(try preview.get("/render.svg?x=0&y=300").components(separatedBy: "data-index-path=").count - 1, 18)

        try "for i = 1, 2e8 do end\nreturn flow{ itemSize = {100, 50} }\n".write(
            toFile: script, atomically: true, encoding: .utf8)
        expect(try preview.get("/events?after=1").hasPrefix("{\"version\": 2, \"error\": null"))
        expect(try preview.get("/state").hasPrefix("{\"version\": 2, \"error\": null"))
        expectEqual(try preview.get("/render.svg?x=0&y=300").components(separatedBy: "data-index-path=").count - 1, 24)
    }
}
