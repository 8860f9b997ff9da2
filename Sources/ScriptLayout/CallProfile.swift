import Platform

/// Calls and time per Lua callback, for `lualayout bench`. Kept only when asked for
/// (`ScriptLayout.startProfiling()`): otherwise a call pays one nil check.
package final class CallProfile {
    package struct Entry: Equatable, Sendable {
        /// The callback's name (`prepare`, `sizeForItem`, `attributes`, …).
        package var name: String
        package var calls: Int
        package var seconds: Double
    }

    private var totals: [String: (calls: Int, nanoseconds: UInt64)] = [:]
    private var order: [String] = []

    init() {}

    /// Every callback called since the last `reset`, in the order first called.
    package var entries: [Entry] {
        order.map { name in
            let total = totals[name]!
            return Entry(name: name, calls: total.calls, seconds: Double(total.nanoseconds) / 1e9)
        }
    }

    package func reset() {
        totals = [:]
        order = []
    }

    func record(_ name: String, calls: Int, since start: UInt64) {
        let elapsed = Self.now() &- start
        if let total = totals[name] {
            totals[name] = (total.calls + calls, total.nanoseconds + elapsed)
        } else {
            totals[name] = (calls, elapsed)
            order.append(name)
        }
    }

    /// The callback named by an `evaluating` description: `sizeForItem(cv, 0, 3)` → `sizeForItem`;
    /// nil for a description that is not a call (`the fields of the layout table`), which is the
    /// engine's own work and no callback of the script's.
    static func callbackName(_ evaluating: String) -> String? {
        let name = evaluating.prefix { $0 != "(" && $0 != " " }
        guard !name.isEmpty, evaluating.dropFirst(name.count).first == "(" else { return nil }
        return String(name)
    }

    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
