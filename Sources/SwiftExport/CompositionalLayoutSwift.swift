import LayoutEngine

/// The sections of a compositional layout as the export writes them: one section for every
/// index, or the sections a provider returned as a cycle (`SectionCycle`) so that every index
/// gets one.
enum ExportedSections {
    case single(Compositional.Section)
    case cycle(SectionCycle)
    /// The provider translated to Swift: `NAMEScript`'s `sectionProvider(_:_:)`; `emptyForNil`
    /// (`--allow-partial`, the provider returned nil for the options): nil becomes an empty section.
    /// `readsLayout`: the provider reads `cv`, so the script is given the layout.
    /// `usesList`: it makes list sections.
    /// `hasHooks`: the layout subclass's overrides call the same script's hooks (`layout.script`).
    case translated(
        scriptType: String, emptyForNil: Bool, readsLayout: Bool = false, usesList: Bool = false, hasHooks: Bool = false
    )
}

/// The body of `makeNAMELayout()` for a compositional layout: its configuration, the parts
/// several provider cases share, and `let layout = …`.
struct CompositionalLayoutSwift {
    let parts: CompositionalSwift
    /// The layout's class: UIKit's, or the export's subclass (`flipsHorizontally…`).
    let layoutType: String
    private var writing: ExportWriting { parts.writing }
    private var code: SwiftCode { writing.code }

    /// Writes everything up to and including `let LAYOUT = …`.
    func write(_ configuration: Compositional.Configuration, _ sections: ExportedSections, layout: String) {
        writing.use(.compositionalLayout)
        let configurationName = self.configuration(configuration)
        switch sections {
        case .single(let section):
            every(section, configurationName: configurationName, layout: layout)
        case .translated(let scriptType, let emptyForNil, let readsLayout, let usesList, let hasHooks):
            translated(
                scriptType, emptyForNil: emptyForNil, readsLayout: readsLayout, usesList: usesList,
                hasHooks: hasHooks, configurationName: configurationName, layout: layout)
        case .cycle(let cycle):
            writing.providerNote = Self.describe(cycle)
            if cycle.cases.count == 1, let section = cycle.cases[0].section {
                every(section, configurationName: configurationName, layout: layout)
            } else {
                provider(cycle, configurationName: configurationName, layout: layout)
            }
        }
    }

    /// `let layout = …` with `section` for every section: a list section is made from the
    /// environment, so `UICollectionViewCompositionalLayout.list(using:)`, or a provider when
    /// the layout has a configuration or a class of its own.
    private func every(_ section: Compositional.Section, configurationName: String?, layout: String) {
        let with = configurationName.map { ", configuration: \($0)" } ?? ""
        guard let list = section.list else {
            let name = parts.section(section)
            code.line("let \(layout) = \(layoutType)(section: \(name)\(with))")
            return
        }
        let listConfiguration = parts.listConfiguration(list)
        guard configurationName != nil || layoutType != "UICollectionViewCompositionalLayout" else {
            writing.use(.listLayout)
            code.line("let \(layout) = UICollectionViewCompositionalLayout.list(using: \(listConfiguration))")
            return
        }
        writing.use(.listSection)
        code.line("let \(layout) = \(layoutType)(sectionProvider: { _, environment in")
        code.nested {
            code.line("NSCollectionLayoutSection.list(using: \(listConfiguration), layoutEnvironment: environment)")
        }
        code.line("}" + (configurationName.map { ", configuration: \($0))" } ?? ")"))
    }

    /// The configuration's properties that differ from UIKit's defaults; nil when none do.
    private func configuration(_ configuration: Compositional.Configuration) -> String? {
        let defaults = Compositional.Configuration()
        let reference = configuration.contentInsetsReference
        let setsReference = reference != .safeArea && reference != .automatic
        guard
            configuration.scrollDirection != defaults.scrollDirection
                || configuration.interSectionSpacing != defaults.interSectionSpacing
                || !configuration.boundarySupplementaryItems.isEmpty || setsReference
        else { return nil }
        let boundary = configuration.boundarySupplementaryItems.map(parts.boundaryItem)
        let name = code.claim("configuration")
        code.line("let \(name) = UICollectionViewCompositionalLayoutConfiguration()")
        if configuration.scrollDirection != defaults.scrollDirection {
            code.line("\(name).scrollDirection = .\(configuration.scrollDirection.rawValue)")
        }
        if configuration.interSectionSpacing != 0 {
            code.line("\(name).interSectionSpacing = \(SwiftText.points(configuration.interSectionSpacing))")
        }
        if setsReference {
            writing.use(.configurationContentInsetsReference)
            code.line("\(name).contentInsetsReference = .\(reference.rawValue)")
        }
        if !boundary.isEmpty { code.line("\(name).boundarySupplementaryItems = [\(boundary.joined(separator: ", "))]") }
        return name
    }

    /// `UICollectionViewCompositionalLayout { sectionIndex, _ in switch … }`: one case per
    /// distinct section of the cycle, the last a `default:` so that every index gets a section;
    /// parts two cases share are written once, before the provider.
    private func provider(_ cycle: SectionCycle, configurationName: String?, layout: String) {
        code.names.reserve("sectionIndex")
        code.names.reserve("environment")
        let sections = cycle.cases.compactMap(\.section)
        let shared = Self.sharedParts(sections)
        for section in sections { parts.hoist(section, shared: shared) }
        // List sections are made from the environment.
        let environment = sections.contains { $0.list != nil } ? "environment" : "_"
        code.line(
            configurationName == nil
                ? "let \(layout) = \(layoutType) { sectionIndex, \(environment) in"
                : "let \(layout) = \(layoutType)(sectionProvider: { sectionIndex, \(environment) in")
        code.nested {
            code.comment(Self.describe(cycle))
            code.line("switch \(Self.subject(cycle)) {")
            let last = cycle.prefix + cycle.period - 1
            let ordered =
                cycle.cases.filter { !$0.positions.contains(last) } + cycle.cases.filter { $0.positions.contains(last) }
            for (position, entry) in ordered.enumerated() {
                code.line(
                    position == ordered.count - 1
                        ? "default:" : "case \(entry.positions.map(String.init).joined(separator: ", ")):")
                code.nested {
                    parts.scope {
                        if let section = entry.section {
                            code.line("return \(parts.section(section))")
                        } else {
                            emptySection()
                        }
                    }
                }
            }
            code.line("}")
        }
        code.line(configurationName.map { "}, configuration: \($0))" } ?? "}")
    }

    /// `UICollectionViewCompositionalLayout { sectionIndex, environment in … }` calling the
    /// translated provider, which computes the section for any index and environment.
    private func translated(
        _ scriptType: String, emptyForNil: Bool, readsLayout: Bool, usesList: Bool, hasHooks: Bool,
        configurationName: String?, layout: String
    ) {
        let script = code.claim("script")
        if usesList {
            writing.use(.listSection)
            writing.differs(CompositionalSwift.listMetrics)
        }
        code.line("let \(script) = \(scriptType)()")
        code.line(
            configurationName == nil
                ? "let \(layout) = \(layoutType) { sectionIndex, environment in"
                : "let \(layout) = \(layoutType)(sectionProvider: { sectionIndex, environment in")
        code.nested {
            guard emptyForNil else {
                code.line("\(script).sectionProvider(sectionIndex, environment)")
                return
            }
            code.line("if let section = \(script).sectionProvider(sectionIndex, environment) { return section }")
            emptySection()
        }
        code.line(configurationName.map { "}, configuration: \($0))" } ?? "}")
        // The provider reads cv: the collection view, data and state of this layout.
        if readsLayout { code.line("\(script).layout = \(layout)") }
        // The layout's overrides call the hooks of the same script (one translation).
        if hasHooks { code.line("\(layout).script = \(script)") }
    }

    /// The parts of more than one case (counted once per case).
    static func sharedParts(_ sections: [Compositional.Section]) -> Set<CompositionalPart> {
        var cases: [CompositionalPart: Int] = [:]
        for section in sections {
            for part in CompositionalPart.parts(of: section) { cases[part, default: 0] += 1 }
        }
        return Set(cases.filter { $0.value > 1 }.keys)
    }

    /// What the switch reads: the index, or its position in the cycle.
    static func subject(_ cycle: SectionCycle) -> String {
        switch (cycle.prefix, cycle.period) {
        case (0, let period): "sectionIndex % \(period)"
        case (_, 1): "sectionIndex"
        case (let prefix, let period):
            "sectionIndex < \(prefix) ? sectionIndex : \(prefix) + (sectionIndex - \(prefix)) % \(period)"
        }
    }

    /// How the sections seen extend to every index, for the code and the header.
    static func describe(_ cycle: SectionCycle) -> String {
        let called = "The provider was called for \(cycle.count) section\(cycle.count == 1 ? "" : "s")"
        let first =
            cycle.prefix > 1 ? "sections 0–\(cycle.prefix - 1) as it returned them" : "section 0 as it returned it"
        switch (cycle.prefix, cycle.period) {
        case (0, 1):
            return "\(called), all alike: every section is laid out as section 0."
        case (0, let period):
            return "\(called), which repeat every \(period): section i is laid out as section i % \(period)."
        case (let prefix, 1):
            return "\(called): \(first), every later section as section \(prefix)."
        case (let prefix, let period):
            return "\(called): \(first), then sections repeating every \(period) from section \(prefix)."
        }
    }

    /// A section that places nothing where the provider returned nil (UIKit needs a section).
    private func emptySection() {
        writing.differs("a section the provider returned nil for")
        code.comment("not exported: the section provider returned nil here; UIKit needs a section: an empty one")
        let size = code.claim("emptySize")
        code.line(
            "let \(size) = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(0))"
        )
        let item = code.claim("emptyItem")
        code.line("let \(item) = NSCollectionLayoutItem(layoutSize: \(size))")
        code.line(
            "return NSCollectionLayoutSection(group: .horizontal(layoutSize: \(size), subitems: [\(item)]))")
    }
}
