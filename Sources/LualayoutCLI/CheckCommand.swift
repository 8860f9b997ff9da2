import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform
import LayoutEngine
import LayoutOutput
import ScriptLayout

/// `lualayout check`: load and prepare a layout, then report what it defines, what it placed,
/// how long each phase took, and what looks wrong.
struct CheckCommand: LualayoutCommand, ScriptCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Lint a layout script: the names it defines, what it places, timings and warnings.",
        discussion: """
            Loads the script, prepares it on the given data (default: 20 items) and asks for the \
            whole layout, then prints the properties, callbacks and hooks found, the fields the \
            engine does not read, element counts by category, the time of each phase, and \
            warnings: likely misspelled names ("did you mean"), overlapping cells, elements \
            outside the content size, and frames off the pixel grid of --scale.

            Exit status: 1 when the script fails (or, with --strict, has a misspelled name), \
            2 for usage and input errors, 0 otherwise: warnings never fail a check.

            Examples:
              lualayout check Examples/grid.lua --items 1000 --scale 2
              lualayout check Examples/waterfall.lua --data Examples/waterfall.json
            """)

    @Argument(help: ScriptArgument.help, completion: ScriptArgument.completion)
    var script: String

    @OptionGroup(title: "Collection view")
    var layout: LayoutOptions

    @OptionGroup(title: "Script")
    var scriptOptions: ScriptOptions

    func execute(_ io: CommandIO) throws(CLIError) {
        let watchdog = Watchdog(seconds: scriptOptions.timeout, what: "check \(script)")
        defer { watchdog.cancel() }
        let context = try layout.makeContext(dataLimit: scriptOptions.maxMemory.bytes)
        let clock = ContinuousClock()
        var start = clock.now
        let scriptLayout = try scriptOptions.loadLayout(script)
        let loadTime = clock.now - start
        start = clock.now
        let elements: [LayoutAttributes]
        let prepareTime: Duration
        do {
            try scriptLayout.prepare(in: context)
            prepareTime = clock.now - start
            start = clock.now
            elements = try scriptLayout.allLayoutAttributes(context: context)
        } catch {
            throw CLIError(error)
        }
        let queryTime = clock.now - start
        let contentSize = scriptLayout.collectionViewContentSize
        let fields = scriptLayout.fields
        let data = context.data
        var out = ""
        out += "\(script): \(scriptLayout.kind.rawValue) layout, "
        out += "\(Self.count(data.totalItems, "item")) in \(Self.count(data.sections.count, "section"))\n"
        if scriptLayout.kind != .custom { out += "  properties: \(Self.list(fields.properties))\n" }
        if scriptLayout.kind != .custom { out += "  callbacks:  \(Self.list(fields.callbacks))\n" }
        out += "  hooks:      \(Self.list(fields.hooks))\n"
        out += "  unknown fields (not read by the engine): \(Self.list(fields.unknown))\n"
        out += "\(Self.describeCounts(elements))\n"
        out += "content size: \(Self.format(contentSize.width))×\(Self.format(contentSize.height))\n"
        out += "time: load \(Self.milliseconds(loadTime)), prepare \(Self.milliseconds(prepareTime)), "
        out += "whole-layout query \(Self.milliseconds(queryTime))\n"

        // Orthogonal sections' cells lie past the content's edge along their own axis, as UIKit
        // places them: only the other axis is checked for them.
        let regions = Dictionary(scriptLayout.scrollRegions.map { ($0.section, $0.horizontal) }) { first, _ in first }
        let lint = LayoutLint(elements: elements, contentSize: contentSize, scale: context.scale) { element in
            guard let horizontal = regions[element.indexPath.section], scriptLayout.scrollsWithRegion(element.key)
            else { return nil }
            return horizontal ? .horizontal : .vertical
        }
        var warnings: [String] = scriptLayout.warnings
        if lint.overlapCount > 0 {
            let count = lint.overlapCountCapped ? "at least \(lint.overlapCount)" : "\(lint.overlapCount)"
            let pairs = lint.overlaps.map { "\(Self.describe($0.0)) and \(Self.describe($0.1))" }
            warnings.append(
                "warning: \(count) overlapping pair\(lint.overlapCount == 1 ? "" : "s") of cells: \(pairs.joined(separator: "; "))\(lint.overlapCount > pairs.count || lint.overlapCountCapped ? "; …" : "")"
            )
        } else if lint.overlapCountCapped {
            warnings.append(
                "warning: overlapping cells not checked to the end: more than \(LayoutLint.maxComparisons) pairs of cells side by side across the scroll axis"
            )
        }
        if lint.outsideCount > 0 {
            let size = "\(Self.format(contentSize.width))×\(Self.format(contentSize.height))"
            let examples = lint.outside.map(Self.describe).joined(separator: "; ")
            warnings.append(
                "warning: \(Self.count(lint.outsideCount, "element")) outside the content size \(size): \(examples)\(lint.outsideCount > lint.outside.count ? "; …" : "")"
            )
        }
        if lint.offGridCount > 0 {
            let examples = lint.offGrid.map(Self.describe).joined(separator: "; ")
            warnings.append(
                "warning: \(Self.count(lint.offGridCount, "frame")) not on the pixel grid of scale \(Self.format(context.scale)) (edges at multiples of \(Self.format(1 / context.scale))): \(examples)\(lint.offGridCount > lint.offGrid.count ? "; …" : "")"
            )
        }
        out += warnings.isEmpty ? "no warnings\n" : "\(Self.count(warnings.count, "warning")):\n"
        for warning in warnings { out += "  \(warning)\n" }
        io.out.write(out)
    }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    static func list(_ names: [String]) -> String { names.isEmpty ? "none" : names.joined(separator: ", ") }

    /// At most 3 decimals, for reading (`199.625` for 199.62509164217948).
    static func format(_ value: Double) -> String { NumberFormatting.rounded(value) }

    static func milliseconds(_ duration: Duration) -> String {
        let ms = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return PrintfFormat.fixed(ms, decimals: 1) + " ms"
    }

    /// `20 (18 cells, 2 supplementary: header 2, 0 decoration)`.
    static func describeCounts(_ elements: [LayoutAttributes]) -> String {
        var parts: [String] = []
        for category in ElementCategory.allCases {
            let inCategory = elements.filter { $0.category == category }
            var part = category == .cell ? count(inCategory.count, "cell") : "\(inCategory.count) \(category.name)"
            if category != .cell, !inCategory.isEmpty {
                var byKind: [String: Int] = [:]
                for element in inCategory { byKind[element.kind, default: 0] += 1 }
                part += " (" + byKind.keys.sorted().map { "\($0) \(byKind[$0]!)" }.joined(separator: ", ") + ")"
            }
            parts.append(part)
        }
        return "\(count(elements.count, "element")): " + parts.joined(separator: ", ")
    }

    /// `cell [0, 1] at 10,20 100×50`.
    static func describe(_ element: LayoutAttributes) -> String {
        let frame = element.frame
        return
            "\(element.key) at \(format(frame.minX)),\(format(frame.minY)) \(format(frame.width))×\(format(frame.height))"
    }
}
