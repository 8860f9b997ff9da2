import Foundation

/// What the host sets on a translated custom layout (docs/lua-to-swift.md) before it lays it
/// out: the app's data read from the case's `--data` file through the protocols the export
/// declares, its `--state` values and its `--seed`. Read from the exported source itself: the
/// fields of `protocol CaseNItemData`/`CaseNSectionData` and `struct CaseNState`.
struct TranslatedHost {
    let source: String
    let index: Int
    let args: [String]
    let directory: String

    private var prefix: String { "Case\(index)" }

    /// Declarations for the host's sources (the data adapters); empty when the layout reads no data.
    func declarations() throws -> String {
        guard source.contains("protocol \(prefix)LayoutData") else { return "" }
        var lines = ["@MainActor", "final class \(prefix)Data: \(prefix)LayoutData {"]
        lines.append("    let sections: [Any]")
        lines.append("    init(_ path: String) {")
        lines.append(
            "        let json = try? JSONSerialization.jsonObject(with: FileManager.default.contents(atPath: path) ?? Data())"
        )
        lines.append("        sections = (json as? [String: Any])?[\"sections\"] as? [Any] ?? []")
        lines.append("    }")
        let items = fields("protocol \(prefix)ItemData {")
        let sections = fields("protocol \(prefix)SectionData {")
        if source.contains("func itemData(section: Int, item: Int) -> (any \(prefix)ItemData)?") {
            lines.append("    func itemData(section: Int, item: Int) -> (any \(prefix)ItemData)? {")
            lines.append("        guard sections.indices.contains(section) else { return nil }")
            lines.append(
                "        let list = sections[section] as? [Any] ?? (sections[section] as? [String: Any])?[\"items\"] as? [Any] ?? []"
            )
            lines.append(
                "        return list.indices.contains(item) ? (list[item] as? [String: Any]).map { \(prefix)ItemJSON(json: $0) } : nil"
            )
            lines.append("    }")
        }
        if source.contains("func sectionData(section: Int) -> (any \(prefix)SectionData)?") {
            lines.append("    func sectionData(section: Int) -> (any \(prefix)SectionData)? {")
            lines.append("        guard sections.indices.contains(section) else { return nil }")
            lines.append(
                "        return ((sections[section] as? [String: Any])?[\"data\"] as? [String: Any]).map { \(prefix)SectionJSON(json: $0) }"
            )
            lines.append("    }")
        }
        lines.append("}")
        for (name, conformance, list) in [
            ("ItemJSON", "ItemData", items), ("SectionJSON", "SectionData", sections),
        ] where source.contains("protocol \(prefix)\(conformance) {") {
            lines.append("struct \(prefix)\(name): \(prefix)\(conformance) {")
            lines.append("    let json: [String: Any]")
            for (field, type) in list {
                lines.append("    var \(field): \(type) { \(try reader("json[\"\(field)\"]", type)) }")
            }
            lines.append("}")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Statements run before the layout is recorded (`layout` is the layout; the data object
    /// is kept alive by `keep`, as the layout holds it weakly).
    func setup() throws -> [String] {
        var lines: [String] = []
        if source.contains("protocol \(prefix)LayoutData"), let file = value(of: "--data") {
            // The host runs in its own folder: the path from the root.
            let folder =
                directory.hasPrefix("/") ? directory : FileManager.default.currentDirectoryPath + "/" + directory
            let path = file.hasPrefix("/") ? file : folder + "/" + file
            lines.append("let data\(index) = \(prefix)Data(\(String(reflecting: path)))")
            lines.append("keep.append(data\(index))")
            lines.append("layout\(index).data = data\(index)")
        }
        let state = Dictionary(fields("struct \(prefix)State {"), uniquingKeysWith: { a, _ in a })
        for assignment in values(of: "--state") {
            let key = String(assignment.prefix { $0 != "=" })
            let text = String(assignment.dropFirst(key.count + 1))
            guard let type = state[key] else { continue }
            let literal: String
            switch type {
            case "Double?", "Int?": literal = text
            case "Bool?": literal = text
            case "String?": literal = String(reflecting: text)
            default: throw CheckError("--state \(key): the host cannot set a \(type)")
            }
            lines.append("layout\(index).state.\(key) = \(literal)")
        }
        if source.contains("    var seed: Int {") {
            lines.append("layout\(index).seed = \(value(of: "--seed") ?? "0")")
        }
        return lines
    }

    /// `var NAME: TYPE { get }` or `var NAME: TYPE = nil` lines of the declaration opened by `header`.
    private func fields(_ header: String) -> [(String, String)] {
        guard let start = source.range(of: "\n" + header + "\n") else { return [] }
        var result: [(String, String)] = []
        for line in source[start.upperBound...].split(separator: "\n") {
            if line.hasPrefix("}") { break }
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("var "), let colon = trimmed.firstIndex(of: ":") else { continue }
            let name = String(trimmed.dropFirst(4)[..<colon])
            var type = String(trimmed[trimmed.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            for suffix in [" { get }", " = nil"] where type.hasSuffix(suffix) {
                type = String(type.dropLast(suffix.count))
            }
            result.append((name, type))
        }
        return result
    }

    private func reader(_ value: String, _ type: String) throws -> String {
        switch type {
        case "Double?": return "(\(value) as? NSNumber)?.doubleValue"
        case "Int?": return "(\(value) as? NSNumber)?.intValue"
        case "String?": return "\(value) as? String"
        case "Bool?": return "\(value) as? Bool"
        case "[Double]?": return "(\(value) as? [NSNumber])?.map(\\.doubleValue)"
        case "[Int]?": return "(\(value) as? [NSNumber])?.map(\\.intValue)"
        case "[String]?": return "\(value) as? [String]"
        default: throw CheckError("the host cannot read a \(type) from the data file")
        }
    }

    private func value(of flag: String) -> String? { values(of: flag).last }

    private func values(of flag: String) -> [String] {
        var result: [String] = []
        var rest = args[...]
        while let argument = rest.popFirst() {
            if argument == flag, let value = rest.popFirst() { result.append(value) }
        }
        return result
    }
}
