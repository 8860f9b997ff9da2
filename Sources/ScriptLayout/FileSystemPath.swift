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

    /// A file a script names by path (`reloadData(path)`, `beginTransition(layoutFile)`),
    /// found as `require` finds modules: relative to the script's `folder` and inside it once
    /// every `..` and symbolic link is followed. `what` names the folder in refusals ("the
    /// scenario's folder"). Returns the path to open, or why it may not be read.
    package static func confined(
        _ given: String, in folder: String, what: String
    ) -> Result<String, ConfinedPathError> {
        let shown = quoted(given)
        // The system would read the name only up to it: "data.json\0../../x" is refused whole.
        if given.utf8.contains(0) {
            return .failure(ConfinedPathError("\(shown) contains a NUL byte, which no file name holds"))
        }
        if given.hasPrefix("/") {
            return .failure(
                ConfinedPathError(
                    "\(shown) is an absolute path: only files in \(what) can be read, by a path relative to it"))
        }
        // Lexically first: a `..` above the folder is refused without asking whether it exists.
        var depth = 0
        for part in given.split(scalar: "/") where !part.isEmpty && part != "." {
            depth += part == ".." ? -1 : 1
            if depth < 0 {
                return .failure(ConfinedPathError("\(shown) leads outside \(what): only files in it can be read"))
            }
        }
        let path = folder == "." ? given : folder + "/" + given
        guard let real = realPath(path) else {
            return .failure(ConfinedPathError("\(path): no such file", missing: true))
        }
        guard let root = realPath(folder), isInside(real, root) else {
            return .failure(
                ConfinedPathError(
                    "\(shown) leads outside \(what) through a symbolic link: only files in it can be read"))
        }
        return .success(path)
    }

    /// Whether the resolved path `real` lies inside the resolved folder `root` (or is it: a
    /// folder then fails to read as a file, which says so).
    static func isInside(_ real: String, _ root: String) -> Bool {
        real == root || real.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// `"PATH"` for a message: control characters shown as `?`, at most 200 characters.
    static func quoted(_ path: String) -> String {
        let scalars = path.unicodeScalars.prefix(200).map { $0.isControlCharacter ? "?" : $0 }
        return "\"" + String(String.UnicodeScalarView(scalars)) + (path.unicodeScalars.count > 200 ? "…" : "") + "\""
    }
}

/// Why a path a script gave may not be read: outside its folder, or missing (`missing`: the
/// caller words that as it always has, "cannot read data file").
package struct ConfinedPathError: Error, Equatable {
    package var message: String
    package var missing = false

    init(_ message: String, missing: Bool = false) {
        self.message = message
        self.missing = missing
    }
}
