import ArgumentParser
import LayoutEngine
import LayoutOutput
import Platform

/// `WxH`, e.g. `375x667`.
struct SizeArgument: ExpressibleByArgument {
    var size: Size

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
            w >= 0, h >= 0, w <= OutputGeometry.limit, h <= OutputGeometry.limit
        else { return nil }
        size = Size(width: w, height: h)
    }

    var defaultValueDescription: String {
        "\(NumberFormatting.format(size.width))x\(NumberFormatting.format(size.height))"
    }
}

/// `X,Y`.
struct PointArgument: ExpressibleByArgument {
    var point: Point

    init?(argument: String) {
        guard let numbers = parseNumbers(argument, count: 2) else { return nil }
        point = Point(x: numbers[0], y: numbers[1])
    }

    init(_ point: Point) { self.point = point }
}

/// `X,Y,W,H`.
struct RectArgument: ExpressibleByArgument {
    var rect: Rect

    init?(argument: String) {
        guard let numbers = parseNumbers(argument, count: 4), numbers[2] >= 0, numbers[3] >= 0 else { return nil }
        rect = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }
}

/// `T,L,B,R`: insets in points.
struct InsetsArgument: ExpressibleByArgument {
    var insets: EdgeInsets

    init?(argument: String) {
        guard let numbers = parseNumbers(argument, count: 4) else { return nil }
        insets = EdgeInsets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3])
    }
}

/// `N,N,…`: item counts per section.
struct SectionCountsArgument: ExpressibleByArgument {
    var counts: [Int]

    init?(argument: String) {
        // `--sections ''`: a collection view with no sections at all.
        if argument.trimmingWhitespace().isEmpty {
            counts = []
            return
        }
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
        var counts: [Int] = []
        for part in parts {
            guard let count = Int(part.trimmingCharacters(in: " ")), count >= 0, count <= 100_000_000 else {
                return nil
            }
            counts.append(count)
        }
        self.counts = counts
    }
}

/// `KEY=VALUE`, the value typed: `true`/`false`, a number, or a string.
struct StateArgument: ExpressibleByArgument {
    var key: String
    var value: LayoutValue

    init?(argument: String) {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else { return nil }
        key = String(argument[..<equals])
        let text = String(argument[argument.index(after: equals)...])
        switch text {
        case "true": value = .bool(true)
        case "false": value = .bool(false)
        default:
            if let number = Double(text), number.isFinite { value = .number(number) } else { value = .string(text) }
        }
    }
}

/// `--layout-direction ltr|rtl` (UIKit's names `leftToRight`, `rightToLeft` too).
struct LayoutDirectionArgument: ExpressibleByArgument {
    var direction: LayoutDirection

    init?(argument: String) {
        switch argument {
        case "ltr", "leftToRight": direction = .leftToRight
        case "rtl", "rightToLeft": direction = .rightToLeft
        default: return nil
        }
    }
}

/// `--content-inset-adjustment automatic|scrollableAxes|never|always`: UIKit's names.
struct ContentInsetAdjustmentArgument: ExpressibleByArgument {
    var behavior: ContentInsetAdjustmentBehavior

    init?(argument: String) {
        guard let behavior = ContentInsetAdjustmentBehavior(rawValue: argument) else { return nil }
        self.behavior = behavior
    }

    static var allValueStrings: [String] { ContentInsetAdjustmentBehavior.allCases.map(\.rawValue) }
}

/// `--ios N`: an iOS release the engine knows (`17`, `17.4`).
struct IOSVersionArgument: ExpressibleByArgument {
    var version: IOSVersion

    init?(argument: String) {
        guard let version = IOSVersion(parsing: argument) else { return nil }
        self.version = version
    }
}

/// `--trait KEY=VALUE`: a UITraitCollection value (`horizontalSizeClass=regular`); checked
/// against the known keys and values when the context is made.
struct TraitArgument: ExpressibleByArgument {
    var key: String
    var value: String

    init?(argument: String) {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else { return nil }
        key = String(argument[..<equals])
        value = String(argument[argument.index(after: equals)...])
    }
}

/// A byte count with an optional K, M or G suffix (binary units): `64M`.
struct ByteCountArgument: ExpressibleByArgument {
    var bytes: Int

    init(bytes: Int) { self.bytes = bytes }

    init?(argument: String) {
        var text = argument.uppercased()
        if text.hasSuffix("B") { text.removeLast() }
        var multiplier = 1
        if let last = text.last, let shift = ["K": 10, "M": 20, "G": 30][last] {
            multiplier = 1 << shift
            text.removeLast()
        }
        guard let value = Double(text), value > 0, value * Double(multiplier) < 1e15 else { return nil }
        bytes = Int(value * Double(multiplier))
    }

    var defaultValueDescription: String { "\(bytes >> 20)M" }
}

private func parseNumbers(_ text: String, count: Int) -> [Double]? {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard parts.count == count else { return nil }
    var numbers: [Double] = []
    for part in parts {
        // Geometry within ±1e15 points: what every output can draw without overflowing.
        guard let value = Double(part.trimmingCharacters(in: " ")), abs(value) <= OutputGeometry.limit else {
            return nil
        }
        numbers.append(value)
    }
    return numbers
}

private extension Substring {
    func trimmingCharacters(in character: Character) -> Substring {
        var text = self
        while text.first == character { text.removeFirst() }
        while text.last == character { text.removeLast() }
        return text
    }
}

/// `S:X`: an orthogonal section's scroll offset (`--orthogonal-offset`).
struct OrthogonalOffsetArgument: ExpressibleByArgument {
    var section: Int
    var offset: Double

    init?(argument: String) {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let section = Int(parts[0]), section >= 0, section <= 1_000_000_000,
            let offset = Double(parts[1]), offset.isFinite, abs(offset) <= 1e12
        else { return nil }
        self.section = section
        self.offset = offset
    }
}

/// `S:X[:VX]`: where orthogonal section S comes to rest released at X with velocity VX
/// (`--orthogonal-target`).
struct OrthogonalTargetArgument: ExpressibleByArgument {
    var section: Int
    var proposed: Double
    var velocity: Double

    init?(argument: String) {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, let section = Int(parts[0]), section >= 0, section <= 1_000_000_000,
            let proposed = Double(parts[1]), proposed.isFinite, abs(proposed) <= 1e12
        else { return nil }
        let velocity = parts.count == 3 ? Double(parts[2]) : 0
        guard let velocity, abs(velocity) <= OutputGeometry.limit else { return nil }
        self.section = section
        self.proposed = proposed
        self.velocity = velocity
    }
}
