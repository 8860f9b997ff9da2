import TestExpectations
import Testing

// Each failing call must record exactly one issue at its own line, quoting that line (and, for
// expectEqual, both values); a passing call records none (a recorded issue would fail the test).
@Suite struct ExpectationTests {
    @Test func passingCallsRecordNothing() throws {
        expect(1 + 1 == 2)
        expectEqual([1, 2], [1, 2])
        expectContains("a layout", "lay")
        expectContains([1, 2], 2)
        let value: Int? = 3
        #expect(try require(value) == 3)
        try require(value != nil)
    }

    @Test func aFailedExpectQuotesItsLine() {
        let line = #line + 2
        withKnownIssue {
            expect(2 < 1, "order")
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.map(\.rawValue) == ["Expectation failed: expect(2 < 1, \"order\") — order"]
        }
    }

    @Test func aFailedExpectEqualPrintsBothValues() {
        let line = #line + 2
        withKnownIssue {
            expectEqual("left", "right")
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.map(\.rawValue) == [
                    "Expectation failed: expectEqual(\"left\", \"right\")\n  left:  \"left\"\n  right: \"right\""
                ]
        }
    }

    @Test func aFailedExpectContainsPrintsTheTextOrTheElements() {
        let line = #line + 3
        let output = "frame 0 0 10 10"
        withKnownIssue {
            expectContains(output, "20")
            expectContains([1, 2], 3)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue)
            return issue.sourceLocation?.line == line
                && text == ["Expectation failed: expectContains(output, \"20\")\n  text: \"frame 0 0 10 10\""]
                || issue.sourceLocation?.line == line + 1
                    && text == ["Expectation failed: expectContains([1, 2], 3)\n  elements: [1, 2]"]
        }
    }

    @Test func aLongTextIsShortenedToItsFirst4000Characters() {
        withKnownIssue {
            expectContains(String(repeating: "x", count: 5000), "y")
        } matching: { issue in
            issue.comments.first?.rawValue.hasSuffix("x… (5002 characters)") == true
        }
    }

    @Test func aFailedCallOverSeveralLinesIsQuotedWhole() {
        let line = #line + 2
        withKnownIssue {
            expect(
                [1, 2].contains(3), "three")
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.map(\.rawValue) == [
                    "Expectation failed: expect( [1, 2].contains(3), \"three\") — three"
                ]
        }
    }

    @Test func aFailedRequireRecordsAnIssueAndStopsTheTest() throws {
        let line = #line + 4
        var reachedTheEnd = false
        try withKnownIssue {
            let missing: String? = nil
            _ = try require(missing)
            reachedTheEnd = true
        } matching: { issue in
            // The recorded issue at the call, then the thrown RequirementFailure naming it.
            issue.sourceLocation?.line == line
                || (issue.error as? RequirementFailure)?.location.line == line
        }
        #expect(!reachedTheEnd)
    }

    @Test func aFailedBooleanRequireRecordsAnIssueAndThrows() {
        let line = #line + 2
        withKnownIssue {
            #expect(throws: RequirementFailure.self) { try require(1 > 2) }
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.map(\.rawValue) == [
                    "Requirement failed: #expect(throws: RequirementFailure.self) { try require(1 > 2) }"
                ]
        }
    }
}
