// LivePreview: hot reload and the live preview of `lualayout watch [--serve]`.
//
// - `WatchSession` runs the layout afresh after each save, in a worker process of its own
//   (WorkerProtocol), keeps the last good layout and describes each run against it.
// - `PreviewServer` serves the page (`PreviewPage`), viewports, state and the WebSocket that
//   pushes each new state; the page's gestures (`PreviewGesture.parse`) are replayed by the
//   worker on a fresh simulation.
// - `HTTP/` is the server underneath: HTTP/1.1 and WebSocket on 127.0.0.1, written here rather
//   than taken from a framework (swift-nio, Hummingbird, Vapor). It serves one local page to one
//   developer, and what it must do it does in about 800 lines with no dependency: every
//   connection has a thread of its own, every read and write a deadline, and heads, bodies,
//   frames and connections are capped (`HTTPLimits`), so a slow or hostile peer holds only its
//   own connection, and only until its deadline. Its behaviour is pinned by the 39 recorded
//   requests of `Tests/Corpus/HTTP/requests.json` (each answered with its status, or closed)
//   and by the hostile-client tests (`PreviewLimitsTests`: trickling, stuck and oversized
//   peers). A framework would add an event loop and a dependency tree to the tool's build for
//   none of that.
