/// Section stamping (docs/compositional.md, "Sections", "Orthogonal sections", "Decorations
/// and zIndex"): the root group is solved once, item i goes to leaf i mod k of group i div k,
/// every group takes its full extent. Works in layout space (a vertical layout).
extension CompositionalPreparer {
    /// Lays out section `s` from `start`; returns where it ends.
    mutating func layOutSection(_ section: Compositional.Section, index s: Int, start: Double) throws -> Double {
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
        let groupCount = k == 0 ? 0 : (count + k - 1) / k

        // Root-group edge spacing: fixed edges along the section's scroll axis add to the
        // groupStride, flexible ones there are ignored (warning); across, flexible edges centre.
        let e = group.edgeSpacing
        let (alongLead, alongTrail, acrossLead, acrossTrail) =
            orthogonal
            ? (e.leading, e.trailing, e.top, e.bottom) : (e.top, e.bottom, e.leading, e.trailing)
        if alongLead?.isFlexible == true || alongTrail?.isFlexible == true {
            warnings.add("section \(s): flexible edge spacing of the section's group along its scroll axis is ignored")
        }
        let groupAlong = orthogonal ? groupSize.width : groupSize.height
        let groupAcross = orthogonal ? groupSize.height : groupSize.width
        let groupStride = groupAlong + (alongLead?.minimum ?? 0) + (alongTrail?.minimum ?? 0)
        let acrossRoom =
            (orthogonal ? groupContainer.height : content.width) - groupAcross
            - (acrossLead?.minimum ?? 0) - (acrossTrail?.minimum ?? 0)
        var acrossOffset = acrossLead?.minimum ?? 0
        if acrossRoom > 0 {
            switch (acrossLead?.isFlexible == true, acrossTrail?.isFlexible == true) {
            case (true, true): acrossOffset += acrossRoom / 2
            case (true, false): acrossOffset += acrossRoom
            default: break
            }
        }

        // Boundary items, sized across the content (following the insets) or the band.
        let follow = section.supplementariesFollowContentInsets
        let boundaryBand = follow ? (x: content.x, width: max(0, content.width)) : band
        let boundary = try CompositionalBoundaryPlacement(
            section.boundarySupplementaryItems, container: Size(width: boundaryBand.width, height: H), section: s,
            itemIndex: 0, rounding: rounding, sizing: sizing)

        let contentTop = start + boundary.lengthBefore + insets.top
        let zFloor: Int32 = section.decorationItems.isEmpty ? Int32.min : 1
        let sectionID = Int32(clamping: s)
        var groupsLength: Double
        var itemSupplementaries: [(item: Int, cell: Rect, leaf: Int)] = []
        let wantsSupplementaries =
            template.leaves.contains { !($0.item?.supplementaryItems.isEmpty ?? true) }
            || !template.groupSupplementaries.isEmpty

        var measuredAlong: Double?
        if let sizing, sizing.item != nil, CompositionalEstimates.needsMeasuring(template, group: group) {
            // Self-sizing: each group measured, then the groups restack along the section's axis.
            var along = orthogonal ? content.x : contentTop
            var across = 0.0
            var item = 0
            for g in 0..<groupCount {
                let n = min(k, count - item)
                let (cells, size) = try CompositionalEstimates.measureGroup(
                    template, group: group, count: n, section: s, firstItem: item, sizing: sizing)
                if g > 0 { along += section.interGroupSpacing }
                along += alongLead?.minimum ?? 0
                let origin =
                    orthogonal
                    ? Point(x: along, y: contentTop + acrossOffset)
                    : Point(x: content.x + acrossOffset, y: along)
                for (leaf, cell) in cells.enumerated() {
                    let frame = cell.offsetBy(dx: origin.x, dy: origin.y)
                    sink.cell(
                        section: sectionID, item: Int32(clamping: item), frame: frame,
                        zIndex: max(template.leaves[leaf].zIndex, zFloor))
                    if wantsSupplementaries { itemSupplementaries.append((item, frame, leaf)) }
                    item += 1
                }
                along += (orthogonal ? size.width : size.height) + (alongTrail?.minimum ?? 0)
                across = max(across, orthogonal ? size.height : size.width)
            }
            if orthogonal {
                groupsLength = groupCount > 0 ? across + (acrossLead?.minimum ?? 0) + (acrossTrail?.minimum ?? 0) : 0
                measuredAlong = along - content.x
            } else {
                groupsLength = along - contentTop
            }
        } else {
            let groups = Double(groupCount)
            if groupCount == 0 {
                groupsLength = 0
            } else if orthogonal {
                // One group tall (across the section's own scroll axis), flexible room included.
                let flexible = acrossLead?.isFlexible == true || acrossTrail?.isFlexible == true
                groupsLength =
                    groupAcross + (acrossLead?.minimum ?? 0) + (acrossTrail?.minimum ?? 0)
                    + (flexible ? max(0, acrossRoom) : 0)
            } else {
                groupsLength = groups * groupStride + (groups - 1) * section.interGroupSpacing
            }
            let step = groupStride + section.interGroupSpacing
            var item = 0
            template.leaves.withUnsafeBufferPointer { leaves in
                for g in 0..<groupCount {
                    let origin =
                        orthogonal
                        ? Point(
                            x: content.x + (alongLead?.minimum ?? 0) + Double(g) * step, y: contentTop + acrossOffset)
                        : Point(
                            x: content.x + acrossOffset, y: contentTop + (alongLead?.minimum ?? 0) + Double(g) * step)
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
            // Group supplementaries, once per stamped group.
            for supplementary in template.groupSupplementaries {
                for g in 0..<groupCount where g * k + supplementary.firstLeaf < count {
                    let origin =
                        orthogonal
                        ? Point(
                            x: content.x + (alongLead?.minimum ?? 0) + Double(g) * step, y: contentTop + acrossOffset)
                        : Point(
                            x: content.x + acrossOffset, y: contentTop + (alongLead?.minimum ?? 0) + Double(g) * step)
                    let container = supplementary.groupFrame.offsetBy(dx: origin.x, dy: origin.y)
                    try addAnchored(
                        supplementary.item, to: container, section: s, item: g * k + supplementary.firstLeaf,
                        zFloor: zFloor)
                }
            }
        }
        for entry in itemSupplementaries {
            for supplementary in template.leaves[entry.leaf].item?.supplementaryItems ?? [] {
                try addAnchored(supplementary, to: entry.cell, section: s, item: entry.item, zFloor: zFloor)
            }
        }

        let contentBottom = contentTop + groupsLength
        let afterStart = contentBottom + insets.bottom
        let end = max(start, afterStart + boundary.lengthAfter)
        let contentRect = Rect(x: boundaryBand.x, y: contentTop, width: boundaryBand.width, height: groupsLength)
        let boundaryFrames = boundary.frames(
            start: start, afterStart: afterStart, band: boundaryBand, content: contentRect)
        for (sized, frame) in zip(boundary.items, boundaryFrames) {
            let z = max(sized.item.zIndex, Int(zFloor))
            if sized.item.pinToVisibleBounds {
                pinned.append(
                    CompositionalPinnedItem(
                        key: .supplementary(sized.item.kind, s, 0), frame: frame, zIndex: z,
                        alignment: sized.item.alignment,
                        sectionStart: start, sectionEnd: end, group: s))
            } else {
                sink.add(.supplementary, kind: sized.item.kind, section: s, item: 0, frame: frame, zIndex: z)
            }
        }
        // Backgrounds cover the whole section across the band, inset by their own insets.
        for decoration in section.decorationItems {
            let d = decoration.contentInsets
            let frame = Rect(
                x: band.x + d.leading, y: start + d.top,
                width: max(0, band.width - d.leading - d.trailing), height: max(0, end - start - d.top - d.bottom))
            sink.add(.decoration, kind: decoration.kind, section: s, item: 0, frame: frame, zIndex: decoration.zIndex)
        }

        let frame = Rect(x: band.x, y: start, width: band.width, height: end - start)
        var geometry = CompositionalSectionGeometry(
            frame: frame, boundaryKinds: Set(section.boundarySupplementaryItems.map(\.kind)),
            visibleItemsInvalidationHandler: section.visibleItemsInvalidationHandler)
        if orthogonal {
            let groups = Double(groupCount)
            var contentLength = insets.leading + insets.trailing
            if let measuredAlong {
                contentLength += measuredAlong
            } else if groupCount > 0 {
                contentLength += groups * groupStride + (groups - 1) * section.interGroupSpacing
            }
            geometry.orthogonal = CompositionalOrthogonalGeometry(
                behavior: section.orthogonalScrollingBehavior, visibleLength: band.width, contentLength: contentLength,
                groupLength: groupStride, interGroupSpacing: section.interGroupSpacing, leadingInset: insets.leading)
        }
        sections[s] = geometry
        return end
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
