/// Orthogonal sections' scrolling (docs/compositional.md, "Orthogonal sections"): the scroll
/// range, the paging unit and the snapping rules. Lengths along the section's own scroll axis.
package struct CompositionalOrthogonalGeometry: Sendable, Hashable {
    package var behavior: Compositional.OrthogonalScrollingBehavior
    /// The visible length of the section's band (the container's width, vertically).
    package var visibleLength: Double
    /// Leading inset + groups + spacing + trailing inset.
    package var contentLength: Double
    /// One group's extent (edge spacing included).
    package var groupLength: Double
    package var interGroupSpacing: Double
    package var leadingInset: Double

    /// `groupPagingCentered`'s extra leading/trailing insets: (visible − group)/2.
    package var pagingInset: Double {
        behavior == .groupPagingCentered ? max(0, (visibleLength - groupLength) / 2) : 0
    }

    /// Where the section starts scrolled: −pagingInset, so the first group shows centred.
    package var initialOffset: Double { -pagingInset }

    package var offsetRange: ClosedRange<Double> {
        let lower = -pagingInset
        return lower...max(lower, contentLength + pagingInset - visibleLength)
    }

    /// `paging`: the visible length; the group behaviours: group + interGroupSpacing.
    package var pagingUnit: Double {
        switch behavior {
        case .paging: visibleLength
        case .groupPaging, .groupPagingCentered, .continuousGroupLeadingBoundary: groupLength + interGroupSpacing
        case .none, .continuous: 0
        }
    }

    /// Where the paging unit's boundaries start: −pagingInset centred, the leading inset for
    /// `continuousGroupLeadingBoundary`, else 0.
    var pagingBase: Double {
        switch behavior {
        case .groupPagingCentered: -pagingInset
        case .continuousGroupLeadingBoundary: leadingInset
        default: 0
        }
    }

    /// Where a fling proposing `proposed` with `velocity` comes to rest: index = offset / unit
    /// (from the behaviour's base), ceil(index − 0.005) forward, floor(index + 0.005) back,
    /// round(index) without velocity, clamped to the range.
    package func targetOffset(proposed: Double, velocity: Double) -> Double {
        let range = offsetRange
        let unit = pagingUnit
        guard unit > 0, proposed.isFinite else {
            return min(max(proposed.isFinite ? proposed : 0, range.lowerBound), range.upperBound)
        }
        let base = pagingBase
        let index = (proposed - base) / unit
        let snapped =
            velocity > 0
            ? (index - 0.005).rounded(.up)
            : velocity < 0 ? (index + 0.005).rounded(.down) : index.rounded(.toNearestOrAwayFromZero)
        return min(max(base + snapped * unit, range.lowerBound), range.upperBound)
    }

    /// A swipe released at `release`, its deceleration proposing `proposed`: where it comes to
    /// rest. `paging`, `groupPaging` and `groupPagingCentered` move one unit per swipe, whatever
    /// the speed (Apple's page for groupPaging: the
    /// section pages one group at a time): the proposal's snap (`targetOffset(proposed:velocity:)`) goes no further than
    /// the next boundary past the release in the velocity's direction, floor(index + 0.005) + 1
    /// forward, ceil(index − 0.005) − 1 back. The continuous behaviours take the snap as it is.
    package func targetOffset(release: Double, proposed: Double, velocity: Double) -> Double {
        let snapped = targetOffset(proposed: proposed, velocity: velocity)
        let unit = pagingUnit
        guard behavior == .paging || behavior == .groupPaging || behavior == .groupPagingCentered, unit > 0,
            release.isFinite, velocity != 0
        else { return snapped }
        let range = offsetRange
        let index = (release - pagingBase) / unit
        let neighbour = velocity > 0 ? (index + 0.005).rounded(.down) + 1 : (index - 0.005).rounded(.up) - 1
        let limit = min(max(pagingBase + neighbour * unit, range.lowerBound), range.upperBound)
        return velocity > 0 ? min(snapped, limit) : max(snapped, limit)
    }
}
