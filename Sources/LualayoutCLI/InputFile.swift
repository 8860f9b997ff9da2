import Foundation
import LayoutEngine

/// Reading a JSON input file (data, batch) under the data limit, `--max-memory`.
enum InputFile {
    /// The bytes of `path`; a file larger than `limit` is refused before it is read (it could
    /// only decode larger, bar whitespace).
    static func read(_ path: String, what: String, limit: Int) throws(CLIError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw .input("\(path): cannot read \(what)")
        }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > limit {
            throw .input("\(path): the file is \(size) bytes, more than the data limit of \(JSONDataParser.formatBytes(limit)) (\(raiseHint(size)))")
        }
        guard let contents = FileManager.default.contents(atPath: path) else { throw .input("\(path): cannot read \(what)") }
        return [UInt8](contents)
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
