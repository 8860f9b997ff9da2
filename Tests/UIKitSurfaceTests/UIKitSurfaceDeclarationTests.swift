import Foundation
import TestExpectations
import TestSupport
import Testing

/// UIKitSurface's public declarations held against the list transcribed from Apple's published
/// interface (AppleInterface.txt): names, argument labels, types, isolation (`@MainActor`) and
/// availability (introduced, deprecated) of each, read from the built module's symbol graph;
/// and nothing public that UIKit does not declare.
@Suite("UIKitSurface: Apple's interface")
struct UIKitSurfaceDeclarationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// Public symbols of the surface that are not UIKit's, each with why.
    static let surfaceOnly: [String: String] = [
        "UIKitSurfaceRelease": "the iOS release whose behaviour the engine computes (a host sets it)",
        "UIKitSurfaceRelease.iOS": "the iOS release whose behaviour the engine computes (a host sets it)",
    ]

    struct Entry {
        var declaration: String
        var availability: String
        var line: Int
    }

    struct Symbol {
        var declaration: String
        /// `13.0`, `13.0-16.0` or `-`.
        var availability: String
    }

    @Test func theSurfaceDeclaresUIKitsInterface() throws {
        let apple = try Self.transcribed()
        let surface = try Self.surfaceSymbols()
        var problems: [String] = []
        for (path, entry) in apple.sorted(by: { $0.value.line < $1.value.line }) {
            guard let symbol = surface[path] else {
                problems.append("AppleInterface.txt:\(entry.line): \(path) is not declared by UIKitSurface")
                continue
            }
            let expected = Self.normalized(entry.declaration, path: path)
            let actual = Self.normalized(symbol.declaration, path: path)
            if expected != actual {
                problems.append(
                    "AppleInterface.txt:\(entry.line): \(path): UIKit declares `\(expected)`, the surface `\(actual)`")
            }
            if entry.availability != "-", entry.availability != symbol.availability {
                problems.append(
                    "AppleInterface.txt:\(entry.line): \(path): UIKit's availability is iOS \(entry.availability), the surface's \(symbol.availability)"
                )
            }
        }
        for (path, symbol) in surface where apple[path] == nil && Self.surfaceOnly[path] == nil {
            // Overrides repeat a superclass's declaration (UIKit documents it there).
            guard !symbol.declaration.contains("override ") else { continue }
            problems.append(
                "UIKitSurface declares \(path) (`\(symbol.declaration)`), which AppleInterface.txt does not list")
        }
        expect(problems.isEmpty, Comment(rawValue: problems.sorted().joined(separator: "\n")))
        expect(apple.count > 300, "the transcription was read whole")
    }

    /// The comparison rules of AppleInterface.txt's header.
    static func normalized(_ declaration: String, path: String) -> String {
        var text = " " + declaration + " "
        for word in [
            "convenience", "required", "override", "optional", "@escaping", "weak", "nonisolated", "open", "public",
            "final", "@discardableResult",
        ] {
            text = text.replacingOccurrences(of: " \(word) ", with: " ")
        }
        text = text.trimmingCharacters(in: .whitespaces)
        // Parameter names: `label name:` → `label:`.
        text = text.replacingOccurrences(of: #"([(,]\s*)(\w+) \w+:"#, with: "$1$2:", options: .regularExpression)
        // Default arguments.
        text = text.replacingOccurrences(of: #" = [^,)]+"#, with: "", options: .regularExpression)
        // `class let`/`class var` → `static`, `let x: T` → `var x: T { get }`, stored `var` → `{ get set }`.
        text = text.replacingOccurrences(of: "class let ", with: "static let ")
        text = text.replacingOccurrences(of: "class var ", with: "static var ")
        if text.range(of: #"(^|\s)let \w+: "#, options: .regularExpression) != nil, !text.hasSuffix("}") {
            text = text.replacingOccurrences(of: "let ", with: "var ") + " { get }"
        } else if text.range(of: #"(^|\s)var \w+: "#, options: .regularExpression) != nil, !text.hasSuffix("}") {
            text += " { get set }"
        }
        // A class method's `-> Self` is its class.
        let components = path.split(separator: ".")
        if components.count >= 2, text.hasSuffix("-> Self") {
            text = String(text.dropLast(4)) + components[components.count - 2]
        }
        return text.replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
    }

    /// PATH → entry, from AppleInterface.txt.
    static func transcribed() throws -> [String: Entry] {
        let text = try String(contentsOfFile: root + "/Tests/UIKitSurfaceTests/AppleInterface.txt", encoding: .utf8)
        var entries: [String: Entry] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard !line.hasPrefix("#"), !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 3 else {
                Issue.record("AppleInterface.txt:\(index + 1): expected PATH | DECLARATION | AVAILABILITY")
                continue
            }
            if entries[cells[0]] != nil { Issue.record("AppleInterface.txt:\(index + 1): \(cells[0]) is listed twice") }
            entries[cells[0]] = Entry(declaration: cells[1], availability: cells[2], line: index + 1)
        }
        return entries
    }

    /// PATH → the surface's public symbol declared in its sources (not those a protocol
    /// extension of the standard library supplies), from the symbol graph of the built module.
    static func surfaceSymbols() throws -> [String: Symbol] {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "surface-symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        let triple =
            try run("swiftc", ["-print-target-info"]).components(separatedBy: "\"triple\": \"").dropFirst()
            .first?.split(separator: "\"").first.map(String.init) ?? ""
        _ = try run(
            "swift-symbolgraph-extract",
            [
                "-module-name", "UIKitSurface", "-I", buildProducts(root: root) + "/Modules", "-target", triple,
                "-output-dir", output.path, "-minimum-access-level", "public",
            ])
        var symbols: [String: Symbol] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: output.path) where file.hasSuffix(".json") {
            let data = try Data(contentsOf: output.appendingPathComponent(file))
            let graph = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
            for case let symbol as [String: Any] in graph["symbols"] as? [Any] ?? [] {
                guard symbol["location"] != nil || file.contains("@"),
                    let path = (symbol["pathComponents"] as? [String])?.joined(separator: "."),
                    let fragments = symbol["declarationFragments"] as? [[String: Any]]
                else { continue }
                let declaration = fragments.compactMap { $0["spelling"] as? String }.joined()
                symbols[path] = Symbol(declaration: declaration, availability: availability(symbol))
            }
        }
        return symbols
    }

    /// `13.0`, `13.0-16.0` (deprecated), or `-`, for the iOS domain.
    static func availability(_ symbol: [String: Any]) -> String {
        guard let list = symbol["availability"] as? [[String: Any]],
            let ios = list.first(where: { $0["domain"] as? String == "iOS" }),
            let introduced = ios["introduced"] as? [String: Int]
        else { return "-" }
        func version(_ v: [String: Int]) -> String { "\(v["major"] ?? 0).\(v["minor"] ?? 0)" }
        if let deprecated = ios["deprecated"] as? [String: Int] {
            return version(introduced) + "-" + version(deprecated)
        }
        return version(introduced)
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(
                .executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(tool) exited \(process.terminationStatus)"])
        }
        return String(decoding: data, as: UTF8.self)
    }
}
