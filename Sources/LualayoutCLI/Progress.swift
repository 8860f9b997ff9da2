import Dispatch

import Platform

/// Tells a person at a terminal that a long run is under way, and how long it took. Silent
/// when standard error is not a terminal (pipes, CI, tests) and for small runs.
struct Progress {
    private let start = DispatchTime.now().uptimeNanoseconds
    private let enabled: Bool

    /// Shows `message` when `items` is large enough for the run to take a noticeable time.
    init(_ message: String, items: Int, io: CommandIO) {
        enabled = items >= 500_000 && isatty(2) == 1
        if enabled {
            io.err.write("lualayout: \(message)…\n")
            (io.err as? FileStream)?.flush()
        }
    }

    func finish(_ message: String, io: CommandIO) {
        guard enabled else { return }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        io.err.write("lualayout: \(message) in \((seconds * 100).rounded() / 100) s\n")
        (io.err as? FileStream)?.flush()
    }
}
