import ArgumentParser
import Foundation
import LayoutEngine
import LayoutOutput
import Platform
import ScriptLayout
import SwiftExport
import WorkerProtocol

/// `lualayout export`: a flow or compositional layout as Swift source using UIKit's API alone.
struct ExportCommand: LualayoutCommand, ScriptCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a flow or compositional layout as Swift source that uses UIKit's API alone.",
        discussion: """
            Prepares the layout for the collection-view options given (a section provider is \
            called for every section, flow properties that are functions of cv are evaluated) and \
            writes func makeNAMELayout() building the same layout with UIKit's constructors and \
            properties; numbers are exact, so UIKit computes the frames `lualayout run` prints for \
            those options. The file's header says which options they are.

            A compositional layout's Lua callbacks are not exported yet: a layout whose \
            behaviour depends on a callback or hook is refused (exit 1), one located line per callback, unless --allow-partial, which \
            exports the rest and marks each omission with a `// not exported:` comment. A custom \
            layout (prepare(cv, out)) is translated to a UICollectionViewLayout subclass instead \
            (docs/lua-to-swift.md), and a flow's callbacks and hooks to a UICollectionViewFlowLayout \
            subclass and NAMEFlowDelegate, which the app sets as the collection view's delegate \
            (--allow-partial: the flow's values alone, each callback marked); Lua outside the \
            translated subset is refused at its line. See docs/export.md.

            Examples:
              lualayout export Examples/compositional/two-column-grid.lua --swift --scale 2 --items 94
              lualayout export Examples/cookbook-flow.lua --swift --name Cookbook -o CookbookLayout.swift
            """)

    @Argument(help: ScriptArgument.help, completion: ScriptArgument.completion)
    var script: String

    @OptionGroup(title: "Collection view")
    var layout: LayoutOptions

    @OptionGroup(title: "Script")
    var scriptOptions: ScriptOptions

    @Flag(help: "Write Swift source (the one export format).")
    var swift = false

    @Option(
        help: ArgumentHelp(
            "The layout's name in func makeNAMELayout() (default: from the script's file name).", valueName: "NAME"))
    var name: String?

    @Flag(help: "Export what UIKit can express and mark each Lua callback with a `// not exported:` comment.")
    var allowPartial = false

    @Flag(
        help:
            "Also write a UICollectionViewController for the layout: registrations for every kind and a data source serving the item counts of the options."
    )
    var screen = false

    @Flag(
        help:
            "Import UIKitSurface where UIKit is absent (#if canImport(UIKit)): for packages built on Linux too, as the LuaLayoutExport plugin does."
    )
    var surface = false

    @Option(
        name: [.customShort("o"), .long],
        help: ArgumentHelp("Write the Swift file to FILE instead of standard output.", valueName: "FILE"),
        completion: .file(extensions: ["swift"]))
    var output: String?

    func validate() throws {
        guard swift else { throw ValidationError("give --swift (the export format)") }
        if let name, !SwiftLayoutExport.isValidName(name) {
            throw ValidationError(
                "--name must be letters, digits and underscores, starting with a letter (the function is named make + \(name) + Layout), got '\(name)'"
            )
        }
    }

    func execute(_ io: CommandIO) throws(CLIError) {
        let watchdog = Watchdog(seconds: scriptOptions.timeout, what: "export \(script)")
        defer { watchdog.cancel() }
        // Refused before anything runs, and again (with the modules required) before writing.
        let destination = OutputDestination(path: output)
        try destination.refuse(overwriting: [script] + layout.inputFiles)
        let context = try layout.makeContext(dataLimit: scriptOptions.maxMemory.bytes)
        let scriptLayout = try scriptOptions.loadLayout(script)
        let captured: CapturedLayout
        do {
            captured = try scriptLayout.capture(in: context, memoryLimit: scriptOptions.maxMemory.bytes)
        } catch {
            throw CLIError(error)
        }
        _ = ScriptOptions.reportWarnings(of: scriptLayout, to: io)
        var options = SwiftLayoutExport.Options(
            name: name ?? SwiftLayoutExport.defaultName(forScript: script), scriptName: script,
            evaluatedFor: layout.commandLineDescription(scriptOptions), allowPartial: allowPartial,
            deploymentTarget: layout.ios?.version, engineVersion: context.iosVersion,
            screenItemCounts: screen ? context.data.sections.map(\.count) : nil, importsSurface: surface,
            memoryLimit: scriptOptions.maxMemory.bytes)
        let translated: Bool
        switch captured.body {
        case .custom: translated = true
        case .flow: translated = !allowPartial && !captured.luaCode.isEmpty && captured.unsupported.isEmpty
        case .compositional: translated = false
        }
        if ProviderExport.translates(captured) {
            // A section provider (or a section's handler) is translated to Swift (docs/lua-to-swift.md).
            guard let data = FileManager.default.contents(atPath: script) else {
                throw .input("\(script): cannot read file")
            }
            options.luaSource = ([UInt8](data), context)
        }
        if translated {
            // A custom layout's Lua, and a flow's callbacks and hooks, are translated to Swift
            // (docs/lua-to-swift.md); the script was read a moment ago, its size within the cap.
            guard let data = FileManager.default.contents(atPath: script) else {
                throw .input("\(script): cannot read file")
            }
            options.luaSource = ([UInt8](data), context)
            // The decoration kinds it places for these options: the layout registers a view
            // class for each, as UIKit requires before it shows one.
            do {
                try scriptLayout.prepare(in: context)
                let everything = Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9)
                let elements = try scriptLayout.layoutAttributesForElements(in: everything, context: context)
                var kinds: [String] = []
                for element in elements where element.category == .decoration && !kinds.contains(element.kind) {
                    kinds.append(element.kind)
                }
                options.decorationKinds = kinds.sorted()
            } catch {
                throw CLIError(error)
            }
        }
        let source: String
        switch SwiftLayoutExport.export(captured, options: options) {
        case .refused(let lines):
            for line in lines { io.err.write(line + "\n") }
            throw .reported
        case .source(let text):
            source = text
        }
        try destination.write(io, inputs: scriptLayout.loadedFiles + layout.inputFiles) { $0.write(source) }
    }
}

extension LayoutOptions {
    /// The collection view as options (`--bounds 375x667 --scale 2 --items 94`), every option
    /// that changes a value included, for headers.
    func commandLineDescription(_ script: ScriptOptions? = nil) -> String {
        var parts = ["--bounds \(SizeArgument.text(bounds.size))"]
        if let offset { parts.append("--offset \(number(offset.point.x)),\(number(offset.point.y))") }
        parts.append("--scale \(number(scale))")
        if let items {
            parts.append("--items \(items)")
        } else if let sections {
            parts.append("--sections \(sections.counts.map(String.init).joined(separator: ","))")
        } else if let data {
            parts.append("--data \(data)")
        } else {
            parts.append("--items 20")
        }
        for (flag, insets) in [
            ("--content-inset", contentInset), ("--safe-area", safeArea), ("--layout-margins", layoutMargins),
        ] {
            guard let insets = insets?.insets else { continue }
            parts.append(
                "\(flag) \([insets.top, insets.left, insets.bottom, insets.right].map(number).joined(separator: ","))")
        }
        if let behavior = contentInsetAdjustment?.behavior {
            parts.append("--content-inset-adjustment \(behavior.rawValue)")
        }
        for assignment in state {
            parts.append("--state \(assignment.key)=\(JSONLayoutWriter.value(assignment.value))")
        }
        if layoutDirection?.direction == .rightToLeft { parts.append("--layout-direction rtl") }
        for given in trait { parts.append("--trait \(given.key)=\(given.value)") }
        for given in orthogonalOffset { parts.append("--orthogonal-offset \(given.section):\(number(given.offset))") }
        if let ios { parts.append("--ios \(ios.version)") }
        if let script {
            if script.seed != ScriptOptions.defaultSeed { parts.append("--seed \(script.seed)") }
            if script.estimates { parts.append("--estimates") }
        }
        return parts.joined(separator: " ")
    }

    private func number(_ value: Double) -> String { NumberFormatting.format(value) }
}

extension SizeArgument {
    static func text(_ size: Size) -> String {
        "\(NumberFormatting.format(size.width))x\(NumberFormatting.format(size.height))"
    }
}
