/// The translated layout as UIKit's: `final class NAMELayout` subclassing
/// `UICollectionViewLayout` (a custom layout), `UICollectionViewFlowLayout` or
/// `UICollectionViewCompositionalLayout`, whose overrides call the translated Lua where the
/// engine calls the script (docs/lua-to-swift.md); a flow's delegate callbacks as
/// `NAMEFlowDelegate`, a `UICollectionViewDelegateFlowLayout`.
struct LayoutSubclassWriter {
    let generator: SwiftGenerator
    private var prefix: String { generator.prefix }
    private var attributes: String { prefix + "Attributes" }
    private var context: String { prefix + "Context" }
    private var kind: TypeInference.LayoutKind { generator.module.kind }

    init(_ generator: SwiftGenerator) { self.generator = generator }

    /// The layout table's functions by name (callbacks, flow properties given as functions).
    var functions: Set<String> {
        var names: Set<String> = []
        for case .layoutField(let name, let value) in generator.module.members {
            if case .function = value.kind, CallbackSignature.omission(for: name) == nil { names.insert(name) }
        }
        return names
    }

    private var base: String {
        switch kind {
        case .flow: "UICollectionViewFlowLayout"
        case .compositional: "UICollectionViewCompositionalLayout"
        default: "UICollectionViewLayout"
        }
    }

    func write(_ writer: SwiftWriter) throws(Refusal) {
        let functions = self.functions
        let body = SwiftWriter()
        body.indentation = 1
        writeProperties(body)
        switch kind {
        case .custom: writeCustomQueries(functions, body)
        default: writeInheritedQueries(functions, body)
        }
        writeHooks(functions, body)
        writer.blank()
        writer.line(
            "/// \(generator.fileInComments) as UIKit's layout: a \(base) subclass whose overrides call the translated Lua where lualayout calls the script."
        )
        writer.line("final class \(prefix)Layout: \(base) {")
        for line in body.lines.drop(while: \.isEmpty) { writer.line(line) }
        writer.line("}")
        try writeFlowDelegate(functions, writer)
    }

    // MARK: Properties

    /// A translated section provider that reads `cv` (docs/lua-to-swift.md, "A section
    /// provider"): UIKit's compositional layout with the host state and data it reads; the
    /// provider's script reaches the collection view through it.
    func writeProviderLayout(_ writer: SwiftWriter) {
        let body = SwiftWriter()
        body.indentation = 1
        writeHostProperties(body)
        if let flips = flipsHorizontally {
            body.blank()
            body.line("override var flipsHorizontallyInOppositeLayoutDirection: Bool { \(flips) }")
        }
        writer.blank()
        writer.line(
            "/// \(generator.fileInComments)'s layout: UIKit's compositional layout, with what its translated sectionProvider reads of the app (cv)."
        )
        writer.line("final class \(prefix)Layout: \(base) {")
        for line in body.lines.drop(while: \.isEmpty) { writer.line(line) }
        writer.line("}")
    }

    /// The host state and the app's data the script reads, each a property the app sets.
    private func writeHostProperties(_ body: SwiftWriter) {
        if generator.readsState {
            body.line("/// The host state the script reads (cv.state): a change lays the layout out again.")
            body.line("var state = \(prefix)State() { didSet { invalidateLayout() } }")
        }
        if generator.readsItemData || generator.readsSectionData {
            body.line("/// The app's data (cv:itemData, cv:sectionData); a new one lays the layout out again.")
            body.line("weak var data: (any \(prefix)LayoutData)? { didSet { invalidateLayout() } }")
        }
    }

    private func writeProperties(_ body: SwiftWriter) {
        writeHostProperties(body)
        if generator.inference.usesRandom {
            body.line("/// Lua's math.randomseed value (`--seed`): the generator restarts from it at every prepare.")
            body.line("var seed: Int {")
            body.line("    get { script.seed }")
            body.line("    set { script.seed = newValue; invalidateLayout() }")
            body.line("}")
        }
        if CallbackSignature.translatingProvider {
            // One script for the provider UIKit calls and the hooks the overrides call.
            body.line("/// The script whose sectionProvider UIKit calls; make\(prefix)Layout sets it.")
            body.line("fileprivate var script = \(generator.typeName)()")
        } else {
            body.line("fileprivate let script = \(generator.typeName)()")
        }
        if kind == .custom || generator.usesElementSink {
            let what = kind == .custom ? "What prepare placed" : "What the flow's prepare added to UIKit's elements"
            body.line("/// \(what); nil while prepare runs (cv.contentSize is then nil, as in lualayout).")
            body.line("private var prepared: \(prefix)Elements?")
        }
        body.blank()
        body.line("override class var layoutAttributesClass: AnyClass { \(attributes).self }")
        if let flips = flipsHorizontally {
            body.blank()
            body.line("override var flipsHorizontallyInOppositeLayoutDirection: Bool { \(flips) }")
        }
    }

    /// The layout table's `flipsHorizontallyInOppositeLayoutDirection`, when it is a boolean.
    private var flipsHorizontally: Bool? {
        for case .layoutField("flipsHorizontallyInOppositeLayoutDirection", let value) in generator.module.members {
            if case .boolean(let flag) = value.kind { return flag }
        }
        return nil
    }

    // MARK: Queries

    /// A custom layout answers from what prepare placed.
    private func writeCustomQueries(_ functions: Set<String>, _ body: SwiftWriter) {
        body.blank()
        body.line(
            """
            override func prepare() {
                super.prepare()
                prepared = nil
                let out = \(prefix)Elements()
                script.prepare(\(context)(self), out)
                prepared = out
            }

            override var collectionViewContentSize: CGSize { prepared?.contentSize ?? .zero }

            fileprivate var luaContentSize: CGSize? { prepared?.contentSize }

            fileprivate func baseItem(_ indexPath: IndexPath) -> \(attributes)? {
                prepared?.element(.cell, nil, indexPath)
            }

            fileprivate func baseSupplementary(_ kind: String, _ indexPath: IndexPath) -> \(attributes)? {
                prepared?.element(.supplementaryView, kind, indexPath)
            }

            fileprivate func baseDecoration(_ kind: String, _ indexPath: IndexPath) -> \(attributes)? {
                prepared?.element(.decorationView, kind, indexPath)
            }

            fileprivate func baseElements(in rect: CGRect) -> [\(attributes)] { prepared?.elements(in: rect) ?? [] }
            """)
        writeElementQueries(functions, body, always: true)
    }

    /// A flow or compositional layout answers with UIKit's elements (copies, of the attributes
    /// class), with what a flow's prepare added.
    private func writeInheritedQueries(_ functions: Set<String>, _ body: SwiftWriter) {
        let adds = generator.usesElementSink
        let computed = FlowProperty.names.filter { functions.contains($0) }
        if adds || !computed.isEmpty {
            body.blank()
            body.line("override func prepare() {")
            if !computed.isEmpty {
                body.line("    // The flow's properties the script computes from cv, before UIKit's flow lays out.")
                body.line("    let cv = \(context)(self)")
                for name in computed {
                    body.line("    " + FlowProperty.assignment(name, value: "script.\(name)(cv)"))
                }
            }
            body.line("    super.prepare()")
            if adds {
                body.line("    prepared = nil")
                body.line("    let out = \(prefix)Elements()")
                body.line("    script.prepare(\(context)(self), out)")
                body.line("    prepared = out")
            }
            body.line("}")
        }
        if adds {
            body.blank()
            body.line(
                "override var collectionViewContentSize: CGSize { prepared?.declaredContentSize ?? super.collectionViewContentSize }"
            )
        }
        let added = { (query: String) in adds ? "prepared?.\(query) ?? " : "" }
        body.blank()
        body.line(
            """
            fileprivate var luaContentSize: CGSize? { collectionViewContentSize }

            fileprivate func baseItem(_ indexPath: IndexPath) -> \(attributes)? {
                super.layoutAttributesForItem(at: indexPath)?.copy() as? \(attributes)
            }

            fileprivate func baseSupplementary(_ kind: String, _ indexPath: IndexPath) -> \(attributes)? {
                \(added("element(.supplementaryView, kind, indexPath)"))super.layoutAttributesForSupplementaryView(ofKind: kind, at: indexPath)?.copy() as? \(attributes)
            }

            fileprivate func baseDecoration(_ kind: String, _ indexPath: IndexPath) -> \(attributes)? {
                \(added("element(.decorationView, kind, indexPath)"))super.layoutAttributesForDecorationView(ofKind: kind, at: indexPath)?.copy() as? \(attributes)
            }

            fileprivate func baseElements(in rect: CGRect) -> [\(attributes)] {
                let own = (super.layoutAttributesForElements(in: rect) ?? []).compactMap { $0.copy() as? \(attributes) }
                return inElementOrder(own\(adds ? " + (prepared?.elements(in: rect) ?? [])" : ""))
            }
            """)
        generator.helpers.insert(.elementOrder)
        writeElementQueries(functions, body, always: adds)
    }

    /// `layoutAttributesForElements(in:)` and the single-element queries, through the hooks:
    /// each element through `attributes`, a rect's list through `layoutAttributesForElements`,
    /// one element through its single-element hook (lualayout's order).
    private func writeElementQueries(_ functions: Set<String>, _ body: SwiftWriter, always: Bool) {
        let perElement = functions.contains("attributes")
        let list = functions.contains("layoutAttributesForElements")
        if always || perElement || list {
            body.blank()
            body.line(
                "override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {")
            if perElement || list { body.line("    let cv = \(context)(self)") }
            body.line(list || perElement ? "    let elements = baseElements(in: rect)" : "    baseElements(in: rect)")
            if perElement { body.line("    for a in elements { script.attributes(cv, a) }") }
            if list {
                body.line("    return inElementOrder(script.layoutAttributesForElements(cv, rect, elements))")
            } else if perElement {
                body.line("    return elements")
            }
            body.line("}")
        }
        let queries: [(hook: String, signature: String, base: String)] = [
            ("layoutAttributesForItem", "layoutAttributesForItem(at indexPath: IndexPath)", "baseItem(indexPath)"),
            (
                "layoutAttributesForSupplementaryElement",
                "layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)",
                "baseSupplementary(elementKind, indexPath)"
            ),
            (
                "layoutAttributesForDecorationElement",
                "layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)",
                "baseDecoration(elementKind, indexPath)"
            ),
        ]
        for query in queries {
            let own = functions.contains(query.hook)
            guard always || perElement || own else { continue }
            body.blank()
            body.line("override func \(query.signature) -> UICollectionViewLayoutAttributes? {")
            if perElement || own {
                body.line("    guard let a = \(query.base) else { return nil }")
                body.line("    let cv = \(context)(self)")
                if perElement { body.line("    script.attributes(cv, a)") }
                if own { body.line("    script.\(query.hook)(cv, a)") }
                body.line("    return a")
            } else {
                body.line("    \(query.base)")
            }
            body.line("}")
        }
    }

    // MARK: Hooks

    private func writeHooks(_ functions: Set<String>, _ body: SwiftWriter) {
        if functions.contains("shouldInvalidateLayoutForBoundsChange") {
            body.blank()
            body.line("override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {")
            body.line("    script.shouldInvalidateLayoutForBoundsChange(\(context)(self), newBounds)")
            body.line("}")
        }
        if functions.contains("targetContentOffset") {
            body.blank()
            body.line(
                "override func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint {"
            )
            body.line("    script.targetContentOffset(\(context)(self), proposedContentOffset, velocity)")
            body.line("}")
        }
        if functions.contains("prepareForCollectionViewUpdates") {
            body.blank()
            body.line("override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {")
            body.line("    super.prepare(forCollectionViewUpdates: updateItems)")
            body.line("    script.prepareForCollectionViewUpdates(\(context)(self), updateItems)")
            body.line("}")
        }
        if functions.contains("finalizeCollectionViewUpdates") {
            body.blank()
            body.line("override func finalizeCollectionViewUpdates() {")
            body.line("    super.finalizeCollectionViewUpdates()")
            body.line("    script.finalizeCollectionViewUpdates(\(context)(self))")
            body.line("}")
        }
        for (phase, uikit, fade) in [
            ("initialLayoutAttributesForAppearing", "initialLayoutAttributesForAppearing", "start"),
            ("finalLayoutAttributesForDisappearing", "finalLayoutAttributesForDisappearing", "end"),
        ] {
            let elements: [(suffix: String, parameters: String, arguments: String, current: String)] = [
                (
                    "Item", "at itemIndexPath: IndexPath", "at: itemIndexPath",
                    "layoutAttributesForItem(at: itemIndexPath)"
                ),
                (
                    "SupplementaryElement", "ofKind elementKind: String, at elementIndexPath: IndexPath",
                    "ofKind: elementKind, at: elementIndexPath",
                    "layoutAttributesForSupplementaryView(ofKind: elementKind, at: elementIndexPath)"
                ),
                (
                    "DecorationElement", "ofKind elementKind: String, at elementIndexPath: IndexPath",
                    "ofKind: elementKind, at: elementIndexPath",
                    "layoutAttributesForDecorationView(ofKind: elementKind, at: elementIndexPath)"
                ),
            ]
            for element in elements where functions.contains(phase + element.suffix) {
                let name = uikit + element.suffix
                body.blank()
                body.line("override func \(name)(\(element.parameters)) -> UICollectionViewLayoutAttributes? {")
                body.line(
                    "    // UIKit's \(fade), else lualayout's default: the element where it is, transparent; then the script's hook."
                )
                body.line("    let given = super.\(name)(\(element.arguments))")
                body.line(
                    "    guard let a = (given ?? \(element.current))?.copy() as? \(attributes) else { return nil }")
                body.line("    if given == nil { a.alpha = 0 }")
                body.line("    script.\(phase + element.suffix)(\(context)(self), a)")
                body.line("    return a")
                body.line("}")
            }
        }
    }

    // MARK: Flow delegate

    private func writeFlowDelegate(_ functions: Set<String>, _ writer: SwiftWriter) throws(Refusal) {
        guard kind == .flow else { return }
        let callbacks: [(lua: String, label: String, type: String, property: String, result: (String) -> String)] = [
            ("sizeForItem", "sizeForItemAt indexPath: IndexPath", "CGSize", "itemSize", { $0 }),
            ("insetForSection", "insetForSectionAt section: Int", "UIEdgeInsets", "sectionInset", { $0 }),
            (
                "minimumLineSpacingForSection", "minimumLineSpacingForSectionAt section: Int", "CGFloat",
                "minimumLineSpacing", { "CGFloat(\($0))" }
            ),
            (
                "minimumInteritemSpacingForSection", "minimumInteritemSpacingForSectionAt section: Int", "CGFloat",
                "minimumInteritemSpacing", { "CGFloat(\($0))" }
            ),
            (
                "referenceSizeForHeader", "referenceSizeForHeaderInSection section: Int", "CGSize",
                "headerReferenceSize", { $0 }
            ),
            (
                "referenceSizeForFooter", "referenceSizeForFooterInSection section: Int", "CGSize",
                "footerReferenceSize", { $0 }
            ),
        ]
        let used = callbacks.filter { functions.contains($0.lua) }
        guard !used.isEmpty else { return }
        writer.blank()
        writer.line(
            "/// \(generator.fileInComments)'s flow callbacks as UIKit asks for them: set one as the collection view's delegate, or forward your delegate's UICollectionViewDelegateFlowLayout methods to it."
        )
        writer.line("final class \(prefix)FlowDelegate: NSObject, UICollectionViewDelegateFlowLayout {")
        for (index, callback) in used.enumerated() {
            if index > 0 { writer.blank() }
            let arguments = callback.label.hasPrefix("sizeForItemAt") ? "indexPath.section, indexPath.item" : "section"
            writer.line(
                "    func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, \(callback.label)) -> \(callback.type) {"
            )
            writer.line("        guard let layout = collectionViewLayout as? \(prefix)Layout else {")
            writer.line(
                "            return (collectionViewLayout as? UICollectionViewFlowLayout)?.\(callback.property) ?? \(callback.type == "CGFloat" ? "0" : ".zero")"
            )
            writer.line("        }")
            writer.line(
                "        return \(callback.result("layout.script.\(callback.lua)(\(context)(layout), \(arguments))"))")
            writer.line("    }")
        }
        writer.line("}")
    }
}
