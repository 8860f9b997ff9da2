#if !canImport(UIKit)
// UIKit's geometry types that Foundation does not provide on this platform (CGFloat, CGPoint,
// CGSize and CGRect come from Foundation). Transcribed from Apple's published interface; each
// declaration cites its page on developer.apple.com/documentation. Value types, not isolated.
import Foundation

/// developer.apple.com/documentation/uikit/nsdirectionaledgeinsets (UIGeometry.h)
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    /// …/nsdirectionaledgeinsets/init()
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }

    /// …/nsdirectionaledgeinsets/init(top:leading:bottom:trailing:)
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// …/nsdirectionaledgeinsets/zero
    public static let zero = NSDirectionalEdgeInsets()
}

/// developer.apple.com/documentation/uikit/uiedgeinsets (UIGeometry.h)
public struct UIEdgeInsets: Hashable, Sendable {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    /// …/uiedgeinsets/init()
    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }

    /// …/uiedgeinsets/init(top:left:bottom:right:)
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// …/uiedgeinsets/zero
    public static let zero = UIEdgeInsets()
}

/// developer.apple.com/documentation/uikit/nsdirectionalrectedge (UIGeometry.h)
public struct NSDirectionalRectEdge: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }

    public static let top = NSDirectionalRectEdge(rawValue: 1 << 0)
    public static let leading = NSDirectionalRectEdge(rawValue: 1 << 1)
    public static let bottom = NSDirectionalRectEdge(rawValue: 1 << 2)
    public static let trailing = NSDirectionalRectEdge(rawValue: 1 << 3)
    public static let all: NSDirectionalRectEdge = [.top, .leading, .bottom, .trailing]
}

/// developer.apple.com/documentation/uikit/nsrectalignment (UIGeometry.h)
public enum NSRectAlignment: Int, Sendable {
    case none = 0
    case top
    case topLeading
    case leading
    case bottomLeading
    case bottom
    case bottomTrailing
    case trailing
    case topTrailing
}

/// developer.apple.com/documentation/quartzcore/catransform3d (CATransform3D.h): a 4×4
/// matrix, m11…m44 row by row.
public struct CATransform3D: Hashable, Sendable {
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// …/catransform3d/init(): the zero matrix, as the C struct's default.
    public init() {
        (m11, m12, m13, m14) = (0, 0, 0, 0)
        (m21, m22, m23, m24) = (0, 0, 0, 0)
        (m31, m32, m33, m34) = (0, 0, 0, 0)
        (m41, m42, m43, m44) = (0, 0, 0, 0)
    }

    /// …/catransform3d/init(m11:m12:m13:m14:m21:m22:m23:m24:m31:m32:m33:m34:m41:m42:m43:m44:)
    public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat, m21: CGFloat, m22: CGFloat, m23: CGFloat,
        m24: CGFloat, m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat, m41: CGFloat, m42: CGFloat,
        m43: CGFloat, m44: CGFloat
    ) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }
}

/// developer.apple.com/documentation/quartzcore/catransform3didentity
public let CATransform3DIdentity = CATransform3D(
    m11: 1, m12: 0, m13: 0, m14: 0, m21: 0, m22: 1, m23: 0, m24: 0, m31: 0, m32: 0, m33: 1, m34: 0, m41: 0, m42: 0,
    m43: 0, m44: 1)

/// developer.apple.com/documentation/quartzcore/catransform3disidentity(_:)
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == CATransform3DIdentity }

/// developer.apple.com/documentation/quartzcore/catransform3dmakescale(_:_:_:)
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    (t.m11, t.m22, t.m33) = (sx, sy, sz)
    return t
}

/// developer.apple.com/documentation/quartzcore/catransform3dmaketranslation(_:_:_:)
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    var t = CATransform3DIdentity
    (t.m41, t.m42, t.m43) = (tx, ty, tz)
    return t
}

/// developer.apple.com/documentation/quartzcore/catransform3dmakeaffinetransform(_:)
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    var t = CATransform3DIdentity
    (t.m11, t.m12, t.m21, t.m22, t.m41, t.m42) = (m.a, m.b, m.c, m.d, m.tx, m.ty)
    return t
}

/// developer.apple.com/documentation/quartzcore/catransform3dgetaffinetransform(_:)
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

#if !canImport(CoreGraphics)
/// developer.apple.com/documentation/corefoundation/cgaffinetransform (Core Graphics; absent
/// from Foundation here): the matrix [a b 0; c d 0; tx ty 1].
public struct CGAffineTransform: Hashable, Sendable {
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

    /// …/cgaffinetransform/init(a:b:c:d:tx:ty:)
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// …/cgaffinetransform/identity
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// …/cgaffinetransform/init(scalex:y:)
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }

    /// …/cgaffinetransform/init(translationx:y:)
    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }
}
#endif

#if !canImport(Darwin)
// developer.apple.com/documentation/foundation/indexpath (UIKit's additions, NSIndexPath+UIKitAdditions):
// swift-corelibs-foundation's IndexPath lacks them.
extension IndexPath {
    /// …/indexpath/init(item:section:)
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    /// …/indexpath/section
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }
    /// …/indexpath/item
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }
}
#endif
#endif
