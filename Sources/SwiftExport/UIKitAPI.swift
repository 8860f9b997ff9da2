import LayoutEngine

/// The UIKit APIs an export may write whose availability is not every release it supports:
/// the release that introduced each, the one that deprecated it and what replaces it, with
/// Apple's page. docs/export.md's table is this list (a test keeps them equal); UIKitSurface
/// declares the same availability (a test holds it against Apple's interface).
enum UIKitAPI: String, CaseIterable, Sendable {
    case compositionalLayout
    case listConfiguration
    case listSection
    case listLayout
    case contentInsetsReference
    case configurationContentInsetsReference
    case headerTopPadding
    case subitemCount
    case repeatingSubitem
    case supplementariesFollowContentInsets
    case supplementaryContentInsetsReference
    case uniformAcrossSiblings

    /// How the export spells it, as Apple's documentation titles it.
    var swiftName: String {
        switch self {
        case .compositionalLayout: "UICollectionViewCompositionalLayout"
        case .listConfiguration: "UICollectionLayoutListConfiguration"
        case .listSection: "NSCollectionLayoutSection.list(using:layoutEnvironment:)"
        case .listLayout: "UICollectionViewCompositionalLayout.list(using:)"
        case .contentInsetsReference: "NSCollectionLayoutSection.contentInsetsReference"
        case .configurationContentInsetsReference:
            "UICollectionViewCompositionalLayoutConfiguration.contentInsetsReference"
        case .headerTopPadding: "UICollectionLayoutListConfiguration.headerTopPadding"
        case .subitemCount: "NSCollectionLayoutGroup.horizontal/vertical(layoutSize:subitem:count:)"
        case .repeatingSubitem: "NSCollectionLayoutGroup.horizontal/vertical(layoutSize:repeatingSubitem:count:)"
        case .supplementariesFollowContentInsets: "NSCollectionLayoutSection.supplementariesFollowContentInsets"
        case .supplementaryContentInsetsReference: "NSCollectionLayoutSection.supplementaryContentInsetsReference"
        case .uniformAcrossSiblings: "NSCollectionLayoutDimension.uniformAcrossSiblings(estimate:)"
        }
    }

    /// The Lua that asks for it, as messages name it, and the text that finds its line in
    /// the script (`layout.lua:7: …`).
    var lua: (name: String, search: String) {
        switch self {
        case .compositionalLayout: ("compositional{...}", "compositional")
        case .listConfiguration, .listSection, .listLayout: ("compositional.list", ".list")
        case .contentInsetsReference, .configurationContentInsetsReference:
            ("contentInsetsReference", "contentInsetsReference")
        case .headerTopPadding: ("headerTopPadding", "headerTopPadding")
        case .subitemCount: ("count", "count")
        case .repeatingSubitem: ("repeatingSubitem", "repeatingSubitem")
        case .supplementariesFollowContentInsets, .supplementaryContentInsetsReference:
            ("supplementariesFollowContentInsets", "supplementariesFollowContentInsets")
        case .uniformAcrossSiblings: ("uniformAcrossSiblings", "uniformAcrossSiblings")
        }
    }

    var introduced: IOSVersion {
        switch self {
        case .compositionalLayout, .subitemCount, .supplementariesFollowContentInsets: IOSVersion(13)
        case .listConfiguration, .listSection, .listLayout, .contentInsetsReference,
            .configurationContentInsetsReference:
            IOSVersion(14)
        case .headerTopPadding: IOSVersion(15)
        case .repeatingSubitem, .supplementaryContentInsetsReference: IOSVersion(16)
        case .uniformAcrossSiblings: IOSVersion(17)
        }
    }

    /// The release that deprecated it, and the API to write from then on.
    var deprecation: (version: IOSVersion, replacement: UIKitAPI)? {
        switch self {
        case .subitemCount: (IOSVersion(16), .repeatingSubitem)
        case .supplementariesFollowContentInsets: (IOSVersion(16), .supplementaryContentInsetsReference)
        default: nil
        }
    }

    /// Its page on developer.apple.com.
    var page: String {
        let base = "https://developer.apple.com/documentation/uikit/"
        switch self {
        case .compositionalLayout: return base + "uicollectionviewcompositionallayout"
        case .listConfiguration: return base + "uicollectionlayoutlistconfiguration"
        case .listSection: return base + "nscollectionlayoutsection/list(using:layoutenvironment:)"
        case .listLayout: return base + "uicollectionviewcompositionallayout/list(using:)"
        case .contentInsetsReference: return base + "nscollectionlayoutsection/contentinsetsreference"
        case .configurationContentInsetsReference:
            return base + "uicollectionviewcompositionallayoutconfiguration/contentinsetsreference"
        case .headerTopPadding: return base + "uicollectionlayoutlistconfiguration/headertoppadding"
        case .subitemCount: return base + "nscollectionlayoutgroup/horizontal(layoutsize:subitem:count:)"
        case .repeatingSubitem: return base + "nscollectionlayoutgroup/horizontal(layoutsize:repeatingsubitem:count:)"
        case .supplementariesFollowContentInsets:
            return base + "nscollectionlayoutsection/supplementariesfollowcontentinsets"
        case .supplementaryContentInsetsReference:
            return base + "nscollectionlayoutsection/supplementarycontentinsetsreference"
        case .uniformAcrossSiblings: return base + "nscollectionlayoutdimension/uniformacrosssiblings(estimate:)"
        }
    }

    /// The oldest release an export targets: UICollectionViewCompositionalLayout's, the
    /// oldest `--ios` the engine knows; a flow layout's APIs are all older.
    static let floor = IOSVersion(13)
}
