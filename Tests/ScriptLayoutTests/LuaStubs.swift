import Foundation

/// The editor files, found from this file's path (Tests/ScriptLayoutTests/ → the root).
enum EditorFiles {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()
    static let stubs = root + "/Examples/.types/lualayout.lua"
    static let apiReference = root + "/docs/lua-api.md"

    static func read(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }
}

/// What the LuaLS annotation stubs declare: each `---@class` with its `---@field`s and the
/// functions defined on the local bound to it, its parent class, and the global functions.
struct LuaStubs {
    private(set) var ownMembers: [String: Set<String>] = [:]
    private(set) var parents: [String: String] = [:]
    private(set) var globals: Set<String> = []

    init(source: String) {
        var current: String?  // the class whose annotation block is being read
        var locals: [String: String] = [:]  // `local X = {}` → the class annotated just above it
        for raw in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("---@class ") {
                let declaration = line.dropFirst("---@class ".count).split(separator: " ").first.map(String.init) ?? ""
                let parts = declaration.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) }
                let name = parts[0]
                // A parent may follow the colon after a space: `---@class A: B`.
                let parent = parts.count > 1 && !parts[1].isEmpty ? parts[1] : Self.parent(in: line)
                if let parent { parents[name] = parent }
                ownMembers[name, default: []].formUnion([])
                current = name
            } else if line.hasPrefix("---@field "), let current {
                let name = line.dropFirst("---@field ".count).prefix { $0 != " " && $0 != "?" }
                if !name.hasPrefix("[") { ownMembers[current, default: []].insert(String(name)) }
            } else if line.hasPrefix("---") {
                continue
            } else if line.hasPrefix("local "), line.hasSuffix("= {}"), let current {
                let name = line.dropFirst("local ".count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                locals[String(name)] = current
            } else if line.hasPrefix("function ") {
                let signature = line.dropFirst("function ".count).prefix { $0 != "(" }
                if let separator = signature.firstIndex(where: { $0 == "." || $0 == ":" }) {
                    let owner = String(signature[..<separator]),
                        member = String(signature[signature.index(after: separator)...])
                    if let owningClass = locals[owner] { ownMembers[owningClass, default: []].insert(member) }
                } else {
                    globals.insert(String(signature))
                }
                current = nil
            } else if let equals = line.range(of: " = "), !line.hasPrefix("local "),
                line[..<equals.lowerBound].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            {
                // `name = Local`: a global table (the compositional namespace).
                globals.insert(String(line[..<equals.lowerBound]))
                current = nil
            } else {
                current = nil
            }
        }
    }

    private static func parent(in line: String) -> String? {
        guard let colon = line.range(of: ": ") else { return nil }
        return line[colon.upperBound...].split(separator: " ").first.map(String.init)
    }

    /// The class's members, its own and inherited.
    func members(of name: String) -> Set<String> {
        var result = ownMembers[name] ?? []
        if let parent = parents[name] { result.formUnion(members(of: parent)) }
        return result
    }
}
