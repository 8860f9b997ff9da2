import Dispatch
import LayoutOutput

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ends the process when a command runs past its time limit. The instruction budget stops
/// runaway Lua code; this catches what the budget cannot see — a single library call running
/// for minutes (a pathological string pattern over a huge subject).
final class Watchdog {
    private let timer: any DispatchSourceTimer

    init(seconds: Double, what: String) {
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
        timer.schedule(deadline: .now() + seconds)
        timer.setEventHandler {
            let message = "lualayout: \(what) did not finish within \(NumberFormatting.format(seconds)) s (raise the limit with --timeout)\n"
            _ = message.withCString { write(2, $0, strlen($0)) }
            _exit(1)
        }
        timer.resume()
    }

    func cancel() { timer.cancel() }

    deinit { timer.cancel() }
}
