import Foundation
import RecorderSetup

/// One layout to round-trip: a script and the options it runs with, from the command line or
/// a manifest entry (`{"script", "args", "allowPartial", "ignore", "refused", "ios", "screen"}`).
/// An entry with `"ios": ["13", "16"]` is one case per deployment target.
struct ExportCheckCase {
    var script: String
    /// Every option `lualayout run` takes, passed to export and run alike; the host sets up
    /// the collection view they describe.
    var args: [String]
    /// Export with `--allow-partial` (the omitted callbacks must not change what is compared).
    var allowPartial = false
    /// Attributes the omitted callbacks set, not compared (`compare --ignore`).
    var ignore: [String] = []
    /// Export must refuse this layout; the reason, for people.
    var refused: String?
    /// Also export the screen (`--screen`) and record its controller, not the layout alone.
    var screen = false
    /// Where the script's relative paths start.
    var directory: String
    /// The hooks asked beyond the layout at rest (HookCheck): a fling's proposed offset and
    /// velocity, bounds changes, a batch update's options.
    var targetOffset: String?
    var velocity: String?
    var boundsChanges: [String] = []
    var update: [String] = []

    var asksHooks: Bool { targetOffset != nil || !boundsChanges.isEmpty || !update.isEmpty }

    /// The options export takes: all but what only chooses which elements `run` prints
    /// (`--visible`, `--rect`), which the host records alike.
    var exportArgs: [String] {
        var result: [String] = []
        var rest = args[...]
        while let flag = rest.popFirst() {
            switch flag {
            case "--visible": continue
            case "--rect": _ = rest.popFirst()
            default: result.append(flag)
            }
        }
        return result
    }

    var title: String { ([script] + args + (screen ? ["(screen)"] : [])).joined(separator: " ") }

    /// The entries of a manifest: a JSON array, paths relative to the manifest's folder.
    static func manifest(_ path: String) throws -> [ExportCheckCase] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CheckError("\(path): cannot read the manifest")
        }
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw CheckError("\(path): not JSON (\(error.localizedDescription))")
        }
        guard let entries = json as? [[String: Any]] else {
            throw CheckError("\(path): expected an array of {\"script\": …, \"args\": […]}")
        }
        let folder = (path as NSString).deletingLastPathComponent
        let directory = folder.isEmpty ? "." : folder
        let known: Set<String> = [
            "script", "args", "allowPartial", "ignore", "refused", "ios", "screen", "targetOffset", "velocity",
            "boundsChanges", "update",
        ]
        return try entries.enumerated().flatMap { position, entry -> [ExportCheckCase] in
            if let unknown = entry.keys.first(where: { !known.contains($0) }) {
                throw CheckError("\(path): entry \(position): unknown field \"\(unknown)\"")
            }
            guard let script = entry["script"] as? String else {
                throw CheckError("\(path): entry \(position): \"script\" must be a string")
            }
            guard let args = (entry["args"] ?? [String]()) as? [String],
                let targets = (entry["ios"] ?? [String]()) as? [String]
            else { throw CheckError("\(path): entry \(position): \"args\" and \"ios\" must be arrays of strings") }
            var base = ExportCheckCase(
                script: script, args: args, allowPartial: entry["allowPartial"] as? Bool ?? false,
                ignore: entry["ignore"] as? [String] ?? [], refused: entry["refused"] as? String,
                screen: entry["screen"] as? Bool ?? false, directory: directory)
            try base.readHooks(entry, "\(path): entry \(position)")
            guard !targets.isEmpty else { return [base] }
            return targets.map { target in
                var one = base
                one.args += ["--ios", target]
                return one
            }
        }
    }

    /// The hook fields of a manifest entry (`place` names it in errors).
    mutating func readHooks(_ entry: [String: Any], _ place: String) throws {
        guard (entry["boundsChanges"] ?? [String]()) is [String], (entry["update"] ?? [String]()) is [String],
            (entry["targetOffset"] ?? "") is String, (entry["velocity"] ?? "") is String
        else {
            throw CheckError(
                "\(place): \"targetOffset\" and \"velocity\" must be strings, \"boundsChanges\" and \"update\" arrays of strings"
            )
        }
        targetOffset = entry["targetOffset"] as? String
        velocity = entry["velocity"] as? String
        boundsChanges = entry["boundsChanges"] as? [String] ?? []
        update = entry["update"] as? [String] ?? []
        if velocity != nil, targetOffset == nil {
            throw CheckError("\(place): \"velocity\" is the velocity of a \"targetOffset\"")
        }
        if !update.isEmpty, args.contains("--data") {
            throw CheckError(
                "\(place): \"update\" takes --items or --sections (the host's data file does not change with the batch)"
            )
        }
        if asksHooks, screen {
            throw CheckError("\(place): hooks are asked of a layout, not a screen")
        }
    }

    /// The collection view the host builds for these options, as Swift source
    /// (`LayoutRecorder.Options(…)`), and the iOS release the engine computes for (`--ios`).
    func host() throws -> (options: String, ios: String?) {
        let host = try RecorderOptions.parse(args, directory: directory)
        return (host.options.source, host.ios)
    }
}

struct CheckError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
