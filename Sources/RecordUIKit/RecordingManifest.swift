import Foundation
import RecorderSetup

/// A recorder manifest: `{"layouts": [ENTRY, …]}`, each entry a layout to record on every
/// device: `{"name": "list", "script": "list.lua", "args": ["--items", "94"]}` (exported with
/// `lualayout export --swift`), or a team's own Swift layout, `{"name": "waterfall", "swift":
/// ["Waterfall.swift"], "make": "WaterfallLayout()", "decorations": ["kind"]}` (its files
/// linked into the package; `make` an expression of type UICollectionViewLayout). Paths are
/// relative to the manifest's folder. `args` are `lualayout run`'s options, less what the
/// device sets (`--bounds`, `--scale`, `--safe-area`).
struct RecordingManifest {
    struct Entry {
        var name: String
        var script: String?
        var swift: [String] = []
        var make: String?
        var decorations: [String] = []
        var args: [String] = []
        /// `LayoutRecorder.Options(…)` for the entry's options (the device sets size and scale).
        var options: RecorderOptions
        var ios: String?
    }

    var directory: String
    var entries: [Entry]

    static func read(_ path: String) throws -> RecordingManifest {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RecorderSetupError("\(path): cannot read the manifest")
        }
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw RecorderSetupError("\(path): not JSON (\(error.localizedDescription))")
        }
        guard let root = json as? [String: Any], let layouts = root["layouts"] as? [[String: Any]], !layouts.isEmpty
        else { throw RecorderSetupError("\(path): expected {\"layouts\": [{\"name\": …, \"script\": …}, …]}") }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
        var names: Set<String> = []
        let entries = try layouts.enumerated().map { position, object in
            let entry = try Self.entry(object, directory: directory, at: "\(path): layouts[\(position)]")
            guard names.insert(entry.name).inserted else {
                throw RecorderSetupError("\(path): layouts[\(position)]: a second layout named \"\(entry.name)\"")
            }
            return entry
        }
        return RecordingManifest(directory: directory, entries: entries)
    }

    private static func entry(_ object: [String: Any], directory: String, at place: String) throws -> Entry {
        let known: Set<String> = ["name", "script", "args", "swift", "make", "decorations"]
        if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
            throw RecorderSetupError("\(place): unknown field \"\(unknown)\"")
        }
        guard let name = object["name"] as? String, isIdentifierLike(name) else {
            throw RecorderSetupError("\(place): \"name\" must be letters, digits and '-' (it names the files)")
        }
        let args = object["args"] as? [String] ?? []
        let swift = object["swift"] as? [String] ?? []
        let decorations = object["decorations"] as? [String] ?? []
        let script = object["script"] as? String
        let make = object["make"] as? String
        guard (script == nil) != swift.isEmpty, (make == nil) == swift.isEmpty else {
            throw RecorderSetupError("\(place): give \"script\", or \"swift\" with \"make\", not both")
        }
        for flag in ["--bounds", "--scale", "--safe-area", "--visible"] where args.contains(flag) {
            throw RecorderSetupError(
                "\(place): \(flag) is the device's (give --devices; the whole content is recorded)")
        }
        let (options, ios) = try RecorderOptions.parse(args, directory: directory)
        return Entry(
            name: name, script: script, swift: swift, make: make, decorations: decorations, args: args,
            options: options, ios: ios)
    }

    static func isIdentifierLike(_ name: String) -> Bool {
        !name.isEmpty && name.first != "-"
            && name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || $0 == "-" }
            && name.unicodeScalars.allSatisfy(\.isASCII)
    }

    /// `list-section` → `ListSection`: the exported function's name.
    static func typeName(_ name: String) -> String {
        name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
