#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayoutEngine
import LayoutOutput
import WorkerProtocol
import Platform

/// The live preview of `watch --serve`: a page on 127.0.0.1 that shows the current layout,
/// updates itself on every save (a WebSocket pushes each new state), shows errors in place,
/// and lets the viewer scroll the viewport — every rect is queried by the server, so the
/// layout's rect-query hooks see the scrolled bounds.
///
/// Routes: `GET /` the page; `GET /render.svg?x=&y=` the viewport at that offset;
/// `GET /state` the current state as JSON; `GET /events?after=N` the state once its version
/// passes N (long poll, for tools); `GET /socket` the WebSocket; `GET /interact?log=…` the
/// page's gestures replayed by the simulator (taps, long presses, drags, scrolls, flings with
/// `watch --controller`'s callbacks), answered with the picture, offset, selection and state.
package final class PreviewServer: @unchecked Sendable {
    private let session: WatchSession
    private let server: HTTPServer
    private let sockets = WebSocketHub()
    /// The state as of the last finished run: the session's version counts a run from its
    /// start, so answering from it could name a version whose layout is not in place yet.
    private let published: PublishedState

    /// Listens at once: a port in use fails here, with the system's reason.
    package init(
        session: WatchSession, port: UInt16, labelField: String? = nil, safeArea: EdgeInsets? = nil,
        limits: HTTPLimits = HTTPLimits()
    ) throws {
        self.session = session
        let sockets = self.sockets
        let published = PublishedState(session.state)
        self.published = published
        do {
            server = try HTTPServer(port: port, limits: limits) { [session] request in
                Self.route(
                    request, session: session, published: published, sockets: sockets,
                    picture: Self.picture(labelField: labelField, safeArea: safeArea))
            }
        } catch {
            let reason =
                switch error {
                case .system(let text): text
                default: "\(error)"
                }
            throw PreviewServerError("preview: cannot listen on 127.0.0.1:\(port) (\(reason))")
        }
    }

    /// Starts serving in the background; returns the port it listens on.
    package func start() throws -> UInt16 {
        server.start()
        return server.port
    }

    package func stop() { server.stop() }

    /// Tells every open page and waiting poll about a new state (after each run).
    package func publish() {
        let state = session.state
        published.state = state
        sockets.broadcast(Self.stateJSON(state))
    }

    private static func route(
        _ request: HTTPRequest, session: WatchSession, published: PublishedState,
        sockets: WebSocketHub, picture: SVGLayoutWriter.Options
    ) -> HTTPServer.Reply {
        let routes = ["/", "/state", "/events", "/render.svg", "/socket", "/interact"]
        guard routes.contains(request.path) else { return .response(.text(404, "not found")) }
        guard request.method == "GET" else {
            var response = HTTPResponse.text(405, "method not allowed (only GET)")
            response.headers.append(("Allow", "GET"))
            return .response(response)
        }
        switch request.path {
        case "/":
            return .response(HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: PreviewPage.html))
        case "/state":
            return .response(json(stateJSON(published.state)))
        case "/events":
            let after = Int(request.queryValue("after") ?? "") ?? 0
            for _ in 0..<400 where published.state.version <= after { usleep(50_000) }
            return .response(json(stateJSON(published.state)))
        case "/render.svg":
            return .response(render(request, session: session, picture: picture))
        case "/interact":
            return .response(interact(request, session: session, picture: picture))
        default:
            return .webSocket(sockets)
        }
    }

    /// The preview's pictures: the viewport at its natural size (a point at least a pixel, up to
    /// 1600 pixels wide; the page shrinks it to the window), the safe area marked.
    static func picture(labelField: String?, safeArea: EdgeInsets?) -> SVGLayoutWriter.Options {
        SVGLayoutWriter.Options(viewportOnly: true, labelField: labelField, safeArea: safeArea)
    }

    private static func render(
        _ request: HTTPRequest, session: WatchSession, picture: SVGLayoutWriter.Options
    ) -> HTTPResponse {
        let x = Double(request.queryValue("x") ?? "") ?? session.state.bounds.x
        let y = Double(request.queryValue("y") ?? "") ?? session.state.bounds.y
        do {
            guard let snapshot = try session.viewportWaiting(at: Point(x: x.isFinite ? x : 0, y: y.isFinite ? y : 0))
            else {
                return .text(503, "no good layout yet")
            }
            let svg = SVGLayoutWriter.string(snapshot, options: picture)
            return HTTPResponse(status: 200, contentType: "image/svg+xml", body: svg)
        } catch {
            return .text(500, "\(error)")
        }
    }

    /// Replays the page's log (`t:x,y;l:x,y;h:x,y;d:x1,y1,x2,y2;s:x,y;f:vx,vy;D:x,y;p:x,y,scale;
    /// b:x,y;u:x,y;e:;c:;m:N;v:x,y;w:s`, viewport points; `PreviewGesture.parse`).
    private static func interact(
        _ request: HTTPRequest, session: WatchSession, picture: SVGLayoutWriter.Options
    ) -> HTTPResponse {
        let gestures: [PreviewGesture]
        do {
            gestures = try PreviewGesture.parse(request.queryValue("log") ?? "")
        } catch {
            return .text(400, error.description)
        }
        do {
            guard let result = try session.interactWaiting(gestures) else { return .text(503, "no good layout yet") }
            let snapshot = result.snapshot
            let svg = SVGLayoutWriter.string(snapshot, options: picture)
            let paths = { (list: [LayoutIndexPath]) in
                "[" + list.map { "[\($0.section), \($0.item)]" }.joined(separator: ", ") + "]"
            }
            let b = snapshot.bounds, c = snapshot.contentSize
            let body =
                "{\"svg\": \(JSONLayoutWriter.string(svg)), "
                + "\"offset\": {\"x\": \(JSONLayoutWriter.number(b.x)), \"y\": \(JSONLayoutWriter.number(b.y))}, "
                + "\"offsetText\": \"\(NumberFormatting.rounded(b.x)),\(NumberFormatting.rounded(b.y))\", "
                + "\"bounds\": {\"width\": \(JSONLayoutWriter.number(b.width)), \"height\": \(JSONLayoutWriter.number(b.height))}, "
                + "\"contentSize\": {\"width\": \(JSONLayoutWriter.number(c.width)), \"height\": \(JSONLayoutWriter.number(c.height))}, "
                + "\"total\": \(snapshot.totalElements ?? snapshot.elements.count), "
                + "\"selected\": \(paths(result.selected)), \"highlighted\": \(paths(result.highlighted)), "
                + "\"state\": \(JSONLayoutWriter.value(.object(result.state))), "
                + "\"calls\": [" + result.lastCalls.map(JSONLayoutWriter.string).joined(separator: ", ") + "], "
                + "\"animations\": [" + result.animations.map(JSONLayoutWriter.string).joined(separator: ", ") + "], "
                + "\"moving\": \(result.moving.map { "[\($0.section), \($0.item)]" } ?? "null"), "
                + "\"menu\": \(menu(result.menu)), \"refreshing\": \(result.refreshing), "
                + "\"nextTimer\": \(result.nextTimer.map(JSONLayoutWriter.number) ?? "null")}"
            return json(body)
        } catch {
            return .text(500, "\(error)")
        }
    }

    /// The edit menu shown: `{"indexPath": [s, i], "actions": [...]}`, or null.
    private static func menu(_ menu: HeadlessCollectionView.EditMenu?) -> String {
        guard let menu else { return "null" }
        return "{\"indexPath\": [\(menu.indexPath.section), \(menu.indexPath.item)], \"actions\": ["
            + menu.actions.map(JSONLayoutWriter.string).joined(separator: ", ") + "]}"
    }

    private static func stateJSON(_ state: WatchSession.State) -> String {
        let error = state.error.map { JSONLayoutWriter.string($0) } ?? "null"
        let b = state.bounds, c = state.contentSize
        return
            "{\"version\": \(state.version), \"error\": \(error), \"summary\": \(JSONLayoutWriter.string(state.summary)), "
            + "\"bounds\": {\"x\": \(b.x), \"y\": \(b.y), \"width\": \(b.width), \"height\": \(b.height)}, "
            + "\"contentSize\": {\"width\": \(c.width), \"height\": \(c.height)}}"
    }

    private static func json(_ text: String) -> HTTPResponse {
        HTTPResponse(status: 200, contentType: "application/json", body: text)
    }
}

private final class PublishedState: @unchecked Sendable {
    private let lock = Lock()
    private var current: WatchSession.State

    init(_ state: WatchSession.State) { current = state }

    var state: WatchSession.State {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }
}

/// The preview could not start (its port is in use): the message says why.
package struct PreviewServerError: Error, CustomStringConvertible {
    package var description: String
    init(_ description: String) { self.description = description }
}
