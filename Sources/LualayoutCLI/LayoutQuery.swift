import LayoutEngine
import LayoutOutput
import ScriptLayout

/// Which elements a command asks a prepared layout for.
enum LayoutQuery {
    /// Every element the layout placed.
    case all
    /// The elements intersecting a rect (UIKit's layoutAttributesForElements(in:)).
    case rect(Rect)
    /// The elements in the viewport: the bounds once the layout pass settled the content
    /// offset (a view without `--offset` rests at −adjustedContentInset), as drawn.
    case visible
    /// One element (layoutAttributesForItem(at:) and its supplementary and decoration kin): the
    /// first of these keys the layout placed (an argument's candidate readings, the preferred first).
    case element([ElementKey])

    /// Prepares `layout` in `context` as a collection view's layout pass does (the content size
    /// settles the adjusted inset, and a resting offset with it: `context` is left as the pass
    /// left it) and answers the query. `picture`: orthogonal sections are shown scrolled to
    /// their offsets (without one, where they rest: a centred first group).
    static func snapshot(
        of layout: any CollectionViewLayout, in context: inout CollectionContext, query: LayoutQuery,
        picture: Bool = false
    ) throws(CLIError) -> LayoutSnapshot {
        do {
            try layout.prepareSettlingInsets(
                in: &context, atRest: context.contentOffset == context.restingContentOffset)
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
            case .visible:
                elements = ElementList(try layout.layoutAttributesForElements(in: context.bounds, context: context))
            case .element(let keys):
                var found: LayoutAttributes?
                for key in keys where found == nil { found = try layout.layoutAttributes(for: key, context: context) }
                guard let found else {
                    let name = keys.first.map(String.init(describing:)) ?? "nothing"
                    throw CLIError.script(ScriptError(kind: .invalidValue, message: "no such element: \(name)"))
                }
                elements = ElementList([found])
            }
            var snapshot = LayoutSnapshot(
                bounds: context.bounds, contentSize: layout.collectionViewContentSize, elements: elements)
            // A picture of a rect or whole-content query draws each element through the layout's
            // single-element hooks (what the simulator draws and hits; `--item` answers the same).
            let overridesSingleElements =
                if case .element = query { false } else { (layout as? ScriptLayout)?.overridesSingleElements ?? false }
            // The viewport is reported as drawn, as snapshots and the preview show it: an
            // orthogonal section's cells where its offset (or its resting place) puts them.
            let drawn: Bool = if case .visible = query { true } else { picture }
            if drawn, overridesSingleElements || !layout.scrollRegions.isEmpty {
                // Reported frames are unscrolled (as UIKit's); a picture shows each orthogonal
                // section scrolled to its offset, clipped to its band: the drawing path the
                // simulator and the preview share.
                snapshot.draw(
                    overridesSingleElements
                        ? try DrawnElements.drawing(elements.array, layout: layout, context: context)
                        : DrawnElements(elements.array, layout: layout, context: context))
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
