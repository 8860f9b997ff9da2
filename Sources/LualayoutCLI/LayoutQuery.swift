import LayoutEngine
import LayoutOutput
import ScriptLayout

/// Which elements a command asks a prepared layout for.
enum LayoutQuery {
    /// Every element the layout placed.
    case all
    /// The elements intersecting a rect (UIKit's layoutAttributesForElements(in:)).
    case rect(Rect)
    /// One element (layoutAttributesForItem(at:) and its supplementary and decoration kin).
    case element(ElementKey)

    /// Prepares `layout` in `context` and answers the query. `picture`: orthogonal sections are
    /// shown scrolled to their offsets (without one, where they rest: a centred first group).
    static func snapshot(
        of layout: any CollectionViewLayout, in context: CollectionContext, query: LayoutQuery, picture: Bool = false
    ) throws(CLIError) -> LayoutSnapshot {
        do {
            try layout.prepare(in: context)
            let regions = (layout as? ScriptLayout)?.scrollRegions ?? []

            let elements: ElementList
            switch query {
            case .all:
                // A script layout hands over its store when no hook rewrites the listing.
                elements =
                    if let script = layout as? ScriptLayout {
                        try script.allElementList(context: context)
                    } else {
                        ElementList(try layout.allLayoutAttributes(context: context))
                    }
            case .rect(let rect):
                elements = ElementList(try layout.layoutAttributesForElements(in: rect, context: context))
            case .element(let key):
                guard let found = try layout.layoutAttributes(for: key, context: context) else {
                    throw CLIError.script(ScriptError(kind: .invalidValue, message: "no such element: \(key)"))
                }
                elements = ElementList([found])
            }
            var snapshot = LayoutSnapshot(
                bounds: context.bounds, contentSize: layout.collectionViewContentSize, elements: elements)
            if picture, let scriptLayout = layout as? ScriptLayout, !regions.isEmpty {
                // Reported frames are unscrolled (as UIKit's); a picture shows each orthogonal
                // section scrolled to its offset, clipped to its band.
                snapshot.regions = regions
                let regionOfSection = Dictionary(regions.enumerated().map { ($0.element.section, $0.offset) }) {
                    first, _ in first
                }
                // The attributes built once (a store-backed list builds them on every read).
                var drawn = elements.array
                for position in drawn.indices {
                    let element = drawn[position]
                    guard let index = regionOfSection[element.indexPath.section],
                        scriptLayout.scrollsWithRegion(element.key)
                    else { continue }
                    snapshot.regionOfElement[position] = index
                    let region = regions[index]
                    var offset = context.orthogonalOffsets[region.section] ?? region.initialOffset
                    // Right to left, a horizontal region scrolls from its leading (right) edge.
                    if scriptLayout.isFlippedHorizontally && region.horizontal { offset = -offset }
                    drawn[position].frame.origin.x -= region.horizontal ? offset : 0
                    drawn[position].frame.origin.y -= region.horizontal ? 0 : offset
                }
                snapshot.elements = ElementList(drawn)
            }
            return snapshot
        } catch {
            throw CLIError(error)
        }
    }
}

extension CLIError {
    /// Wraps an error from a layout: script errors keep their location, engine errors are layout errors.
    init(_ error: any Error) {
        if let error = error as? CLIError {
            self = error
        } else if let error = error as? ScriptError {
            self = .script(error)
        } else {
            self = .script(ScriptError(kind: .invalidValue, message: "\(error)"))
        }
    }
}
