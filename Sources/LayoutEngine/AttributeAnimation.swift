/// A repeating animation of one drawn attribute, in the spirit of Core Animation's
/// CABasicAnimation (keyPath, fromValue, toValue, duration, autoreverses, repeatCount,
/// timeOffset): the outputs play it (SVG and pages as CSS animations) on top of the element's
/// own attributes; the layout itself never moves. Linear, as CABasicAnimation's default.
public struct AttributeAnimation: Hashable, Sendable {
    /// What is animated, composed with the element's attributes: `rotation` (degrees, about the
    /// drawn centre, clockwise on screen as UIKit's y-down rotation), `scale` (uniform, about the
    /// centre), `translation.x`/`translation.y` (points), `opacity` (multiplies alpha, 0…1).
    public enum KeyPath: String, CaseIterable, Sendable {
        case rotation, scale, translationX = "translation.x", translationY = "translation.y", opacity
    }

    public var keyPath: KeyPath
    public var fromValue: Double
    public var toValue: Double
    /// Seconds from `fromValue` to `toValue` (one way).
    public var duration: Double
    /// Plays back to `fromValue` after reaching `toValue` (a cycle then lasts 2 × duration).
    public var autoreverses: Bool
    /// Cycles played (fractions allowed); `.infinity`: forever (the default).
    public var repeatCount: Double
    /// The animation runs as if it had started this many seconds before the layout is shown
    /// (negative: it starts later): the phase of a looping animation.
    public var timeOffset: Double

    public init(
        keyPath: KeyPath, fromValue: Double, toValue: Double, duration: Double, autoreverses: Bool = false,
        repeatCount: Double = .infinity, timeOffset: Double = 0
    ) {
        self.keyPath = keyPath
        self.fromValue = fromValue
        self.toValue = toValue
        self.duration = duration
        self.autoreverses = autoreverses
        self.repeatCount = repeatCount
        self.timeOffset = timeOffset
    }

    /// Seconds of one cycle.
    public var cycle: Double { autoreverses ? 2 * duration : duration }

    /// The animated value `time` seconds after the layout is shown, or nil when the animation
    /// has not started or has ended (the attribute shows its own value then).
    public func value(at time: Double) -> Double? {
        let local = time + timeOffset
        guard local >= 0, local < cycle * repeatCount else { return nil }
        let phase = local.truncatingRemainder(dividingBy: cycle) / duration
        let progress = phase <= 1 ? phase : 2 - phase
        return fromValue + (toValue - fromValue) * progress
    }

    /// The animation as a data value (what a script reads back from `a.animations`).
    public var value: LayoutValue {
        .object([
            "keyPath": .string(keyPath.rawValue), "fromValue": .number(fromValue), "toValue": .number(toValue),
            "duration": .number(duration), "autoreverses": .bool(autoreverses), "repeatCount": .number(repeatCount),
            "timeOffset": .number(timeOffset),
        ])
    }
}
