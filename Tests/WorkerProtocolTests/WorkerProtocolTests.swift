import LayoutEngine
import LayoutOutput
import Platform
import TestExpectations
import Testing
@testable import WorkerProtocol

/// The worker's wire format: what goes in comes out bit for bit, and a cut message is an error.
@Suite("watch worker protocol")
struct WorkerProtocolTests {
    static let payload = Double(nan: 0x1234, signaling: false)

    /// A cell at awkward coordinates with every default attribute, a header with everything
    /// set (a transform holding -0, a NaN alpha with a payload), and a decoration.
    static let snapshot: LayoutSnapshot = {
        var transform = Transform3D.identity.m
        transform[1] = -0.0
        transform[12] = 0.1 + 0.2
        var snapshot = LayoutSnapshot(
            bounds: Rect(x: -0.0, y: Double.leastNonzeroMagnitude, width: 375, height: 1e308),
            contentSize: Size(width: .infinity, height: 0.3),
            elements: [
                LayoutAttributes(
                    key: .cell(0, Int.max), frame: Rect(x: 0.1 + 0.2, y: -1e-300, width: 1e308, height: 0)),
                LayoutAttributes(
                    key: .supplementary("header ✓\u{0}x", 3, 0), frame: Rect(x: 1, y: 2, width: 3, height: 4),
                    transform3D: Transform3D(transform), alpha: payload, zIndex: -5, hidden: true,
                    custom: [
                        "tags": .array([.string("a\u{0}b"), .number(-0.0), .bool(true), .null]),
                        "nested": .object(["depth": .number(Double.leastNonzeroMagnitude)]),
                    ]),
                LayoutAttributes(
                    key: .decoration("band", 0, -1), frame: Rect(x: 0, y: 0, width: 1, height: 1), zIndex: Int.min),
            ])
        snapshot.totalElements = 42
        snapshot.targetContentOffset = .init(
            proposed: Point(x: 1, y: -0.0), velocity: Point(x: 0.5, y: 2), target: Point(x: 3, y: 4))
        // A controller's background view reaches the preview's picture.
        snapshot.background = "#1b3a5c"
        // So do the cells' states and the refresh control (issue 34: their colours, the spinner).
        snapshot.selected = [LayoutIndexPath(0, 3), LayoutIndexPath(2, 0)]
        snapshot.highlighted = [LayoutIndexPath(0, 3)]
        snapshot.refreshControl = Rect(x: 0, y: -60, width: 375, height: 60)
        return snapshot
    }()

    private func bits(_ snapshot: LayoutSnapshot) -> [UInt64] {
        var words = [snapshot.bounds.x, snapshot.bounds.y, snapshot.contentSize.width].map(\.bitPattern)
        for element in snapshot.elements {
            words +=
                [element.frame.x, element.frame.y, element.alpha].map(\.bitPattern)
                + element.transform3D.m.map(\.bitPattern)
        }
        return words
    }

    @Test func repliesRoundTripBitForBit() throws {
        let reply = WorkerReply.layout(Self.snapshot)
        let decoded = try WorkerReply(decoding: reply.encoded())
        guard case .layout(let snapshot) = decoded else {
            Issue.record("decoded as \(decoded)")
            return
        }
        expectEqual(bits(snapshot), bits(Self.snapshot))
        // Everything but the NaN alpha compares equal (NaN never does).
        var expected = Self.snapshot, actual = snapshot
        expected.elements[1].alpha = 0
        actual.elements[1].alpha = 0
        expectEqual(actual, expected)

        for other in [
            WorkerReply.viewport(Self.snapshot), .failed("layout.lua:3: boom\nstack", files: ["x"]), .noLayout,
        ] {
            let again = try WorkerReply(decoding: other.encoded())
            expectEqual(again.encoded(), other.encoded())
        }
        for request in [WorkerRequest.evaluate, .viewport(Point(x: -0.0, y: 1e308)), .baseline(Self.snapshot)] {
            expectEqual(try WorkerRequest(decoding: request.encoded()).encoded(), request.encoded())
        }
    }

    /// A run's description — counts, the largest moves (keys of every category, a deeper
    /// index path, awkward numbers), content sizes, a trace — comes back equal, and so does
    /// one without a diff (a worker that had no baseline).
    @Test func runDescriptionsRoundTrip() throws {
        let moves = [
            LayoutDiff.Move(
                key: .supplementary("header ✓", 1, 2), from: Rect(x: 0.1 + 0.2, y: -0.0, width: 1, height: 2),
                to: Rect(x: 1e308, y: 3, width: 1, height: 2), distance: 1e308),
            LayoutDiff.Move(
                key: ElementKey(
                    category: .decoration, kind: "line", indexPath: LayoutIndexPath(components: [0, 1, -7])),
                from: .zero, to: Rect(x: 3, y: 4, width: 0, height: 0), distance: 5),
            LayoutDiff.Move(
                key: .cell(Int.max, 0), from: .zero, to: Rect(x: 0, y: 5, width: 0, height: 0), distance: 5),
        ]
        let summary = LayoutDiff.Summary(
            added: 1, removed: 2, moved: 100_000, resized: 3, restyled: 4, largestMoves: moves,
            contentSizeBefore: Size(width: 375, height: 0.3), contentSizeAfter: Size(width: .infinity, height: 1))
        let trace = [
            PhaseTrace.Point(process: "worker", step: "prepared and listed", wall: UInt64.max, cpu: 0),
            PhaseTrace.Point(process: "worker", step: "✓", wall: 12_345, cpu: 678),
        ]
        for report in [
            WatchRunReport(
                diff: summary, elementCount: 100_000, contentSize: Size(width: 375, height: 1e6), trace: trace),
            WatchRunReport(diff: nil, elementCount: 0, contentSize: .zero),
        ] {
            let reply = WorkerReply.evaluated(report, loadedFiles: ["/a/layout.lua", "/a/modules/grid ✓.lua"])
            expectEqual(try WorkerReply(decoding: reply.encoded()), reply)
            let bytes = reply.encoded()
            for length in 0..<bytes.count {
                #expect(throws: WireError.self) { try WorkerReply(decoding: Array(bytes[0..<length])) }
            }
        }
    }

    /// A store's leading plain, opaque cells travel as packed records, the rest one by one:
    /// cells 0 and 1 are packed; cell 2 (alpha 0.5) and everything after it — cell 3 plain
    /// again, the header — go element by element. The decoded list equals the store's.
    @Test func aStoresLeadingCellsTravelPackedAndComeBackEqual() throws {
        var builder = ElementStoreBuilder()
        builder.append(
            category: .cell, kindID: 0, section: 0, item: 0, frame: Rect(x: 0.1 + 0.2, y: -0.0, width: 5, height: 1e308)
        )
        builder.append(category: .cell, kindID: 0, section: 0, item: 1, frame: Rect(x: 1, y: 2, width: 3, height: 4))
        builder.append(
            category: .cell, kindID: 0, section: 0, item: 2, frame: Rect(x: 1, y: 2, width: 3, height: 4), alpha: 0.5)
        builder.append(category: .cell, kindID: 0, section: 1, item: 0, frame: Rect(x: 9, y: 9, width: 9, height: 9))
        builder.append(
            category: .supplementary, kindID: try builder.kindID("header"), section: 0, item: 0,
            frame: Rect(x: 0, y: 0, width: 10, height: 10), zIndex: 2)
        let store = try builder.build()
        let sent = LayoutSnapshot(
            bounds: Rect(x: 0, y: 0, width: 10, height: 10), contentSize: Size(width: 10, height: 20),
            elements: ElementList(store: store))
        let bytes = WorkerReply.layout(sent).encoded()
        guard case .layout(let snapshot) = try WorkerReply(decoding: bytes) else {
            Issue.record("decoded as something else")
            return
        }
        expectEqual(snapshot, sent)
        expectEqual(bits(snapshot), bits(sent))
        expectEqual((0..<5).map { snapshot.elements.plainCell(at: $0) != nil }, [true, true, false, false, false])
        // Sent again from the packed list: the same bytes.
        expectEqual(WorkerReply.layout(snapshot).encoded(), bytes)
        for length in 0..<bytes.count {
            #expect(throws: WireError.self) { try WorkerReply(decoding: Array(bytes[0..<length])) }
        }
    }

    /// Every preview gesture, with none, one, two, three or four numbers, and an interaction
    /// with and without an item being moved and an edit menu, come back as they went.
    @Test func gesturesAndInteractionsRoundTrip() throws {
        let p = Point(x: 0.1 + 0.2, y: -0.0)
        let gestures: [PreviewGesture] = [
            .tap(p), .longPress(p), .touchDown(p), .drag(from: p, to: Point(x: 1e308, y: 2)), .scroll(to: p),
            .fling(velocity: p), .doubleTap(p), .pinch(p, scale: 1.5, inProgress: false),
            .pinch(p, scale: 0.25, inProgress: true), .beginMove(p), .updateMove(p), .endMove, .cancelMove,
            .chooseMenuAction(2), .touchMove(p), .wait(0.1 + 0.2),
        ]
        expectEqual(try WorkerRequest(decoding: WorkerRequest.interact(gestures).encoded()), .interact(gestures))
        let menu = HeadlessCollectionView.EditMenu(indexPath: LayoutIndexPath(0, 3), actions: ["copy", "paste ✓"])
        for (moving, menu, timer) in [(nil, nil, nil), (LayoutIndexPath(2, 7), menu, 0.1 + 0.2)] {
            let reply = WorkerReply.interaction(
                PreviewInteraction(
                    snapshot: LayoutSnapshot(bounds: .zero, contentSize: .zero, elements: []), selected: [],
                    highlighted: [LayoutIndexPath(0, 1)], state: ["k": .number(1)], lastCalls: ["moveItem[2, 7]"],
                    moving: moving, menu: menu, refreshing: timer != nil, nextTimer: timer))
            expectEqual(try WorkerReply(decoding: reply.encoded()), reply)
        }
        // An unknown kind (16) is refused.
        #expect(throws: WireError.self) { try WorkerRequest(decoding: [2, 2, 16]) }
    }

    @Test func aCutOrPaddedMessageIsAnError() {
        let bytes = WorkerReply.layout(Self.snapshot).encoded()
        for length in 0..<bytes.count {
            #expect(throws: WireError.self) { try WorkerReply(decoding: Array(bytes[0..<length])) }
        }
        #expect(throws: WireError.self) { try WorkerReply(decoding: bytes + [0]) }
    }

    /// Frames come out whole, one at a time, however the bytes arrive.
    @Test func framesAreTakenWhole() {
        let messages: [[UInt8]] = [[1, 2, 3], [], Array(repeating: 7, count: 300)]
        var stream: [UInt8] = []
        for message in messages {
            withUnsafeBytes(of: Int64(message.count).littleEndian) { stream.append(contentsOf: $0) }
            stream += message
        }
        var buffer: [UInt8] = [], taken: [[UInt8]] = []
        for byte in stream {
            buffer.append(byte)
            while case .frame(let frame) = WorkerFrames.take(from: &buffer) { taken.append(frame) }
        }
        expectEqual(taken, messages)
        expect(buffer.isEmpty)
    }
}
