/// The Swift that does what a Lua callback did, as a stub to fill in: its real signature in
/// UIKit, where it goes (the collection view's delegate, a subclass of the layout, the cell),
/// and a body that keeps UIKit's default. Written as comments under each `// not exported:`
/// line, so the file compiles as exported. A translator of Lua into Swift replaces `body`.
struct CallbackStub: Sendable {
    /// Where the declaration goes, completing "In Swift, …".
    var place: String
    /// The declaration's opening line(s), up to and including `{`.
    var signature: [String]
    /// The body: UIKit's default behaviour, to replace.
    var body: [String]

    func write(to code: SwiftCode) {
        code.comment("In Swift, \(place):")
        for line in signature { code.comment("    " + line) }
        for line in body { code.comment("        " + line) }
        code.comment("    }")
    }

    /// The stub for Lua callback or hook `name` of a flow or compositional layout.
    static func forCallback(_ name: String) -> CallbackStub? {
        if let delegate = flowDelegate[name] {
            return CallbackStub(
                place: "the collection view's delegate implements UICollectionViewDelegateFlowLayout's",
                signature: [
                    "func collectionView(_ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout, \(delegate.label)) -> \(delegate.type) {"
                ],
                body: ["(collectionViewLayout as! UICollectionViewFlowLayout).\(delegate.property)"])
        }
        if let hook = hooks[name] {
            return CallbackStub(
                place: "a subclass of the layout overrides", signature: ["override " + hook.signature + " {"],
                body: hook.body)
        }
        switch name {
        case "preferredSizeForItem", "preferredSizeForSupplementary":
            return CallbackStub(
                place: "the \(name == "preferredSizeForItem" ? "cell" : "supplementary view") class overrides",
                signature: [
                    "override func preferredLayoutAttributesFitting(_ layoutAttributes: UICollectionViewLayoutAttributes) -> UICollectionViewLayoutAttributes {"
                ],
                body: ["super.preferredLayoutAttributesFitting(layoutAttributes)"])
        default: return nil
        }
    }

    /// A custom group's `itemProvider`: the closure `NSCollectionLayoutGroup.custom` takes,
    /// for the group of size `size`.
    static func itemProvider(_ size: String) -> CallbackStub {
        CallbackStub(
            place: "the group's item provider",
            signature: [
                "NSCollectionLayoutGroup.custom(layoutSize: \(size)) { (environment: any NSCollectionLayoutEnvironment) -> [NSCollectionLayoutGroupCustomItem] in"
            ],
            body: ["[]"])
    }

    /// A section's `visibleItemsInvalidationHandler`, set on the section named `section`.
    static func visibleItemsHandler(_ section: String) -> CallbackStub {
        CallbackStub(
            place: "the section's handler",
            signature: [
                "\(section).visibleItemsInvalidationHandler = { (visibleItems: [any NSCollectionLayoutVisibleItem], contentOffset: CGPoint, environment: any NSCollectionLayoutEnvironment) in"
            ],
            body: [])
    }

    /// UICollectionViewDelegateFlowLayout: the argument label and type of each method, and the
    /// flow layout property it defaults to.
    private static let flowDelegate: [String: (label: String, type: String, property: String)] = [
        "sizeForItem": ("sizeForItemAt indexPath: IndexPath", "CGSize", "itemSize"),
        "insetForSection": ("insetForSectionAt section: Int", "UIEdgeInsets", "sectionInset"),
        "minimumLineSpacingForSection": (
            "minimumLineSpacingForSectionAt section: Int", "CGFloat", "minimumLineSpacing"
        ),
        "minimumInteritemSpacingForSection": (
            "minimumInteritemSpacingForSectionAt section: Int", "CGFloat", "minimumInteritemSpacing"
        ),
        "referenceSizeForHeader": ("referenceSizeForHeaderInSection section: Int", "CGSize", "headerReferenceSize"),
        "referenceSizeForFooter": ("referenceSizeForFooterInSection section: Int", "CGSize", "footerReferenceSize"),
    ]

    /// UICollectionViewLayout's overrides for each hook, with a body calling super.
    private static let hooks: [String: (signature: String, body: [String])] = {
        let attributes = "UICollectionViewLayoutAttributes?"
        var hooks: [String: (signature: String, body: [String])] = [
            "prepare": ("func prepare()", ["super.prepare()"]),
            "attributes": (
                "func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]?",
                ["super.layoutAttributesForElements(in: rect)  // adjust each element's copy here"]
            ),
            "layoutAttributesForElements": (
                "func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]?",
                ["super.layoutAttributesForElements(in: rect)"]
            ),
            "layoutAttributesForItem": (
                "func layoutAttributesForItem(at indexPath: IndexPath) -> \(attributes)",
                ["super.layoutAttributesForItem(at: indexPath)"]
            ),
            "layoutAttributesForSupplementaryElement": (
                "func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath) -> \(attributes)",
                ["super.layoutAttributesForSupplementaryView(ofKind: elementKind, at: indexPath)"]
            ),
            "layoutAttributesForDecorationElement": (
                "func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath) -> \(attributes)",
                ["super.layoutAttributesForDecorationView(ofKind: elementKind, at: indexPath)"]
            ),
            "shouldInvalidateLayoutForBoundsChange": (
                "func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool",
                ["super.shouldInvalidateLayout(forBoundsChange: newBounds)"]
            ),
            "targetContentOffset": (
                "func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint) -> CGPoint",
                [
                    "super.targetContentOffset(forProposedContentOffset: proposedContentOffset, withScrollingVelocity: velocity)"
                ]
            ),
            "prepareForCollectionViewUpdates": (
                "func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem])",
                ["super.prepare(forCollectionViewUpdates: updateItems)"]
            ),
            "finalizeCollectionViewUpdates": (
                "func finalizeCollectionViewUpdates()", ["super.finalizeCollectionViewUpdates()"]
            ),
            "targetIndexPathForInteractivelyMovingItem": (
                "func targetIndexPath(forInteractivelyMovingItem previousIndexPath: IndexPath, withPosition position: CGPoint) -> IndexPath",
                ["super.targetIndexPath(forInteractivelyMovingItem: previousIndexPath, withPosition: position)"]
            ),
            "layoutAttributesForInteractivelyMovingItem": (
                "func layoutAttributesForInteractivelyMovingItem(at indexPath: IndexPath, withTargetPosition position: CGPoint) -> UICollectionViewLayoutAttributes",
                ["super.layoutAttributesForInteractivelyMovingItem(at: indexPath, withTargetPosition: position)"]
            ),
        ]
        for (prefix, uikit) in [
            ("initialLayoutAttributesForAppearing", "initialLayoutAttributesForAppearing"),
            ("finalLayoutAttributesForDisappearing", "finalLayoutAttributesForDisappearing"),
        ] {
            hooks[prefix + "Item"] = (
                "func \(uikit)Item(at itemIndexPath: IndexPath) -> \(attributes)",
                ["super.\(uikit)Item(at: itemIndexPath)"]
            )
            for element in ["SupplementaryElement", "DecorationElement"] {
                hooks[prefix + element] = (
                    "func \(uikit)\(element)(ofKind elementKind: String, at elementIndexPath: IndexPath) -> \(attributes)",
                    ["super.\(uikit)\(element)(ofKind: elementKind, at: elementIndexPath)"]
                )
            }
        }
        return hooks
    }()
}
