import Foundation

/// One layout to round-trip: a script and the collection-view options it runs with, from the
/// command line or a manifest entry (`{"script", "args", "allowPartial", "ignore", "refused"}`).
struct ExportCheckCase {
    var script: String
    var args: [String]
    /// Export with `--allow-partial` (the omitted callbacks must not change what is compared).
    var allowPartial = false
    /// Attributes the omitted callbacks set, not compared (`compare --ignore`).
    var ignore: [String] = []
    /// Export must refuse this layout; the reason, for people.
    var refused: String?
    /// Where the script's relative paths start.
    var directory: String

    var title: String { ([script] + args).joined(separator: " ") }

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
        let directory = (path as NSString).deletingLastPathComponent
        return try entries.enumerated().map { position, entry in
            guard let script = entry["script"] as? String else {
                throw CheckError("\(path): entry \(position): \"script\" must be a string")
            }
            guard let args = (entry["args"] ?? [String]()) as? [String] else {
                throw CheckError("\(path): entry \(position): \"args\" must be an array of strings")
            }
            return ExportCheckCase(
                script: script, args: args, allowPartial: entry["allowPartial"] as? Bool ?? false,
                ignore: entry["ignore"] as? [String] ?? [], refused: entry["refused"] as? String,
                directory: directory.isEmpty ? "." : directory)
        }
    }

    /// The collection view the host builds for these options, as Swift source
    /// (`LayoutRecorder.Options(…)`), or why the host cannot build it.
    func recorderOptions() throws -> String {
        var size = "CGSize(width: 375, height: 667)"
        var counts = "[20]"
        var extras: [String] = []
        var rest = args[...]
        // Options that only the script reads: passed to export and run, not to the host.
        let scriptOnly: Set<String> = ["--seed", "--state", "--timeout", "--max-memory", "--max-instructions"]
        let scriptFlags: Set<String> = ["--estimates", "--strict"]
        while let flag = rest.popFirst() {
            if scriptFlags.contains(flag) { continue }
            guard let value = rest.popFirst() else { throw CheckError("\(flag) needs a value") }
            if scriptOnly.contains(flag) { continue }
            switch flag {
            case "--bounds":
                let parts = value.lowercased().split(separator: "x").compactMap { Double($0) }
                guard parts.count == 2 else { throw CheckError("--bounds \(value): expected WxH") }
                size = "CGSize(width: \(parts[0]), height: \(parts[1]))"
            case "--scale": extras.append("scale: \(try number(value, flag))")
            case "--items": counts = "[\(try integer(value, flag))]"
            case "--sections":
                let list = try value.split(separator: ",").map { try integer(String($0), flag) }
                counts = "[\(list.map(String.init).joined(separator: ", "))]"
            case "--data": counts = "[\(try dataCounts(value).map(String.init).joined(separator: ", "))]"
            case "--offset":
                let p = try numbers(value, 2, flag)
                extras.append("contentOffset: CGPoint(x: \(p[0]), y: \(p[1]))")
            case "--content-inset": extras.append("contentInset: \(try insets(value, flag))")
            case "--layout-margins": extras.append("layoutMargins: \(try insets(value, flag))")
            default:
                throw CheckError(
                    "\(flag): the host cannot set this up (no safe area or orthogonal offset outside a window)")
            }
        }
        // The memberwise initializer's order: size, itemCounts, scale, contentOffset, contentInset, layoutMargins.
        let order = ["scale:", "contentOffset:", "contentInset:", "layoutMargins:"]
        extras.sort { a, b in
            order.firstIndex { a.hasPrefix($0) } ?? 0 < order.firstIndex { b.hasPrefix($0) } ?? 0
        }
        return "LayoutRecorder.Options("
            + (["size: \(size)", "itemCounts: \(counts)"] + extras).joined(separator: ", ")
            + ")"
    }

    private func number(_ text: String, _ flag: String) throws -> Double {
        guard let value = Double(text), value.isFinite else { throw CheckError("\(flag) \(text): expected a number") }
        return value
    }

    private func integer(_ text: String, _ flag: String) throws -> Int {
        guard let value = Int(text), value >= 0 else { throw CheckError("\(flag) \(text): expected a count") }
        return value
    }

    private func numbers(_ text: String, _ count: Int, _ flag: String) throws -> [Double] {
        let values = text.split(separator: ",").compactMap { Double($0) }
        guard values.count == count else { throw CheckError("\(flag) \(text): expected \(count) numbers") }
        return values
    }

    private func insets(_ text: String, _ flag: String) throws -> String {
        let v = try numbers(text, 4, flag)
        return "UIEdgeInsets(top: \(v[0]), left: \(v[1]), bottom: \(v[2]), right: \(v[3]))"
    }

    /// Item counts per section of a data file (`{"sections": [[…], N, {"items": […]}, {"count": N}]}`).
    private func dataCounts(_ file: String) throws -> [Int] {
        let path = file.hasPrefix("/") ? file : directory + "/" + file
        guard let data = FileManager.default.contents(atPath: path),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let sections = root["sections"] as? [Any]
        else { throw CheckError("--data \(file): cannot read its sections") }
        return try sections.map { section in
            if let items = section as? [Any] { return items.count }
            if let count = section as? Int { return count }
            if let object = section as? [String: Any] {
                if let items = object["items"] as? [Any] { return items.count }
                if let count = object["count"] as? Int { return count }
            }
            throw CheckError("--data \(file): a section is neither an array, a count nor {\"items\"/\"count\"}")
        }
    }
}

struct CheckError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
