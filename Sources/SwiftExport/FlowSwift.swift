import LayoutEngine

/// Writes a flow layout: `UICollectionViewFlowLayout()` with every property set, so the file
/// says all there is to know about the layout.
struct FlowSwift {
    let writing: ExportWriting
    /// The layout's class: UIKit's, or the export's subclass (`flipsHorizontally…`).
    let layoutType: String
    private var code: SwiftCode { writing.code }

    /// The kinds a flow layout places: UIKit's section header and footer, when they have a size.
    static func addKinds(_ configuration: FlowLayoutConfiguration, to kinds: ElementKinds) {
        if configuration.headerReferenceSize != .zero {
            kinds.add("header", .supplementary, uikitConstant: "UICollectionView.elementKindSectionHeader")
        }
        if configuration.footerReferenceSize != .zero {
            kinds.add("footer", .supplementary, uikitConstant: "UICollectionView.elementKindSectionFooter")
        }
    }

    func write(_ configuration: FlowLayoutConfiguration, estimatedItemSize: Size?, layout: String) {
        code.line("let \(layout) = \(layoutType)()")
        code.line("\(layout).scrollDirection = .\(configuration.scrollDirection.rawValue)")
        code.line("\(layout).itemSize = \(size(configuration.itemSize))")
        code.line("\(layout).estimatedItemSize = \(size(estimatedItemSize ?? .zero))")
        if estimatedItemSize.map({ $0 != .zero }) == true {
            writing.differs("estimated sizes (UIKit asks the cells; `lualayout run` keeps the estimates)")
        }
        code.line("\(layout).minimumLineSpacing = \(SwiftText.points(configuration.minimumLineSpacing))")
        code.line("\(layout).minimumInteritemSpacing = \(SwiftText.points(configuration.minimumInteritemSpacing))")
        let inset = configuration.sectionInset
        let values = [inset.top, inset.left, inset.bottom, inset.right].map(SwiftText.points)
        code.line(
            "\(layout).sectionInset = UIEdgeInsets(top: \(values[0]), left: \(values[1]), bottom: \(values[2]), right: \(values[3]))"
        )
        let reference: String
        switch configuration.sectionInsetReference {
        case .contentInset: reference = "fromContentInset"
        case .safeArea: reference = "fromSafeArea"
        case .layoutMargins: reference = "fromLayoutMargins"
        }
        code.line("\(layout).sectionInsetReference = .\(reference)")
        code.line("\(layout).headerReferenceSize = \(size(configuration.headerReferenceSize))")
        code.line("\(layout).footerReferenceSize = \(size(configuration.footerReferenceSize))")
        code.line("\(layout).sectionHeadersPinToVisibleBounds = \(configuration.sectionHeadersPinToVisibleBounds)")
        code.line("\(layout).sectionFootersPinToVisibleBounds = \(configuration.sectionFootersPinToVisibleBounds)")
    }

    private func size(_ s: Size) -> String {
        "CGSize(width: \(SwiftText.points(s.width)), height: \(SwiftText.points(s.height)))"
    }
}
