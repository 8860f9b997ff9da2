import LayoutEngine
import ScriptLayout

/// `lualayout export --swift`: a layout script's UIKit values as a Swift file that builds the
/// same layout with UIKit's own API (`func makeNAMELayout() -> UICollection…Layout`).
package enum SwiftLayoutExport {
    package struct Options: Sendable {
        /// The layout's name in `makeNAMELayout()` (a Swift type-style name).
        package var name: String
        /// The script as the user named it, for the header.
        package var scriptName: String
        /// The collection-view options the values were evaluated for (`--bounds 375x667 …`).
        package var evaluatedFor: String
        /// Export what UIKit can express and mark each omission, instead of refusing.
        package var allowPartial: Bool

        package init(name: String, scriptName: String, evaluatedFor: String, allowPartial: Bool) {
            self.name = name
            self.scriptName = scriptName
            self.evaluatedFor = evaluatedFor
            self.allowPartial = allowPartial
        }
    }

    /// The default layout name for a script file: `two-column-grid.lua` → `TwoColumnGrid`.
    package static func defaultName(forScript path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        let stem = file.hasSuffix(".lua") ? String(file.dropLast(4)) : file
        return SwiftLiteral.typeName(fromFileName: stem) ?? "Exported"
    }

    /// Whether `name` can stand in `makeNAMELayout`: ASCII letters, digits and underscores,
    /// starting with a letter.
    package static func isValidName(_ name: String) -> Bool {
        guard let first = name.first, first.isASCII, first.isLetter else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// Why the layout cannot be exported, one located line each (empty: it can be). A custom
    /// layout is refused whole; Lua callbacks and properties without a UIKit API are refused
    /// unless `allowPartial`.
    package static func refusals(_ layout: CapturedLayout, allowPartial: Bool) -> [String] {
        if case .custom = layout.body {
            let site = layout.luaCode.first { $0.name == "prepare" }?.site
            return [
                "\(site.map { $0 + ": " } ?? "")a custom layout places its elements in Lua (prepare(cv, out)): export writes UIKit's flow and compositional layouts only; write it as a UICollectionViewLayout subclass"
            ]
        }
        guard !allowPartial else { return [] }
        return layout.luaCode.map { "\($0.site): \($0.name) is Lua code: export writes UIKit values only" }
            + layout.unsupported.map {
                "\($0.site): \($0.name) = \"legacy\" has no UIKit API (it is how iOS 15 and earlier round): export writes UIKit values only"
            }
    }

    /// The Swift file (call only when `refusals` is empty).
    package static func source(_ layout: CapturedLayout, options: Options) -> String {
        let code = SwiftCode()
        header(layout, options, code)
        code.line("import UIKit")
        code.line("")
        switch layout.body {
        case .flow(let configuration, let estimated):
            // Opens the function and sets the properties; the omissions and the return close it.
            FlowSwift(code: code).layout(configuration, estimatedItemSize: estimated, name: options.name)
            code.nested {
                notExported(layout, code)
                code.line("return layout")
            }
            code.line("}")
        case .compositional(let configuration, let sections):
            compositional(configuration, sections, layout, options, code)
        case .custom:
            break
        }
        return code.text
    }

    // MARK: Header

    private static func header(_ layout: CapturedLayout, _ options: Options, _ code: SwiftCode) {
        let kind: String
        switch layout.body {
        case .flow: kind = "flow{...}"
        case .compositional: kind = "compositional{...}"
        case .custom: kind = "a custom layout"
        }
        code.line(
            "// \(options.name)Layout.swift: exported by `lualayout export --swift` from \(options.scriptName) (\(kind))."
        )
        code.line("// Values evaluated for \(options.evaluatedFor).")
        for evaluated in layout.evaluated {
            code.line(
                "// \(evaluated.name) (\(evaluated.site)) is Lua code, called for those options; its results are below."
            )
        }
        if case .compositional(_, .provided(let sections, let environment)) = layout.body {
            let container = environment.container
            code.line(
                "// The section provider saw a container of \(size(container.contentSize)) (effective \(size(container.effectiveContentSize))), display scale \(SwiftLiteral.points(environment.displayScale)), \(sections.count) section\(sections.count == 1 ? "" : "s")."
            )
        }
        if !layout.luaCode.isEmpty || !layout.unsupported.isEmpty {
            code.line("// Partial (--allow-partial): what is Lua code is marked `// not exported:` below.")
        }
        if hasList(layout) {
            code.line(
                "// List sections: UIKit applies its own list metrics; `lualayout run` uses those of docs/lists.md, partly estimated."
            )
        } else {
            code.line("// With those options UIKit places every element where `lualayout run` does; numbers are exact.")
        }
        code.line("")
    }

    private static func size(_ s: Size) -> String { "\(SwiftLiteral.points(s.width))×\(SwiftLiteral.points(s.height))" }

    // MARK: Compositional

    private static func compositional(
        _ configuration: Compositional.Configuration, _ sections: CapturedSections, _ layout: CapturedLayout,
        _ options: Options, _ code: SwiftCode
    ) {
        let writer = CompositionalSwift(code: code, closureSites: layout.closureSites)
        code.line("@MainActor")
        code.line("func make\(options.name)Layout() -> UICollectionViewCompositionalLayout {")
        code.nested {
            let configurationName = self.configuration(configuration, writer)
            switch sections {
            case .single(let section):
                every(section, writer, configurationName: configurationName, code)
            case .provided(let list, _):
                let pattern = SectionPattern(list)
                if pattern.period == 1, let section = list[0] {
                    code.line("// The section provider returned this section for every section.")
                    every(section, writer, configurationName: configurationName, code)
                } else {
                    provider(pattern, writer, configurationName: configurationName, code)
                }
            }
            notExported(layout, code)
            code.line("return layout")
        }
        code.line("}")
    }

    /// Whether any section of the layout is a list.
    private static func hasList(_ layout: CapturedLayout) -> Bool {
        switch layout.body {
        case .compositional(_, .single(let section)): section.list != nil
        case .compositional(_, .provided(let sections, _)): sections.contains { $0?.list != nil }
        default: false
        }
    }

    /// `let layout = …` with `section` for every section: a list section is made from the
    /// environment, so `UICollectionViewCompositionalLayout.list(using:)`, or a provider when
    /// the layout has a configuration.
    private static func every(
        _ section: Compositional.Section, _ writer: CompositionalSwift, configurationName: String?,
        _ code: SwiftCode
    ) {
        let with = configurationName.map { ", configuration: \($0)" } ?? ""
        guard let list = section.list else {
            let name = writer.section(section)
            code.line("let layout = UICollectionViewCompositionalLayout(section: \(name)\(with))")
            return
        }
        let listConfiguration = writer.listConfiguration(list)
        guard let configurationName else {
            code.line("let layout = UICollectionViewCompositionalLayout.list(using: \(listConfiguration))")
            return
        }
        code.line("let layout = UICollectionViewCompositionalLayout(sectionProvider: { _, environment in")
        code.nested {
            code.line("NSCollectionLayoutSection.list(using: \(listConfiguration), layoutEnvironment: environment)")
        }
        code.line("}, configuration: \(configurationName))")
    }

    /// The configuration's properties that differ from UIKit's defaults; nil when none do.
    private static func configuration(
        _ configuration: Compositional.Configuration, _ writer: CompositionalSwift
    ) -> String? {
        let code = writer.code
        let defaults = Compositional.Configuration()
        let reference = configuration.contentInsetsReference
        let setsReference = reference != .safeArea && reference != .automatic
        guard
            configuration.scrollDirection != defaults.scrollDirection
                || configuration.interSectionSpacing != defaults.interSectionSpacing
                || !configuration.boundarySupplementaryItems.isEmpty || setsReference
        else { return nil }
        let boundary = writer.boundaryItems(configuration.boundarySupplementaryItems)
        let name = code.claim("configuration")
        code.line("let \(name) = UICollectionViewCompositionalLayoutConfiguration()")
        if configuration.scrollDirection != defaults.scrollDirection {
            code.line("\(name).scrollDirection = .\(configuration.scrollDirection.rawValue)")
        }
        if configuration.interSectionSpacing != 0 {
            code.line("\(name).interSectionSpacing = \(SwiftLiteral.points(configuration.interSectionSpacing))")
        }
        if setsReference { code.line("\(name).contentInsetsReference = .\(reference.rawValue)") }
        if !boundary.isEmpty { code.line("\(name).boundarySupplementaryItems = [\(boundary.joined(separator: ", "))]") }
        return name
    }

    /// `UICollectionViewCompositionalLayout { sectionIndex, _ in switch … }`: one case per
    /// distinct section, on `sectionIndex % period` when the sections repeat.
    private static func provider(
        _ pattern: SectionPattern, _ writer: CompositionalSwift, configurationName: String?, _ code: SwiftCode
    ) {
        // List sections are made from the environment.
        let environment = pattern.cases.contains { $0.section?.list != nil } ? "environment" : "_"
        let opening =
            configurationName == nil
            ? "let layout = UICollectionViewCompositionalLayout { sectionIndex, \(environment) in"
            : "let layout = UICollectionViewCompositionalLayout(sectionProvider: { sectionIndex, \(environment) in"
        code.line(opening)
        code.nested {
            guard !pattern.cases.isEmpty else {
                code.line("nil")
                return
            }
            let subject = pattern.period < pattern.count ? "sectionIndex % \(pattern.period)" : "sectionIndex"
            if pattern.period < pattern.count {
                code.line("// The section provider's sections repeat every \(pattern.period) sections.")
            }
            code.line("switch \(subject) {")
            for (indices, section) in pattern.cases {
                code.line("case \(indices.map(String.init).joined(separator: ", ")):")
                code.nested {
                    code.scope {
                        if let section {
                            code.line("return \(writer.section(section))")
                        } else {
                            code.line("return nil")
                        }
                    }
                }
            }
            code.line("default:")
            code.nested { code.line("return nil") }
            code.line("}")
        }
        code.line(configurationName.map { "}, configuration: \($0))" } ?? "}")
    }

    /// `// not exported:` lines for the layout's own callbacks and hooks.
    private static func notExported(_ layout: CapturedLayout, _ code: SwiftCode) {
        let inSections: Set<String> = ["itemProvider", "visibleItemsInvalidationHandler"]
        for site in layout.luaCode where !inSections.contains(site.name) {
            code.line("// not exported: \(site.name) (\(site.site)) is Lua code")
        }
        for site in layout.unsupported {
            code.line("// not exported: \(site.name) = \"legacy\" (\(site.site)) has no UIKit API")
        }
    }
}

/// The sections a provider returned, as a switch writes them: the shortest period after which
/// they repeat (closures aside, which export omits), and the section indices of each distinct
/// section within one period.
struct SectionPattern {
    let count: Int
    let period: Int
    let cases: [(indices: [Int], section: Compositional.Section?)]

    init(_ sections: [Compositional.Section?]) {
        let keys = sections.map { $0.map(SectionPattern.withoutClosures) }
        count = sections.count
        period =
            (1..<max(1, sections.count)).first { p in keys.indices.allSatisfy { keys[$0] == keys[$0 % p] } }
            ?? sections.count
        var cases: [(indices: [Int], section: Compositional.Section?)] = []
        var positionOfKey: [Compositional.Section?: Int] = [:]
        for index in 0..<period {
            if let position = positionOfKey[keys[index]] {
                cases[position].indices.append(index)
            } else {
                positionOfKey[keys[index]] = cases.count
                cases.append(([index], sections[index]))
            }
        }
        self.cases = cases
    }

    /// The section with its closures' identities dropped (each provider call makes new ones).
    static func withoutClosures(_ section: Compositional.Section) -> Compositional.Section {
        var copy = section
        copy.visibleItemsInvalidationHandler = copy.visibleItemsInvalidationHandler.map {
            Compositional.VisibleItemsHandler(id: 0, body: $0.body)
        }
        copy.group = withoutClosures(copy.group)
        return copy
    }

    private static func withoutClosures(_ group: Compositional.Group) -> Compositional.Group {
        var copy = group
        func stripNested(_ subitem: Compositional.Subitem) -> Compositional.Subitem {
            if case .group(let nested) = subitem { return .group(withoutClosures(nested)) }
            return subitem
        }
        switch group.layout {
        case .custom(let items):
            copy.layout = .custom(
                items.provider.map { Compositional.CustomGroupItems(id: 0, provider: $0) } ?? items)
        case .horizontal(let subitems): copy.layout = .horizontal(map(subitems, stripNested))
        case .vertical(let subitems): copy.layout = .vertical(map(subitems, stripNested))
        }
        return copy
    }

    private static func map(
        _ subitems: Compositional.Subitems, _ each: (Compositional.Subitem) -> Compositional.Subitem
    ) -> Compositional.Subitems {
        switch subitems {
        case .cyclic(let list): .cyclic(list.map(each))
        case .count(let child, let n): .count(each(child), n)
        case .repeating(let child, let n): .repeating(each(child), n)
        }
    }
}
