import FlyingFox
import Foundation
import LayoutEngine
import LayoutOutput

/// The live preview of `watch --serve`: a page on 127.0.0.1 that shows the current layout,
/// updates itself on every save (a WebSocket pushes each new state), shows errors in place,
/// and lets the viewer scroll the viewport — every rect is queried by the server, so the
/// layout's rect-query hooks see the scrolled bounds.
///
/// Routes: `GET /` the page; `GET /render.svg?x=&y=` the viewport at that offset;
/// `GET /state` the current state as JSON; `GET /events?after=N` the state once its version
/// passes N (long poll, for tools); `GET /socket` the WebSocket.
final class PreviewServer: @unchecked Sendable {
    private let session: WatchSession
    private let server: HTTPServer
    private let listeners = Listeners()

    init(session: WatchSession, port: UInt16) throws {
        self.session = session
        server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: port), timeout: 60, logger: .disabled)
    }

    /// Starts serving in the background; returns the port once listening, or the error that
    /// kept the server from listening (a port in use) as soon as it happens.
    func start() throws -> UInt16 {
        let server = self.server
        let ready = DispatchSemaphore(value: 0)
        let outcome = StartOutcome()
        Task {
            do {
                try await self.configure()
                try await server.run()
            } catch {
                outcome.failure = "\(error)"
                ready.signal()
            }
        }
        Task {
            try? await server.waitUntilListening(timeout: 10)
            if case .ip4(_, let number)? = await server.listeningAddress { outcome.port = number }
            ready.signal()
        }
        ready.wait()
        if let number = outcome.port { return number }
        throw CLIError.input("preview: cannot listen on 127.0.0.1 (\(outcome.failure ?? "timed out"))")
    }

    /// Tells every open page about a new state.
    func publish() {
        listeners.send(stateJSON(session.state))
    }

    private func configure() async throws {
        await server.appendRoute("GET /") { _ in
            HTTPResponse(statusCode: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: Data(PreviewPage.html.utf8))
        }
        await server.appendRoute("GET /state") { [session] _ in
            Self.json(Self.stateJSON(session.state))
        }
        await server.appendRoute("GET /events") { [session] request in
            let after = Int(request.query.first { $0.name == "after" }?.value ?? "") ?? 0
            for _ in 0..<400 where session.state.version <= after {
                try await Task.sleep(nanoseconds: 50_000_000)
            }
            return Self.json(Self.stateJSON(session.state))
        }
        await server.appendRoute("GET /render.svg") { [session] request in
            let x = Double(request.query.first { $0.name == "x" }?.value ?? "") ?? session.state.bounds.x
            let y = Double(request.query.first { $0.name == "y" }?.value ?? "") ?? session.state.bounds.y
            do {
                guard let snapshot = try await session.viewport(at: Point(x: x.isFinite ? x : 0, y: y.isFinite ? y : 0)) else {
                    return HTTPResponse(statusCode: .serviceUnavailable, body: Data("no good layout yet".utf8))
                }
                let svg = SVGLayoutWriter.string(snapshot, options: .init(width: 640, viewportOnly: true))
                return HTTPResponse(statusCode: .ok, headers: [.contentType: "image/svg+xml"], body: Data(svg.utf8))
            } catch {
                return HTTPResponse(statusCode: .internalServerError, body: Data("\(error)".utf8))
            }
        }
        await server.appendRoute("GET /socket", to: .webSocket(listeners))
    }

    private func stateJSON(_ state: WatchSession.State) -> String { Self.stateJSON(state) }

    private static func stateJSON(_ state: WatchSession.State) -> String {
        let error = state.error.map { JSONLayoutWriter.string($0) } ?? "null"
        let b = state.bounds, c = state.contentSize
        return "{\"version\": \(state.version), \"error\": \(error), \"summary\": \(JSONLayoutWriter.string(state.summary)), "
            + "\"bounds\": {\"x\": \(b.x), \"y\": \(b.y), \"width\": \(b.width), \"height\": \(b.height)}, "
            + "\"contentSize\": {\"width\": \(c.width), \"height\": \(c.height)}}"
    }

    private static func json(_ text: String) -> HTTPResponse {
        HTTPResponse(statusCode: .ok, headers: [.contentType: "application/json"], body: Data(text.utf8))
    }
}

/// Open pages, each a WebSocket fed through its own stream.
private final class Listeners: WSMessageHandler, @unchecked Sendable {
    private let lock = NSLock()
    private var continuations: [UUID: AsyncStream<WSMessage>.Continuation] = [:]

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<WSMessage>.makeStream()
        add(continuation, id)
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        // The page may close at any time: forget it when its side of the socket ends.
        Task { [weak self] in
            for await _ in client {}
            self?.remove(id)
            continuation.finish()
        }
        return stream
    }

    func send(_ text: String) {
        lock.lock()
        let targets = Array(continuations.values)
        lock.unlock()
        for continuation in targets { continuation.yield(.text(text)) }
    }

    private func add(_ continuation: AsyncStream<WSMessage>.Continuation, _ id: UUID) {
        lock.withLock { continuations[id] = continuation }
    }

    private func remove(_ id: UUID) {
        lock.lock()
        continuations[id] = nil
        lock.unlock()
    }
}

private final class StartOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var _port: UInt16?
    private var _failure: String?
    var port: UInt16? {
        get { lock.withLock { _port } }
        set { lock.withLock { _port = newValue } }
    }
    var failure: String? {
        get { lock.withLock { _failure } }
        set { lock.withLock { _failure = newValue } }
    }
}
