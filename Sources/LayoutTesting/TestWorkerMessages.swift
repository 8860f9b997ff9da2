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
            writer.optionalString(report.result.page)
            writer.int(written.count)
            for snapshot in written {
                let flags =
                    (snapshot.writes ? 0x80 : 0) | (snapshot.moving != nil ? 0x40 : 0) | (snapshot.needs ? 0x20 : 0)
                writer.byte(snapshot.kind.rawValue | UInt8(flags))
                writer.string(snapshot.path)
                writer.int(snapshot.line)
                if let moving = snapshot.moving { writer.string(moving) }
                if snapshot.writes {
                    writer.rawBytes(snapshot.bytes)
                } else {
                    writer.int(Int(bitPattern: UInt(snapshot.digest)))
                }
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
            result.page = try reader.optionalString()
            var written: [WrittenSnapshot] = []
            for _ in 0..<(try reader.count(minimumSize: 4)) {
                let tag = try reader.byte()
                guard let kind = SnapshotFormat.Kind(rawValue: tag & 0x1F) else {
                    throw WireError("unknown snapshot kind")
                }
                let path = try reader.string(), line = try reader.int()
                let moving = tag & 0x40 != 0 ? try reader.string() : nil
                var snapshot =
                    tag & 0x80 != 0
                    ? WrittenSnapshot(kind, path: path, bytes: try reader.rawBytes(), line: line)
                    : WrittenSnapshot(
                        kind, path: path, matched: UInt64(UInt(bitPattern: try reader.int())), line: line)
                snapshot.moving = moving
                snapshot.needs = tag & 0x20 != 0
                written.append(snapshot)
            }
            self = .finished(
                TestCaseReport(path: path, variant: variant, result: result, seconds: seconds), written: written)
        case let kind:
            throw WireError("unknown test worker reply \(kind)")
        }
        try reader.expectEnd()
    }
}

/// A snapshot a test checked: its kind, where, the line of the call, and either the bytes its
/// format rendered, to be written (`writes`), or, for one that matched the stored file, only
/// their digest. The parent's `SnapshotLedger` writes the first and compares all.
package struct WrittenSnapshot: Equatable {
    package var kind: SnapshotFormat.Kind
    package var path: String
    package var bytes: [UInt8]
    package var line: Int
    package var writes: Bool
    package var digest: UInt64
    /// The old layout's file (`__snapshots__/NAME.EXT`, shared by the folder's tests) that was
    /// read in place of `path`: the parent moves it there (`SnapshotMigration`).
    package var moving: String?
    /// With `moving`: the old file was read but not taken (the check failed): it must stay.
    package var needs = false

    /// The old file `legacy` was read for the check at `line` and is still needed there (the
    /// check did not pass): nothing to write, nothing to compare across the run.
    package static func needing(_ legacy: String, kind: SnapshotFormat.Kind, path: String, line: Int) -> Self {
        var snapshot = WrittenSnapshot(kind, path: path, matched: 0, line: line)
        snapshot.moving = legacy
        snapshot.needs = true
        return snapshot
    }

    /// A snapshot to write.
    package init(_ kind: SnapshotFormat.Kind, path: String, bytes: [UInt8], line: Int) {
        (self.kind, self.path, self.bytes, self.line) = (kind, path, bytes, line)
        writes = true
        digest = Self.digest(bytes)
    }

    /// A snapshot that matched the stored file: nothing to write.
    package init(_ kind: SnapshotFormat.Kind, path: String, matched digest: UInt64, line: Int) {
        (self.kind, self.path, self.bytes, self.line) = (kind, path, [], line)
        writes = false
        self.digest = digest
    }

    /// A layout snapshot (JSON text) to write.
    package init(path: String, text: String, line: Int) {
        self.init(.layout, path: path, bytes: Array(text.utf8), line: line)
    }

    /// The snapshot's name: the file's name without the format's extension.
    package var name: String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        let suffix = "." + SnapshotFormat.of(kind).pathExtension
        if name.hasSuffix(suffix) { name.removeLast(suffix.count) }
        return name
    }

    /// FNV-1a (64 bits) of the rendered bytes: contents compare by it across the run.
    package static func digest(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0100_0000_01b3
        }
        return hash
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
