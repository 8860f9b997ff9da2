/// What UICollectionViewCompositionalLayout does differently between iOS releases
/// (`--ios N`, `CollectionContext.iosVersion`). Each rule, its versions and its evidence are in
/// docs/uikit-versions.md: the recorded releases are 14 and 17; 13, 15, 16 and later ones follow
/// the nearer recording, the switch put at 16 (one switch for both rules).
extension IOSVersion {
    /// The first release that rounds the modern way and collapses empty sections.
    static let compositionalModern = IOSVersion(16)

    /// The rounding model: legacy (only frames rounded) through iOS 15, modern (fractional
    /// sizes floored to the pixel grid) from iOS 16. Recorded: iOS 14 legacy, iOS 17 modern.
    package var compositionalRounding: Compositional.RoundingModel {
        self < Self.compositionalModern ? .legacy : .modern
    }

    /// How a section of no items is laid out. Recorded on iOS 14 and iOS 17.
    package var emptySections: Compositional.EmptySectionRule {
        self < Self.compositionalModern ? .negativeSpacing : .collapsed
    }

    /// Whether a list's automatic header top padding applies (plain and sidebarPlain lists,
    /// docs/lists.md): iOS 15 added it; on iOS 14 headers sit right under the section's top.
    package var listsPadHeaders: Bool { self >= IOSVersion(15) }
}

extension Compositional {
    /// A section of no items (UIKit still lays out its boundary items; interSectionSpacing still
    /// follows it).
    package enum EmptySectionRule: Hashable, Sendable {
        /// iOS 16 and later: no content, no contentInsets, no background decoration.
        case collapsed
        /// Through iOS 15: the content is −interGroupSpacing long between the insets (the
        /// background drawn); an orthogonal section keeps one group's full row.
        case negativeSpacing
    }
}
