import Foundation
import Testing
import TestSupport

/// Random paths through the scenario and controller file APIs (`reloadData(path)`,
/// `view:reloadData(path)`, `beginTransition(layoutFile, transitionFile)`) in-process: a file
/// is read only when it lies inside the script's folder once every `..` and link is followed,
/// as `require` reads modules; every other path is refused with its reason, and nothing of a
/// file outside the folder ever reaches the output.
@Suite("fuzz: scenario file APIs")
struct ScenarioFileFuzzTests {
    static let secret = "SECRET-7f3a"

    /// root/ holds the layout and the secrets; root/s/ the scripts, their files and links.
    static func makeFolder() throws -> String {
        let root = try TestCommandTests.folder([
            "layout.lua": "return flow{ itemSize = {50, 50} }\n",
            "secret.json": "{\"sections\": [[\"\(secret)\"]]}\n",
            "secret.lua": "return \(secret) ( )\n",
            "s/data.json": "{\"sections\": [[\"inside\"], 2]}\n",
            "s/sub/data.json": "{\"sections\": [[\"below\"]]}\n",
            "s/grid.lua": "return flow{ itemSize = {20, 20} }\n",
            "s/bend.lua": "return {}\n",
            "s/dir.json/x": "",
        ])
        let manager = FileManager.default
        for (link, target) in [
            ("link-in.json", "data.json"), ("link-out.json", "../secret.json"),
            ("link-abs.json", root + "/secret.json"),
            ("link-out.lua", "../secret.lua"), ("link-dir", ".."), ("dangling.json", "nowhere.json"), ("sub-out", root),
        ] {
            try manager.createSymbolicLink(atPath: root + "/s/" + link, withDestinationPath: target)
        }
        return root
    }

    static let segments = [
        "..", ".", "", "sub", "data.json", "secret.json", "secret.lua", "link-in.json", "link-out.json",
        "link-abs.json", "link-out.lua", "link-dir", "dangling.json", "sub-out", "dir.json", "grid.lua", "bend.lua",
        "nope.json", "a\nb", "%s", "é",
    ]

    static func path(_ random: inout SplitMix64, root: String) -> String {
        var path = (0..<random.int(1...4)).map { _ in random.pick(segments) }.joined(separator: "/")
        switch random.int(0...15) {
        case 0: path = root + "/" + path
        case 1: path = "/proc/self/cwd/" + path
        case 2: path = "/" + path
        case 3: path += "\u{0}../../secret.json"
        case 4, 5: path = "../" + path
        default: break
        }
        return path
    }

    /// A Lua string literal holding `text` exactly (every byte outside printable ASCII escaped).
    static func luaString(_ text: String) -> String {
        var literal = "\""
        for byte in text.utf8 {
            if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                literal.append(Character(Unicode.Scalar(byte)))
            } else {
                literal += "\\\(byte)"
            }
        }
        return literal + "\""
    }

    /// What reading `given` from a script in `folder` must do, worked out from the file system
    /// itself (realpath(3)), apart from the command's own resolution.
    enum Expected: Equatable {
        case read(String)
        case refused(String)
        case missing
    }

    static func expected(_ given: String, folder: String) -> Expected {
        if given.utf8.contains(0) { return .refused("NUL") }
        if given.hasPrefix("/") { return .refused("is an absolute path") }
        var depth = 0
        for part in given.split(separator: "/") where part != "." {
            depth += part == ".." ? -1 : 1
            if depth < 0 { return .refused("leads outside") }
        }
        guard let real = realpath(folder + "/" + given, nil), let rootPath = realpath(folder, nil) else {
            return .missing
        }
        let (resolved, root) = (String(cString: real), String(cString: rootPath))
        free(real)
        free(rootPath)
        guard resolved == root || resolved.hasPrefix(root + "/") else { return .refused("through a symbolic link") }
        return .read(resolved)
    }

    @Test func pathsStayInsideTheScriptsFolder() throws {
        let root = try Self.makeFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = root + "/s"
        fuzz("pathsStayInsideTheScriptsFolder", defaultIterations: 40) { random, tally in
            let given = Self.path(&random, root: root)
            let literal = Self.luaString(given)
            let api = random.int(0...3)
            var arguments = ["simulate", root + "/layout.lua", "--scenario", folder + "/scenario.lua"]
            let scenario: String
            switch api {
            case 0: scenario = "reloadData(\(literal))\nprint(itemData(0, 0))\n"
            case 1: scenario = "beginTransition(\(literal))\n"
            case 2: scenario = "beginTransition(\"grid.lua\", \(literal))\n"
            default:
                scenario = "tap(25, 25)\nprint(itemData(0, 0))\n"
                try "return { didSelectItem = function(view) view:reloadData(\(literal)) end }\n".write(
                    toFile: folder + "/controller.lua", atomically: true, encoding: .utf8)
                arguments += ["--controller", folder + "/controller.lua"]
            }
            try scenario.write(toFile: folder + "/scenario.lua", atomically: true, encoding: .utf8)
            let result = lualayout(arguments)
            let output = result.out + result.err
            var problems: [String] = []
            if output.contains(Self.secret) { problems.append("a file outside the folder reached the output") }
            // beginTransition's first argument with no `/` and no `.lua` is a layout's name
            // (`--layout NAME=FILE`; none are given here), never a path: no file is read.
            if api == 1, !given.contains("/"), !given.hasSuffix(".lua") {
                tally.add("beginTransition: a name")
                if result.status != 1 || !result.err.contains("no layout is named") {
                    problems.append(
                        "expected 'no layout is named', got exit \(result.status): \(result.err.prefix(300))")
                }
                return problems.map { "\(Self.luaString(given)) through API \(api): \($0)" }
            }
            let expected = Self.expected(given, folder: folder)
            let outcome: String
            switch expected {
            case .read: outcome = "read"
            case .missing: outcome = "missing"
            case .refused(let reason): outcome = "refused (\(reason))"
            }
            tally.add("\(["reloadData", "beginTransition", "transition file", "view:reloadData"][api]): \(outcome)")
            switch expected {
            case .refused(let reason):
                if result.status != 1 || !result.err.contains(reason) {
                    problems.append(
                        "expected a refusal (\(reason)), got exit \(result.status): \(result.err.prefix(300))")
                }
            case .missing:
                if result.status != 1 || !result.err.contains("cannot read") {
                    problems.append("expected 'cannot read', got exit \(result.status): \(result.err.prefix(300))")
                }
            case .read:
                // Inside the folder: read (it may still not be data or a layout, a located error).
                if result.err.contains("is an absolute path") || result.err.contains("leads outside") {
                    problems.append("refused a path inside the folder: \(result.err.prefix(300))")
                }
                if !(0...1).contains(result.status) { problems.append("exit \(result.status)") }
            }
            return problems.map { "\(Self.luaString(given)) through API \(api): \($0)" }
        }
    }
}
