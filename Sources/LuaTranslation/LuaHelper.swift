/// The few places where Swift's operators differ from Lua's: small private functions the
/// generated file carries (only those it calls), each stating the Lua rule it keeps.
enum LuaHelper: String, CaseIterable, Comparable {
    case floorDivide, floorModulo, floatModulo, luaString, luaStringWhole, luaFormat, luaInteger, luaMax, luaMin
    case sequenceLength, sequence, luaLess, shiftLeft, shiftRight, element, substring, numberOrder, random
    // UIKit's values as the script reads them (docs/lua-to-swift.md).
    case elementNames, transforms, traitNames, updateNames, elementOrder, sharesArea, emptySection, configured
    case orthogonalBehavior, repeatingSubitem, listConfiguration

    static func < (lhs: LuaHelper, rhs: LuaHelper) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// Helpers this one calls.
    var requires: [LuaHelper] {
        switch self {
        case .luaStringWhole: [.luaString]
        case .shiftRight: [.shiftLeft]
        case .elementOrder: [.elementNames]
        default: []
        }
    }

    /// The helper's Swift, with its doc comment.
    var source: String { Self.sources[self]! }

    private static let sources: [LuaHelper: String] = [
        .floorDivide: """
        /// Lua's `//` on integers: the quotient rounded toward minus infinity (Swift's `/`
        /// truncates toward zero). Dividing by zero stops, as Lua's error does.
        private func floorDivide(_ a: Int, _ b: Int) -> Int {
            precondition(b != 0, "attempt to perform 'n//0'")
            if b == -1 { return 0 &- a }
            let quotient = a / b
            return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
        }
        """,
        .floorModulo: """
        /// Lua's `%` on integers: the remainder has the divisor's sign (Swift's `%` has the
        /// dividend's).
        private func floorModulo(_ a: Int, _ b: Int) -> Int {
            precondition(b != 0, "attempt to perform 'n%%0'")
            if b == -1 { return 0 }
            let remainder = a % b
            return (remainder != 0 && (remainder < 0) != (b < 0)) ? remainder + b : remainder
        }
        """,
        .floatModulo: """
        /// Lua's `%` on floats: C's fmod (the dividend's sign), moved by the divisor when the
        /// two signs differ.
        private func floatModulo(_ a: Double, _ b: Double) -> Double {
            var remainder = fmod(a, b)
            if remainder > 0 ? b < 0 : (remainder < 0 && b > 0) { remainder += b }
            return remainder
        }
        """,
        .luaString: """
        /// A float as Lua prints it (`tostring`, `..`): 14 significant digits (%.14g), and
        /// `.0` when that looks like an integer.
        private func luaString(_ value: Double) -> String {
            let text = luaFormat("%.14g", value)
            return text.allSatisfy({ $0 == "-" || $0.isNumber }) ? text + ".0" : text
        }
        """,
        .luaStringWhole: """
        /// A number from the engine as Lua prints it: the engine hands whole numbers to Lua
        /// as integers (`375`), other values as floats (`187.5`).
        private func luaString(whole value: Double) -> String {
            if value == value.rounded(), abs(value) < 9_007_199_254_740_992, !(value == 0 && value.sign == .minus) {
                return String(Int(value))
            }
            return luaString(value)
        }
        """,
        .luaFormat: """
        /// C's printf, which Lua's string.format and tostring call (the same digits, `inf`, `nan`).
        private func luaFormat(_ format: String, _ arguments: CVarArg...) -> String {
            withVaList(arguments) { list in
                var buffer = [CChar](repeating: 0, count: 512)
                let count = vsnprintf(&buffer, buffer.count, format, list)
                return String(decoding: buffer.prefix(max(0, min(Int(count), buffer.count - 1))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            }
        }
        """,
        .luaInteger: """
        /// A float where Lua needs an integer (`%d`, an index): whole values only, as Lua's
        /// "number has no integer representation" error requires.
        private func luaInteger(_ value: Double) -> Int {
            guard let integer = Int(exactly: value) else { preconditionFailure("number has no integer representation") }
            return integer
        }
        """,
        .luaMax: """
        /// Lua's math.max: the first of the largest values (Swift's max returns the last of
        /// equal ones, which tells -0.0 from 0.0).
        private func luaMax(_ first: Double, _ rest: Double...) -> Double {
            rest.reduce(first) { $0 < $1 ? $1 : $0 }
        }
        """,
        .luaMin: """
        /// Lua's math.min: the first of the smallest values.
        private func luaMin(_ first: Double, _ rest: Double...) -> Double {
            rest.reduce(first) { $1 < $0 ? $1 : $0 }
        }
        """,
        .sequenceLength: """
        /// Lua's `#` of a table with integer keys: n where keys 1…n are present and n + 1 is not.
        private func sequenceLength<Value>(_ table: [Int: Value]) -> Int {
            var length = 0
            while table[length + 1] != nil { length += 1 }
            return length
        }
        """,
        .sequence: """
        /// ipairs over a table with integer keys: 1, 2, … up to the first missing key.
        private func sequence<Value>(_ table: [Int: Value]) -> [(Int, Value)] {
            var result: [(Int, Value)] = []
            while let value = table[result.count + 1] { result.append((result.count + 1, value)) }
            return result
        }
        """,
        .luaLess: """
        /// Lua's `<` on strings: byte by byte (Swift compares Unicode characters).
        private func luaLess(_ a: String, _ b: String) -> Bool {
            a.utf8.lexicographicallyPrecedes(b.utf8)
        }
        """,
        .shiftLeft: """
        /// Lua's `<<`: a logical shift; 64 or more places gives 0; a negative count shifts right.
        private func shiftLeft(_ value: Int, _ count: Int) -> Int {
            if count <= -64 || count >= 64 { return 0 }
            let bits = UInt(bitPattern: value)
            return Int(bitPattern: count >= 0 ? bits << UInt(count) : bits >> UInt(-count))
        }
        """,
        .shiftRight: """
        /// Lua's `>>`: a logical shift (zeros come in from the left).
        private func shiftRight(_ value: Int, _ count: Int) -> Int {
            shiftLeft(value, count == Int.min ? 64 : -count)
        }
        """,
        .numberOrder: """
        /// Lua orders an integer and a float by their exact values (lvm.c): as floats while the
        /// integer fits a float exactly (±2⁵³), else as integers against the float's floor or
        /// ceiling.
        private func fitsFloat(_ integer: Int) -> Bool { integer.magnitude <= 1 << 53 }

        private func integer(_ value: Double, rounded rule: FloatingPointRoundingRule) -> Int? {
            let whole = value.rounded(rule)
            return whole >= -9_223_372_036_854_775_808.0 && whole < 9_223_372_036_854_775_808.0 ? Int(whole) : nil
        }

        private func isLess(_ a: Int, _ b: Double) -> Bool {
            if fitsFloat(a) { return Double(a) < b }
            if let ceiling = integer(b, rounded: .up) { return a < ceiling }
            return b > 0
        }

        private func isLessOrEqual(_ a: Int, _ b: Double) -> Bool {
            if fitsFloat(a) { return Double(a) <= b }
            if let floor = integer(b, rounded: .down) { return a <= floor }
            return b > 0
        }

        private func isLess(_ a: Double, _ b: Int) -> Bool {
            if fitsFloat(b) { return a < Double(b) }
            if let floor = integer(a, rounded: .down) { return floor < b }
            return !(a > 0)
        }

        private func isLessOrEqual(_ a: Double, _ b: Int) -> Bool {
            if fitsFloat(b) { return a <= Double(b) }
            if let ceiling = integer(a, rounded: .up) { return ceiling <= b }
            return !(a > 0)
        }
        """,
        .random: """
        /// Lua 5.4's math.random: the xoshiro256** generator, seeded as math.randomseed(n)
        /// seeds it, its floats and its unbiased integer ranges (lmathlib.c's rules).
        private struct LuaRandom {
            private var state: (UInt64, UInt64, UInt64, UInt64)

            init(seed: Int) {
                state = (UInt64(bitPattern: Int64(seed)), 0xff, 0, 0)
                for _ in 0..<16 { _ = next() }
            }

            private mutating func next() -> UInt64 {
                var (s0, s1, s2, s3) = state
                let result = rotate(s1 &* 5, 7) &* 9
                let t = s1 << 17
                s2 ^= s0
                s3 ^= s1
                s1 ^= s2
                s0 ^= s3
                s2 ^= t
                s3 = rotate(s3, 45)
                state = (s0, s1, s2, s3)
                return result
            }

            private func rotate(_ x: UInt64, _ n: UInt64) -> UInt64 { (x << n) | (x >> (64 - n)) }

            /// math.random(): a float in [0, 1) from the top 53 bits.
            mutating func float() -> Double { Double(next() >> 11) * 0x1.0p-53 }

            /// math.random(m): 1…m, or any integer for m = 0.
            mutating func integer(upTo up: Int) -> Int {
                if up == 0 { return Int(bitPattern: UInt(next())) }
                return integer(1, up)
            }

            /// math.random(low, up).
            mutating func integer(_ low: Int, _ up: Int) -> Int {
                var value = next()
                precondition(low <= up, "bad argument to 'random' (interval is empty)")
                let range = UInt64(bitPattern: Int64(up)) &- UInt64(bitPattern: Int64(low))
                if range & (range &+ 1) == 0 {
                    value &= range
                } else {
                    var limit = range
                    for shift: UInt64 in [1, 2, 4, 8, 16, 32] { limit |= limit >> shift }
                    value &= limit
                    while value > range { value = next() & limit }
                }
                return Int(bitPattern: UInt(value &+ UInt64(bitPattern: Int64(low))))
            }
        }
        """,
        .substring: """
        /// Lua's string.sub: bytes i…j, counting from 1, negative positions from the end.
        private func substring(_ text: String, _ first: Int, _ last: Int) -> String {
            let bytes = Array(text.utf8)
            let count = bytes.count
            var start = first < 0 ? max(count + first + 1, 1) : (first == 0 ? 1 : first)
            let end = last < 0 ? count + last + 1 : min(last, count)
            if start < 1 { start = 1 }
            guard start <= end else { return "" }
            return String(decoding: bytes[(start - 1)..<end], as: UTF8.self)
        }
        """,
        .elementNames: """
        /// `a.category`: UIKit's element category as the script names it.
        private func elementCategory(_ category: UICollectionView.ElementCategory) -> String {
            switch category {
            case .cell: "cell"
            case .supplementaryView: "supplementary"
            default: "decoration"
            }
        }

        /// `a.kind`: nil for a cell; UIKit's flow header and footer kinds are the script's "header" and "footer".
        private func elementKind(_ kind: String?) -> String? {
            switch kind {
            case UICollectionView.elementKindSectionHeader?: "header"
            case UICollectionView.elementKindSectionFooter?: "footer"
            default: kind
            }
        }

        /// UIKit's kind for the script's: a flow layout's "header" and "footer" are UIKit's own.
        private func uikitKind(_ kind: String) -> String {
            switch kind {
            case "header": UICollectionView.elementKindSectionHeader
            case "footer": UICollectionView.elementKindSectionFooter
            default: kind
            }
        }

        /// `a.indexPath[n]`: the components of an index path deeper than section and item (nil for [section, item]).
        private func pathComponent(_ indexPath: IndexPath, _ position: Int) -> Int? {
            indexPath.count > 2 && position >= 1 && position <= indexPath.count ? indexPath[position - 1] : nil
        }
        """,
        .transforms: """
        /// `a.transform3D` as the script reads it: 16 numbers, row-major (m11…m44).
        private func transformNumbers(_ t: CATransform3D) -> [Double] {
            [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
                .map { Double($0) }
        }

        /// Sixteen numbers, row-major, as a CATransform3D (the script's `a.transform3D = {…}`).
        private func makeTransform3D(_ m: [Double]) -> CATransform3D {
            precondition(m.count == 16, "transform3D takes 16 numbers")
            var t = CATransform3DIdentity
            (t.m11, t.m12, t.m13, t.m14) = (CGFloat(m[0]), CGFloat(m[1]), CGFloat(m[2]), CGFloat(m[3]))
            (t.m21, t.m22, t.m23, t.m24) = (CGFloat(m[4]), CGFloat(m[5]), CGFloat(m[6]), CGFloat(m[7]))
            (t.m31, t.m32, t.m33, t.m34) = (CGFloat(m[8]), CGFloat(m[9]), CGFloat(m[10]), CGFloat(m[11]))
            (t.m41, t.m42, t.m43, t.m44) = (CGFloat(m[12]), CGFloat(m[13]), CGFloat(m[14]), CGFloat(m[15]))
            return t
        }
        """,
        .traitNames: """
        /// A size class as the script names it; unspecified reads as lualayout's default.
        private func sizeClassName(_ sizeClass: UIUserInterfaceSizeClass, unspecified: String) -> String {
            switch sizeClass {
            case .compact: "compact"
            case .regular: "regular"
            default: unspecified
            }
        }

        /// The idiom as the script names it.
        private func idiomName(_ idiom: UIUserInterfaceIdiom) -> String {
            switch idiom {
            case .pad: "pad"
            case .mac: "mac"
            default: "phone"
            }
        }

        /// The text size as the script names it (UIContentSizeCategory's names; unspecified reads as "large").
        private func contentSizeCategoryName(_ category: UIContentSizeCategory) -> String {
            let names: [(UIContentSizeCategory, String)] = [
                (.extraSmall, "extraSmall"), (.small, "small"), (.medium, "medium"), (.large, "large"),
                (.extraLarge, "extraLarge"), (.extraExtraLarge, "extraExtraLarge"),
                (.extraExtraExtraLarge, "extraExtraExtraLarge"), (.accessibilityMedium, "accessibilityMedium"),
                (.accessibilityLarge, "accessibilityLarge"), (.accessibilityExtraLarge, "accessibilityExtraLarge"),
                (.accessibilityExtraExtraLarge, "accessibilityExtraExtraLarge"),
                (.accessibilityExtraExtraExtraLarge, "accessibilityExtraExtraExtraLarge"),
            ]
            return names.first { $0.0 == category }?.1 ?? "large"
        }
        """,
        .updateNames: """
        /// An update's action as the script names it.
        private func updateActionName(_ action: UICollectionViewUpdateItem.Action) -> String {
            switch action {
            case .insert: "insert"
            case .delete: "delete"
            case .reload: "reload"
            case .move: "move"
            default: "none"
            }
        }

        /// An update's item: nil for a whole section (UIKit's index path then has no item).
        private func updatedItem(_ indexPath: IndexPath) -> Int? {
            indexPath.count < 2 || indexPath.item == NSNotFound ? nil : indexPath.item
        }
        """,
        .elementOrder: """
        /// lualayout's order of elements, in which the hooks receive them: cells, supplementary
        /// views, decoration views; then by kind; then by index path.
        @MainActor
        private func inElementOrder<Element: UICollectionViewLayoutAttributes>(_ elements: [Element]) -> [Element] {
            elements.sorted { a, b in
                let (first, second) = (a.representedElementCategory.rawValue, b.representedElementCategory.rawValue)
                if first != second { return first < second }
                let (kindA, kindB) = (elementKind(a.representedElementKind) ?? "", elementKind(b.representedElementKind) ?? "")
                if kindA != kindB { return kindA.utf8.lexicographicallyPrecedes(kindB.utf8) }
                return a.indexPath < b.indexPath
            }
        }
        """,
        .sharesArea: """
        /// Whether two rects share area, as lualayout's rect queries ask it: an empty rect (no
        /// width or height) shares none, and rects that only touch share none.
        private func sharesArea(_ a: CGRect, _ b: CGRect) -> Bool {
            a.size.width > 0 && a.size.height > 0 && b.size.width > 0 && b.size.height > 0
                && a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
        }
        """,
        .emptySection: """
        /// The section for a nil from the section provider: UIKit raises "Invalid section
        /// definition" for nil; lualayout lays out an empty section. This one places its items at
        /// no height.
        @MainActor
        private func emptySection() -> NSCollectionLayoutSection {
            let size = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(0))
            return NSCollectionLayoutSection(
                group: .horizontal(layoutSize: size, subitems: [NSCollectionLayoutItem(layoutSize: size)]))
        }
        """,
        .configured: """
        /// A compositional value with the properties its Lua constructor's table gives (UIKit
        /// sets them after the initializer).
        @MainActor
        private func configured<Value: AnyObject>(_ value: Value, _ body: (Value) -> Void) -> Value {
            body(value)
            return value
        }
        """,
        .listConfiguration: """
        /// A list section's configuration by the names the script computes (docs/lists.md); a
        /// name lualayout does not know stops, as the engine's error does.
        @MainActor
        private func listConfiguration(
            appearance: String, headerMode: String = "none", footerMode: String = "none", showsSeparators: Bool? = nil
        ) -> UICollectionLayoutListConfiguration {
            let appearances: [String: UICollectionLayoutListConfiguration.Appearance] = [
                "plain": .plain, "grouped": .grouped, "insetGrouped": .insetGrouped, "sidebar": .sidebar,
                "sidebarPlain": .sidebarPlain,
            ]
            let headerModes: [String: UICollectionLayoutListConfiguration.HeaderMode] = [
                "none": .none, "supplementary": .supplementary, "firstItemInSection": .firstItemInSection,
            ]
            guard let kind = appearances[appearance], let header = headerModes[headerMode],
                footerMode == "none" || footerMode == "supplementary"
            else { fatalError("unknown list appearance, headerMode or footerMode: \\(appearance), \\(headerMode), \\(footerMode)") }
            var configuration = UICollectionLayoutListConfiguration(appearance: kind)
            configuration.headerMode = header
            configuration.footerMode = footerMode == "supplementary" ? .supplementary : .none
            if let showsSeparators { configuration.showsSeparators = showsSeparators }
            return configuration
        }
        """,
        .orthogonalBehavior: """
        /// A section's orthogonal scrolling behaviour by the name the script computes; a name
        /// lualayout does not know stops, as the engine's error does.
        @MainActor
        private func orthogonalBehavior(_ name: String) -> UICollectionLayoutSectionOrthogonalScrollingBehavior {
            switch name {
            case "none": .none
            case "continuous": .continuous
            case "continuousGroupLeadingBoundary": .continuousGroupLeadingBoundary
            case "paging": .paging
            case "groupPaging": .groupPaging
            case "groupPagingCentered": .groupPagingCentered
            default: fatalError("unknown orthogonalScrollingBehavior: \\(name)")
            }
        }
        """,
        .repeatingSubitem: """
        /// `subitem:count:` (deprecated in iOS 16) as `repeatingSubitem:count:`: the item sized
        /// to 1/count of the group along its axis (fractions resolve against the group less the
        /// spacing), which lays out as `subitem:count:` does. An item's properties are kept; a
        /// group given as the subitem stops (it would need its subitems rebuilt).
        @MainActor
        private func repeatingGroup(
            _ horizontal: Bool, layoutSize: NSCollectionLayoutSize, subitem: NSCollectionLayoutItem, count: Int
        ) -> NSCollectionLayoutGroup {
            precondition(!(subitem is NSCollectionLayoutGroup), "subitem:count: of a group is not translated for iOS 16")
            let share = 1 / CGFloat(count)
            let size =
                horizontal
                ? NSCollectionLayoutSize(
                    widthDimension: .fractionalWidth(share), heightDimension: subitem.layoutSize.heightDimension)
                : NSCollectionLayoutSize(
                    widthDimension: subitem.layoutSize.widthDimension, heightDimension: .fractionalHeight(share))
            let item = NSCollectionLayoutItem(layoutSize: size, supplementaryItems: subitem.supplementaryItems)
            item.contentInsets = subitem.contentInsets
            item.edgeSpacing = subitem.edgeSpacing
            return horizontal
                ? .horizontal(layoutSize: layoutSize, repeatingSubitem: item, count: count)
                : .vertical(layoutSize: layoutSize, repeatingSubitem: item, count: count)
        }
        """,
        .element: """
        /// `t[i]` of a Lua array (positions from 1): nil outside 1…#t, as in Lua.
        private func element<Value>(_ array: [Value], _ position: Int) -> Value? {
            position >= 1 && position <= array.count ? array[position - 1] : nil
        }
        """,
    ]

    static func closure(of helpers: Set<LuaHelper>) -> [LuaHelper] {
        var result = helpers
        var changed = true
        while changed {
            changed = false
            for helper in result {
                for needed in helper.requires where !result.contains(needed) {
                    result.insert(needed)
                    changed = true
                }
            }
        }
        if result.contains(.luaString) { result.insert(.luaFormat) }
        return result.sorted()
    }
}
