import LayoutEngine

/// Writes a flow layout: `UICollectionViewFlowLayout()` with every property set, so the file
/// says all there is to know about the layout.
struct FlowSwift {
    let code: SwiftCode

    func layout(_ configuration: FlowLayoutConfiguration, estimatedItemSize: Size?, name: String) {
        // UIKit's layout classes are main-actor isolated.
        code.line("@MainActor")
        code.line("func make\(name)Layout() -> UICollectionViewFlowLayout {")
        code.nested {
            let layout = code.claim("layout")
            code.line("let \(layout) = UICollectionViewFlowLayout()")
            code.line("\(layout).scrollDirection = .\(configuration.scrollDirection.rawValue)")
            code.line("\(layout).itemSize = \(size(configuration.itemSize))")
            code.line("\(layout).estimatedItemSize = \(size(estimatedItemSize ?? .zero))")
            code.line("\(layout).minimumLineSpacing = \(SwiftLiteral.points(configuration.minimumLineSpacing))")
            code.line(
                "\(layout).minimumInteritemSpacing = \(SwiftLiteral.points(configuration.minimumInteritemSpacing))")
            let inset = configuration.sectionInset
            let values = [inset.top, inset.left, inset.bottom, inset.right].map(SwiftLiteral.points)
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
    }

    private func size(_ s: Size) -> String {
        "CGSize(width: \(SwiftLiteral.points(s.width)), height: \(SwiftLiteral.points(s.height)))"
    }
}
