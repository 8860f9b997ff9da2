import Foundation

/// `LayoutRecorder.Options(…)` built from `lualayout run`'s options: the collection view a
/// host sets up before it records a layout (Scripts/export-check's host on Linux, the recorder
/// package's plan on the iOS Simulator).
package struct RecorderOptions {
    package var size = "CGSize(width: 375, height: 667)"
    package var width = 375.0, height = 667.0
    package var counts = "[20]"
    package var offset = (x: 0.0, y: 0.0)
    package var fields: [String: String] = [:]
    package var visible = false

    package init() {}

    /// `lualayout run`'s options as the host sets them up, and the iOS release the engine
    /// computes for (`--ios`). What only the script reads is skipped.
    package static func parse(_ args: [String], directory: String) throws -> (options: RecorderOptions, ios: String?) {
        var options = RecorderOptions()
        var rest = args[...]
        var ios: String?
        // Options only the script reads, and flags without a value.
        let scriptOnly: Set<String> = ["--seed", "--state", "--timeout", "--max-memory", "--max-instructions"]
        let flags: Set<String> = ["--estimates", "--strict", "--visible"]
        // The orthogonal offset scrolls a section's pictures, never its reported frames, which
        // is all UIKit's layoutAttributesForElements(in:) gives too: nothing to set up.
        let noFrames: Set<String> = ["--orthogonal-offset"]
        while let flag = rest.popFirst() {
            if flags.contains(flag) {
                if flag == "--visible" { options.visible = true }
                continue
            }
            guard let value = rest.popFirst() else { throw RecorderSetupError("\(flag) needs a value") }
            if scriptOnly.contains(flag) || noFrames.contains(flag) { continue }
            switch flag {
            case "--ios": ios = value
            default: try options.apply(flag, value, directory: directory)
            }
        }
        return (options, ios)
    }

    package mutating func apply(_ flag: String, _ value: String, directory: String) throws {
        switch flag {
        case "--bounds":
            let parts = value.lowercased().split(separator: "x").compactMap { Double($0) }
            guard parts.count == 2 else { throw RecorderSetupError("--bounds \(value): expected WxH") }
            (width, height) = (parts[0], parts[1])
            size = "CGSize(width: \(parts[0]), height: \(parts[1]))"
        case "--scale": fields["scale"] = String(try number(value, flag))
        case "--items": counts = "[\(try count(value, flag))]"
        case "--sections":
            let list = try value.split(separator: ",").map { try count(String($0), flag) }
            counts = "[\(list.map(String.init).joined(separator: ", "))]"
        case "--data":
            counts = "[\(try Self.dataCounts(value, directory: directory).map(String.init).joined(separator: ", "))]"
        case "--offset":
            let p = try numbers(value, 2, flag)
            offset = (p[0], p[1])
            fields["contentOffset"] = "CGPoint(x: \(p[0]), y: \(p[1]))"
        case "--content-inset": fields["contentInset"] = try insets(value, flag)
        case "--layout-margins": fields["layoutMargins"] = try insets(value, flag)
        case "--safe-area": fields["safeAreaInsets"] = try insets(value, flag)
        case "--layout-direction": fields["rightToLeft"] = value == "rtl" || value == "rightToLeft" ? "true" : "false"
        case "--rect":
            let r = try numbers(value, 4, flag)
            fields["rect"] = "CGRect(x: \(r[0]), y: \(r[1]), width: \(r[2]), height: \(r[3]))"
        case "--trait": try trait(value)
        default: throw RecorderSetupError("\(flag): not an option of lualayout run")
        }
    }

    /// `--trait KEY=VALUE`: the size classes and the text size go to the host's trait overrides.
    private mutating func trait(_ assignment: String) throws {
        let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw RecorderSetupError("--trait \(assignment): expected KEY=VALUE") }
        switch parts[0] {
        case "horizontalSizeClass": fields["horizontalSizeClass"] = "." + parts[1]
        case "verticalSizeClass": fields["verticalSizeClass"] = "." + parts[1]
        case "preferredContentSizeCategory": fields["preferredContentSizeCategory"] = "." + parts[1]
        case "displayScale": fields["scale"] = parts[1]
        default:
            throw RecorderSetupError(
                "--trait \(parts[0]): the host has no such trait (UIKit sets the idiom from the device)")
        }
    }

    /// The memberwise initializer's arguments, in its order.
    package var source: String {
        var fields = self.fields
        if visible {
            fields["rect"] = "CGRect(x: \(offset.x), y: \(offset.y), width: \(width), height: \(height))"
        }
        let order = [
            "scale", "contentOffset", "contentInset", "layoutMargins", "safeAreaInsets", "rightToLeft",
            "horizontalSizeClass", "verticalSizeClass", "preferredContentSizeCategory", "rect",
        ]
        let arguments =
            ["size: \(size)", "itemCounts: \(counts)"] + order.compactMap { key in fields[key].map { "\(key): \($0)" } }
        return "LayoutRecorder.Options(" + arguments.joined(separator: ", ") + ")"
    }

    private func number(_ text: String, _ flag: String) throws -> Double {
        guard let value = Double(text), value.isFinite else {
            throw RecorderSetupError("\(flag) \(text): expected a number")
        }
        return value
    }

    private func count(_ text: String, _ flag: String) throws -> Int {
        guard let value = Int(text), value >= 0 else { throw RecorderSetupError("\(flag) \(text): expected a count") }
        return value
    }

    private func numbers(_ text: String, _ count: Int, _ flag: String) throws -> [Double] {
        let values = text.split(separator: ",").compactMap { Double($0) }
        guard values.count == count else { throw RecorderSetupError("\(flag) \(text): expected \(count) numbers") }
        return values
    }

    private func insets(_ text: String, _ flag: String) throws -> String {
        let v = try numbers(text, 4, flag)
        return "UIEdgeInsets(top: \(v[0]), left: \(v[1]), bottom: \(v[2]), right: \(v[3]))"
    }

    /// Item counts per section of a data file (`{"sections": [[…], N, {"items": […]}, {"count": N}]}`).
    package static func dataCounts(_ file: String, directory: String) throws -> [Int] {
        let path = file.hasPrefix("/") ? file : directory + "/" + file
        guard let data = FileManager.default.contents(atPath: path),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let sections = root["sections"] as? [Any]
        else { throw RecorderSetupError("--data \(file): cannot read its sections") }
        return try sections.map { section in
            if let items = section as? [Any] { return items.count }
            if let count = section as? Int { return count }
            if let object = section as? [String: Any] {
                if let items = object["items"] as? [Any] { return items.count }
                if let count = object["count"] as? Int { return count }
            }
            throw RecorderSetupError("--data \(file): a section is neither an array, a count nor {\"items\"/\"count\"}")
        }
    }
}

/// An option the recorder's host cannot set up, or a value it cannot read.
package struct RecorderSetupError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
