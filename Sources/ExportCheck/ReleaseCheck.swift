import Foundation

/// Compiles exports as Xcode would for their deployment target: UIKitSurface's sources with
/// each `@available(iOS …)` applied as that release's SDK applies it (an API introduced later
/// is unavailable, one deprecated by then is deprecated), the exports of that target beside
/// them, deprecations as errors (`-warnings-as-errors`). Swift ignores iOS availability on
/// Linux; this check does not.
struct ReleaseCheck: Sendable {
    let root: String
    let work: String
    let run: @Sendable (String, [String], String) throws -> (status: Int32, out: String, err: String)

    /// The deployment target an export's header names (`// Deployment target: iOS 16 …`).
    static func target(of source: String) -> String? {
        guard let range = source.range(of: "// Deployment target: iOS ") else { return nil }
        let rest = source[range.upperBound...]
        return String(rest.prefix { $0.isNumber || $0 == "." })
    }

    /// Problems, one per failing export, as `TITLE: iOS N: compiler error`. The releases are
    /// compiled side by side (each a separate swiftc, type-checking its files in one frontend:
    /// `-wmo`; without it the driver starts a frontend per file, each parsing every file).
    func check(_ exports: [(title: String, file: String, target: String)]) throws -> [String] {
        guard let packageName = try packageName() else {
            return ["the release check needs the debug build's LayoutEngine module (run swift build first)"]
        }
        let groups = Dictionary(grouping: exports, by: \.target).sorted { $0.key < $1.key }
        let outcomes = Outcomes(count: groups.count)
        DispatchQueue.concurrentPerform(iterations: groups.count) { index in
            outcomes.set(
                index, Result { try check(groups[index].value, target: groups[index].key, packageName: packageName) })
        }
        return try outcomes.all.flatMap { try $0.get() }
    }

    /// Each release's problems, filled in by concurrent checks.
    private final class Outcomes: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [Result<[String], any Error>]

        init(count: Int) { results = Array(repeating: .success([]), count: count) }

        func set(_ index: Int, _ result: Result<[String], any Error>) { lock.withLock { results[index] = result } }

        var all: [Result<[String], any Error>] { lock.withLock { results } }
    }

    private func check(
        _ group: [(title: String, file: String, target: String)], target: String, packageName: String
    ) throws -> [String] {
        guard let release = Self.version(target) else {
            return group.map { "\($0.title): the header names no deployment target" }
        }
        let folder = "\(work)/ios-\(target)"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var files: [String] = []
        let surface = root + "/Sources/UIKitSurface"
        for name in try FileManager.default.contentsOfDirectory(atPath: surface).sorted() where name.hasSuffix(".swift")
        {
            let text = try String(contentsOfFile: surface + "/" + name, encoding: .utf8)
            try Self.applyingAvailability(text, release: release).write(
                toFile: folder + "/" + name, atomically: true, encoding: .utf8)
            files.append(folder + "/" + name)
        }
        var owner: [String: String] = [:]
        for (index, export) in group.enumerated() {
            let text = try String(contentsOfFile: export.file, encoding: .utf8)
            let path = "\(folder)/Export\(index).swift"
            try text.replacingOccurrences(of: "\nimport UIKit\n", with: "\n").write(
                toFile: path, atomically: true, encoding: .utf8)
            files.append(path)
            owner[path] = export.title
        }
        let result = try run(
            "/usr/bin/env",
            [
                "swiftc", "-typecheck", "-wmo", "-swift-version", "6", "-warnings-as-errors", "-package-name",
                packageName,
                "-module-name", "UIKitSurface", "-I", DebugBuild.products(root: root) + "/Modules",
            ] + files, folder)
        guard result.status != 0 else { return [] }
        var problems: [String] = []
        var reported: Set<String> = []
        for line in (result.out + result.err).split(separator: "\n") where line.contains(": error:") {
            let path = String(line.prefix { $0 != ":" })
            let title = owner[path] ?? "UIKitSurface as iOS \(target) declares it"
            guard reported.insert(title).inserted else { continue }
            problems.append("\(title): does not build for iOS \(target): \(line.split(separator: "/").last ?? "")")
        }
        if reported.isEmpty { problems.append("iOS \(target): swiftc failed: \(result.err.prefix(300))") }
        return problems
    }

    /// `text` with each `@available(iOS …)` as the SDK of `release` applies it.
    static func applyingAvailability(_ text: String, release: (Int, Int)) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("@available(iOS") else { return String(line) }
            let indent = String(line.prefix { $0 == " " })
            if trimmed.hasPrefix("@available(iOS, introduced: ") {
                let fields = attributeFields(trimmed)
                if let introduced = fields["introduced"].flatMap(version), introduced > release {
                    return indent + "@available(*, unavailable, message: \"iOS \(introduced.0).\(introduced.1)\")"
                }
                if let deprecated = fields["deprecated"].flatMap(version), deprecated <= release {
                    let message = fields["message"] ?? "\"deprecated\""
                    return indent + "@available(*, deprecated, message: \(message))"
                }
                return ""
            }
            // `@available(iOS 16.0, *)`
            let number = trimmed.dropFirst("@available(iOS ".count).prefix { $0.isNumber || $0 == "." }
            if let introduced = version(String(number)), introduced > release {
                return indent + "@available(*, unavailable, message: \"iOS \(number)\")"
            }
            return ""
        }.joined(separator: "\n")
    }

    private static func attributeFields(_ attribute: String) -> [String: String] {
        var fields: [String: String] = [:]
        let inner = attribute.dropFirst("@available(".count).dropLast()
        for part in inner.components(separatedBy: ", ") {
            let pair = part.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2 { fields[pair[0]] = pair[1] }
        }
        return fields
    }

    static func version(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: ".").map { Int($0) }
        guard let major = parts.first ?? nil else { return nil }
        return (major, parts.count > 1 ? (parts[1] ?? 0) : 0)
    }

    /// The `-package-name` the root package's modules were built with (its identity).
    private func packageName() throws -> String? {
        guard let yaml = try? String(contentsOfFile: DebugBuild.descriptionFile(root: root), encoding: .utf8) else {
            return nil
        }
        for line in yaml.split(separator: "\n") where line.contains("\"-module-name\",\"LayoutEngine\"") {
            guard let range = line.range(of: "\"-package-name\",\"") else { continue }
            return String(line[range.upperBound...].prefix { $0 != "\"" })
        }
        return nil
    }
}
