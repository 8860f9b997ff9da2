import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a subprocess ended.
enum ProcessEnd: Equatable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)
    case timedOut(Double)

    var description: String {
        switch self {
        case .exited(let status): "exit \(status)"
        case .signaled(let signal): "crashed (signal \(signal))"
        case .timedOut(let seconds):
            "timed out after \(NumberFormatter.localizedString(from: seconds as NSNumber, number: .decimal)) s"
        }
    }
}

struct ProcessOutcome {
    var end: ProcessEnd
    var out: String
    var err: String
}

/// Runs one executable to its end without blocking a Swift concurrency thread: its output is
/// drained on threads of its own (so a chatty process never stalls on a full pipe), and it is
/// killed (SIGKILL) once `timeout` seconds pass. With `lowPriority` it starts under `nice -n 10`
/// (which executes it in its own process: the same process ID, the same name in its messages).
enum CaseProcess {
    static func run(
        _ executable: String, arguments: [String], directory: String, timeout: Double, stdoutFile: String? = nil,
        lowPriority: Bool = false
    ) async throws -> ProcessOutcome {
        let process = Process()
        if lowPriority {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/nice")
            process.arguments = ["-n", "10", executable] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
        }
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardInput = FileHandle.nullDevice
        let outPipe = Pipe(), errPipe = Pipe()
        // Standard output to a file (`/dev/full`: a full disk), else drained like stderr.
        let outFile = try stdoutFile.map { path in
            guard let handle = FileHandle(forWritingAtPath: path) else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
            }
            return handle
        }
        if let outFile {
            process.standardOutput = outFile
            try? outPipe.fileHandleForWriting.close()
        } else {
            process.standardOutput = outPipe
        }
        process.standardError = errPipe
        let state = EndState()
        let box = UncheckedProcess(process)
        // Drained from the start, so a process writing more than a pipe holds never stalls.
        let out = PipeDrain(outPipe), err = PipeDrain(errPipe)

        let reason: ProcessEnd = try await withCheckedThrowingContinuation { continuation in
            state.onEnd = { continuation.resume(returning: $0) }
            process.terminationHandler = { process in
                let end: ProcessEnd =
                    process.terminationReason == .uncaughtSignal
                    ? .signaled(process.terminationStatus) : .exited(process.terminationStatus)
                state.finish(end)
            }
            do {
                try process.run()
            } catch {
                state.onEnd = nil
                // Nothing will write: close the write ends so the drains see the end.
                try? outPipe.fileHandleForWriting.close()
                try? errPipe.fileHandleForWriting.close()
                continuation.resume(throwing: error)
                return
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
                if state.markTimedOut() { kill(box.process.processIdentifier, SIGKILL) }
            }
        }
        // The pipes close when the process ends (a killed process too); Process closed our
        // copies of the write ends when it started the child.
        let (outText, errText) = await (out.text(), err.text())
        try? outFile?.close()
        let end = state.timedOut ? ProcessEnd.timedOut(timeout) : reason
        return ProcessOutcome(end: end, out: outText, err: errText)
    }
}

/// Process is not Sendable; it is only used to read its pid after it started.
private struct UncheckedProcess: @unchecked Sendable {
    let process: Process
    init(_ process: Process) { self.process = process }
}

/// Whether the process ended or was timed out, decided once under a lock.
private final class EndState: @unchecked Sendable {
    private let lock = NSLock()
    private var ended = false
    private(set) var timedOutFlag = false
    var onEnd: ((ProcessEnd) -> Void)?

    var timedOut: Bool {
        lock.lock()
        defer { lock.unlock() }
        return timedOutFlag
    }

    /// True when the process is still running (so the caller may kill it).
    func markTimedOut() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !ended else { return false }
        timedOutFlag = true
        return true
    }

    func finish(_ end: ProcessEnd) {
        lock.lock()
        guard !ended else {
            lock.unlock()
            return
        }
        ended = true
        let handler = onEnd
        onEnd = nil
        lock.unlock()
        handler?(end)
    }
}

/// Reads a pipe to its end on a thread of its own, keeping the first 8 MiB.
final class PipeDrain: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var finished = false
    private var waiters: [CheckedContinuation<String, Never>] = []
    private static let keep = 8 << 20

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.lock()
                if data.count < Self.keep { data.append(chunk.prefix(Self.keep - data.count)) }
                lock.unlock()
            }
            try? handle.close()
            lock.lock()
            finished = true
            let text = String(decoding: data, as: UTF8.self)
            let pending = waiters
            waiters = []
            lock.unlock()
            for waiter in pending { waiter.resume(returning: text) }
        }
    }

    /// Everything read, once the writer closed the pipe.
    func text() async -> String {
        await withCheckedContinuation { continuation in
            lock.lock()
            if finished {
                let text = String(decoding: data, as: UTF8.self)
                lock.unlock()
                continuation.resume(returning: text)
            } else {
                waiters.append(continuation)
                lock.unlock()
            }
        }
    }
}

/// At most `limit` subprocesses at a time (the machine is shared; cases are many).
actor ProcessSlots {
    private var free: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) { free = max(1, limit) }

    func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    func release() {
        if waiters.isEmpty { free += 1 } else { waiters.removeFirst().resume() }
    }
}
