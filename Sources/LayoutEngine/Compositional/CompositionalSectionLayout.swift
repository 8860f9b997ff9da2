/// Section stamping (docs/compositional.md, "Sections", "Orthogonal sections", "Decorations
/// and zIndex"): the root group is solved once, item i goes to leaf i mod k of group i div k,
/// every group takes its full extent. Works in layout space (a vertical layout).
extension CompositionalPreparer {
    /// Lays out section `s` from `start`; returns where it ends. The steps, each a method below:
    /// 1. `sectionPlan`: the band across the layout (`contentInsetsReference`), the content
    ///    inside the section's `contentInsets`, the root group solved once (the template every
    ///    group copies) and its edge spacing;
    /// 2. the boundary items sized, so the content starts after the leading ones;
    /// 3. `stampGroups`: every group placed (measured one by one when items self-size), group
    ///    supplementaries anchored to their groups, then item supplementaries to their cells;
    /// 4. `placeBoundaryItems` around the content (pinned ones kept aside), then
    ///    `placeDecorations` behind the whole section;
    /// 5. `recordGeometry`: the section's frame and its orthogonal scrolling.
    mutating func layOutSection(_ section: Compositional.Section, index s: Int, start: Double) throws -> Double {
        if let list = section.list { return try layOutListSection(section, list, index: s, start: start) }
        let plan = try sectionPlan(section, index: s)
        let boundaryBand =
            section.supplementariesFollowContentInsets
            ? (x: plan.content.x, width: max(0, plan.content.width)) : plan.band
        let boundary = try CompositionalBoundaryPlacement(
            section.boundarySupplementaryItems, container: Size(width: boundaryBand.width, height: bounds.height),
            section: s, itemIndex: 0, rounding: rounding, sizing: sizing)

        // A section of no items follows the release's rule (docs/uikit-versions.md).
        let collapsed = plan.itemCount == 0 && context.iosVersion.emptySections == .collapsed
        let insets: (top: Double, bottom: Double) =
            collapsed ? (0, 0) : (section.contentInsets.top, section.contentInsets.bottom)
        let contentTop = start + boundary.lengthBefore + insets.top
        let zFloor: Int32 = section.decorationItems.isEmpty ? Int32.min : 1
        let stamped =
            plan.itemCount == 0
            ? emptyContent(plan, section) : try stampGroups(plan, section, contentTop: contentTop, zFloor: zFloor)

        let afterStart = contentTop + stamped.length + insets.bottom
        // An empty section through iOS 15 may end before it starts (its content is negative).
        let end =
            plan.itemCount == 0 ? afterStart + boundary.lengthAfter : max(start, afterStart + boundary.lengthAfter)
        let contentRect = Rect(x: boundaryBand.x, y: contentTop, width: boundaryBand.width, height: stamped.length)
        placeBoundaryItems(
            boundary,
            frames: boundary.frames(start: start, afterStart: afterStart, band: boundaryBand, content: contentRect),
            section: s, zFloor: zFloor, span: (start, end))
        if !collapsed { placeDecorations(section, index: s, band: plan.band, span: (start, end)) }
        recordGeometry(section, plan, stamped, span: (start, end))
        return end
    }

    /// A section of no items: iOS 16 and later give it no content (and `layOutSection` drops
    /// its insets and background); earlier releases make its content −interGroupSpacing long,
    /// or, in an orthogonal section, one group's full row (recorded on iOS 14 and iOS 17).
    func emptyContent(_ plan: CompositionalSectionPlan, _ section: Compositional.Section) -> StampedGroups {
        guard context.iosVersion.emptySections == .negativeSpacing else { return StampedGroups(length: 0) }
        guard plan.orthogonal else { return StampedGroups(length: -section.interGroupSpacing) }
        return StampedGroups(length: plan.orthogonalRow)
    }

    /// Step 1: the section's containers, its root group solved and its edge spacing, checked
    /// ("Sections": contentInsets, contentInsetsReference; "Groups": edgeSpacing).
    func sectionPlan(_ section: Compositional.Section, index s: Int) throws -> CompositionalSectionPlan {
        let W = bounds.width, H = bounds.height
        let reference = referenceInsets(section.contentInsetsReference ?? configuration.contentInsetsReference)
        let insets = section.contentInsets
        guard insets.isFinite, section.interGroupSpacing.isFinite else {
            throw LayoutError("section \(s): contentInsets and interGroupSpacing must be finite")
        }
        let orthogonal = section.orthogonalScrollingBehavior != .none
        let band = (x: reference.lead, width: max(0, W - reference.lead - reference.trail))
        let content = (x: band.x + insets.leading, width: band.width - insets.leading - insets.trailing)
        let count = data.numberOfItems(inSection: s)
        if count > 0, content.width <= 0, !orthogonal {
            throw LayoutError(
                "section \(s): no room for a group: the container is \(AttributeRules.number(band.width)) points wide and the section's contentInsets take \(AttributeRules.number(insets.leading + insets.trailing))"
            )
        }
        // The root group resolves against the section container less the insets across the
        // section's own scroll axis only.
        let groupContainer =
            orthogonal
            ? Size(width: band.width, height: max(0, H - insets.top - insets.bottom))
            : Size(width: max(0, content.width), height: H)
        let group = section.group
        if let problem = group.size.problem() { throw LayoutError("section \(s): group \(problem)") }
        let groupSize = group.size.resolve(in: groupContainer, rounding)
        guard groupSize.width.isFinite, groupSize.height.isFinite else {
            throw LayoutError("section \(s): the group's size resolves to a non-finite value")
        }
        var solver = CompositionalGroupSolver(
            rounding: rounding, section: s, warnings: warnings,
            customEnvironment: Compositional.CustomGroupEnvironment(
                container: Compositional.Container(contentSize: groupSize, contentInsets: .zero),
                displayScale: rounding.scale, section: s))
        let template =
            try count > 0
            ? solver.solveRoot(group, size: groupSize, budget: count)
            : CompositionalGroupTemplate(size: groupSize)
        let k = template.leaves.count
        if count > 0, k == 0 {
            throw LayoutError(
                "section \(s): the group (\(AttributeRules.number(groupSize.width))×\(AttributeRules.number(groupSize.height))) cannot fit one item"
            )
        }
        var plan = CompositionalSectionPlan(
            index: s, orthogonal: orthogonal, band: band, content: content, itemCount: count,
            groupContainer: groupContainer, groupSize: groupSize, template: template,
            groupCount: k == 0 ? 0 : (count + k - 1) / k)
        plan.applyEdgeSpacing(group.edgeSpacing, warnings: warnings)
        return plan
    }

    /// Where the stamped groups reach.
    struct StampedGroups {
        /// Across the section's flow: the content's height between the insets.
        var length: Double
        /// Along an orthogonal section's own axis, when self-sizing items set it.
        var measuredAlong: Double?
    }

    /// Step 3: the groups stamped from `contentTop`, then the supplementaries anchored to
    /// their groups and items.
    mutating func stampGroups(
        _ plan: CompositionalSectionPlan, _ section: Compositional.Section, contentTop: Double, zFloor: Int32
    ) throws -> StampedGroups {
        let template = plan.template
        let wantsSupplementaries =
            template.leaves.contains { !($0.item?.supplementaryItems.isEmpty ?? true) }
            || !template.groupSupplementaries.isEmpty
        var itemSupplementaries: [(item: Int, cell: Rect, leaf: Int)] = []
        let stamped: StampedGroups
        if let sizing, sizing.item != nil, CompositionalEstimates.needsMeasuring(template, group: section.group) {
            stamped = try stampMeasuredGroups(
                plan, section, contentTop: contentTop, zFloor: zFloor, sizing: sizing,
                collecting: wantsSupplementaries, into: &itemSupplementaries)
        } else {
            stamped = try stampFixedGroups(
                plan, section, contentTop: contentTop, zFloor: zFloor, collecting: wantsSupplementaries,
                into: &itemSupplementaries)
        }
        for entry in itemSupplementaries {
            for supplementary in template.leaves[entry.leaf].item?.supplementaryItems ?? [] {
                try addAnchored(supplementary, to: entry.cell, section: plan.index, item: entry.item, zFloor: zFloor)
            }
        }
        return stamped
    }

    /// Self-sizing: each group measured, then the groups restack along the section's axis.
    private mutating func stampMeasuredGroups(
        _ plan: CompositionalSectionPlan, _ section: Compositional.Section, contentTop: Double, zFloor: Int32,
        sizing: Compositional.Sizing, collecting wantsSupplementaries: Bool,
        into itemSupplementaries: inout [(item: Int, cell: Rect, leaf: Int)]
    ) throws -> StampedGroups {
        let k = plan.template.leaves.count, count = plan.itemCount, s = plan.index
        let sectionID = Int32(clamping: s)
        var along = plan.orthogonal ? plan.content.x : contentTop
        var across = 0.0
        var item = 0
        var measured: [Size]?
        if let batch = sizing.itemsInSection, CompositionalEstimates.measuresEveryItem(plan.template) {
            measured = try CompositionalEstimates.measureSection(plan.template, count: count, section: s, batch: batch)
            if let answers = measured, let groups = CompositionalMeasuredGroups(plan.template, group: section.group) {
                // The whole section measured at once: each group is arithmetic on its leaves.
                answers.withUnsafeBufferPointer { answers in
                    for g in 0..<plan.groupCount {
                        let n = min(k, count - item)
                        let size = groups.measure(count: n, firstItem: item, measured: answers)
                        if g > 0 { along += section.interGroupSpacing }
                        along += plan.alongLead
                        let origin =
                            plan.orthogonal
                            ? Point(x: along, y: contentTop + plan.acrossOffset)
                            : Point(x: plan.content.x + plan.acrossOffset, y: along)
                        for leaf in 0..<n {
                            let frame = groups.cell(leaf).offsetBy(dx: origin.x, dy: origin.y)
                            sink.cell(
                                section: sectionID, item: Int32(clamping: item), frame: frame,
                                zIndex: max(groups.leaves[leaf].zIndex, zFloor))
                            if wantsSupplementaries { itemSupplementaries.append((item, frame, leaf)) }
                            item += 1
                        }
                        along += (plan.orthogonal ? size.width : size.height) + plan.alongTrail
                        across = max(across, plan.orthogonal ? size.height : size.width)
                    }
                }
                return stampedLength(plan, along: along, across: across, contentTop: contentTop)
            }
        }
        for g in 0..<plan.groupCount {
            let n = min(k, count - item)
            let (cells, size) = try CompositionalEstimates.measureGroup(
                plan.template, group: section.group, count: n, section: s, firstItem: item, sizing: sizing,
                measured: measured)
            if g > 0 { along += section.interGroupSpacing }
            along += plan.alongLead
            let origin =
                plan.orthogonal
                ? Point(x: along, y: contentTop + plan.acrossOffset)
                : Point(x: plan.content.x + plan.acrossOffset, y: along)
            for (leaf, cell) in cells.enumerated() {
                let frame = cell.offsetBy(dx: origin.x, dy: origin.y)
                sink.cell(
                    section: sectionID, item: Int32(clamping: item), frame: frame,
                    zIndex: max(plan.template.leaves[leaf].zIndex, zFloor))
                if wantsSupplementaries { itemSupplementaries.append((item, frame, leaf)) }
                item += 1
            }
            along += (plan.orthogonal ? size.width : size.height) + plan.alongTrail
            across = max(across, plan.orthogonal ? size.height : size.width)
        }
        return stampedLength(plan, along: along, across: across, contentTop: contentTop)
    }

    /// How far measured groups reach, from where the last one ended (`along`) and the
    /// largest extent across.
    private func stampedLength(
        _ plan: CompositionalSectionPlan, along: Double, across: Double, contentTop: Double
    ) -> StampedGroups {
        if plan.orthogonal {
            let length = plan.groupCount > 0 ? across + plan.acrossLeadMinimum + plan.acrossTrailMinimum : 0
            return StampedGroups(length: length, measuredAlong: along - plan.content.x)
        }
        return StampedGroups(length: along - contentTop)
    }

    /// Fixed sizes: every group a copy of the template, one stride apart ("Sections": group
    /// i holds items i·k ..< (i+1)·k; interGroupSpacing between groups).
    private mutating func stampFixedGroups(
        _ plan: CompositionalSectionPlan, _ section: Compositional.Section, contentTop: Double, zFloor: Int32,
        collecting wantsSupplementaries: Bool, into itemSupplementaries: inout [(item: Int, cell: Rect, leaf: Int)]
    ) throws -> StampedGroups {
        let k = plan.template.leaves.count, count = plan.itemCount, groupCount = plan.groupCount
        let sectionID = Int32(clamping: plan.index)
        let length: Double
        if groupCount == 0 {
            length = 0
        } else if plan.orthogonal {
            length = plan.orthogonalRow
        } else {
            let groups = Double(groupCount)
            length = groups * plan.groupStride + (groups - 1) * section.interGroupSpacing
        }
        let step = plan.groupStride + section.interGroupSpacing
        var item = 0
        plan.template.leaves.withUnsafeBufferPointer { leaves in
            for g in 0..<groupCount {
                let origin = plan.groupOrigin(g, step: step, contentTop: contentTop)
                for leaf in 0..<min(k, count - item) {
                    let cell = leaves[leaf].cell
                    let frame = Rect(
                        x: origin.x + cell.x, y: origin.y + cell.y, width: cell.width, height: cell.height)
                    sink.cell(
                        section: sectionID, item: Int32(truncatingIfNeeded: item), frame: frame,
                        zIndex: max(leaves[leaf].zIndex, zFloor))
                    if wantsSupplementaries { itemSupplementaries.append((item, frame, leaf)) }
                    item += 1
                }
            }
        }
        // Group supplementaries, once per stamped group that holds the group's first item; the
        // n-th of a kind in the section is at (section, n): a root group's at its group index
        // (recorded on iOS 14 and 17), a nested group's counted in the same order (modelled).
        var numbered: [String: Int] = [:]
        for g in 0..<groupCount {
            let origin = plan.groupOrigin(g, step: step, contentTop: contentTop)
            for supplementary in plan.template.groupSupplementaries where g * k + supplementary.firstLeaf < count {
                let container = supplementary.groupFrame.offsetBy(dx: origin.x, dy: origin.y)
                let index = numbered[supplementary.item.kind, default: 0]
                numbered[supplementary.item.kind] = index + 1
                try addAnchored(supplementary.item, to: container, section: plan.index, item: index, zFloor: zFloor)
            }
        }
        return StampedGroups(length: length)
    }

    /// Step 4a: boundary items at their frames; pinned ones wait for the rect query
    /// ("Boundary supplementary items": pinToVisibleBounds).
    mutating func placeBoundaryItems(
        _ boundary: CompositionalBoundaryPlacement, frames: [Rect], section s: Int, zFloor: Int32,
        span: (start: Double, end: Double)
    ) {
        for (sized, frame) in zip(boundary.items, frames) {
            let z = max(sized.item.zIndex, Int(zFloor))
            if sized.item.pinToVisibleBounds {
                pinned.append(
                    CompositionalPinnedItem(
                        key: .supplementary(sized.item.kind, s, 0), frame: frame, zIndex: z,
                        alignment: sized.item.alignment,
                        sectionStart: span.start, sectionEnd: span.end, group: s))
            } else {
                sink.add(.supplementary, kind: sized.item.kind, section: s, item: 0, frame: frame, zIndex: z)
            }
        }
    }

    /// Step 4b: backgrounds cover the whole section across the band, inset by their own
    /// insets ("Decorations and zIndex").
    mutating func placeDecorations(
        _ section: Compositional.Section, index s: Int, band: (x: Double, width: Double),
        span: (start: Double, end: Double)
    ) {
        for decoration in section.decorationItems {
            let d = decoration.contentInsets
            let frame = Rect(
                x: band.x + d.leading, y: span.start + d.top,
                width: max(0, band.width - d.leading - d.trailing),
                height: max(0, span.end - span.start - d.top - d.bottom))
            sink.add(.decoration, kind: decoration.kind, section: s, item: 0, frame: frame, zIndex: decoration.zIndex)
        }
    }

    /// Step 5: the section's frame, its boundary kinds, and (orthogonal sections) how far its
    /// groups scroll ("Orthogonal sections").
    mutating func recordGeometry(
        _ section: Compositional.Section, _ plan: CompositionalSectionPlan, _ stamped: StampedGroups,
        span: (start: Double, end: Double)
    ) {
        let frame = Rect(x: plan.band.x, y: span.start, width: plan.band.width, height: span.end - span.start)
        var geometry = CompositionalSectionGeometry(
            frame: frame, boundaryKinds: Set(section.boundarySupplementaryItems.map(\.kind)),
            visibleItemsInvalidationHandler: section.visibleItemsInvalidationHandler)
        if plan.orthogonal {
            let insets = section.contentInsets
            let groups = Double(plan.groupCount)
            var contentLength = insets.leading + insets.trailing
            if let measuredAlong = stamped.measuredAlong {
                contentLength += measuredAlong
            } else if plan.groupCount > 0 {
                contentLength += groups * plan.groupStride + (groups - 1) * section.interGroupSpacing
            }
            geometry.orthogonal = CompositionalOrthogonalGeometry(
                behavior: section.orthogonalScrollingBehavior, visibleLength: plan.band.width,
                contentLength: contentLength, groupLength: plan.groupStride,
                interGroupSpacing: section.interGroupSpacing, leadingInset: insets.leading)
        }
        sections[plan.index] = geometry
    }

    /// An item or group supplementary: sized against its container, anchored to it.
    mutating func addAnchored(
        _ item: Compositional.SupplementaryItem, to container: Rect, section: Int, item index: Int, zFloor: Int32
    ) throws {
        if let problem = item.size.problem() {
            throw LayoutError("section \(section): supplementary \"\(item.kind)\": \(problem)")
        }
        var size = item.size.resolve(in: container.size, rounding)
        if let measure = sizing?.supplementary, item.size.width.isEstimated || item.size.height.isEstimated,
            let answer = try measure(item.kind, LayoutIndexPath(section, index), size)
        {
            size = CompositionalEstimates.take(
                answer, into: size, width: item.size.width.isEstimated,
                height: item.size.height.isEstimated, kind: item.kind)
        }
        let frame = CompositionalAnchors.frame(of: item, size: size, in: container)
        sink.add(
            .supplementary, kind: item.kind, section: section, item: index, frame: frame,
            zIndex: max(item.zIndex, Int(zFloor)))
    }
}

/// One section's containers and its root group, solved once (step 1 of `layOutSection`), in
/// layout space: "along" is the section's own scroll axis, "across" the other.
struct CompositionalSectionPlan {
    var index: Int
    var orthogonal: Bool
    /// Across the layout, less the contentInsetsReference.
    var band: (x: Double, width: Double)
    /// The band less the section's leading and trailing contentInsets.
    var content: (x: Double, width: Double)
    var itemCount: Int
    var groupContainer: Size
    var groupSize: Size
    var template: CompositionalGroupTemplate
    var groupCount: Int

    /// The root group's fixed edge spacing along the section's scroll axis (before, after).
    var alongLead = 0.0, alongTrail = 0.0
    /// Its minimum edge spacing across, and whether either edge there is flexible.
    var acrossLeadMinimum = 0.0, acrossTrailMinimum = 0.0
    var acrossFlexible = false
    /// One group and its fixed edges, along: the distance between group origins less the spacing.
    var groupStride = 0.0
    /// The group's extent across, the room left beside it, and where it sits in that room.
    var groupAcross = 0.0, acrossRoom = 0.0, acrossOffset = 0.0

    /// Root-group edge spacing ("Groups": edgeSpacing): fixed edges along the section's scroll
    /// axis add to the stride, flexible ones there are ignored (warning); across, flexible
    /// edges centre the group (both) or push it to the far side (leading only).
    mutating func applyEdgeSpacing(_ e: Compositional.EdgeSpacing, warnings: CompositionalWarnings) {
        let (lead, trail, acrossLead, acrossTrail) =
            orthogonal ? (e.leading, e.trailing, e.top, e.bottom) : (e.top, e.bottom, e.leading, e.trailing)
        if lead?.isFlexible == true || trail?.isFlexible == true {
            warnings.add(
                "section \(index): flexible edge spacing of the section's group along its scroll axis is ignored")
        }
        alongLead = lead?.minimum ?? 0
        alongTrail = trail?.minimum ?? 0
        acrossLeadMinimum = acrossLead?.minimum ?? 0
        acrossTrailMinimum = acrossTrail?.minimum ?? 0
        acrossFlexible = acrossLead?.isFlexible == true || acrossTrail?.isFlexible == true
        let groupAlong = orthogonal ? groupSize.width : groupSize.height
        groupAcross = orthogonal ? groupSize.height : groupSize.width
        groupStride = groupAlong + alongLead + alongTrail
        acrossRoom =
            (orthogonal ? groupContainer.height : content.width) - groupAcross - acrossLeadMinimum - acrossTrailMinimum
        acrossOffset = acrossLeadMinimum
        if acrossRoom > 0 {
            switch (acrossLead?.isFlexible == true, acrossTrail?.isFlexible == true) {
            case (true, true): acrossOffset += acrossRoom / 2
            case (true, false): acrossOffset += acrossRoom
            default: break
            }
        }
    }

    /// An orthogonal section's content across its own scroll axis: one group tall, its fixed
    /// edges and (flexible edges) the room beside it included.
    var orthogonalRow: Double {
        groupAcross + acrossLeadMinimum + acrossTrailMinimum + (acrossFlexible ? max(0, acrossRoom) : 0)
    }

    /// The origin of group `g` of a fixed-size section, `step` (stride and spacing) apart.
    func groupOrigin(_ g: Int, step: Double, contentTop: Double) -> Point {
        orthogonal
            ? Point(x: content.x + alongLead + Double(g) * step, y: contentTop + acrossOffset)
            : Point(x: content.x + acrossOffset, y: contentTop + alongLead + Double(g) * step)
    }
}
