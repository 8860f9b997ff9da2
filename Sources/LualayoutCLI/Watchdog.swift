import Dispatch
import LayoutOutput

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ends the process when a command runs past its time limit. The script's own time limit
/// (or the instruction budget) stops runaway Lua code; this catches what they cannot see — a single library call running
/// for minutes (a pathological string pattern over a huge subject). `watch` cannot end
/// itself, so it runs each evaluation in a worker process and kills that instead, reporting
/// the same message.
final class Watchdog {
    private let timer: any DispatchSourceTimer

    /// Fires a little after `seconds` (half of it, at most 1 s), so that Lua code running
    /// past the script's own time limit (the same `seconds`) ends with its located error first.
    init(seconds: Double, what: String) {
        let message = "lualayout: \(Self.message(what: what, seconds: seconds))\n"
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
        timer.schedule(deadline: .now() + seconds + min(1, seconds / 2))
        timer.setEventHandler {
            _ = message.withCString { write(2, $0, strlen($0)) }
            _exit(1)
        }
        timer.resume()
    }

    func cancel() { timer.cancel() }

    deinit { timer.cancel() }

    /// "WHAT did not finish within N s (raise the limit with --timeout)".
    static func message(what: String, seconds: Double) -> String {
        "\(what) did not finish within \(NumberFormatting.format(seconds)) s (raise the limit with --timeout)"
    }
}
