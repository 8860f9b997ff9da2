import LayoutEngine

/// Makes what counts as equal identical before a snapshot diff compares two layouts
/// (`lualayout compare`, and a test's layout against UIKit's recording): numbers within the
/// tolerance take the expected value, ignored attributes take the expected element's; elements
/// of ignored kinds and sections are left out of both layouts.
package struct LayoutComparison {
    /// The attributes `--ignore` can leave out.
    package static let attributes = ["alpha", "zIndex", "hidden", "transform3D", "custom"]

    package var tolerance: Double
    package var ignored: Set<String>
    package var ignoredKinds: Set<String> = []
    package var ignoredSections: Set<Int> = []

    package init(
        tolerance: Double, ignored: Set<String>, ignoredKinds: Set<String> = [], ignoredSections: Set<Int> = []
    ) {
        self.tolerance = tolerance
        self.ignored = ignored
        self.ignoredKinds = ignoredKinds
        self.ignoredSections = ignoredSections
    }

    /// The layout without the elements of `--ignore-kind` and `--ignore-section`.
    package func leavingOut(_ layout: LayoutSnapshot) -> LayoutSnapshot {
        guard !ignoredKinds.isEmpty || !ignoredSections.isEmpty else { return layout }
        var kept = layout
        kept.elements = ElementList(
            layout.elements.array.filter { element in
                let kind = element.category == .cell ? "cell" : element.kind
                return !ignoredKinds.contains(kind) && !ignoredSections.contains(element.indexPath.section)
            })
        return kept
    }

    /// Aligns `actual` with `expected`; returns how many matched elements differ in their
    /// custom fields while those are compared (for the hint at `--ignore custom`).
    @discardableResult
    package func align(_ actual: inout LayoutSnapshot, with expected: LayoutSnapshot) -> Int {
        var customDiffers = 0
        var expectedByKey: [ElementKey: LayoutAttributes] = [:]
        for element in expected.elements { expectedByKey[element.key] = element }
        var elements = actual.elements.array
        for index in elements.indices {
            guard let wanted = expectedByKey[elements[index].key] else { continue }
            if close(elements[index].frame, wanted.frame) { elements[index].frame = wanted.frame }
            if ignored.contains("alpha") { elements[index].alpha = wanted.alpha }
            if ignored.contains("zIndex") { elements[index].zIndex = wanted.zIndex }
            if ignored.contains("hidden") { elements[index].hidden = wanted.hidden }
            if ignored.contains("transform3D") { elements[index].transform3D = wanted.transform3D }
            if ignored.contains("custom") {
                elements[index].custom = wanted.custom
            } else if elements[index].custom != wanted.custom {
                customDiffers += 1
            }
        }
        actual.elements = ElementList(elements)
        if close(actual.contentSize.width, expected.contentSize.width),
            close(actual.contentSize.height, expected.contentSize.height)
        {
            actual.contentSize = expected.contentSize
        }
        if close(actual.bounds, expected.bounds) { actual.bounds = expected.bounds }
        return customDiffers
    }

    private func close(_ a: Rect, _ b: Rect) -> Bool {
        close(a.x, b.x) && close(a.y, b.y) && close(a.width, b.width) && close(a.height, b.height)
    }

    private func close(_ a: Double, _ b: Double) -> Bool { a == b || abs(a - b) <= tolerance }
}

/// UIKit's element kinds as LuaLayout's (docs/export.md, "Kinds"): the string values of
/// `UICollectionView.elementKindSectionHeader` and `elementKindSectionFooter` are "header"
/// and "footer".
package enum ElementKindNames {
    package static let uikit = [
        "UICollectionElementKindSectionHeader": "header", "UICollectionElementKindSectionFooter": "footer",
    ]

    /// The layout with its kinds renamed (and so reordered as LuaLayout orders elements); two
    /// elements the renaming makes one (`header` and UIKit's name for it) are a document of
    /// the wrong shape.
    package static func apply(
        _ table: [String: String], to layout: LayoutSnapshot
    ) throws(JSONLayoutReader.ReadError) -> LayoutSnapshot {
        guard layout.elements.contains(where: { table[$0.kind] != nil }) else { return layout }
        var renamed = layout
        var elements = layout.elements.array
        var names: [String] = []
        for index in elements.indices {
            guard let name = table[elements[index].kind] else { continue }
            if !names.contains(elements[index].kind) { names.append(elements[index].kind) }
            elements[index].key.kind = name
        }
        let read = names.map { "\($0) is read as \(table[$0]!)" }.joined(separator: ", ")
        try JSONLayoutReader.refuseDuplicates(elements, renamed: " once kinds are read as others (\(read))")
        elements.sort { $0.key < $1.key }
        renamed.elements = ElementList(elements)
        return renamed
    }
}
