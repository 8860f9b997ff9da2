import LayoutEngine
import LuaTranslation
import ScriptLayout

/// One export once the layout can be exported: the deployment target and what it chooses,
/// then the file, assembled from its parts (header, the layout's subclass, its element kinds,
/// `makeNAMELayout()`, the screen).
struct ExportPlan {
    let layout: CapturedLayout
    let options: SwiftLayoutExport.Options
    private(set) var target = UIKitAPI.floor
    /// The values as written (deprecated APIs replaced when the target asks).
    private var configuration = Compositional.Configuration()
    private var sections: [Compositional.Section] = []
    /// The section provider translated to Swift (docs/lua-to-swift.md), which the layout calls
    /// for every index; nil: the sections seen, as a cycle (`SectionCycle`).
    var provider: ProviderTranslation?
    /// The Lua code besides the provider that the translation holds or leaves out
    /// (`provider.omitted`), each `name (site)`, for the header.
    var translatedCode: [String] = []
    /// Why the provider was not translated, when `--allow-partial` exported the cycle instead.
    var providerRefusal: String?

    init(_ layout: CapturedLayout, _ options: SwiftLayoutExport.Options) {
        self.layout = layout
        self.options = options
        if case .compositional(let configuration, let captured) = layout.body {
            self.configuration = configuration
            switch captured {
            case .single(let section): sections = [section]
            case .provided(let provided, _): sections = provided.distinct.compactMap { $0 }
            }
        }
    }

    /// Chooses the deployment target (`--ios`, or the oldest release with every API the
    /// values need) and returns what that target lacks, one located line per API.
    mutating func targetRefusals() -> [String]? {
        guard case .compositional = layout.body else {
            target = options.deploymentTarget ?? UIKitAPI.floor
            return nil
        }
        let needed = APIRequirements.of(configuration: configuration, sections: sections)
        let oldest = needed.map(\.introduced).max() ?? UIKitAPI.floor
        target = options.deploymentTarget ?? max(oldest, UIKitAPI.floor)
        let lacking = needed.filter { $0.introduced > target }
        // One line per piece of Lua, naming every API it needs; in source order.
        let byLua = Dictionary(grouping: lacking) { $0.lua.name }
        let lines = byLua.map { name, apis -> (site: String, text: String) in
            let apis = apis.sorted { $0.rawValue < $1.rawValue }
            let site = layout.site(apis[0].lua.search)
            let release = apis.map(\.introduced).max() ?? target
            return (
                site,
                "\(site): \(name) needs iOS \(release) (\(apis.map(\.swiftName).joined(separator: ", "))), and the deployment target is iOS \(target) (--ios \(target)): export for iOS \(release) or later, or do without it"
            )
        }
        return lines.sorted { Self.line(of: $0.site) < Self.line(of: $1.site) }.map(\.text)
    }

    private static func line(of site: String) -> Int {
        site.split(separator: ":").last.flatMap { Int($0) } ?? 0
    }

    /// Whether the target deprecated an API the values would be written with.
    private var replacesDeprecated: Bool { target >= IOSVersion(16) }

    /// The file; nil when it would take more than `options.memoryLimit` bytes.
    func source() -> String? {
        let typeName = options.name + "ElementKind"
        let kinds = ElementKinds(typeName: typeName)
        let code = SwiftCode(limit: options.memoryLimit)
        var written = sections
        if replacesDeprecated { written = written.map(DeprecatedAPIs.replacingSubitemCount) }
        let writing = ExportWriting(
            code: code, kinds: kinds, closureSites: layout.closureSites, replacesDeprecated: replacesDeprecated)
        let layoutName = code.claim("layout")
        // A provider reading cv returns its translated layout class, which also flips as set.
        let subclass = provider?.layoutType == nil ? flipsSubclass() : nil
        let returnType: String
        switch layout.body {
        case .flow(let flow, _):
            FlowSwift.addKinds(flow, to: kinds)
            returnType = "UICollectionViewFlowLayout"
        default:
            kinds.add(configuration: configuration, sections: written)
            returnType = provider?.layoutType ?? "UICollectionViewCompositionalLayout"
        }
        let parameters = kinds.decorations.map { kind in
            (name: code.claim(kind.identifier + "View"), kind: kinds.reference(kind.name))
        }
        code.nested {
            switch layout.body {
            case .flow(let flow, let estimated):
                FlowSwift(writing: writing, layoutType: subclass?.name ?? returnType)
                    .write(flow, estimatedItemSize: estimated, layout: layoutName)
            case .compositional(_, let captured):
                let exported: ExportedSections
                switch captured {
                case .single where provider != nil:
                    exported = .translated(
                        scriptType: provider!.scriptType, emptyForNil: false, readsLayout: provider!.readsLayout,
                        usesList: provider!.usesList, hasHooks: provider!.hasHooks)
                case .single: exported = .single(written[0])
                case .provided(let provided, _) where provider != nil:
                    exported = .translated(
                        scriptType: provider!.scriptType,
                        emptyForNil: options.allowPartial && provided.distinct.contains { $0 == nil },
                        readsLayout: provider!.readsLayout, usesList: provider!.usesList,
                        hasHooks: provider!.hasHooks)
                case .provided(let provided, _):
                    let ids = provided.ids.map { Int($0) }
                    var distinct: [Compositional.Section?] = []
                    var next = 0
                    for section in provided.distinct {
                        if section == nil {
                            distinct.append(nil)
                        } else {
                            distinct.append(written[next])
                            next += 1
                        }
                    }
                    exported = .cycle(SectionCycle(ids: ids, distinct: distinct))
                }
                CompositionalLayoutSwift(parts: CompositionalSwift(writing), layoutType: subclass?.name ?? returnType)
                    .write(configuration, exported, layout: layoutName)
            case .custom: break
            }
            for parameter in parameters {
                code.line("\(layoutName).register(\(parameter.name), forDecorationViewOfKind: \(parameter.kind))")
            }
            notExported(writing)
            code.line("return \(layoutName)")
        }
        guard !code.exceeded else { return nil }
        let function = code.lines
        let needs = writing.uses.map(\.introduced).max().map { max($0, UIKitAPI.floor) } ?? UIKitAPI.floor
        let file = SwiftCode(limit: options.memoryLimit)
        ExportHeader(plan: self, writing: writing, needs: needs).write(to: file)
        if options.importsSurface {
            // UIKitSurface (this package's UIKit API over its engine) where UIKit is absent.
            for line in ["#if canImport(UIKit)", "import UIKit", "#else", "import UIKitSurface", "#endif"] {
                file.line(line)
            }
        } else {
            file.line("import UIKit")
        }
        if let subclass {
            file.line("")
            subclass.write(to: file, base: returnType)
        }
        if let declarations = provider?.declarations, !declarations.isEmpty {
            file.line("")
            for line in declarations.split(separator: "\n", omittingEmptySubsequences: false) {
                file.line(String(line))
            }
        }
        if !kinds.kinds.isEmpty {
            file.line("")
            writeKinds(kinds, to: file)
        }
        file.line("")
        file.line("@available(iOS \(needs), *)")
        file.line("@MainActor")
        let signature = parameters.map { "\($0.name): UICollectionReusableView.Type" }.joined(separator: ", ")
        file.line("func make\(options.name)Layout(\(signature)) -> \(returnType) {")
        for line in function { file.line(line) }
        file.line("}")
        if let provider {
            file.line("")
            for line in provider.swift.split(separator: "\n", omittingEmptySubsequences: false) {
                file.line(String(line))
            }
        }
        if let counts = options.screenItemCounts {
            file.line("")
            ScreenSwift(name: options.name, kinds: kinds, decorationParameters: parameters.map(\.name), needs: needs)
                .write(counts, to: file)
        }
        return file.exceeded ? nil : file.text
    }

    /// The `NAMEElementKind` enum: every kind the layout places, what the app does with it.
    private func writeKinds(_ kinds: ElementKinds, to code: SwiftCode) {
        code.documentation(
            "The element kinds of make\(options.name)Layout(): the data source serves each supplementary kind (collectionView(_:viewForSupplementaryElementOfKind:at:)); the layout registers a view for each decoration kind."
        )
        code.line("enum \(kinds.typeName) {")
        code.nested {
            for kind in kinds.kinds {
                let roles = kind.roles.map(\.rawValue).joined(separator: " and ")
                code.documentation("\(roles.prefix(1).uppercased() + roles.dropFirst()): \"\(kind.name)\".")
                code.line("static let \(kind.identifier) = \(kind.uikitConstant ?? SwiftText.string(kind.name))")
            }
        }
        code.line("}")
    }

    /// `// not exported:` lines for the layout's own callbacks and hooks, each with its Swift.
    private func notExported(_ writing: ExportWriting) {
        let inSections: Set<String> = ["itemProvider", "visibleItemsInvalidationHandler"]
        for site in layout.luaCode where !inSections.contains(site.name) {
            writing.differs("Lua code not exported")
            writing.code.comment("not exported: \(site.name) (\(site.site)) is Lua code")
            CallbackStub.forCallback(site.name)?.write(to: writing.code)
        }
        for site in layout.unsupported {
            writing.differs("\(site.name) (not exported)")
            writing.code.comment("not exported: \(site.name) (\(site.site)) has no UIKit API")
        }
    }

    /// The subclass UIKit needs when the layout table sets `flipsHorizontallyInOppositeLayoutDirection`
    /// to other than UIKit's layouts return (true), which only a subclass can.
    private func flipsSubclass() -> FlipsSubclass? {
        guard let flips = layout.flipsHorizontally, !flips else { return nil }
        return FlipsSubclass(
            name: options.name + "Layout", site: layout.site("flipsHorizontallyInOppositeLayoutDirection"))
    }
}

/// `final class NAMELayout: UICollection…Layout` overriding
/// `flipsHorizontallyInOppositeLayoutDirection` as the layout table set it.
struct FlipsSubclass {
    let name: String
    let site: String

    func write(to code: SwiftCode, base: String) {
        code.documentation(
            "flipsHorizontallyInOppositeLayoutDirection = false (\(site)): UIKit's layouts return true, and only a subclass says otherwise."
        )
        code.line("final class \(name): \(base) {")
        code.nested {
            code.line("override var flipsHorizontallyInOppositeLayoutDirection: Bool { false }")
        }
        code.line("}")
    }
}
