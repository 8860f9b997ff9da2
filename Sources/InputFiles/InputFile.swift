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

    /// The bytes of `path`; a file larger than `limit` is refused before it is read (it could
    /// only decode larger, bar whitespace).
    package static func read(_ path: String, what: String, limit: Int) throws(InputFileError) -> [UInt8] {
        let entry = FileEntry(atPath: path)
        guard entry.exists, !entry.isDirectory else {
            throw InputFileError("\(path): cannot read \(what)")
        }
        if let size = Self.size(of: path), size > limit {
            throw InputFileError(
                "\(path): the file is \(size) bytes, more than the data limit of \(JSONDataParser.formatBytes(limit)) (\(raiseHint(size)))"
            )
        }
        guard let contents = FileManager.default.contents(atPath: path) else {
            throw InputFileError("\(path): cannot read \(what)")
        }
        return [UInt8](contents)
    }

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
