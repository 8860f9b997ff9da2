import LayoutEngine
import Platform

/// A transform in a few words for people: `rotate 30° scale 1.5 translate 10,0` when it is a
/// 2D rotation, scale and translation; `matrix` for another 2D affine map (a skew); `3D` when
/// it leaves the plane (z terms or perspective). Numbers are rounded to 3 decimals.
package enum TransformDescription {
    package static func describe(_ t: Transform3D) -> String {
        if t.isIdentity { return "identity" }
        let m = t.m
        // 2D affine (CATransform3D's row-vector convention): only m11 m12 m21 m22 m41 m42 set.
        let planar =
            [m[2], m[3], m[6], m[7], m[8], m[9], m[11], m[14]].allSatisfy { $0 == 0 } && m[10] == 1 && m[15] == 1
        guard planar else { return "3D" }
        let a = m[0], b = m[1], c = m[4], d = m[5], tx = m[12], ty = m[13]
        var parts: [String] = []
        let tolerance = 1e-9 * max(1, abs(a), abs(b), abs(c), abs(d))
        if abs(b) <= tolerance && abs(c) <= tolerance {
            // Axis-aligned: a scale (per axis when they differ; a flip is a negative scale).
            if a != 1 || d != 1 {
                parts.append(abs(a - d) <= tolerance ? "scale \(r(a))" : "scale \(r(a)),\(r(d))")
            }
        } else if abs(a - d) <= tolerance && abs(b + c) <= tolerance {
            // A rotation by θ times a uniform scale s: a = d = s·cos θ, b = −c = s·sin θ.
            let s = (a * a + b * b).squareRoot()
            parts.append("rotate \(r(atan2(b, a) * 180 / Double.pi))°")
            if abs(s - 1) > 1e-9 { parts.append("scale \(r(s))") }
        } else {
            return "matrix"
        }
        if tx != 0 || ty != 0 { parts.append("translate \(r(tx)),\(r(ty))") }
        return parts.isEmpty ? "identity" : parts.joined(separator: " ")
    }

    private static func r(_ value: Double) -> String { NumberFormatting.rounded(value) }
}
