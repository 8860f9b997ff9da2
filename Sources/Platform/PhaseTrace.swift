#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A timeline of one piece of work across processes (`watch --trace`): each step's name, the
/// monotonic clock when it ended (the same clock in every process, so a worker's steps line up
/// with its parent's) and the CPU time its process had used by then (what a step cost when the
/// machine is shared: wall time also measures the neighbours).
package struct PhaseTrace: Sendable, Equatable {
    package struct Point: Sendable, Equatable {
        /// Who took the step (`watcher`, `worker`).
        package var process: String
        package var step: String
        /// CLOCK_MONOTONIC, nanoseconds.
        package var wall: UInt64
        /// The process's CPU time (user + system), nanoseconds.
        package var cpu: UInt64

        package init(process: String, step: String, wall: UInt64, cpu: UInt64) {
            self.process = process
            self.step = step
            self.wall = wall
            self.cpu = cpu
        }
    }

    package var points: [Point] = []
    /// Whether steps are recorded (a disabled trace reads no clock).
    package var enabled: Bool

    package init(enabled: Bool) { self.enabled = enabled }

    /// Records that `step` of `process` ended now.
    package mutating func mark(_ process: String, _ step: String) {
        guard enabled else { return }
        points.append(Point(process: process, step: step, wall: Self.now(CLOCK_MONOTONIC), cpu: Self.processCPU()))
    }

    package mutating func append(_ other: [Point]) {
        guard enabled else { return }
        points += other
    }

    /// The lines `watch --trace` prints, in time order: milliseconds since the first point,
    /// the time since the step before (whichever process took it) and the CPU its own process
    /// spent since its previous point.
    package func lines(label: String) -> [String] {
        let ordered = points.enumerated().sorted { ($0.element.wall, $0.offset) < ($1.element.wall, $1.offset) }
            .map(\.element)
        guard let first = ordered.first else { return [] }
        var lines = ["\(label) trace: t0 = \(Self.seconds(first.wall)) s (CLOCK_MONOTONIC)"]
        var previousWall = first.wall
        var previousCPU: [String: UInt64] = [:]
        for point in ordered {
            let since = Self.milliseconds(Int64(bitPattern: point.wall &- first.wall))
            let step = Self.milliseconds(Int64(bitPattern: point.wall &- previousWall))
            let cpu = previousCPU[point.process].map { Self.milliseconds(Int64(bitPattern: point.cpu &- $0)) } ?? "—"
            lines.append("\(label) trace: \(since) ms (+\(step), cpu \(cpu)) \(point.process): \(point.step)")
            previousWall = point.wall
            previousCPU[point.process] = point.cpu
        }
        return lines
    }

    package static func now(_ clock: clockid_t) -> UInt64 {
        var time = timespec()
        clock_gettime(clock, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// This process's CPU time so far (every thread).
    package static func processCPU() -> UInt64 { now(CLOCK_PROCESS_CPUTIME_ID) }

    private static func milliseconds(_ nanoseconds: Int64) -> String {
        let hundredths = (nanoseconds + (nanoseconds >= 0 ? 5_000 : -5_000)) / 10_000
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let fraction = magnitude % 100
        return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    private static func seconds(_ nanoseconds: UInt64) -> String {
        let micro = nanoseconds / 1000
        let fraction = String(micro % 1_000_000)
        return "\(micro / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
    }
}
