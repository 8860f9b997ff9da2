import Foundation

/// A case's hooks beyond the layout at rest, in the round trip (manifest fields
/// `"targetOffset": "X,Y"` with `"velocity": "VX,VY"`, `"boundsChanges": ["X,Y" or "WxH", …]`
/// and `"update": ["--insert", "S:I", "--delete", "S:I", "--move", "S:I=S:I", …]`). What lualayout
/// computes — `run --target-offset`, `simulate` of a scenario scrolling to the offset or
/// resizing to the size (its `boundsChange` entry), `update --format json` — is written in the
/// JSON Examples/UIKit/LayoutHookRecorder.swift records, and the two are compared.
struct HookCheck {
    let trip: RoundTrip
    let entry: ExportCheckCase
    let index: Int

    /// Writes `expected/N-hooks.json` and returns the recorder's `LayoutRecorder.Hooks(…)`.
    /// `bounds` is the collection view's at rest (`run`'s).
    func expect(bounds: [Double]) throws -> String {
        var expected: [String: Any] = [:]
        var swift: [String] = []
        if let offset = entry.targetOffset {
            let velocity = entry.velocity ?? "0,0"
            let run = try json(
                ["run", entry.script] + entry.args + [
                    "--target-offset", offset, "--velocity", velocity, "--format", "json",
                ])
            expected["targetContentOffset"] = run["targetContentOffset"]
            swift.append("proposedContentOffset: \(try Self.point(offset)), velocity: \(try Self.point(velocity))")
        }
        if !entry.boundsChanges.isEmpty {
            var answers: [Any] = []
            var rects: [String] = []
            for (position, change) in entry.boundsChanges.enumerated() {
                let (scenario, rect) = try Self.boundsChange(change, from: bounds)
                let file = "\(trip.work)/expected/\(index)-bounds-\(position).lua"
                try scenario.write(toFile: file, atomically: true, encoding: .utf8)
                let timeline = try json(
                    ["simulate", entry.script, "--scenario", file] + entry.args + ["--format", "json"])
                let steps = timeline["steps"] as? [[String: Any]] ?? []
                let log = steps.count > 1 ? steps[1]["log"] as? [[String: Any]] ?? [] : []
                guard let change = log.first(where: { $0["type"] as? String == "boundsChange" }) else {
                    throw CheckError("boundsChanges \(change): the bounds do not change (already \(bounds))")
                }
                answers.append(["newBounds": change["to"] ?? NSNull(), "invalidate": change["invalidated"] ?? NSNull()])
                rects.append(rect)
            }
            expected["boundsChanges"] = answers
            swift.append("newBounds: [\(rects.joined(separator: ", "))]")
        }
        if !entry.update.isEmpty {
            let plan = try json(["update", entry.script] + entry.args + entry.update + ["--format", "json"])
            expected["update"] = Self.onScreen(plan)
            swift.append(try Self.batch(entry.update))
        }
        let data = try JSONSerialization.data(withJSONObject: expected, options: [.sortedKeys, .prettyPrinted])
        try data.write(to: URL(fileURLWithPath: "\(trip.work)/expected/\(index)-hooks.json"))
        return "LayoutRecorder.Hooks(\(swift.joined(separator: ", ")))"
    }

    /// The differences between the expected and recorded hooks (empty: they agree, frames to
    /// 1/1000 point).
    static func differences(expected: Any?, recorded: Any?) -> [String] {
        let expected = expected as? [String: Any] ?? [:]
        let recorded = recorded as? [String: Any] ?? [:]
        var result: [String] = []
        for key in expected.keys.sorted() {
            let values = key == "update" ? (keyed(expected[key]), keyed(recorded[key])) : (expected[key], recorded[key])
            result += differences(values.0, values.1, at: key)
        }
        return result
    }

    /// A batch's cells by where they end: `after S:I` on screen after it, `gone S:I` not.
    private static func keyed(_ elements: Any?) -> [String: Any] {
        var result: [String: Any] = [:]
        for element in elements as? [[String: Any]] ?? [] {
            if let path = element["indexPathAfter"] as? [Any] {
                result["after \(path.map { "\($0)" }.joined(separator: ":"))"] = element
            } else if let path = element["indexPathBefore"] as? [Any] {
                result["gone \(path.map { "\($0)" }.joined(separator: ":"))"] = element
            }
        }
        return result
    }

    private static func differences(_ a: Any?, _ b: Any?, at path: String) -> [String] {
        switch (a, b) {
        case (let a as [String: Any], let b as [String: Any]):
            let keys = Set(a.keys).union(b.keys).subtracting(["indexPathBefore"])
            return keys.sorted().flatMap { differences(a[$0], b[$0], at: "\(path).\($0)") }
        case (let a as [Any], let b as [Any]):
            guard a.count == b.count else { return ["\(path): \(a.count) expected, \(b.count) recorded"] }
            return zip(a, b).enumerated().flatMap { differences($1.0, $1.1, at: "\(path)[\($0)]") }
        case (let a as NSNumber, let b as NSNumber):
            return abs(a.doubleValue - b.doubleValue) <= 0.001 ? [] : ["\(path): \(a) expected, \(b) recorded"]
        case (nil, nil):
            return []
        default:
            let left = a.map { "\($0)" } ?? "nothing"
            let right = b.map { "\($0)" } ?? "nothing"
            return left == right ? [] : ["\(path): \(left) expected, \(right) recorded"]
        }
    }

    /// The plan's cells UIKit shows: on screen after the update (keyed by where they end), and
    /// those on screen only before it (deleted, or moved off screen; keyed by where they were);
    /// `from`/`to` as the recorder writes them.
    static func onScreen(_ plan: [String: Any]) -> [[String: Any]] {
        let bounds = rect(plan["bounds"])
        var result: [[String: Any]] = []
        for element in plan["elements"] as? [[String: Any]] ?? [] where element["category"] as? String == "cell" {
            let from = element["from"] as? [String: Any] ?? [:]
            let to = element["to"] as? [String: Any] ?? [:]
            // On screen after the update (keyed by where it ends), else on screen before it only.
            let after = element["change"] as? String != "delete" && meets(rect(to["frame"]), bounds)
            guard after || meets(rect(from["frame"]), bounds) else { continue }
            result.append([
                "indexPathBefore": element["indexPathBefore"] ?? NSNull(),
                "indexPathAfter": after ? element["indexPathAfter"] ?? NSNull() : NSNull(),
                "from": [
                    "frame": from["frame"] ?? NSNull(), "alpha": from["alpha"] ?? NSNull(),
                    "zIndex": from["zIndex"] ?? NSNull(),
                ],
                "to": [
                    "frame": to["frame"] ?? NSNull(), "alpha": to["alpha"] ?? NSNull(),
                    "zIndex": to["zIndex"] ?? NSNull(),
                ],
            ])
        }
        return result
    }

    /// Whether two rects (x, y, width, height) overlap by some area, as CGRect.intersects.
    static func meets(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == 4 && b.count == 4 && a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3]
            && b[1] < a[1] + a[3]
    }

    static func rect(_ value: Any?) -> [Double] {
        let r = value as? [String: Any] ?? [:]
        return ["x", "y", "width", "height"].compactMap { (r[$0] as? NSNumber)?.doubleValue }
    }

    /// The scenario making a bounds change, and the new bounds as Swift: `X,Y` scrolls to that
    /// offset, `WxH` resizes the viewport (its origin kept).
    static func boundsChange(_ change: String, from bounds: [Double]) throws -> (scenario: String, swift: String) {
        guard bounds.count == 4 else { throw CheckError("boundsChanges: run printed no bounds") }
        let size = change.split(separator: "x").compactMap { Double($0) }
        if size.count == 2 {
            return (
                "setBounds(\(size[0]), \(size[1]))\n",
                "CGRect(x: \(bounds[0]), y: \(bounds[1]), width: \(size[0]), height: \(size[1]))"
            )
        }
        let offset = change.split(separator: ",").compactMap { Double($0) }
        guard offset.count == 2 else { throw CheckError("boundsChanges: \(change) is neither X,Y nor WxH") }
        return (
            "scroll(\(offset[0]), \(offset[1]))\n",
            "CGRect(x: \(offset[0]), y: \(offset[1]), width: \(bounds[2]), height: \(bounds[3]))"
        )
    }

    static func point(_ text: String) throws -> String {
        let values = text.split(separator: ",").compactMap { Double($0) }
        guard values.count == 2 else { throw CheckError("\(text): expected X,Y") }
        return "CGPoint(x: \(values[0]), y: \(values[1]))"
    }

    /// `--insert S:I`, `--delete S:I` and `--move S:I=S:I` as the recorder's batch.
    static func batch(_ options: [String]) throws -> String {
        func path(_ text: Substring) throws -> String {
            let parts = text.split(separator: ":").compactMap { Int($0) }
            guard parts.count == 2 else { throw CheckError("update: \(text) is not S:I") }
            return "IndexPath(item: \(parts[1]), section: \(parts[0]))"
        }
        var deletes: [String] = []
        var inserts: [String] = []
        var moves: [String] = []
        var rest = options[...]
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { throw CheckError("update: \(flag) needs a value") }
            switch flag {
            case "--insert": inserts.append(try path(value[...]))
            case "--delete": deletes.append(try path(value[...]))
            case "--move":
                let ends = value.split(separator: "=")
                guard ends.count == 2 else { throw CheckError("update: --move \(value) is not S:I=S:I") }
                moves.append("(\(try path(ends[0])), \(try path(ends[1])))")
            default: throw CheckError("update: \(flag) is not recorded (--insert, --delete and --move are)")
            }
        }
        return "deletes: [\(deletes.joined(separator: ", "))], inserts: [\(inserts.joined(separator: ", "))], "
            + "moves: [\(moves.joined(separator: ", "))]"
    }

    private func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try trip.process(trip.lualayout, arguments, in: entry.directory)
        guard result.status == 0 else {
            throw CheckError("\(arguments.first ?? "") failed: \(result.err.split(separator: "\n").first ?? "")")
        }
        guard let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any] else {
            throw CheckError("\(arguments.first ?? ""): not a JSON object")
        }
        return object
    }
}
