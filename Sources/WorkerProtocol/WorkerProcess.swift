import Dispatch
import Platform

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Darwin)
import Foundation  // Bundle, to find the tool beside an .xctest bundle
#endif

/// A message that crosses a worker's pipes, one frame each (`WorkerFrames`): a request to the
/// worker or its reply, encoded with `WireWriter` and read back with `WireReader`.
package protocol WorkerMessage {
    func encoded() -> [UInt8]
    init(decoding bytes: [UInt8]) throws(WireError)
}

/// A worker process that could not be started: the message says why.
package struct WorkerStartError: Error, CustomStringConvertible {
    package var description: String
    init(_ description: String) { self.description = description }
}

/// One `lualayout WORKER-COMMAND` child process, seen from its parent: requests go to its
/// standard input, replies come from its standard output (frames of `Request` and `Reply`), its
/// standard error is the user's. A worker stuck in a library call cannot be interrupted from
/// inside, so it is killed instead; it is reaped when the last reference to it goes. Each kind
/// of worker (`watch-worker`) is this class with its own messages.
package final class WorkerProcess<Request: WorkerMessage, Reply: WorkerMessage>: @unchecked Sendable {
    package let pid: pid_t
    private let requests: Int32
    private let replies: Int32
    /// Reply bytes read but not yet decoded. Only one thread reads a worker at a time.
    private var pending: [UInt8] = []
    private let lock = Lock()
    private var exitStatus: Int32?
    /// Requests still being written by `sendInBackground` (requests go out in order).
    private let backgroundWrites = PendingWrites()

    package enum Received {
        case reply(Reply)
        /// The worker ended (or sent nonsense) without answering; says how.
        case ended(String)
    }

    /// Starts `lualayout COMMAND ARGUMENTS…`, with this process's environment and `environment`
    /// (names not already set); errors begin with `label` (`watch: cannot …`).
    package static func spawn(
        command: String, arguments: [String], label: String, environment defaults: [String: String] = [:]
    ) throws(WorkerStartError) -> WorkerProcess {
        guard let executable = executablePath() else {
            throw WorkerStartError(
                "\(label): cannot find the lualayout executable to run the layout in (set LUALAYOUT_EXECUTABLE)")
        }
        // Writes to a worker that died must fail, not kill the watcher.
        signal(SIGPIPE, SIG_IGN)
        guard let toWorker = makePipe() else {
            throw WorkerStartError("\(label): cannot create a pipe (\(String(cString: strerror(errno))))")
        }
        guard let fromWorker = makePipe() else {
            close(toWorker.read)
            close(toWorker.write)
            throw WorkerStartError("\(label): cannot create a pipe (\(String(cString: strerror(errno))))")
        }
        #if os(Linux)
        // A whole 10k-element reply or request fits in the pipe at once (F_SETPIPE_SZ; best
        // effort), so neither end waits for the other to drain it 64 KB at a time.
        _ = fcntl(fromWorker.write, 1031, Int32(1 << 20))
        _ = fcntl(toWorker.write, 1031, Int32(1 << 20))
        #endif
        // Named as the binary it runs (not /proc/self/exe), for ps and top.
        let name = executable == "/proc/self/exe" ? ownExecutablePath() ?? executable : executable
        let arguments = [name, command] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }

        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_adddup2(&actions, toWorker.read, 0)
        posix_spawn_file_actions_adddup2(&actions, fromWorker.write, 1)
        // Dispatch threads may block signals; the worker starts with none blocked.
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))

        let inherited = ProcessInfo.processInfo.environment.merging(defaults) { own, _ in own }
        let environment = inherited.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in environment { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environment)
        close(toWorker.read)
        close(fromWorker.write)
        guard result == 0 else {
            close(toWorker.write)
            close(fromWorker.read)
            throw WorkerStartError("\(label): cannot start \(executable) (\(String(cString: strerror(result))))")
        }
        return WorkerProcess(pid: pid, requests: toWorker.write, replies: fromWorker.read)
    }

    private init(pid: pid_t, requests: Int32, replies: Int32) {
        self.pid = pid
        self.requests = requests
        self.replies = replies
    }

    deinit {
        kill()
        close(requests)
        close(replies)
        _ = reap(wait: true)
    }

    /// Sends a request (after any still being sent in the background); false if the worker is gone.
    package func send(_ request: Request) -> Bool {
        backgroundWrites.waitUntilDone()
        return WorkerFrames.write(request.encoded(), to: requests)
    }

    /// Sends a request from a thread of its own, so a large one (a baseline layout) does not
    /// hold up the caller while the worker starts and reads it; `send` waits for it.
    package func sendInBackground(_ request: Request) {
        backgroundWrites.write(request.encoded(), to: requests)
    }

    /// Waits until `deadline` (DispatchTime uptime nanoseconds) for a reply; nil if none came.
    package func receive(until deadline: UInt64) -> Received? {
        var chunk: [UInt8] = []
        while true {
            switch WorkerFrames.take(from: &pending) {
            case .frame(let bytes):
                do {
                    return .reply(try Reply(decoding: bytes))
                } catch {
                    kill()
                    return .ended("sent a reply that does not decode (\(error))")
                }
            case .invalid(let reason):
                kill()
                return .ended("sent a reply that does not decode (\(reason))")
            case .incomplete:
                break
            }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return nil }
            var request = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(Double(deadline - now) / 1e6 + 1, 60_000))
            let ready = poll(&request, 1, milliseconds)
            if ready < 0 && errno != EINTR { return .ended(endedDescription()) }
            guard ready > 0 else { continue }
            if chunk.isEmpty { chunk = [UInt8](repeating: 0, count: 1 << 18) }
            let count = read(replies, &chunk, chunk.count)
            if count > 0 {
                pending.append(contentsOf: chunk[0..<count])
            } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                return .ended(endedDescription())
            }
        }
    }

    /// Stops the worker at once (SIGKILL; it is reaped later). Safe from any thread.
    package func kill() {
        lock.withLock {
            if exitStatus == nil { _ = Glue.kill(pid, SIGKILL) }
        }
    }

    /// How the worker ended, once its output closed: it exits right after, so wait for it
    /// briefly, then make sure.
    private func endedDescription() -> String {
        for _ in 0..<100 {
            if let status = reap(wait: false) { return Self.describe(status) }
            usleep(10_000)
        }
        kill()
        return reap(wait: true).map { Self.describe($0) } ?? "ended"
    }

    private func reap(wait: Bool) -> Int32? {
        lock.withLock {
            if let exitStatus { return exitStatus }
            var status: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(pid, &status, wait ? 0 : WNOHANG) } while result < 0 && errno == EINTR
            guard result == pid else { return nil }
            exitStatus = status
            return status
        }
    }

    /// The signal that ended the worker, once it has ended and been reaped (nil while it runs,
    /// or when it exited).
    package var terminationSignal: Int32? {
        guard let status = lock.withLock({ exitStatus }) else { return nil }
        let signal = status & 0x7f
        return signal == 0 ? nil : signal
    }

    /// The worker's exit status, once it has exited and been reaped (nil while it runs, or
    /// when a signal ended it).
    package var exitCode: Int32? {
        guard let status = lock.withLock({ exitStatus }), status & 0x7f == 0 else { return nil }
        return (status >> 8) & 0xff
    }

    /// The worker's resident memory in bytes (Linux: /proc/PID/statm), nil where unknown.
    package func residentBytes() -> Int? {
        #if os(Linux)
        let descriptor = open("/proc/\(pid)/statm", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return nil }
        let fields = buffer[0..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
        return nil
        #endif
    }

    /// `SIGSEGV`, `SIGABRT`, …: the usual name of a signal that ends a process (`signal N` for others).
    package static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGHUP: "SIGHUP"
        case SIGINT: "SIGINT"
        case SIGQUIT: "SIGQUIT"
        case SIGILL: "SIGILL"
        case SIGTRAP: "SIGTRAP"
        case SIGABRT: "SIGABRT"
        case SIGBUS: "SIGBUS"
        case SIGFPE: "SIGFPE"
        case SIGKILL: "SIGKILL"
        case SIGSEGV: "SIGSEGV"
        case SIGPIPE: "SIGPIPE"
        case SIGALRM: "SIGALRM"
        case SIGTERM: "SIGTERM"
        case SIGXCPU: "SIGXCPU"
        case SIGXFSZ: "SIGXFSZ"
        case SIGSYS: "SIGSYS"
        default: "signal \(signal)"
        }
    }

    private static func describe(_ status: Int32) -> String {
        let signal = status & 0x7f
        return signal == 0 ? "ended with status \((status >> 8) & 0xff)" : "crashed (signal \(signal))"
    }

    /// The `lualayout` binary: this one, or — when this process is a test runner — the one
    /// built beside the test bundle. LUALAYOUT_EXECUTABLE overrides both.
    package static func executablePath() -> String? {
        if let override = getenv("LUALAYOUT_EXECUTABLE") { return String(cString: override) }
        guard let own = ownExecutablePath() else { return nil }
        #if os(Linux)
        // This very binary, even if a rebuild has since replaced the file: workers always
        // speak the watcher's protocol.
        guard own.contains("xctest") else { return access("/proc/self/exe", X_OK) == 0 ? "/proc/self/exe" : own }
        #else
        guard own.contains("xctest") else { return own }
        #endif
        #if canImport(Darwin)
        let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundlePath ?? own
        #else
        let bundle = own
        #endif
        let beside = URL(fileURLWithPath: bundle).deletingLastPathComponent().appendingPathComponent("lualayout").path
        return FileManager.default.isExecutableFile(atPath: beside) ? beside : nil
    }

    private static func ownExecutablePath() -> String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return CommandLine.arguments.first }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #elseif canImport(Darwin)
        var size: UInt32 = 4096
        var buffer = [CChar](repeating: 0, count: Int(size))
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return CommandLine.arguments.first }
        return String(cString: buffer)
        #else
        return CommandLine.arguments.first
        #endif
    }

    private static func makePipe() -> (read: Int32, write: Int32)? {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { return nil }
        // Not inherited by later workers: each pipe must close when its own worker goes.
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return (descriptors[0], descriptors[1])
    }

}

/// How many writes a worker's background senders still have under way.
private final class PendingWrites: @unchecked Sendable {
    private let condition = Condition()
    private var count = 0

    /// Writes `bytes` as a frame from a thread of its own.
    func write(_ bytes: [UInt8], to descriptor: Int32) {
        condition.lock()
        count += 1
        condition.unlock()
        DetachedThread.start { [self] in
            // A worker that is gone fails the write; its next `send` or `receive` says so.
            _ = WorkerFrames.write(bytes, to: descriptor)
            condition.lock()
            count -= 1
            condition.signal()
            condition.unlock()
        }
    }

    func waitUntilDone() {
        condition.lock()
        while count > 0 { condition.wait() }
        condition.unlock()
    }
}

/// Framing shared by both ends: an 8-byte little-endian length, then the message.
package enum WorkerFrames {
    /// Far above any real snapshot (20M elements): a larger length means a garbled stream.
    package static let maximumLength = 1 << 34

    package enum Taken {
        case frame([UInt8])
        case incomplete
        case invalid(String)
    }

    /// Removes one whole frame from the front of `buffer`, if there is one.
    package static func take(from buffer: inout [UInt8]) -> Taken {
        guard buffer.count >= 8 else { return .incomplete }
        var length = 0
        for index in 0..<8 { length |= Int(buffer[index]) << (8 * index) }
        guard length >= 0, length <= maximumLength else { return .invalid("frame of \(length) bytes") }
        guard buffer.count - 8 >= length else {
            buffer.reserveCapacity(8 + length)
            return .incomplete
        }
        let frame = Array(buffer[8..<8 + length])
        buffer.removeFirst(8 + length)
        return .frame(frame)
    }

    /// Writes one frame, all of it (the length, then the message as it is: no copy); false if
    /// the other end is gone.
    package static func write(_ message: [UInt8], to descriptor: Int32) -> Bool {
        let length = withUnsafeBytes(of: Int64(message.count).littleEndian) { writeAll($0, to: descriptor) }
        return length && message.withUnsafeBytes { writeAll($0, to: descriptor) }
    }

    private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = Glue.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return false }
            offset += written
        }
        return true
    }
}

private enum Glue {
    static func kill(_ pid: pid_t, _ signal: Int32) -> Int32 {
        #if canImport(Glibc)
        Glibc.kill(pid, signal)
        #else
        Darwin.kill(pid, signal)
        #endif
    }

    static func write(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(fd, pointer, count)
        #else
        Darwin.write(fd, pointer, count)
        #endif
    }
}
