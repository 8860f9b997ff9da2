#if !canImport(UIKit)
// developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration, laid out by the
// engine's list sections (docs/lists.md).
import Foundation
import LayoutEngine

/// developer.apple.com/documentation/uikit/uicollectionlayoutlistconfiguration
@available(iOS 14.0, *)
public struct UICollectionLayoutListConfiguration {
    /// …/uicollectionlayoutlistconfiguration/appearance-swift.enum
    public enum Appearance: Int, Sendable {
        case plain, grouped, insetGrouped, sidebar, sidebarPlain
    }

    /// …/uicollectionlayoutlistconfiguration/headermode-swift.enum
    public enum HeaderMode: Int, Sendable {
        case none, supplementary, firstItemInSection
    }

    /// …/uicollectionlayoutlistconfiguration/footermode-swift.enum
    public enum FooterMode: Int, Sendable {
        case none, supplementary
    }

    /// …/uicollectionlayoutlistconfiguration/appearance
    public private(set) var appearance: Appearance
    /// …/uicollectionlayoutlistconfiguration/headermode-swift.property
    public var headerMode: HeaderMode = .none
    /// …/uicollectionlayoutlistconfiguration/footermode-swift.property
    public var footerMode: FooterMode = .none
    /// …/uicollectionlayoutlistconfiguration/headertoppadding (nil: automatic)
    @available(iOS 15.0, *)
    public var headerTopPadding: CGFloat? {
        get { topPadding }
        set { topPadding = newValue }
    }
    private var topPadding: CGFloat?
    private var separators: Bool?
    /// …/uicollectionlayoutlistconfiguration/showsseparators
    public var showsSeparators: Bool {
        get { separators ?? (appearance != .sidebar && appearance != .sidebarPlain) }
        set { separators = newValue }
    }

    /// …/uicollectionlayoutlistconfiguration/init(appearance:)
    public init(appearance: Appearance) {
        self.appearance = appearance
    }

    var engineConfiguration: Compositional.ListConfiguration {
        let appearances: [Appearance: Compositional.ListAppearance] = [
            .plain: .plain, .grouped: .grouped, .insetGrouped: .insetGrouped, .sidebar: .sidebar,
            .sidebarPlain: .sidebarPlain,
        ]
        let headers: [HeaderMode: Compositional.ListHeaderMode] = [
            .none: .none, .supplementary: .supplementary, .firstItemInSection: .firstItemInSection,
        ]
        return Compositional.ListConfiguration(
            appearance: appearances[appearance] ?? .plain, headerMode: headers[headerMode] ?? .none,
            footerMode: footerMode == .supplementary ? .supplementary : .none, showsSeparators: separators,
            headerTopPadding: topPadding.map { Double($0) })
    }
}

@available(iOS 14.0, *)
extension NSCollectionLayoutSection {
    /// …/nscollectionlayoutsection/list(using:layoutenvironment:)
    public static func list(
        using configuration: UICollectionLayoutListConfiguration, layoutEnvironment: any NSCollectionLayoutEnvironment
    ) -> NSCollectionLayoutSection {
        let row = NSCollectionLayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .estimated(CGFloat(ListMetrics.rowEstimate)))
        let section = NSCollectionLayoutSection(
            group: .horizontal(layoutSize: row, subitems: [NSCollectionLayoutItem(layoutSize: row)]))
        section.listConfiguration = configuration.engineConfiguration
        return section
    }
}

@available(iOS 14.0, *)
extension UICollectionViewCompositionalLayout {
    /// …/uicollectionviewcompositionallayout/list(using:)
    public static func list(
        using configuration: UICollectionLayoutListConfiguration
    )
        -> UICollectionViewCompositionalLayout
    {
        UICollectionViewCompositionalLayout { _, environment in
            .list(using: configuration, layoutEnvironment: environment)
        }
    }
}
#endif
