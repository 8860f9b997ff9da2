#if !canImport(UIKit)
// The traits a layout reads (display scale, size classes, idiom, text size, layout direction),
// transcribed from developer.apple.com/documentation/uikit/uitraitcollection and
// …/uitraitoverrides. There is no screen here: a view's traits are UIKit's defaults for an
// unspecified environment, with the display scale 1, changed only by `traitOverrides`.
import Foundation
import LayoutEngine

/// developer.apple.com/documentation/uikit/uiuserinterfacesizeclass
@available(iOS 8.0, *)
public enum UIUserInterfaceSizeClass: Int, Sendable {
    case unspecified = 0
    case compact = 1
    case regular = 2
}

/// developer.apple.com/documentation/uikit/uiuserinterfaceidiom
@available(iOS 3.2, *)
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1
    case phone = 0
    case pad = 1
    case tv = 2
    case carPlay = 3
    case mac = 5
    case vision = 6
}

/// developer.apple.com/documentation/uikit/uitraitenvironmentlayoutdirection
@available(iOS 10.0, *)
public enum UITraitEnvironmentLayoutDirection: Int, Sendable {
    case unspecified = -1
    case leftToRight = 0
    case rightToLeft = 1
}

/// developer.apple.com/documentation/uikit/uiuserinterfacelayoutdirection
@available(iOS 5.0, *)
public enum UIUserInterfaceLayoutDirection: Int, Sendable {
    case leftToRight = 0
    case rightToLeft = 1
}

/// developer.apple.com/documentation/uikit/uisemanticcontentattribute
@available(iOS 9.0, *)
public enum UISemanticContentAttribute: Int, Sendable {
    case unspecified = 0
    case playback = 1
    case spatial = 2
    case forceLeftToRight = 3
    case forceRightToLeft = 4
}

/// developer.apple.com/documentation/uikit/uicontentsizecategory
@available(iOS 7.0, *)
public struct UIContentSizeCategory: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let unspecified = UIContentSizeCategory(rawValue: "_UICTContentSizeCategoryUnspecified")
    public static let extraSmall = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXS")
    public static let small = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryS")
    public static let medium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryM")
    public static let large = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryL")
    public static let extraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXL")
    public static let extraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXL")
    public static let extraExtraExtraLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryXXXL")
    public static let accessibilityMedium = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityM")
    public static let accessibilityLarge = UIContentSizeCategory(rawValue: "UICTContentSizeCategoryAccessibilityL")
    public static let accessibilityExtraLarge = UIContentSizeCategory(
        rawValue: "UICTContentSizeCategoryAccessibilityXL")
    public static let accessibilityExtraExtraLarge = UIContentSizeCategory(
        rawValue: "UICTContentSizeCategoryAccessibilityXXL")
    public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(
        rawValue: "UICTContentSizeCategoryAccessibilityXXXL")

    /// The engine's name (`"large"`), smallest first as the engine lists them.
    var engineName: String {
        let names: [UIContentSizeCategory: String] = [
            .extraSmall: "extraSmall", .small: "small", .medium: "medium", .large: "large",
            .extraLarge: "extraLarge", .extraExtraLarge: "extraExtraLarge",
            .extraExtraExtraLarge: "extraExtraExtraLarge", .accessibilityMedium: "accessibilityMedium",
            .accessibilityLarge: "accessibilityLarge", .accessibilityExtraLarge: "accessibilityExtraLarge",
            .accessibilityExtraExtraLarge: "accessibilityExtraExtraLarge",
            .accessibilityExtraExtraExtraLarge: "accessibilityExtraExtraExtraLarge",
        ]
        return names[self] ?? "large"
    }
}

/// developer.apple.com/documentation/uikit/uitraitcollection (the traits layouts read)
@available(iOS 8.0, *)
open class UITraitCollection: NSObject, @unchecked Sendable {
    /// …/uitraitcollection/displayscale
    public let displayScale: CGFloat
    /// …/uitraitcollection/horizontalsizeclass
    public let horizontalSizeClass: UIUserInterfaceSizeClass
    /// …/uitraitcollection/verticalsizeclass
    public let verticalSizeClass: UIUserInterfaceSizeClass
    /// …/uitraitcollection/userinterfaceidiom
    public let userInterfaceIdiom: UIUserInterfaceIdiom
    /// …/uitraitcollection/preferredcontentsizecategory
    @available(iOS 10.0, *)
    public let preferredContentSizeCategory: UIContentSizeCategory
    /// …/uitraitcollection/layoutdirection
    @available(iOS 10.0, *)
    public let layoutDirection: UITraitEnvironmentLayoutDirection

    init(_ traits: TraitValues) {
        displayScale = traits.displayScale
        horizontalSizeClass = traits.horizontalSizeClass
        verticalSizeClass = traits.verticalSizeClass
        userInterfaceIdiom = traits.userInterfaceIdiom
        preferredContentSizeCategory = traits.preferredContentSizeCategory
        layoutDirection = traits.layoutDirection
    }

    /// …/uitraitcollection/init(displayscale:)
    public convenience init(displayScale scale: CGFloat) {
        var traits = TraitValues()
        traits.displayScale = scale
        self.init(traits)
    }

    /// The traits as the engine reads them (unspecified ones as UIKit's defaults there).
    var engineTraits: TraitCollection {
        var traits = TraitCollection()
        if horizontalSizeClass != .unspecified {
            traits.horizontalSizeClass = horizontalSizeClass == .regular ? "regular" : "compact"
        }
        if verticalSizeClass != .unspecified {
            traits.verticalSizeClass = verticalSizeClass == .regular ? "regular" : "compact"
        }
        switch userInterfaceIdiom {
        case .pad: traits.userInterfaceIdiom = "pad"
        case .mac: traits.userInterfaceIdiom = "mac"
        default: break
        }
        if preferredContentSizeCategory != .unspecified {
            traits.preferredContentSizeCategory = preferredContentSizeCategory.engineName
        }
        return traits
    }
}

/// developer.apple.com/documentation/uikit/uimutabletraits (the traits layouts read)
@available(iOS 17.0, *)
public protocol UIMutableTraits {
    var displayScale: CGFloat { get set }
    var horizontalSizeClass: UIUserInterfaceSizeClass { get set }
    var verticalSizeClass: UIUserInterfaceSizeClass { get set }
    var userInterfaceIdiom: UIUserInterfaceIdiom { get set }
    var preferredContentSizeCategory: UIContentSizeCategory { get set }
    var layoutDirection: UITraitEnvironmentLayoutDirection { get set }
}

/// The traits a view overrides (unset: unspecified, scale 0), kept apart from UITraitOverrides
/// (iOS 17) so that views of any release hold them.
struct TraitValues {
    var displayScale: CGFloat = 0
    var horizontalSizeClass: UIUserInterfaceSizeClass = .unspecified
    var verticalSizeClass: UIUserInterfaceSizeClass = .unspecified
    var userInterfaceIdiom: UIUserInterfaceIdiom = .unspecified
    var preferredContentSizeCategory: UIContentSizeCategory = .unspecified
    var layoutDirection: UITraitEnvironmentLayoutDirection = .unspecified
}

/// developer.apple.com/documentation/uikit/uitraitoverrides: traits a view takes instead of its
/// environment's; unset (unspecified, scale 0) ones leave the environment's.
@available(iOS 17.0, *)
public struct UITraitOverrides: UIMutableTraits {
    var values: TraitValues

    init(_ values: TraitValues) { self.values = values }

    public var displayScale: CGFloat {
        get { values.displayScale }
        set { values.displayScale = newValue }
    }
    public var horizontalSizeClass: UIUserInterfaceSizeClass {
        get { values.horizontalSizeClass }
        set { values.horizontalSizeClass = newValue }
    }
    public var verticalSizeClass: UIUserInterfaceSizeClass {
        get { values.verticalSizeClass }
        set { values.verticalSizeClass = newValue }
    }
    public var userInterfaceIdiom: UIUserInterfaceIdiom {
        get { values.userInterfaceIdiom }
        set { values.userInterfaceIdiom = newValue }
    }
    public var preferredContentSizeCategory: UIContentSizeCategory {
        get { values.preferredContentSizeCategory }
        set { values.preferredContentSizeCategory = newValue }
    }
    public var layoutDirection: UITraitEnvironmentLayoutDirection {
        get { values.layoutDirection }
        set { values.layoutDirection = newValue }
    }
}
#endif
