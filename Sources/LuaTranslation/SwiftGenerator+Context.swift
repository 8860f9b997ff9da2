/// The two values the script's callbacks receive besides UIKit's own: `cv` (`…Context`: the
/// layout's collection view, the app's data and state, the elements the layout placed) and
/// `out` (`…Elements`: what prepare places, kept for the queries).
extension SwiftGenerator {
    /// `cv`'s members, each over the layout and its collection view; only those the script reads.
    func writeContext(_ writer: SwiftWriter) throws(Refusal) {
        guard !collectionViewMembers.isEmpty else { return }
        let view = "layout.collectionView"
        let attributes = prefix + "Attributes"
        // A flow's header and footer kinds are UIKit's own.
        let kind = module.kind == .flow ? "uikitKind(kind)" : "kind"
        if module.kind == .flow { helpers.insert(.elementNames) }
        let declarations: [(String, String)] = [
            ("bounds", "var bounds: CGRect { \(view)?.bounds ?? .zero }"),
            ("scale", "var scale: Double { Double(\(view)?.traitCollection.displayScale ?? 1) }"),
            ("numberOfSections", "var numberOfSections: Int { \(view)?.numberOfSections ?? 0 }"),
            (
                "numberOfItems",
                "func numberOfItems(_ section: Int) -> Int {\n    guard let view = \(view), section >= 0, section < view.numberOfSections else { return 0 }\n    return view.numberOfItems(inSection: section)\n}"
            ),
            (
                "itemData",
                "func itemData(_ section: Int, _ item: Int) -> (any \(prefix)ItemData)? {\n    layout.data?.itemData(section: section, item: item)\n}"
            ),
            (
                "sectionData",
                "func sectionData(_ section: Int) -> (any \(prefix)SectionData)? { layout.data?.sectionData(section: section) }"
            ),
            ("state", "var state: \(prefix)State { layout.state }"),
            ("contentSize", "var contentSize: CGSize? { layout.luaContentSize }"),
            ("contentInset", "var contentInset: UIEdgeInsets { \(view)?.contentInset ?? .zero }"),
            ("safeAreaInsets", "var safeAreaInsets: UIEdgeInsets { \(view)?.safeAreaInsets ?? .zero }"),
            (
                "adjustedContentInset",
                "var adjustedContentInset: UIEdgeInsets { \(view)?.adjustedContentInset ?? .zero }"
            ),
            ("layoutMargins", "var layoutMargins: UIEdgeInsets { \(view)?.layoutMargins ?? .zero }"),
            (
                "layoutDirection",
                "var layoutDirection: String {\n    \(view)?.effectiveUserInterfaceLayoutDirection == .rightToLeft ? \"rightToLeft\" : \"leftToRight\"\n}"
            ),
            ("traits", "var traits: UITraitCollection { \(view)?.traitCollection ?? UITraitCollection() }"),
            (
                "layoutAttributesForItem",
                "func layoutAttributesForItem(_ section: Int, _ item: Int) -> \(attributes)? {\n    layout.baseItem(IndexPath(item: item, section: section))\n}"
            ),
            (
                "layoutAttributesForSupplementaryElement",
                "func layoutAttributesForSupplementaryElement(_ kind: String, _ section: Int, _ item: Int) -> \(attributes)? {\n    layout.baseSupplementary(\(kind), IndexPath(item: item, section: section))\n}"
            ),
            (
                "layoutAttributesForDecorationElement",
                "func layoutAttributesForDecorationElement(_ kind: String, _ section: Int, _ item: Int) -> \(attributes)? {\n    layout.baseDecoration(\(kind), IndexPath(item: item, section: section))\n}"
            ),
            (
                "layoutAttributesForElements",
                "func layoutAttributesForElements(in rect: CGRect) -> [\(attributes)] { layout.baseElements(in: rect) }"
            ),
        ]
        let placed =
            CallbackSignature.translatingProvider
            ? "" : ", and what the layout placed (copies, as UIKit's super queries answer)"
        writer.line(
            "/// What \(fileInComments) reads from its collection view (`cv`): the layout's collection view, the app's data and state\(placed)."
        )
        writer.line("@MainActor")
        try writer.block("private struct \(prefix)Context") { () throws(Refusal) in
            writer.line("let layout: \(prefix)Layout")
            writer.blank()
            writer.line("init(_ layout: \(prefix)Layout) { self.layout = layout }")
            for (member, declaration) in declarations where collectionViewMembers.contains(member) {
                writer.blank()
                writer.line(declaration)
            }
        }
    }

    /// `out`: a custom layout's elements as prepare places them, and the queries UIKit asks.
    func writeElements(_ writer: SwiftWriter) throws(Refusal) {
        let attributes = prefix + "Attributes"
        helpers.insert(.sharesArea)
        helpers.insert(.elementOrder)
        writer.blank()
        writer.line(
            "/// `out` of prepare: what \(fileInComments) places, in order, and the content size it sets; the layout answers UIKit's queries from it."
        )
        writer.line("@MainActor")
        writer.line("private final class \(prefix)Elements {")
        writer.line(
            """
                private(set) var all: [\(attributes)] = []
                private var positions: [Key: Int] = [:]
                /// Set by out:contentSize; nil: the far edges of what was placed.
                private(set) var declaredContentSize: CGSize?

                private struct Key: Hashable {
                    var category: UInt
                    var kind: String
                    var indexPath: IndexPath
                }

                @discardableResult
                func cell(_ section: Int, _ item: Int, _ x: Double, _ y: Double, _ width: Double, _ height: Double) -> \(attributes) {
                    place(\(attributes)(forCellWith: IndexPath(item: item, section: section)), x, y, width, height)
                }

                @discardableResult
                func supplementary(
                    _ kind: String, _ section: Int, _ item: Int, _ x: Double, _ y: Double, _ width: Double, _ height: Double
                ) -> \(attributes) {
                    supplementary(kind, [section, item], x, y, width, height)
                }

                @discardableResult
                func supplementary(
                    _ kind: String, _ indexPath: [Int], _ x: Double, _ y: Double, _ width: Double, _ height: Double
                ) -> \(attributes) {
                    place(\(attributes)(forSupplementaryViewOfKind: kind, with: IndexPath(indexes: indexPath)), x, y, width, height)
                }

                @discardableResult
                func decoration(
                    _ kind: String, _ section: Int, _ item: Int, _ x: Double, _ y: Double, _ width: Double, _ height: Double
                ) -> \(attributes) {
                    decoration(kind, [section, item], x, y, width, height)
                }

                @discardableResult
                func decoration(
                    _ kind: String, _ indexPath: [Int], _ x: Double, _ y: Double, _ width: Double, _ height: Double
                ) -> \(attributes) {
                    place(\(attributes)(forDecorationViewOfKind: kind, with: IndexPath(indexes: indexPath)), x, y, width, height)
                }

                func contentSize(_ width: Double, _ height: Double) {
                    declaredContentSize = CGSize(width: width, height: height)
                }

                /// The content size: the declared one, else the far right and bottom edges placed.
                var contentSize: CGSize {
                    declaredContentSize ?? all.reduce(CGSize.zero) { size, element in
                        CGSize(width: max(size.width, element.frame.maxX), height: max(size.height, element.frame.maxY))
                    }
                }

                /// A copy of the element of that category, kind and index path.
                func element(_ category: UICollectionView.ElementCategory, _ kind: String?, _ indexPath: IndexPath) -> \(attributes)? {
                    positions[Key(category: category.rawValue, kind: kind ?? "", indexPath: indexPath)].map { all[$0].copy() as! \(attributes) }
                }

                /// Copies of the elements sharing area with `rect`, in lualayout's order.
                func elements(in rect: CGRect) -> [\(attributes)] {
                    inElementOrder(all.filter { sharesArea($0.frame, rect) }.map { $0.copy() as! \(attributes) })
                }

                private func place(_ element: \(attributes), _ x: Double, _ y: Double, _ width: Double, _ height: Double) -> \(attributes) {
                    element.frame = CGRect(x: x, y: y, width: width, height: height)
                    let key = Key(category: element.representedElementCategory.rawValue, kind: element.representedElementKind ?? "", indexPath: element.indexPath)
                    positions[key] = all.count
                    all.append(element)
                    return element
                }
            }
            """)
    }
}
