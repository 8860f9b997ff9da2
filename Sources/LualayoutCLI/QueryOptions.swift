import ArgumentParser
import LayoutEngine

/// Which elements to show: the whole layout, one rect, the viewport, or one element.
struct QueryOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Query this rect instead of the whole layout.", valueName: "X,Y,W,H"))
    var rect: RectArgument?

    @Flag(help: "Query the viewport: the bounds at --offset (without it, where the content rests).")
    var visible = false

    @Option(
        help: ArgumentHelp("Show one cell (layoutAttributesForItem, through the attributes hook).", valueName: "S:I"))
    var item: ElementArgument<CellKind>?

    @Option(
        help: ArgumentHelp(
            "Show one supplementary view, e.g. header:0:0 (deeper index paths: connector:0:2:1).",
            valueName: "KIND:S:I[:…]"))
    var supplementary: ElementArgument<SupplementaryKind>?

    @Option(help: ArgumentHelp("Show one decoration view (index paths of any depth).", valueName: "KIND:S:I[:…]"))
    var decoration: ElementArgument<DecorationKind>?

    func validate() throws {
        let given = [rect != nil, visible, item != nil, supplementary != nil, decoration != nil].filter { $0 }.count
        if given > 1 {
            throw ValidationError("give one of --rect, --visible, --item, --supplementary and --decoration")
        }
    }

    var query: LayoutQuery {
        if let keys = item?.keys ?? supplementary?.keys ?? decoration?.keys { return .element(keys) }
        return visible ? .visible : rect.map { .rect($0.rect) } ?? .all
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
/// Supplementary and decoration views take index paths of any depth (docs/parity.md §2),
/// `KIND:S:I:J…`: the trailing whole numbers are the path. A kind may end in `:N` itself, so
/// every split is a candidate — the deepest path first, down to `S:I` — and the query takes the
/// first element the layout placed.
struct ElementArgument<Kind: ElementArgumentKind>: ExpressibleByArgument {
    /// The elements the argument may name, the one to prefer first.
    var keys: [ElementKey]
    var key: ElementKey { keys[0] }

    init?(argument: String) {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        // The trailing whole numbers ≥ 0 (at most as many as leave a kind for a view).
        var numbers: [Int] = []
        for part in parts.reversed() {
            guard let number = Int(part), number >= 0, part.allSatisfy(\.isNumber) else { break }
            numbers.insert(number, at: 0)
        }
        if Kind.category == .cell {
            guard parts.count == 2, numbers.count == 2 else { return nil }
            keys = [.cell(numbers[0], numbers[1])]
            return
        }
        // A kind is left before the path; paths have at most 64 components (as out:* takes them).
        numbers = Array(numbers.suffix(min(parts.count - 1, 64)))
        guard numbers.count >= 2 else { return nil }
        keys = (2...numbers.count).reversed().compactMap { depth in
            let kind = parts.dropLast(depth).joined(separator: ":")
            guard !kind.isEmpty else { return nil }
            return ElementKey(
                category: Kind.category, kind: kind,
                indexPath: LayoutIndexPath(components: Array(numbers.suffix(depth))))
        }
        guard !keys.isEmpty else { return nil }
    }
}
