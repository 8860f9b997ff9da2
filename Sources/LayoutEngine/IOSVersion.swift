/// The iOS release whose UIKit the engine imitates (`--ios N` on every command).
///
/// Behaviours that changed between iOS releases (the compositional layout's rounding model, how
/// it treats empty sections, list metrics) follow this version; docs/uikit-versions.md lists
/// each one with its evidence. An export uses it as the app's deployment target.
public struct IOSVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var major: Int
    public var minor: Int

    public init(_ major: Int, _ minor: Int = 0) {
        self.major = major
        self.minor = minor
    }

    /// The releases the engine knows: `UICollectionViewCompositionalLayout` arrived in iOS 13;
    /// after iOS 18 Apple numbered releases by year (iOS 26).
    public static let known: [Int] = [13, 14, 15, 16, 17, 18, 26]

    /// The version a command uses without `--ios`: the one whose behaviour the engine modelled
    /// before versions were selectable, so output without the option is unchanged.
    public static let `default` = IOSVersion(17)

    /// `17` or `17.4`; nil for anything else or a major release the engine does not know.
    public init?(parsing text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
            parts.allSatisfy({ (1...3).contains($0.count) && $0.allSatisfy { ("0"..."9").contains($0) } }),
            let major = Int(parts[0]), Self.known.contains(major)
        else { return nil }
        var minor = 0
        if parts.count == 2 {
            guard let value = Int(parts[1]) else { return nil }
            minor = value
        }
        self.init(major, minor)
    }

    public static func < (lhs: IOSVersion, rhs: IOSVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    public var description: String { minor == 0 ? "\(major)" : "\(major).\(minor)" }
}
