/// Notices when any of a set of files is saved. On Linux inotify (on the files' directories,
/// so saves that rename a new file over the old one count) wakes it at once; elsewhere, or if
/// inotify is unavailable, it polls. Either way each file's identity (inode, size,
/// modification time) decides whether it changed, and a change is reported once the files
/// have been quiet for the debounce interval, so one save that touches a file twice reloads
/// once.
package struct FileWatcher {
    package struct Signature: Equatable {
        package var inode: UInt64
        package var size: Int64
        package var seconds: Int
        package var nanoseconds: Int
    }

    package var debounce: Double = 0.015
    package var interval: Double = 0.01

    package init() {}

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

    /// Waits until a file differs from `baseline` and has settled, or `timeout` passes, or
    /// `shouldStop` says so. Returns the new signatures on a change, nil otherwise.
    /// `settling: false` returns the first reading that differs at once (the caller lets the
    /// save finish itself, as `watch` does while a run is already going).
    package func waitForChange(
        from baseline: [String: Signature?], timeout: Double, settling: Bool = true, shouldStop: () -> Bool = { false }
    ) -> [String: Signature?]? {
        let paths = Array(baseline.keys)
        let notifier = DirectoryNotifier(directories: Set(paths.map(Self.directory)))
        var waited = 0.0
        while waited < timeout && !shouldStop() {
            if let now = change(from: baseline) { return settling ? settle(now, shouldStop: shouldStop) : now }
            if let notifier {
                // Sleep until the kernel reports activity in a watched directory (or a slice ends).
                let slice = min(0.1, timeout - waited)
                notifier.wait(seconds: slice)
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

    package func sleep(seconds: Double) {
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        _ = nanosleep(&request, nil)
    }
}

/// inotify on the directories holding the watched files (Linux); nil where unavailable.
package final class DirectoryNotifier {
    #if os(Linux)
    private let descriptor: Int32

    package init?(directories: Set<String>) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB)
        var watching = 0
        for directory in directories where inotify_add_watch(fd, directory, mask) >= 0 { watching += 1 }
        guard watching > 0 else {
            close(fd)
            return nil
        }
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Returns when something happened in a watched directory, or after `seconds`.
    package func wait(seconds: Double) {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        if poll(&request, 1, Int32(max(0, seconds) * 1000)) > 0 {
            // Drain the queue; which file changed is decided by comparing signatures.
            var buffer = [UInt8](repeating: 0, count: 4096)
            while read(descriptor, &buffer, buffer.count) > 0 {}
        }
    }
    #else
    package init?(directories: Set<String>) { return nil }
    package func wait(seconds: Double) {}
    #endif
}
