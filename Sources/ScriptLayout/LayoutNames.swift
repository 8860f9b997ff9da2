/// Every name the engine reads from a layout table, and the near-miss check that catches a
/// misspelled one (which would otherwise be silently ignored).
enum LayoutNames {
    /// `flow{...}` properties (UICollectionViewFlowLayout).
    static let flowProperties = [
        "scrollDirection", "itemSize", "minimumLineSpacing", "minimumInteritemSpacing", "sectionInset",
        "sectionInsetReference",
        "headerReferenceSize", "footerReferenceSize", "sectionHeadersPinToVisibleBounds",
        "sectionFootersPinToVisibleBounds", "estimatedItemSize",
    ]
    /// UICollectionViewDelegateFlowLayout callbacks.
    static let flowCallbacks = [
        "sizeForItem", "insetForSection", "minimumLineSpacingForSection", "minimumInteritemSpacingForSection",
        "referenceSizeForHeader", "referenceSizeForFooter", "preferredSizeForItem",
    ]
    /// `compositional{...}` properties (UICollectionViewCompositionalLayout and its configuration).
    static let compositionalProperties = [
        "section", "sectionProvider", "scrollDirection", "interSectionSpacing", "boundarySupplementaryItems",
        "contentInsetsReference", "roundingModel", "list",
    ]
    /// Self-sizing callbacks (compositional estimated dimensions, flow's `estimatedItemSize`).
    static let selfSizingCallbacks = ["preferredSizeForItem", "preferredSizeForSupplementary"]
    /// UICollectionViewLayout overrides, for every kind of layout.
    static let hooks = [
        "prepare", "attributes", "layoutAttributesForElements", "layoutAttributesForItem",
        "layoutAttributesForSupplementaryElement", "layoutAttributesForDecorationElement",
        "shouldInvalidateLayoutForBoundsChange",
        "targetContentOffset", "prepareForCollectionViewUpdates", "finalizeCollectionViewUpdates",
        "initialLayoutAttributesForAppearingItem", "finalLayoutAttributesForDisappearingItem",
        "initialLayoutAttributesForAppearingSupplementaryElement",
        "finalLayoutAttributesForDisappearingSupplementaryElement",
        "initialLayoutAttributesForAppearingDecorationElement", "finalLayoutAttributesForDisappearingDecorationElement",
        "targetIndexPathForInteractivelyMovingItem", "layoutAttributesForInteractivelyMovingItem",
    ]
    /// A custom layout's answers per query, for huge sets (`LazyScriptElements`).
    static let customCallbacks = ["elementsInRect", "itemAttributes"]
    /// UIKit's spellings of what has another name here, with the Lua spelling to use: a layout
    /// table defining one is warned (never silently ignored), and `--strict` fails.
    static let uikitNames: [String: String] = {
        var names: [String: String] = [
            "collectionViewContentSize": "out:contentSize(w, h) in prepare",
            "prepareLayout": "prepare(cv, out)",
            "layoutAttributesForElementsInRect": "layoutAttributesForElements(cv, rect, elements)",
            "layoutAttributesForElementsIn": "layoutAttributesForElements(cv, rect, elements)",
            "layoutAttributesForItemAtIndexPath": "layoutAttributesForItem(cv, a)",
            "layoutAttributesForItemAt": "layoutAttributesForItem(cv, a)",
            "layoutAttributesForSupplementaryView": "layoutAttributesForSupplementaryElement(cv, a)",
            "layoutAttributesForSupplementaryViewOfKind": "layoutAttributesForSupplementaryElement(cv, a)",
            "layoutAttributesForSupplementaryElementOfKind": "layoutAttributesForSupplementaryElement(cv, a)",
            "layoutAttributesForDecorationView": "layoutAttributesForDecorationElement(cv, a)",
            "layoutAttributesForDecorationViewOfKind": "layoutAttributesForDecorationElement(cv, a)",
            "layoutAttributesForDecorationElementOfKind": "layoutAttributesForDecorationElement(cv, a)",
            "targetContentOffsetForProposedContentOffset": "targetContentOffset(cv, proposed, velocity)",
            "targetContentOffsetForProposedContentOffsetWithScrollingVelocity":
                "targetContentOffset(cv, proposed, velocity)",
            "shouldInvalidateLayout": "shouldInvalidateLayoutForBoundsChange(cv, newBounds)",
            "sizeForItemAtIndexPath": "sizeForItem(cv, section, item)",
            "sizeForItemAt": "sizeForItem(cv, section, item)",
            "insetForSectionAtIndex": "insetForSection(cv, section)",
            "insetForSectionAt": "insetForSection(cv, section)",
            "minimumLineSpacingForSectionAtIndex": "minimumLineSpacingForSection(cv, section)",
            "minimumLineSpacingForSectionAt": "minimumLineSpacingForSection(cv, section)",
            "minimumInteritemSpacingForSectionAtIndex": "minimumInteritemSpacingForSection(cv, section)",
            "minimumInteritemSpacingForSectionAt": "minimumInteritemSpacingForSection(cv, section)",
            "referenceSizeForHeaderInSection": "referenceSizeForHeader(cv, section)",
            "referenceSizeForFooterInSection": "referenceSizeForFooter(cv, section)",
        ]
        for prefix in ["initialLayoutAttributesForAppearing", "finalLayoutAttributesForDisappearing"] {
            names[prefix + "ItemAtIndexPath"] = prefix + "Item(cv, a)"
            names[prefix + "ItemAt"] = prefix + "Item(cv, a)"
            for element in ["SupplementaryElement", "DecorationElement"] {
                names[prefix + element + "OfKind"] = prefix + element + "(cv, a)"
            }
        }
        return names
    }()

    /// The Lua spelling of UIKit name `key`, when `key` is one that has another name here.
    static func luaSpelling(ofUIKitName key: String) -> String? { uikitNames[key] }

    /// UICollectionViewLayout properties, for every kind of layout.
    static let layoutProperties = ["flipsHorizontallyInOppositeLayoutDirection", "transitionLayout"]
    static let all = unique(
        flowProperties + flowCallbacks + compositionalProperties + selfSizingCallbacks + hooks + customCallbacks
            + layoutProperties)

    private static func unique(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }
    private static let known = Set(all)
    private static let longestName = all.map(\.utf8.count).max() ?? 0
    private static let shortestName = all.map(\.count).min() ?? 0

    /// The known name `key` is most likely a misspelling of: one that differs only by case, or
    /// by at most two edits (insertions, deletions, substitutions, swaps of neighbours).
    /// Nil for known names and for names far from all of them (a layout's own helpers).
    static func intendedName(for key: String) -> String? {
        // Two edits cannot reach a known name from a much longer or shorter key (and a huge
        // key must not be copied once per name).
        guard !known.contains(key), key.utf8.count <= longestName + 2, key.count + 2 >= shortestName else { return nil }
        let lowered = key.lowercased()
        if let sameLetters = all.first(where: { $0.lowercased() == lowered }) { return sameLetters }
        let letters = Array(key)
        let candidates = all.map { ($0, editDistance(letters, Array($0), limit: 2)) }.filter { $0.1 <= 2 }
        return candidates.min { $0.1 < $1.1 }?.0
    }

    /// Optimal-string-alignment distance, or `limit + 1` once it is certain to exceed `limit`.
    static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [Int](repeating: 0, count: b.count + 1)
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            previous2 = previous
            previous = current
        }
        return previous[b.count]
    }
}
