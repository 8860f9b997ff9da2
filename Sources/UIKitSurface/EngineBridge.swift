#if !canImport(UIKit)
// Where UIKit's API meets LuaLayout's engine: the collection view as the engine's context, the
// engine's attributes as UIKit's, and the prepared layout both concrete layouts query, mirrored
// in a right-to-left collection view as UIKit's flipping layouts are.
import Foundation
import LayoutEngine

/// Not UIKit's: the iOS release whose UIKit behaviour the engine computes where releases
/// differ (docs/uikit-versions.md), 17 unless a host sets another (the round trip sets the
/// one `lualayout run --ios N` used).
@MainActor
public enum UIKitSurfaceRelease {
    public static var iOS: (major: Int, minor: Int) = (IOSVersion.default.major, IOSVersion.default.minor)
}

extension UICollectionView {
    /// The collection view as the engine sees it: bounds at the content offset, the display
    /// scale and traits, the data source's counts, the insets, margins and safe area, the
    /// layout direction.
    var engineContext: CollectionContext {
        let counts = (0..<max(0, numberOfSections)).map { max(0, numberOfItems(inSection: $0)) }
        let traits = traitCollection
        var context = CollectionContext(
            bounds: Rect(bounds), scale: Double(traits.displayScale), data: CollectionData(counts: counts),
            contentInset: EdgeInsets(contentInset), safeAreaInsets: EdgeInsets(safeAreaInsets),
            layoutMargins: EdgeInsets(layoutMargins))
        context.traits = traits.engineTraits
        context.layoutDirection = effectiveUserInterfaceLayoutDirection == .rightToLeft ? .rightToLeft : .leftToRight
        context.iosVersion = IOSVersion(UIKitSurfaceRelease.iOS.major, UIKitSurfaceRelease.iOS.minor)
        return context
    }
}

/// What a concrete layout prepared, and the queries on it in UIKit's terms. `kindNames` maps
/// the engine's kinds to UIKit's (the flow layout's "header" is UIKit's section-header kind).
@MainActor
struct EnginePrepared {
    var prepared: PreparedLayout = .empty
    var kindNames: [String: String] = [:]

    var contentSize: CGSize { CGSize(prepared.contentSize) }

    func elements(in rect: CGRect, of layout: UICollectionViewLayout) -> [UICollectionViewLayoutAttributes] {
        guard let view = layout.collectionView else { return [] }
        let found = (try? prepared.elements(in: mirrored(Rect(rect), layout), context: view.engineContext)) ?? []
        return found.map { attributes($0, layout) }
    }

    func element(_ key: ElementKey, of layout: UICollectionViewLayout) -> UICollectionViewLayoutAttributes? {
        guard let view = layout.collectionView,
            let found = try? prepared.attributes(for: key, context: view.engineContext)
        else { return nil }
        return attributes(found, layout)
    }

    func shouldInvalidate(forBoundsChange bounds: CGRect, of layout: UICollectionViewLayout) -> Bool {
        guard let view = layout.collectionView else { return false }
        return prepared.shouldInvalidateLayout(forBoundsChange: Rect(bounds), context: view.engineContext)
    }

    /// The engine's kind for UIKit's `kind`.
    func engineKind(_ kind: String) -> String { kindNames.first { $0.value == kind }?.key ?? kind }

    /// `rect` across the content's width when the layout is mirrored (UIKit flips the layout's
    /// coordinates in a right-to-left collection view).
    private func mirrored(_ rect: Rect, _ layout: UICollectionViewLayout) -> Rect {
        guard layout.isMirrored else { return rect }
        var result = rect
        result.origin.x = prepared.contentSize.width - rect.x - rect.width
        return result
    }

    private func attributes(_ a: LayoutAttributes, _ layout: UICollectionViewLayout) -> UICollectionViewLayoutAttributes
    {
        let indexPath = IndexPath(item: a.indexPath.item, section: a.indexPath.section)
        let kind = kindNames[a.kind] ?? a.kind
        let result: UICollectionViewLayoutAttributes
        switch a.category {
        case .cell: result = .make(for: layout, category: .cell, kind: nil, indexPath: indexPath)
        case .supplementary:
            result = .make(for: layout, category: .supplementaryView, kind: kind, indexPath: indexPath)
        case .decoration: result = .make(for: layout, category: .decorationView, kind: kind, indexPath: indexPath)
        }
        result.frame = CGRect(mirrored(a.frame, layout))
        result.alpha = CGFloat(a.alpha)
        result.zIndex = a.zIndex
        result.isHidden = a.hidden
        result.transform3D = CATransform3D(a.transform3D)
        return result
    }
}

extension Rect {
    init(_ r: CGRect) {
        self.init(
            x: Double(r.origin.x), y: Double(r.origin.y), width: Double(r.size.width), height: Double(r.size.height))
    }
}

extension CGRect {
    init(_ r: Rect) { self.init(x: r.x, y: r.y, width: r.width, height: r.height) }
}

extension CGSize {
    init(_ s: Size) { self.init(width: s.width, height: s.height) }
}

extension Size {
    init(_ s: CGSize) { self.init(width: Double(s.width), height: Double(s.height)) }
}

extension Point {
    init(_ p: CGPoint) { self.init(x: Double(p.x), y: Double(p.y)) }
}

extension EdgeInsets {
    init(_ i: UIEdgeInsets) {
        self.init(top: Double(i.top), left: Double(i.left), bottom: Double(i.bottom), right: Double(i.right))
    }
}

extension CATransform3D {
    init(_ t: Transform3D) {
        let m = t.m.map { CGFloat($0) }
        self.init(
            m11: m[0], m12: m[1], m13: m[2], m14: m[3], m21: m[4], m22: m[5], m23: m[6], m24: m[7], m31: m[8],
            m32: m[9], m33: m[10], m34: m[11], m41: m[12], m42: m[13], m43: m[14], m44: m[15])
    }

    var engineTransform: Transform3D {
        Transform3D(
            [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44].map { Double($0) })
    }
}
#endif
