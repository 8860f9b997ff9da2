import ArgumentParser
import LayoutEngine

/// Which elements to show: the whole layout, one rect, the viewport, or one element.
struct QueryOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Query this rect instead of the whole layout.", valueName: "X,Y,W,H"))
    var rect: RectArgument?

    @Flag(help: "Query the viewport: the bounds at --offset.")
    var visible = false

    @Option(
        help: ArgumentHelp("Show one cell (layoutAttributesForItem, through the attributes hook).", valueName: "S:I"))
    var item: ElementArgument<CellKind>?

    @Option(help: ArgumentHelp("Show one supplementary view, e.g. header:0:0.", valueName: "KIND:S:I"))
    var supplementary: ElementArgument<SupplementaryKind>?

    @Option(help: ArgumentHelp("Show one decoration view.", valueName: "KIND:S:I"))
    var decoration: ElementArgument<DecorationKind>?

    func validate() throws {
        let given = [rect != nil, visible, item != nil, supplementary != nil, decoration != nil].filter { $0 }.count
        if given > 1 {
            throw ValidationError("give one of --rect, --visible, --item, --supplementary and --decoration")
        }
    }

    func query(in context: CollectionContext) -> LayoutQuery {
        if let key = item?.key ?? supplementary?.key ?? decoration?.key { return .element(key) }
        return visible ? .rect(context.bounds) : rect.map { .rect($0.rect) } ?? .all
    }
}

/// The category an `ElementArgument` names.
protocol ElementArgumentKind {
    static var category: ElementCategory { get }
}
enum CellKind: ElementArgumentKind { static let category = ElementCategory.cell }
enum SupplementaryKind: ElementArgumentKind { static let category = ElementCategory.supplementary }
enum DecorationKind: ElementArgumentKind { static let category = ElementCategory.decoration }

/// `S:I` for a cell, `KIND:S:I` for other views (the kind may itself hold colons).
struct ElementArgument<Kind: ElementArgumentKind>: ExpressibleByArgument {
    var key: ElementKey

    init?(argument: String) {
        var parts = argument.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, let item = Int(parts.removeLast()), let section = Int(parts.removeLast()),
            section >= 0, item >= 0
        else { return nil }
        let kind = parts.joined(separator: ":")
        if Kind.category == .cell {
            guard kind.isEmpty, parts.isEmpty else { return nil }
        } else {
            guard !kind.isEmpty else { return nil }
        }
        key = ElementKey(category: Kind.category, kind: kind, indexPath: LayoutIndexPath(section, item))
    }
}
