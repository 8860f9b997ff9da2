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

    /// Fires a little after `seconds` (`grace(seconds)` later), so that Lua code running past
    /// the script's own time limit (the same `seconds`, from the start of the call) ends with
    /// its located error first.
    init(seconds: Double, what: String) {
        let message = "lualayout: \(Self.message(what: what, seconds: seconds))\n"
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
        timer.schedule(deadline: .now() + seconds + Self.grace(seconds))
        timer.setEventHandler {
            _ = message.withCString { write(2, $0, strlen($0)) }
            _exit(1)
        }
        timer.resume()
    }

    func cancel() { timer.cancel() }

    /// Half the limit, between 1 and 5 seconds.
    static func grace(_ seconds: Double) -> Double { min(5, max(1, seconds / 2)) }

    deinit { timer.cancel() }

    /// "WHAT did not finish within N s (raise the limit with --timeout)".
    static func message(what: String, seconds: Double) -> String {
        "\(what) did not finish within \(NumberFormatting.format(seconds)) s (raise the limit with --timeout)"
    }
}
