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

    /// Prepares `layout` in `context` and answers the query. `picture`: orthogonal sections
    /// without a given offset rest where they start (a centred first group), as on screen.
    static func snapshot(
        of layout: any CollectionViewLayout, in context: CollectionContext, query: LayoutQuery, picture: Bool = false
    ) throws(CLIError) -> LayoutSnapshot {
        do {
            try layout.prepare(in: context)
            let regions = (layout as? ScriptLayout)?.scrollRegions ?? []
            var context = context
            if picture {
                for region in regions where context.orthogonalOffsets[region.section] == nil && region.initialOffset != 0 {
                    context.orthogonalOffsets[region.section] = region.initialOffset
                }
            }
            let elements: [LayoutAttributes]
            switch query {
            case .all: elements = try layout.allLayoutAttributes(context: context)
            case .rect(let rect): elements = try layout.layoutAttributesForElements(in: rect, context: context)
            case .element(let key):
                guard let found = try layout.layoutAttributes(for: key, context: context) else {
                    throw CLIError.script(ScriptError(kind: .invalidValue, message: "no such element: \(key)"))
                }
                elements = [found]
            }
            var snapshot = LayoutSnapshot(bounds: context.bounds, contentSize: layout.collectionViewContentSize, elements: elements)
            if let scriptLayout = layout as? ScriptLayout, !regions.isEmpty {
                snapshot.regions = regions
                let regionOfSection = Dictionary(regions.enumerated().map { ($0.element.section, $0.offset) }) { first, _ in first }
                for (position, element) in elements.enumerated() {
                    if let region = regionOfSection[element.indexPath.section], scriptLayout.scrollsWithRegion(element.key) {
                        snapshot.regionOfElement[position] = region
                    }
                }
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
