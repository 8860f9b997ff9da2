import WorkerProtocol

/// What `lualayout test` asks its worker processes (`lualayout test-worker`): run one test file.
package struct TestWorkerRequest: WorkerMessage, Equatable {
    package var path: String
    /// The device or matrix run, for a test with several.
    package var variant: String?

    package init(path: String, variant: String? = nil) {
        self.path = path
        self.variant = variant
    }

    package func encoded() -> [UInt8] {
        var writer = WireWriter()
        writer.string(path)
        writer.optionalString(variant)
        return writer.bytes
    }

    package init(decoding bytes: [UInt8]) throws(WireError) {
        var reader = WireReader(bytes)
        path = try reader.string()
        variant = try reader.optionalString()
        try reader.expectEnd()
    }
}

/// A worker's answers to one request: `started` once the test's header is read (with its time
/// limit, which the parent enforces), then `finished` with the report.
package enum TestWorkerReply: WorkerMessage, Equatable {
    case started(timeout: Double)
    /// The report, and the snapshots the test wrote (path and text), so that the parent can
    /// find two tests of one run writing different layouts under one name.
    case finished(TestCaseReport, written: [WrittenSnapshot])

    package func encoded() -> [UInt8] {
        var writer = WireWriter()
        switch self {
        case .started(let timeout):
            writer.byte(0)
            writer.double(timeout)
        case .finished(let report, let written):
            writer.byte(1)
            writer.string(report.path)
            writer.optionalString(report.variant)
            writer.double(report.seconds)
            writer.int(report.result.checks)
            writer.int(report.result.failures.count)
            for failure in report.result.failures {
                writer.int(failure.line)
                writer.string(failure.message)
            }
            if let error = report.result.error {
                writer.byte(1)
                writer.string(error)
            } else {
                writer.byte(0)
            }
            writer.strings(report.result.notes)
            writer.strings(report.result.files)
            writer.int(written.count)
            for snapshot in written {
                writer.string(snapshot.path)
                writer.string(snapshot.text)
                writer.int(snapshot.line)
            }
        }
        return writer.bytes
    }

    package init(decoding bytes: [UInt8]) throws(WireError) {
        var reader = WireReader(bytes)
        switch try reader.byte() {
        case 0:
            self = .started(timeout: try reader.double())
        case 1:
            let path = try reader.string()
            let variant = try reader.optionalString()
            let seconds = try reader.double()
            var result = ScenarioTestResult(checks: try reader.int())
            for _ in 0..<(try reader.count(minimumSize: 2)) {
                result.failures.append(.init(line: try reader.int(), message: try reader.string()))
            }
            if try reader.byte() == 1 { result.error = try reader.string() }
            result.notes = try reader.strings()
            result.files = try reader.strings()
            var written: [WrittenSnapshot] = []
            for _ in 0..<(try reader.count(minimumSize: 3)) {
                written.append(
                    WrittenSnapshot(path: try reader.string(), text: try reader.string(), line: try reader.int()))
            }
            self = .finished(
                TestCaseReport(path: path, variant: variant, result: result, seconds: seconds), written: written)
        case let kind:
            throw WireError("unknown test worker reply \(kind)")
        }
        try reader.expectEnd()
    }
}

/// A snapshot a test wrote: where, what, and the line of its `expectSnapshot`.
package struct WrittenSnapshot: Equatable {
    package var path: String
    package var text: String
    package var line: Int

    package init(path: String, text: String, line: Int) {
        self.path = path
        self.text = text
        self.line = line
    }
}

extension WireWriter {
    mutating func optionalString(_ value: String?) {
        if let value {
            byte(1)
            string(value)
        } else {
            byte(0)
        }
    }
}

extension WireReader {
    mutating func optionalString() throws(WireError) -> String? {
        try byte() == 1 ? try string() : nil
    }
}
