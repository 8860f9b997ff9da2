#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import LayoutEngine

/// Reading a JSON input file (data, batch) under the data limit, `--max-memory`.
package enum InputFile {
    /// Most items a run may lay out (`--items`, a data file, a batch file's inserted section).
    package static let maxItems = 20_000_000

    /// The bytes of `path`: a file, or a pipe or device (`compare a.json <(lualayout run …)`),
    /// read to its end. A file larger than `limit` is refused before it is read (it could only
    /// decode larger, bar whitespace); a pipe or device is read up to `limit` and refused past
    /// it. A failure says why (the system's reason).
    package static func read(_ path: String, what: String, limit: Int) throws(InputFileError) -> [UInt8] {
        // Not blocked on a named pipe no one writes to: it reads as empty.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw InputFileError("\(path): cannot read \(what): \(reason(errno))") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw InputFileError("\(path): cannot read \(what): \(reason(errno))")
        }
        let type = info.st_mode & S_IFMT
        guard type != S_IFDIR else { throw InputFileError("\(path): cannot read \(what): it is a folder") }
        let size = Int(info.st_size)
        if type == S_IFREG, size > limit {
            throw InputFileError(
                "\(path): the file is \(size) bytes, more than the data limit of \(JSONDataParser.formatBytes(limit)) (\(raiseHint(size)))"
            )
        }
        // Reads block again once open: a pipe's writer is waited for, as `cat` waits.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(type == S_IFREG ? size : 1 << 16)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            guard count > 0 else {
                if errno == EINTR || errno == EAGAIN { continue }
                throw InputFileError("\(path): cannot read \(what): \(reason(errno))")
            }
            bytes.append(contentsOf: chunk[..<count])
            guard bytes.count <= limit else {
                throw InputFileError(
                    "\(path): more than the data limit of \(JSONDataParser.formatBytes(limit)) came from it (\(raiseHint(bytes.count)))"
                )
            }
        }
        return bytes
    }

    /// read(2), named apart from `read(_:what:limit:)`.
    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }

    /// The system's reason for `code` (`strerror`): "No such file or directory".
    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// The size the file system gives for `path` (a symbolic link's own size): one lstat(2),
    /// not FileManager's attributes, which also look up the owner's user and group names.
    package static func size(of path: String) -> Int? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Int(exactly: info.st_size)
    }

    package static func limits(_ limit: Int) -> JSONDataParser.Limits {
        JSONDataParser.Limits(maxDecodedBytes: limit, raiseHint: raiseHint(limit))
    }

    /// Names the limit and a size above `bytes` to raise it to.
    package static func raiseHint(_ bytes: Int) -> String {
        var next = 1 << 20
        while next <= bytes && next < 1 << 40 { next <<= 1 }
        return "the data limit is --max-memory; raise it with --max-memory \(JSONDataParser.formatBytes(next))"
    }
}

/// An input file that is missing, too large or malformed: the message names the file (and
/// the line and column, or the key, of what is wrong). The commands report it as a usage
/// error (exit 2).
package struct InputFileError: Error, Equatable, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// A data file (`--data FILE`): `{"sections": [...]}` as `CollectionData(json:)` reads it.
package enum DataFile {
    /// Reads and decodes `path`, which may decode to at most `limit` bytes.
    package static func read(_ path: String, limit: Int) throws(InputFileError) -> CollectionData {
        let contents = try InputFile.read(path, what: "data file", limit: limit)
        do {
            return try CollectionData(json: try JSONDataParser.parse(contents, limits: InputFile.limits(limit)))
        } catch let error as JSONDataParser.ParseError {
            throw InputFileError("\(path):\(error.line):\(error.column): \(error.message)")
        } catch {
            throw InputFileError("\(path): \(error)")
        }
    }
}
