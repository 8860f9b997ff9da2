#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Notices when any of a set of files is saved. Polls each file's identity (inode, size,
/// modification time), which catches in-place writes and editors that save by renaming a new
/// file over the old one; a change is reported once the files have been quiet for the
/// debounce interval, so one save that touches a file twice reloads once.
struct FileWatcher {
    struct Signature: Equatable {
        var inode: UInt64
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
    }

    var debounce: Double = 0.015
    var interval: Double = 0.01

    static func signature(of path: String) -> Signature? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return Signature(inode: UInt64(info.st_ino), size: Int64(info.st_size), seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec))
    }

    static func signatures(of paths: [String]) -> [String: Signature?] {
        Dictionary(paths.map { ($0, signature(of: $0)) }, uniquingKeysWith: { a, _ in a })
    }

    /// Waits until a file differs from `baseline` and has settled, or `timeout` passes, or
    /// `shouldStop` says so. Returns the new signatures on a change, nil otherwise.
    func waitForChange(
        from baseline: [String: Signature?], timeout: Double, shouldStop: () -> Bool = { false }
    ) -> [String: Signature?]? {
        let paths = Array(baseline.keys)
        var waited = 0.0
        while waited < timeout && !shouldStop() {
            let now = Self.signatures(of: paths)
            if now != baseline {
                // Let the save finish: wait until two readings a debounce apart agree.
                var settled = now
                while true {
                    sleep(seconds: debounce)
                    let again = Self.signatures(of: paths)
                    if again == settled { return settled }
                    settled = again
                }
            }
            sleep(seconds: interval)
            waited += interval
        }
        return nil
    }

    private func sleep(seconds: Double) {
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
        _ = nanosleep(&request, nil)
    }
}
