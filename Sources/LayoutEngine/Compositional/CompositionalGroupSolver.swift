/// One item of a solved root group, relative to the group's origin.
struct CompositionalLeaf {
    /// The item's layout box (edge spacing lies outside it).
    var box: Rect
    /// The drawn cell: the box less the item's content insets.
    var cell: Rect
    var item: Compositional.Item?
    var zIndex: Int32
    /// 0 for an item placed directly in the root group (self-sizing restacks those).
    var depth: Int
}

/// A group's supplementary item, anchored to the group's frame less its contentInsets;
/// reported at `(section, n)` for the n-th group of the section that carries one of its kind.
struct CompositionalGroupSupplementary {
    var groupFrame: Rect
    var firstLeaf: Int
    var item: Compositional.SupplementaryItem
}

/// A root group solved once for its section (docs/compositional.md, "Group fill").
struct CompositionalGroupTemplate {
    var size: Size
    var leaves: [CompositionalLeaf] = []
    var groupSupplementaries: [CompositionalGroupSupplementary] = []
}

extension CompositionalGroupTemplate {
    /// Appends `solved` (a nested group solved at origin zero) moved to `origin`; returns the
    /// number of items it placed.
    mutating func append(_ solved: CompositionalGroupTemplate, at origin: Point) -> Int {
        let offset = leaves.count
        for var leaf in solved.leaves {
            leaf.box = leaf.box.offsetBy(dx: origin.x, dy: origin.y)
            leaf.cell = leaf.cell.offsetBy(dx: origin.x, dy: origin.y)
            leaves.append(leaf)
        }
        for var supplementary in solved.groupSupplementaries {
            supplementary.groupFrame = supplementary.groupFrame.offsetBy(dx: origin.x, dy: origin.y)
            supplementary.firstLeaf += offset
            groupSupplementaries.append(supplementary)
        }
        return solved.leaves.count
    }
}

/// The group fill loop: cyclic subitems accepted while they fit (quarter-point tolerance),
/// spacing charged only for non-fraction items, the spacing re-solve, then the arrangement
/// with flexible edges and gaps sharing the leftover.
struct CompositionalGroupSolver {
    var rounding: CompositionalRounding
    var section: Int
    var warnings: CompositionalWarnings
    var customEnvironment: Compositional.CustomGroupEnvironment
    /// Nested groups solved for this root group, shared by the probes' copies.
    var work = CompositionalWork()

    /// The most items one group may hold: keeps a zero-width cyclic subitem finite.
    static let maxLeaves = 1_000_000
    /// The most distinct solves of nested groups one root group may make. A nested group is
    /// solved once at each size it is asked for (`CompositionalWork` remembers the answers):
    /// the probe in `choose`, and again in `arrange` when the spacing re-solve resized it.
    /// Nested sizes of one level differ by whole spacings, so a chain of such groups costs a
    /// few solves a level (linear, not 2^depth); only spacings that differ at every level, so
    /// that no two sizes coincide, could still double the work a level, and stop here.
    static let maxResolves = 20_000

    /// `group` solved at origin zero at `size` (at most `budget` items): the answer remembered
    /// for the root group, or solved now and remembered. Past `maxResolves` distinct solves,
    /// a located error instead of a layout that takes exponential time.
    private mutating func solveNested(
        _ group: Compositional.Group, size: Size, budget: Int, depth: Int
    ) throws -> CompositionalGroupTemplate {
        let key = CompositionalWork.Key(group: group, size: size, depth: depth)
        if let known = work.solved[key], known.answers(budget: budget) { return known.template }
        work.resolves += 1
        guard work.resolves <= Self.maxResolves else {
            throw LayoutError(
                "section \(section): solving the group takes more than \(Self.maxResolves) solves of nested groups at distinct sizes (fractional groups resized by spacing re-solves that differ at every level, nested \(work.deepest) levels deep): nest fewer of them"
            )
        }
        var solved = CompositionalGroupTemplate(size: size)
        _ = try solve(group, size: size, origin: .zero, budget: budget, depth: depth, into: &solved)
        work.solved[key] = CompositionalWork.Answer(template: solved, budget: budget)
        return solved
    }

    mutating func solveRoot(_ group: Compositional.Group, size: Size, budget: Int) throws -> CompositionalGroupTemplate
    {
        var template = CompositionalGroupTemplate(size: size)
        _ = try solve(group, size: size, origin: .zero, budget: min(budget, Self.maxLeaves), depth: 0, into: &template)
        return template
    }

    private struct Choice {
        var subitem: Compositional.Subitem
        var size: Size
        var fractional: Bool
    }

    /// Places `group` (already sized) at `origin`; returns the number of items placed.
    @discardableResult
    mutating func solve(
        _ group: Compositional.Group, size: Size, origin: Point, budget: Int, depth: Int,
        into template: inout CompositionalGroupTemplate
    ) throws -> Int {
        guard budget > 0 else { return 0 }
        work.deepest = max(work.deepest, depth + 1)
        let insets = effectiveInsets(group.contentInsets, size: group.size, what: "group")
        let interior = Size(
            width: max(0, size.width - insets.leading - insets.trailing),
            height: max(0, size.height - insets.top - insets.bottom))
        let inner = Point(x: origin.x + insets.leading, y: origin.y + insets.top)
        let firstLeaf = template.leaves.count
        let placed: Int
        switch group.layout {
        case .custom(let custom):
            placed = try solveCustom(
                custom, interior: interior, size: size, origin: origin, budget: budget, depth: depth, into: &template)
        case .horizontal(let subitems):
            placed = try fill(
                group, subitems, horizontal: true, interior: interior, inner: inner, budget: budget, depth: depth,
                into: &template)
        case .vertical(let subitems):
            placed = try fill(
                group, subitems, horizontal: false, interior: interior, inner: inner, budget: budget, depth: depth,
                into: &template)
        }
        if placed > 0 {
            // Anchored to the group less its contentInsets (recorded on iOS 14 and 17).
            for supplementary in group.supplementaryItems {
                template.groupSupplementaries.append(
                    CompositionalGroupSupplementary(
                        groupFrame: Rect(origin: inner, size: interior), firstLeaf: firstLeaf, item: supplementary))
            }
        }
        return placed
    }

    private mutating func solveCustom(
        _ custom: Compositional.CustomGroupItems, interior: Size, size: Size, origin: Point, budget: Int, depth: Int,
        into template: inout CompositionalGroupTemplate
    ) throws -> Int {
        var environment = customEnvironment
        environment.container = Compositional.Container(contentSize: size, contentInsets: .zero)
        let frames = try custom.frames ?? custom.provider?(environment) ?? []
        var placed = 0
        for entry in frames.prefix(budget) {
            guard let problem = AttributeRules.frameProblem(entry.frame) else {
                let box = entry.frame.offsetBy(dx: origin.x, dy: origin.y)
                template.leaves.append(
                    CompositionalLeaf(
                        box: box, cell: box, item: nil, zIndex: Int32(clamping: entry.zIndex), depth: depth + 1))
                placed += 1
                continue
            }
            throw LayoutError("section \(section): custom group item \(placed + 1): \(problem)")
        }
        return placed
    }

    /// A horizontal or vertical group's subitems along its main axis ("Groups"), in three
    /// steps: `choose` which subitems it holds (as many as fit, or exactly `count`), re-solve
    /// fraction sizes less the spacing (`shareSpacing`), then `arrange` them, leftover room
    /// shared by flexible edges and gaps. Returns the number of items placed.
    private mutating func fill(
        _ group: Compositional.Group, _ subitems: Compositional.Subitems, horizontal: Bool, interior: Size,
        inner: Point,
        budget: Int, depth: Int, into template: inout CompositionalGroupTemplate
    ) throws -> Int {
        let spacing = group.interItemSpacing ?? .fixed(0)
        guard spacing.minimum.isFinite else {
            throw LayoutError(
                "section \(section): interItemSpacing must be a finite number, got \(AttributeRules.number(spacing.minimum))"
            )
        }
        var chosen = try choose(
            subitems, horizontal: horizontal, interior: interior, spacing: spacing, budget: budget, depth: depth)
        shareSpacing(&chosen, horizontal: horizontal, interior: interior, spacing: spacing)
        return try arrange(
            chosen, horizontal: horizontal, interior: interior, inner: inner, spacing: spacing, budget: budget,
            depth: depth, into: &template)
    }

    /// Fill: which subitems the group holds, in order, cycling through the list: as many as
    /// fit its main length (a quarter point of slack), or exactly `count` (`count:` also sizes
    /// each to 1/n of the interior less the spacing); never more items than `budget`.
    private func choose(
        _ subitems: Compositional.Subitems, horizontal: Bool, interior: Size, spacing: Compositional.Spacing,
        budget: Int, depth: Int
    ) throws -> [Choice] {
        let mainLength = horizontal ? interior.width : interior.height
        let candidates: [Compositional.Subitem]
        var fixedCount: Int?
        var resized = false
        switch subitems {
        case .cyclic(let list): candidates = list
        case .count(let subitem, let n): (candidates, fixedCount, resized) = ([subitem], n, true)
        case .repeating(let subitem, let n): (candidates, fixedCount) = ([subitem], n)
        }
        guard !candidates.isEmpty else { throw LayoutError("section \(section): a group needs at least one subitem") }
        if let n = fixedCount, n < 1 {
            throw LayoutError("section \(section): a group's count must be at least 1, got \(n)")
        }
        var chosen: [Choice] = []
        var remaining = mainLength
        var used = 0
        var next = 0
        while used < budget, chosen.count < (fixedCount ?? Self.maxLeaves) {
            let subitem = candidates[next % candidates.count]
            next += 1
            if let problem = subitem.size.problem() { throw LayoutError("section \(section): item \(problem)") }
            var size = subitem.size.resolve(in: interior, rounding)
            var fractional = (horizontal ? subitem.size.width : subitem.size.height).isFractional
            if resized, let n = fixedCount {
                // subitem:count: — each of n takes 1/n of the interior less the spacings, and
                // the item's other dimension resolves against that reduced interior too
                // (recorded: docs/checked-against-uikit.md, "count groups").
                let spacings = spacing.minimum * Double(n - 1)
                let reduced =
                    horizontal
                    ? Size(width: max(0, interior.width - spacings), height: interior.height)
                    : Size(width: interior.width, height: max(0, interior.height - spacings))
                size = subitem.size.resolve(in: reduced, rounding)
                let share = rounding.floorFraction((mainLength - spacings) / Double(n))
                if horizontal { size.width = max(0, share) } else { size.height = max(0, share) }
                fractional = false
            }
            guard size.width.isFinite, size.height.isFinite else {
                throw LayoutError(
                    "section \(section): a dimension resolves to a non-finite value (\(AttributeRules.number(size.width))×\(AttributeRules.number(size.height)))"
                )
            }
            let edges = Self.mainEdges(subitem, horizontal: horizontal)
            let extent =
                (horizontal ? size.width : size.height) + (edges.lead?.minimum ?? 0) + (edges.trail?.minimum ?? 0)
            let gap = chosen.isEmpty || fractional ? 0 : spacing.minimum
            if fixedCount == nil {
                guard remaining - extent - gap >= -0.25 else {
                    if chosen.isEmpty {
                        throw LayoutError(
                            "section \(section): the group cannot fit one item: the item needs \(AttributeRules.number(extent)) points along the group's \(horizontal ? "width" : "height"), the group has \(AttributeRules.number(mainLength))"
                        )
                    }
                    break
                }
            }
            remaining -= extent + gap
            let choice = Choice(subitem: subitem, size: size, fractional: fractional)
            var leaves = 1
            if case .group(let nested) = subitem {
                var probe = self
                leaves = try probe.solveNested(nested, size: size, budget: budget - used, depth: depth + 1).leaves.count
                if leaves == 0 { break }
            }
            chosen.append(choice)
            used += leaves
        }
        return chosen
    }

    /// Spacing re-solve: fraction items give up the room the spacing needs (their fractions
    /// resolve against the interior less n − 1 spacings).
    private func shareSpacing(
        _ chosen: inout [Choice], horizontal: Bool, interior: Size, spacing: Compositional.Spacing
    ) {
        let n = chosen.count
        guard n >= 2, spacing.minimum != 0, chosen.contains(where: \.fractional) else { return }
        let reduced =
            horizontal
            ? Size(width: interior.width - spacing.minimum * Double(n - 1), height: interior.height)
            : Size(width: interior.width, height: interior.height - spacing.minimum * Double(n - 1))
        for i in chosen.indices where chosen[i].fractional {
            chosen[i].size = chosen[i].subitem.size.resolve(in: reduced, rounding)
        }
    }

    /// Arrange: the leftover main length shared equally by flexible edges and (flexible
    /// spacing) gaps; across, flexible edges centre an item (both) or push it to the far side.
    private mutating func arrange(
        _ chosen: [Choice], horizontal: Bool, interior: Size, inner: Point, spacing: Compositional.Spacing,
        budget: Int, depth: Int, into template: inout CompositionalGroupTemplate
    ) throws -> Int {
        let n = chosen.count
        let mainLength = horizontal ? interior.width : interior.height
        var total = spacing.minimum * Double(max(0, n - 1))
        var flexibleSlots = spacing.isFlexible ? max(0, n - 1) : 0
        for choice in chosen {
            let edges = Self.mainEdges(choice.subitem, horizontal: horizontal)
            total +=
                (horizontal ? choice.size.width : choice.size.height) + (edges.lead?.minimum ?? 0)
                + (edges.trail?.minimum ?? 0)
            if edges.lead?.isFlexible == true { flexibleSlots += 1 }
            if edges.trail?.isFlexible == true { flexibleSlots += 1 }
        }
        let leftover = mainLength - total
        let share = leftover > 0 && flexibleSlots > 0 ? leftover / Double(flexibleSlots) : 0
        let crossLength = horizontal ? interior.height : interior.width
        var cursor = 0.0
        var placed = 0
        for (index, choice) in chosen.enumerated() {
            let edges = Self.mainEdges(choice.subitem, horizontal: horizontal)
            let cross = Self.crossEdges(choice.subitem, horizontal: horizontal)
            if index > 0 { cursor += spacing.minimum + (spacing.isFlexible ? share : 0) }
            cursor += (edges.lead?.minimum ?? 0) + (edges.lead?.isFlexible == true ? share : 0)
            let mainSize = horizontal ? choice.size.width : choice.size.height
            let crossSize = horizontal ? choice.size.height : choice.size.width
            let crossLeftover = max(
                0, crossLength - crossSize - (cross.lead?.minimum ?? 0) - (cross.trail?.minimum ?? 0))
            var crossPosition = cross.lead?.minimum ?? 0
            switch (cross.lead?.isFlexible == true, cross.trail?.isFlexible == true) {
            case (true, true): crossPosition += crossLeftover / 2
            case (true, false): crossPosition += crossLeftover
            default: break
            }
            let origin =
                horizontal
                ? Point(x: inner.x + cursor, y: inner.y + crossPosition)
                : Point(x: inner.x + crossPosition, y: inner.y + cursor)
            switch choice.subitem {
            case .item(let item):
                template.leaves.append(leaf(item, box: Rect(origin: origin, size: choice.size), depth: depth))
                placed += 1
            case .group(let nested):
                let solved = try solveNested(nested, size: choice.size, budget: budget - placed, depth: depth + 1)
                placed += template.append(solved, at: origin)
            }
            cursor += mainSize + (edges.trail?.minimum ?? 0) + (edges.trail?.isFlexible == true ? share : 0)
        }
        return placed
    }

    /// An item's leaf: its box, and its cell inside the item's content insets.
    private func leaf(_ item: Compositional.Item, box: Rect, depth: Int) -> CompositionalLeaf {
        let insets = effectiveInsets(item.contentInsets, size: item.size, what: "item")
        let cell = Rect(
            x: box.x + insets.leading, y: box.y + insets.top,
            width: max(0, box.width - insets.leading - insets.trailing),
            height: max(0, box.height - insets.top - insets.bottom))
        return CompositionalLeaf(box: box, cell: cell, item: item, zIndex: 0, depth: depth)
    }

    /// Content insets, less those on an estimated axis (ignored, with a warning).
    func effectiveInsets(
        _ insets: Compositional.Insets, size: Compositional.LayoutSize, what: String
    ) -> Compositional.Insets {
        var result = insets
        if size.width.isEstimated, insets.leading != 0 || insets.trailing != 0 {
            warnings.add(
                "section \(section): \(what == "item" ? "an" : "a") \(what)'s leading/trailing contentInsets are ignored on its estimated width"
            )
            result.leading = 0
            result.trailing = 0
        }
        if size.height.isEstimated, insets.top != 0 || insets.bottom != 0 {
            warnings.add(
                "section \(section): \(what == "item" ? "an" : "a") \(what)'s top/bottom contentInsets are ignored on its estimated height"
            )
            result.top = 0
            result.bottom = 0
        }
        return result
    }

    static func edgeSpacing(_ subitem: Compositional.Subitem) -> Compositional.EdgeSpacing {
        switch subitem {
        case .item(let item): item.edgeSpacing
        case .group(let group): group.edgeSpacing
        }
    }

    static func mainEdges(
        _ subitem: Compositional.Subitem, horizontal: Bool
    ) -> (lead: Compositional.Spacing?, trail: Compositional.Spacing?) {
        let e = edgeSpacing(subitem)
        return horizontal ? (e.leading, e.trailing) : (e.top, e.bottom)
    }

    static func crossEdges(
        _ subitem: Compositional.Subitem, horizontal: Bool
    ) -> (lead: Compositional.Spacing?, trail: Compositional.Spacing?) {
        let e = edgeSpacing(subitem)
        return horizontal ? (e.top, e.bottom) : (e.leading, e.trailing)
    }
}

/// The work of one root group's solve, shared by the solver's copies: each nested group's
/// answer at each size it was asked for.
final class CompositionalWork: @unchecked Sendable {
    struct Key: Hashable {
        var group: Compositional.Group
        var size: Size
        var depth: Int
    }

    /// A group solved with at most `budget` items.
    struct Answer {
        var template: CompositionalGroupTemplate
        var budget: Int

        /// The same answer holds for `other` when the budget did not cut the fill short
        /// (fewer items placed than it allowed: any budget above that count fills the same),
        /// or when the budgets are equal.
        func answers(budget other: Int) -> Bool {
            other == budget || (template.leaves.count < budget && other > template.leaves.count)
        }
    }

    var solved: [Key: Answer] = [:]
    var resolves = 0
    var deepest = 0
}

/// Warnings collected once per prepare, in the order first seen.
final class CompositionalWarnings: @unchecked Sendable {
    private(set) var list: [String] = []
    private var seen: Set<String> = []

    func add(_ message: String) {
        if seen.insert(message).inserted { list.append(message) }
    }
}
