/// Ends the process when a command runs past its time limit. The script's own time limit
/// (or the instruction budget) stops runaway Lua code; this catches what they cannot see — a single library call running
/// for minutes (a pathological string pattern over a huge subject). `watch` cannot end
/// itself, so it runs each evaluation in a worker process and kills that instead, reporting
/// the same message.
///
/// It is the process's one real-time interval timer (SIGALRM), not a Dispatch timer: arming
/// that started libdispatch's threads, about a millisecond of every short run. The handler
/// only writes and exits, which are safe in a signal handler. The latest watchdog owns the
/// timer; an earlier one's cancel leaves a later one armed.
package final class Watchdog {
    private let generation: Int

    /// Fires a little after `seconds` (`grace(seconds)` later), so that Lua code running past
    /// the script's own time limit (the same `seconds`, from the start of the call) ends with
    /// its located error first.
    package init(seconds: Double, what: String) {
        generation = WatchdogAlarm.arm(
            after: seconds + Self.grace(seconds),
            message: "lualayout: \(Self.message(what: what, seconds: seconds))\n")
    }

    package func cancel() { WatchdogAlarm.disarm(generation) }

    /// Half the limit, between 1 and 5 seconds.
    package static func grace(_ seconds: Double) -> Double { min(5, max(1, seconds / 2)) }

    deinit { cancel() }

    /// "WHAT did not finish within N s (raise the limit with --timeout)".
    package static func message(what: String, seconds: Double) -> String {
        "\(what) did not finish within \(NumberFormatting.rounded(seconds)) s (raise the limit with --timeout)"
    }
}

/// The timer and the message its handler writes, shared by the watchdogs of one process
/// (commands run in-process by the tests may overlap).
private enum WatchdogAlarm {
    /// The message as C bytes. A replaced one is never freed (a few bytes a command), so a
    /// handler already running can never read a freed buffer.
    nonisolated(unsafe) static var message: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) static var messageLength = 0
    nonisolated(unsafe) static var current = 0
    static let lock = Lock()

    static func arm(after seconds: Double, message text: String) -> Int {
        lock.withLock {
            setTimer(0)
            let bytes = Array(text.utf8CString)
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
            buffer.initialize(from: bytes, count: bytes.count)
            message = buffer
            messageLength = bytes.count - 1
            signal(SIGALRM) { _ in
                if let message = WatchdogAlarm.message { _ = write(2, message, WatchdogAlarm.messageLength) }
                _exit(1)
            }
            // A parent that started us from a thread blocking signals (a Dispatch thread) passes
            // that mask on: this thread, and the threads it starts, take the alarm.
            var alarm = sigset_t()
            sigemptyset(&alarm)
            sigaddset(&alarm, SIGALRM)
            pthread_sigmask(SIG_UNBLOCK, &alarm, nil)
            current += 1
            setTimer(seconds)
            return current
        }
    }

    static func disarm(_ generation: Int) {
        lock.withLock {
            if generation == current { setTimer(0) }
        }
    }

    /// Starts the one-shot timer `seconds` from now, or stops it (0).
    private static func setTimer(_ seconds: Double) {
        // Whole seconds as the kernel counts them; beyond about 30 years, about 30 years.
        let clamped = min(max(seconds, 0), 1e9)
        let whole = clamped.rounded(.down)
        var value = itimerval()
        value.it_value.tv_sec = .init(whole)
        value.it_value.tv_usec = .init(min(999_999, ((clamped - whole) * 1e6).rounded(.up)))
        if seconds > 0 && value.it_value.tv_sec == 0 && value.it_value.tv_usec == 0 { value.it_value.tv_usec = 1 }
        #if os(Linux)
        setitimer(__itimer_which_t(ITIMER_REAL.rawValue), &value, nil)
        #else
        setitimer(ITIMER_REAL, &value, nil)
        #endif
    }
}
