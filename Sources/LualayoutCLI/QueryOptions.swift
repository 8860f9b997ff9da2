import ArgumentParser
import LayoutEngine

/// Which elements to show: the whole layout, one rect, or the viewport.
struct QueryOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Query this rect instead of the whole layout.", valueName: "X,Y,W,H"))
    var rect: RectArgument?

    @Flag(help: "Query the viewport: the bounds at --offset.")
    var visible = false

    func validate() throws {
        if rect != nil && visible { throw ValidationError("give either --rect or --visible, not both") }
    }

    func query(in context: CollectionContext) -> LayoutQuery {
        visible ? .rect(context.bounds) : rect.map { .rect($0.rect) } ?? .all
    }
}
