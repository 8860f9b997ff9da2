import Foundation

/// What the root package's debug build has already compiled, read from SwiftPM's build
/// description (`.build/debug.yaml`): a module's object files and those of every module it
/// depends on, so that the host links the library's objects instead of compiling the library
/// again in a package of its own.
struct DebugBuild {
    let root: String
    private let commands: [String: (inputs: [String], outputs: [String])]

    /// The folder of the build's `.swiftmodule` files (`-I`).
    var modules: String { Self.products(root: root) + "/Modules" }

    /// The folder of the build's products: `.build/debug`, or `LUALAYOUT_BUILD_PRODUCTS`
    /// (Scripts/test names the folder that link points to: the `swift package` of its API docs,
    /// running beside this, removes the link and makes it again).
    static func products(root: String) -> String {
        ProcessInfo.processInfo.environment["LUALAYOUT_BUILD_PRODUCTS"] ?? root + "/.build/debug"
    }

    /// SwiftPM's description of the build: `.build/debug.yaml`, or `LUALAYOUT_BUILD_DESCRIPTION`
    /// (Scripts/test's copy of it, which that `swift package` does not write over as it runs).
    static func descriptionFile(root: String) -> String {
        ProcessInfo.processInfo.environment["LUALAYOUT_BUILD_DESCRIPTION"] ?? root + "/.build/debug.yaml"
    }

    init(root: String) throws {
        self.root = root
        let description = Self.descriptionFile(root: root)
        guard let yaml = try? String(contentsOfFile: description, encoding: .utf8) else {
            throw CheckError("no debug build: cannot read \(description) (run swift build first)")
        }
        commands = Self.moduleCommands(yaml)
    }

    /// The object files of `module` and of the modules it depends on, each once, in a fixed order.
    func objects(of module: String) throws -> [String] {
        var seen: Set<String> = []
        var order: [String] = []
        func visit(_ name: String) throws {
            guard seen.insert(name).inserted else { return }
            guard let command = commands[name] else {
                throw CheckError("the debug build does not compile \(name) (swift build --target \(name) builds it)")
            }
            for input in command.inputs where input.hasSuffix(".swiftmodule") && input.contains("/Modules/") {
                try visit(URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent)
            }
            order.append(name)
        }
        try visit(module)
        return order.flatMap { commands[$0]?.outputs.filter { $0.hasSuffix(".o") } ?? [] }
    }

    /// Each Swift module's compile command (`"C.NAME-TRIPLE-debug.module":`; the plugin tools'
    /// copies end in `-debug-tool.module`): its inputs and outputs.
    private static func moduleCommands(_ yaml: String) -> [String: (inputs: [String], outputs: [String])] {
        var result: [String: (inputs: [String], outputs: [String])] = [:]
        var name: String?
        var inputs: [String] = []
        for line in yaml.split(separator: "\n") {
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("\"C.") && text.hasSuffix("-debug.module\":") {
                let key = text.dropFirst(3).dropLast("-debug.module\":".count)
                name = moduleName(key)
                inputs = []
            } else if name != nil, text.hasPrefix("inputs: ") {
                inputs = list(text.dropFirst("inputs: ".count))
            } else if let current = name, text.hasPrefix("outputs: ") {
                result[current] = (inputs, list(text.dropFirst("outputs: ".count)))
                name = nil
            }
        }
        return result
    }

    /// `LayoutEngine` from `LayoutEngine-x86_64-unknown-linux-gnu`: what precedes the triple.
    private static func moduleName(_ key: Substring) -> String? {
        let parts = key.split(separator: "-", omittingEmptySubsequences: false)
        guard
            let architecture = parts.firstIndex(where: {
                $0.hasPrefix("x86_64") || $0.hasPrefix("aarch64") || $0.hasPrefix("arm64")
            })
        else { return nil }
        return parts[..<architecture].joined(separator: "-")
    }

    private static func list(_ text: Substring) -> [String] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String]) ?? []
    }
}
