/// Elements as they are drawn: the one drawing path of `run`'s pictures, the simulator's
/// snapshots, the preview and hit testing. Reported frames of an orthogonal section's scrolling
/// elements are unscrolled (as UIKit's); drawn, each is moved by its section's offset
/// (`context.orthogonalOffsets`, else where the section rests: a `groupPagingCentered` section
/// centred) and clipped to the section's band.
package struct DrawnElements: Sendable, Equatable {
    /// The elements with their drawn frames, in the order given.
    package var elements: [LayoutAttributes]
    /// The layout's orthogonal sections.
    package var regions: [ScrollRegion]
    /// Which elements (by position in `elements`) scroll inside which region (by position in
    /// `regions`), and are clipped to its frame.
    package var regionOfElement: [Int: Int]

    /// `elements` (as a query answered them) drawn with `layout`'s regions at `context`'s
    /// section offsets.
    package init(_ elements: [LayoutAttributes], layout: any CollectionViewLayout, context: CollectionContext) {
        self.elements = elements
        regions = layout.scrollRegions
        regionOfElement = [:]
        guard !regions.isEmpty else { return }
        let regionOfSection = Dictionary(regions.enumerated().map { ($0.element.section, $0.offset) }) { first, _ in
            first
        }
        for position in self.elements.indices {
            let element = self.elements[position]
            guard let index = regionOfSection[element.indexPath.section], layout.scrollsWithRegion(element.key)
            else { continue }
            regionOfElement[position] = index
            let region = regions[index]
            var offset = context.orthogonalOffsets[region.section] ?? region.initialOffset
            // Right to left, a horizontal region scrolls from its leading (right) edge.
            if layout.isFlippedHorizontally && region.horizontal { offset = -offset }
            self.elements[position].frame.origin.x -= region.horizontal ? offset : 0
            self.elements[position].frame.origin.y -= region.horizontal ? 0 : offset
        }
    }

    /// `elements` (as a rect query answered them) as drawn: through the layout's single-element
    /// overrides (`CollectionViewLayout.drawnAttributes`), then with its regions at `context`'s
    /// section offsets.
    package static func drawing(
        _ elements: [LayoutAttributes], layout: any CollectionViewLayout, context: CollectionContext
    ) throws -> DrawnElements {
        DrawnElements(try layout.drawnAttributes(elements, context: context), layout: layout, context: context)
    }

    /// The cell drawn under `point` (content coordinates): among the cells neither hidden nor
    /// transparent (alpha < 0.01, UIKit's hit-testing rule), inside their section's band when it
    /// scrolls orthogonally, whose drawn shape contains the point (the frame with the affine
    /// part of `transform3D` applied about its centre), the topmost by zIndex, then the later
    /// in order. Also returns the point in the cell's own coordinates (untransformed, origin
    /// at its top left).
    package func cell(at point: Point) -> (indexPath: LayoutIndexPath, local: Point)? {
        var best: (element: LayoutAttributes, local: Point)?
        for (position, element) in elements.enumerated()
        where element.category == .cell && !element.hidden && element.alpha >= 0.01 {
            if let region = regionOfElement[position], !regions[region].frame.contains(point) { continue }
            guard let local = Self.localPoint(point, in: element) else { continue }
            if let current = best, current.element.zIndex > element.zIndex { continue }
            best = (element, local)
        }
        return best.map { ($0.element.indexPath, $0.local) }
    }

    /// `point` in the coordinates of `element` when its drawn shape contains it, else nil.
    /// The affine part of the transform (m11 m12 / m21 m22, translation m41 m42) maps a point
    /// q of the cell, relative to its centre c, to c + q·A + t; inverting it gives q.
    static func localPoint(_ point: Point, in element: LayoutAttributes) -> Point? {
        let frame = element.frame
        // An untransformed cell answers exactly (no rounding through the centre).
        if element.transform3D.isIdentity {
            return frame.contains(point) ? Point(x: point.x - frame.x, y: point.y - frame.y) : nil
        }
        let m = element.transform3D.m
        let a = m[0], b = m[1], c = m[4], d = m[5], tx = m[12], ty = m[13]
        let centre = frame.center
        let px = point.x - centre.x - tx, py = point.y - centre.y - ty
        let determinant = a * d - b * c
        guard determinant != 0, determinant.isFinite else { return nil }
        // Row vector q·A = p  ⇒  q = p·A⁻¹, A⁻¹ = [d −b; −c a] / det.
        let qx = (px * d - py * c) / determinant
        let qy = (-px * b + py * a) / determinant
        let local = Point(x: qx + frame.width / 2, y: qy + frame.height / 2)
        guard local.x >= 0, local.x < frame.width, local.y >= 0, local.y < frame.height else { return nil }
        return local
    }
}
