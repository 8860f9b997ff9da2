/// UIUserInterfaceLayoutDirection: `cv.layoutDirection`, `--layout-direction`.
public enum LayoutDirection: String, Hashable, Sendable {
    case leftToRight
    case rightToLeft
}

/// UITraitCollection, as far as a layout reads it: size classes, idiom and the preferred
/// content size category (`cv.traits`, `env.traitCollection`). The display scale is the
/// context's `scale`. Values are UIKit's case names.
public struct TraitCollection: Hashable, Sendable {
    /// `"compact"` or `"regular"` (UIUserInterfaceSizeClass).
    public var horizontalSizeClass: String
    public var verticalSizeClass: String
    /// `"phone"`, `"pad"` or `"mac"` (UIUserInterfaceIdiom).
    public var userInterfaceIdiom: String
    /// UIContentSizeCategory's names, `"large"` by default.
    public var preferredContentSizeCategory: String

    /// An iPhone in portrait, UIKit's defaults for the default 375×667 bounds: compact width,
    /// regular height, the `large` text size.
    public init(
        horizontalSizeClass: String = "compact", verticalSizeClass: String = "regular",
        userInterfaceIdiom: String = "phone", preferredContentSizeCategory: String = "large"
    ) {
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.userInterfaceIdiom = userInterfaceIdiom
        self.preferredContentSizeCategory = preferredContentSizeCategory
    }

    public static let sizeClasses = ["compact", "regular"]
    public static let idioms = ["phone", "pad", "mac"]
    /// UIContentSizeCategory, smallest first.
    public static let contentSizeCategories = [
        "extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge", "extraExtraExtraLarge",
        "accessibilityMedium", "accessibilityLarge", "accessibilityExtraLarge", "accessibilityExtraExtraLarge",
        "accessibilityExtraExtraExtraLarge",
    ]

    /// The keys `--trait KEY=VALUE` sets, with the values each accepts (`displayScale` is `--scale`).
    public static let keys: [(key: String, values: [String])] = [
        ("horizontalSizeClass", sizeClasses), ("verticalSizeClass", sizeClasses), ("userInterfaceIdiom", idioms),
        ("preferredContentSizeCategory", contentSizeCategories),
    ]

    /// Sets `key` to `value`; a description of the problem when either is unknown.
    public mutating func set(_ key: String, _ value: String) -> String? {
        guard let accepted = Self.keys.first(where: { $0.key == key })?.values else {
            return "unknown trait '\(key)' (known: \(Self.keys.map(\.key).joined(separator: ", ")), displayScale)"
        }
        guard accepted.contains(value) else {
            return "trait \(key) must be one of \(accepted.joined(separator: ", ")), got '\(value)'"
        }
        switch key {
        case "horizontalSizeClass": horizontalSizeClass = value
        case "verticalSizeClass": verticalSizeClass = value
        case "userInterfaceIdiom": userInterfaceIdiom = value
        default: preferredContentSizeCategory = value
        }
        return nil
    }

    /// The traits as the Lua table scripts read, with `displayScale`.
    public func value(displayScale: Double) -> LayoutValue {
        .object([
            "horizontalSizeClass": .string(horizontalSizeClass), "verticalSizeClass": .string(verticalSizeClass),
            "userInterfaceIdiom": .string(userInterfaceIdiom),
            "preferredContentSizeCategory": .string(preferredContentSizeCategory),
            "displayScale": .number(displayScale),
        ])
    }
}
