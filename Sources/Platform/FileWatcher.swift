/// Notices when any of a set of files is saved. On Linux inotify (on the files' directories,
/// so saves that rename a new file over the old one count) wakes it at once and says when a
/// save has ended (the file closed after writing, or renamed into place); elsewhere, or if
/// inotify is unavailable, it polls. Either way each file's identity (inode, size,
/// modification time) decides whether it changed. A change is reported once the save has
/// ended, or — where that cannot be seen — once the files have been quiet for the debounce
/// interval, so one save that touches a file twice reloads once.
package struct FileWatcher {
    package struct Signature: Equatable {
        package var inode: UInt64
        package var size: Int64
        package var seconds: Int
        package var nanoseconds: Int
    }

    /// A change of the watched files.
    package struct Save {
        package var signatures: [String: Signature?]
        /// Whether the kernel reported the save's end (a watched file closed after writing,
        /// renamed into place or deleted): nothing more of it is to come.
        package var ended: Bool
    }

    package var debounce: Double = 0.015
    package var interval: Double = 0.01
    /// The inotify watch, kept from one wait to the next (copies of this watcher share it): a
    /// save between two waits is still reported with its end, and no wait pays for setting up
    /// the watch. A new one is made when the set of files changes.
    private let notifiers = NotifierCache()

    package init() {}

    /// Starts watching `paths` now rather than at the next wait, so a save made before that
    /// wait (while a run is going, or before a report line is read) is seen with its events.
    package func watch(_ paths: [String]) {
        _ = notifiers.notifier(for: paths)
    }

    package static func signature(of path: String) -> Signature? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return Signature(
            inode: UInt64(info.st_ino), size: Int64(info.st_size), seconds: Int(time.tv_sec),
            nanoseconds: Int(time.tv_nsec))
    }

    package static func signatures(of paths: [String]) -> [String: Signature?] {
        Dictionary(paths.map { ($0, signature(of: $0)) }, uniquingKeysWith: { a, _ in a })
    }

    /// Waits until a file differs from `baseline` and has settled (two readings a debounce
    /// apart agree), or `timeout` passes, or `shouldStop` says so. Returns the new signatures
    /// on a change, nil otherwise.
    package func waitForChange(
        from baseline: [String: Signature?], timeout: Double, shouldStop: () -> Bool = { false }
    ) -> [String: Signature?]? {
        waitForSave(from: baseline, timeout: timeout, shouldStop: shouldStop).map {
            settle($0.signatures, shouldStop: shouldStop)
        }
    }

    /// Waits until a file differs from `baseline`, or `timeout` passes, or `shouldStop` says
    /// so, without waiting for the files to be quiet (the caller decides: `watch` starts its
    /// run at once). When the kernel reports writes to a watched file but not yet their end,
    /// it first waits up to the debounce interval for the end, so a run does not start on a
    /// file still being written.
    package func waitForSave(
        from baseline: [String: Signature?], timeout: Double, shouldStop: () -> Bool = { false }
    ) -> Save? {
        let notifier = notifiers.notifier(for: Array(baseline.keys))
        var waited = 0.0
        // What came since the last wait: the events of a save made between two waits.
        var activity = notifier?.wait(seconds: 0) ?? .none
        while !shouldStop() {
            if let now = change(from: baseline) {
                // Events of the change that came since the last wait (the stat may see a rename
                // before its event has been read).
                if let notifier { activity = max(activity, notifier.wait(seconds: 0)) }
                // The kernel changes the file before it queues the event (a truncate: the size,
                // then IN_MODIFY), so a stat can see a change whose event is not there yet: wait
                // for it, up to the debounce, before taking the change as one inotify cannot see.
                if let notifier, activity == .none { activity = notifier.wait(seconds: debounce) }
                guard let notifier, activity == .written else {
                    return Save(signatures: now, ended: activity == .ended)
                }
                // Written but not ended: wait (briefly) for the close or rename that ends a save.
                let end = Self.monotonicNanoseconds() + UInt64(debounce * 1e9)
                while !shouldStop() {
                    let left = Int64(bitPattern: end &- Self.monotonicNanoseconds())
                    guard left > 0 else { break }
                    activity = notifier.wait(seconds: Double(left) / 1e9)
                    if activity == .ended { break }
                }
                return Save(signatures: change(from: baseline) ?? now, ended: activity == .ended)
            }
            // (After the last slice's wait the files are looked at once more, so activity that
            // ended it is not left to a later call, which would not see its events.)
            guard waited < timeout else { break }
            if let notifier {
                // Sleep until the kernel reports activity in a watched directory (or a slice ends).
                let slice = min(0.1, timeout - waited)
                activity = notifier.wait(seconds: slice)
                waited += slice
            } else {
                sleep(seconds: interval)
                waited += interval
            }
        }
        return nil
    }

    /// The files' signatures now, if they differ from `baseline` (no waiting).
    package func change(from baseline: [String: Signature?]) -> [String: Signature?]? {
        let now = Self.signatures(of: Array(baseline.keys))
        return now == baseline ? nil : now
    }

    /// Lets a save finish: waits until two readings a debounce apart agree (for at most a
    /// second: files that never stop changing still get a run), and returns the last reading.
    package func settle(_ reading: [String: Signature?], shouldStop: () -> Bool = { false }) -> [String: Signature?] {
        var settled = reading
        for _ in 0..<Int(1 / debounce) where !shouldStop() {
            sleep(seconds: debounce)
            let again = Self.signatures(of: Array(reading.keys))
            if again == settled { break }
            settled = again
        }
        return settled
    }

    package static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    package static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    package func sleep(seconds: Double) {
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        _ = nanosleep(&request, nil)
    }

    static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

/// The notifier of the last set of files waited for (`FileWatcher.waitForSave`).
private final class NotifierCache {
    private var files: Set<String> = []
    private var notifier: DirectoryNotifier?

    func notifier(for paths: [String]) -> DirectoryNotifier? {
        let wanted = Set(paths)
        if notifier == nil || wanted != files {
            notifier = DirectoryNotifier(files: paths)
            files = wanted
        }
        return notifier
    }
}

/// inotify on the directories holding the watched files (Linux); nil where unavailable.
package final class DirectoryNotifier {
    /// What a wait saw of the watched files: nothing, writes (a file modified or created:
    /// maybe still being written), or the end of a save (a file closed after writing, renamed
    /// into place, or deleted).
    package enum Activity: Int, Comparable {
        case none, written, ended

        package static func < (a: Activity, b: Activity) -> Bool { a.rawValue < b.rawValue }
    }

    #if os(Linux)
    private let descriptor: Int32
    /// The watched files' names in each watched directory, by watch descriptor.
    private var names: [Int32: Set<String>] = [:]

    package init?(files: [String]) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB)
        for file in files {
            // A directory added twice gives the same descriptor.
            let watch = inotify_add_watch(fd, FileWatcher.directory(of: file), mask)
            if watch >= 0 { names[watch, default: []].insert(FileWatcher.name(of: file)) }
        }
        guard !names.isEmpty else {
            close(fd)
            return nil
        }
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Returns when something happened in a watched directory, or after `seconds`: what
    /// happened to the watched files, at its most final (which file changed, and how, is
    /// decided by comparing signatures).
    @discardableResult
    package func wait(seconds: Double) -> Activity {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, Int32((max(0, seconds) * 1000).rounded(.up))) > 0 else { return .none }
        let ending = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE)
        var activity = Activity.none
        var buffer = [UInt8](repeating: 0, count: 4096)
        // Drain the queue: each event is a 16-byte header (watch descriptor, mask, cookie, name
        // length), then the name, padded with NULs.
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            var offset = 0
            while offset + 16 <= count {
                let (watch, mask, length) = buffer.withUnsafeBytes {
                    (
                        $0.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                        $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                        Int($0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    )
                }
                let name = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                if names[watch]?.contains(String(decoding: name, as: UTF8.self)) == true {
                    activity = max(activity, mask & ending != 0 ? .ended : .written)
                }
                offset += 16 + length
            }
        }
        return activity
    }
    #else
    package init?(files: [String]) { return nil }
    @discardableResult
    package func wait(seconds: Double) -> Activity { .none }
    #endif
}
