#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LayoutEngine

/// Reading a JSON input file (data, batch) under the data limit, `--max-memory`.
enum InputFile {
    /// The bytes of `path`; a file larger than `limit` is refused before it is read (it could
    /// only decode larger, bar whitespace).
    static func read(_ path: String, what: String, limit: Int) throws(CLIError) -> [UInt8] {
        let entry = FileEntry(atPath: path)
        guard entry.exists, !entry.isDirectory else {
            throw .input("\(path): cannot read \(what)")
        }
        if let size = Self.size(of: path), size > limit {
            throw .input(
                "\(path): the file is \(size) bytes, more than the data limit of \(JSONDataParser.formatBytes(limit)) (\(raiseHint(size)))"
            )
        }
        guard let contents = FileManager.default.contents(atPath: path) else {
            throw .input("\(path): cannot read \(what)")
        }
        return [UInt8](contents)
    }

    /// The size the file system gives for `path` (a symbolic link's own size): one lstat(2),
    /// not FileManager's attributes, which also look up the owner's user and group names.
    static func size(of path: String) -> Int? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Int(exactly: info.st_size)
    }

    static func limits(_ limit: Int) -> JSONDataParser.Limits {
        JSONDataParser.Limits(maxDecodedBytes: limit, raiseHint: raiseHint(limit))
    }

    /// Names the limit and a size above `bytes` to raise it to.
    static func raiseHint(_ bytes: Int) -> String {
        var next = 1 << 20
        while next <= bytes && next < 1 << 40 { next <<= 1 }
        return "the data limit is --max-memory; raise it with --max-memory \(JSONDataParser.formatBytes(next))"
    }
}
