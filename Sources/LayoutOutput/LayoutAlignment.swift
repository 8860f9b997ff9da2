import LayoutEngine

/// Makes what counts as equal identical before a snapshot diff compares two layouts
/// (`lualayout compare`, and a test's layout against a UIKit recording): numbers within the
/// tolerance take the expected value, ignored attributes take the expected element's.
package struct LayoutAlignment {
    /// The attributes `--ignore` can leave out.
    package static let attributes = ["alpha", "zIndex", "hidden", "transform3D", "custom"]

    package var tolerance: Double
    package var ignored: Set<String>

    package init(tolerance: Double, ignored: Set<String>) {
        self.tolerance = tolerance
        self.ignored = ignored
    }

    package func align(_ actual: inout LayoutSnapshot, with expected: LayoutSnapshot) {
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
            if ignored.contains("custom") { elements[index].custom = wanted.custom }
        }
        actual.elements = ElementList(elements)
        if close(actual.contentSize.width, expected.contentSize.width),
            close(actual.contentSize.height, expected.contentSize.height)
        {
            actual.contentSize = expected.contentSize
        }
        if close(actual.bounds, expected.bounds) { actual.bounds = expected.bounds }
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

    /// The layout with its kinds renamed (and so reordered as LuaLayout orders elements).
    package static func apply(_ table: [String: String], to layout: LayoutSnapshot) -> LayoutSnapshot {
        guard layout.elements.contains(where: { table[$0.kind] != nil }) else { return layout }
        var renamed = layout
        var elements = layout.elements.array
        for index in elements.indices {
            if let name = table[elements[index].kind] { elements[index].key.kind = name }
        }
        elements.sort { $0.key < $1.key }
        renamed.elements = ElementList(elements)
        return renamed
    }
}
