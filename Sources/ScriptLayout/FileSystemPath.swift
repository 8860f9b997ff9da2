import Platform

/// What `require` and script loading need to know about a path, from the system itself.
package enum FileSystemPath {
    /// The folder part of `path`, the way NSString's `deletingLastPathComponent` spells it
    /// (repeated slashes collapsed, a trailing slash ignored, "" for a bare name, "/" for the
    /// root) without Foundation, whose version traps on a one-character name ("x").
    package static func directory(of path: String) -> String {
        let slash = UInt8(ascii: "/")
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for byte in path.utf8 where !(byte == slash && bytes.last == slash) { bytes.append(byte) }
        if bytes.count > 1, bytes.last == slash { bytes.removeLast() }
        guard let last = bytes.lastIndex(of: slash) else { return "" }
        return last == 0 ? "/" : String(decoding: bytes[..<last], as: UTF8.self)
    }

    /// The absolute path with every symbolic link, `.` and `..` resolved; nil when it does
    /// not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The size of the file at `path` in bytes (links followed), or nil.
    package static func size(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// Whether `path` (links followed) is a regular file: not a folder, device or pipe, whose
    /// reading could block or never end.
    package static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFREG
    }
}
