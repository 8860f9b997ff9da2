import LayoutEngine

/// Values rewritten for a deployment target that deprecated the API they would be written
/// with, to the replacement that lays them out the same.
enum DeprecatedAPIs {
    /// `subitem:count:` (deprecated in iOS 16) as `repeatingSubitem:count:`: `subitem:count:`
    /// sizes each of the n items to 1/n of the group less the spacing along its axis, which is
    /// what an item of fractional size 1/n does in `repeatingSubitem:count:` (fractions
    /// resolve against the group less the spacing; docs/compositional.md, "Groups").
    static func replacingSubitemCount(_ section: Compositional.Section) -> Compositional.Section {
        guard section.list == nil else { return section }
        var copy = section
        copy.group = replacingSubitemCount(section.group)
        return copy
    }

    private static func replacingSubitemCount(_ group: Compositional.Group) -> Compositional.Group {
        var copy = group
        func nested(_ subitem: Compositional.Subitem) -> Compositional.Subitem {
            if case .group(let inner) = subitem { return .group(replacingSubitemCount(inner)) }
            return subitem
        }
        switch group.layout {
        case .custom: break
        case .horizontal(let subitems):
            copy.layout = .horizontal(replacing(subitems.map(nested), horizontal: true))
        case .vertical(let subitems):
            copy.layout = .vertical(replacing(subitems.map(nested), horizontal: false))
        }
        return copy
    }

    private static func replacing(_ subitems: Compositional.Subitems, horizontal: Bool) -> Compositional.Subitems {
        guard case .count(let child, let n) = subitems, n >= 1 else { return subitems }
        let share = 1 / Double(n)
        var size = child.size
        if horizontal { size.width = .fractionalWidth(share) } else { size.height = .fractionalHeight(share) }
        switch child {
        case .item(var item):
            item.size = size
            return .repeating(.item(item), n)
        case .group(var group):
            group.size = size
            return .repeating(.group(group), n)
        }
    }
}
