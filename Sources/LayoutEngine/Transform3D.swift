import Platform

/// A 4×4 transform (CATransform3D), stored row-major as CATransform3D's m11…m44.
/// A point is a row vector multiplied on the left: p' = p · M (translation in m41, m42, m43).
public struct Transform3D: Hashable, Sendable {
    public var m: [Double]

    public init(_ m: [Double]) {
        precondition(m.count == 16, "a 3D transform has 16 components")
        self.m = m
    }

    public static let identity = Transform3D([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    public var isIdentity: Bool { self == .identity }

    public static func translation(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1])
    }

    public static func scale(x: Double, y: Double, z: Double) -> Transform3D {
        Transform3D([x, 0, 0, 0, 0, y, 0, 0, 0, 0, z, 0, 0, 0, 0, 1])
    }

    /// Rotation by `angle` radians about the z axis (CATransform3DMakeRotation(angle, 0, 0, 1)).
    public static func rotationZ(_ angle: Double) -> Transform3D {
        let c = cos(angle), s = sin(angle)
        return Transform3D([c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])
    }

    /// Rotation by `angle` radians about the y axis (CATransform3DMakeRotation(angle, 0, 1, 0)).
    public static func rotationY(_ angle: Double) -> Transform3D {
        let c = cos(angle), s = sin(angle)
        return Transform3D([c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1])
    }

    /// `self` applied first, then `other` (CATransform3DConcat(self, other)).
    public func concatenating(_ other: Transform3D) -> Transform3D {
        var result = [Double](repeating: 0, count: 16)
        for row in 0..<4 {
            for column in 0..<4 {
                var sum = 0.0
                for k in 0..<4 { sum += m[row * 4 + k] * other.m[k * 4 + column] }
                result[row * 4 + column] = sum
            }
        }
        return Transform3D(result)
    }
}
