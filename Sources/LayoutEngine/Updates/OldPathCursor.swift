/// `UpdateMapping.oldIndexPath(forNew:)` for a walk over the items after the update in order:
/// the next item of a section is answered from the last one by stepping past the claimed places
/// and the leaving items (O(1) each), any other path by the mapping's search.
struct OldPathCursor {
    let mapping: UpdateMapping
    /// The last path answered by stepping or seeking (section −1: none, or an inserted section).
    private var section = -1, item = -1
    /// Index of the first place claimed in `section` after `item`.
    private var claimedNext = 0
    /// The old item of the last survivor at or before `item` (−1: none yet), and the index of
    /// the first leaving item after it.
    private var survivor = -1, leavingNext = 0

    init(_ mapping: UpdateMapping) { self.mapping = mapping }

    mutating func oldIndexPath(forNew path: LayoutIndexPath) -> LayoutIndexPath? {
        guard path.section == section, path.item == item + 1, path.item < mapping.newCounts[section],
            let old = mapping.sectionsNewToOld[section]
        else { return seek(path) }
        item = path.item
        let claimed = mapping.claimed[section]
        if claimedNext < claimed.count && claimed[claimedNext] == item {
            claimedNext += 1
            return mapping.claimedOrigins[section][claimedNext - 1]
        }
        let leaving = mapping.leaving[old]
        var candidate = survivor + 1
        while leavingNext < leaving.count && leaving[leavingNext] == candidate {
            candidate += 1
            leavingNext += 1
        }
        survivor = candidate
        return LayoutIndexPath(old, candidate)
    }

    /// Answers by search and sets the state to continue from `path`.
    private mutating func seek(_ path: LayoutIndexPath) -> LayoutIndexPath? {
        let answer = mapping.oldIndexPath(forNew: path)
        guard mapping.newCounts.indices.contains(path.section),
            (0..<mapping.newCounts[path.section]).contains(path.item),
            let old = mapping.sectionsNewToOld[path.section]
        else {
            section = -1
            return answer
        }
        (section, item) = (path.section, path.item)
        claimedNext = UpdateMapping.count(below: item + 1, in: mapping.claimed[section])
        // Places up to `item` not claimed hold the survivors of ranks 0 … item − claimedNext.
        let rank = item - claimedNext
        survivor = rank < 0 ? -1 : UpdateMapping.unmarked(rank: rank, marked: mapping.leaving[old])
        leavingNext = UpdateMapping.count(below: survivor + 1, in: mapping.leaving[old])
        return answer
    }
}
