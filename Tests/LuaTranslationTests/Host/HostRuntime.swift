// The host the example tests compile with translated layouts (not part of the test target):
// a collection view over `lualayout run`'s options, and the whole-content query as `run`
// answers it, printed as JSON.

import Foundation

/// A JSON value of a data file (an item's or section's payload) or of `--state`.
indirect enum HostJSON {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([HostJSON])
    case object([String: HostJSON])

    init(_ any: Any) {
        switch any {
        case let value as NSNumber:
            // JSONSerialization's booleans are NSNumbers of their own class.
            self = "\(type(of: value))" == "__NSCFBoolean" ? .bool(value.boolValue) : .number(value.doubleValue)
        case let value as String: self = .string(value)
        case let value as [Any]: self = .array(value.map(HostJSON.init))
        case let value as [String: Any]: self = .object(value.mapValues(HostJSON.init))
        default: self = .null
        }
    }

    subscript(key: String) -> HostJSON? {
        guard case .object(let fields) = self, let value = fields[key], !value.isNull else { return nil }
        return value
    }

    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    var double: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    var int: Int? { double.flatMap { Int(exactly: $0) } }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    var array: [HostJSON]? {
        if case .array(let value) = self { return value }
        return nil
    }
}

/// `lualayout run`'s collection-view options, parsed as it parses them (the subset the
/// example cases use).
struct HostOptions {
    var bounds = LayoutRect(x: 0, y: 0, width: 375, height: 667)
    var scale: Double = 1
    var sections: [[HostJSON]] = [Array(repeating: .null, count: 20)]
    var sectionData: [HostJSON?] = [nil]
    var state: [String: HostJSON] = [:]
    var seed = 0
    var targetOffset: LayoutPoint?

    init(_ arguments: [String], directory: String) {
        var index = 0
        func next() -> String {
            index += 1
            return arguments[index]
        }
        var offset = (0.0, 0.0)
        while index < arguments.count {
            switch arguments[index] {
            case "--bounds":
                let parts = next().split(separator: "x").map { Double($0)! }
                bounds.width = parts[0]
                bounds.height = parts[1]
            case "--offset":
                let parts = next().split(separator: ",").map { Double($0)! }
                offset = (parts[0], parts[1])
            case "--scale": scale = Double(next())!
            case "--seed": seed = Int(next())!
            case "--target-offset":
                let parts = next().split(separator: ",").map { Double($0)! }
                targetOffset = LayoutPoint(x: parts[0], y: parts[1])
            case "--items": sections = [Array(repeating: .null, count: Int(next())!)]
            case "--sections":
                sections = next().split(separator: ",").map { Array(repeating: .null, count: Int($0)!) }
                sectionData = sections.map { _ in nil }
            case "--data":
                let url = URL(fileURLWithPath: directory + "/" + next())
                let root = HostJSON(try! JSONSerialization.jsonObject(with: try! Data(contentsOf: url)))
                sections = []
                sectionData = []
                for section in root["sections"]?.array ?? [] {
                    switch section {
                    case .number(let count):
                        sections.append(Array(repeating: .null, count: Int(count)))
                        sectionData.append(nil)
                    case .array(let items):
                        sections.append(items)
                        sectionData.append(nil)
                    default:
                        let items =
                            section["items"]?.array ?? Array(repeating: .null, count: section["count"]?.int ?? 0)
                        sections.append(items)
                        sectionData.append(section["data"])
                    }
                }
            case "--state":
                let pair = next()
                let key = String(pair.prefix { $0 != "=" })
                let value = String(pair.dropFirst(key.count + 1))
                if value == "true" || value == "false" {
                    state[key] = .bool(value == "true")
                } else if let number = Double(value) {
                    state[key] = .number(number)
                } else {
                    state[key] = .string(value)
                }
            default: break
            }
            index += 1
        }
        bounds.x = offset.0
        bounds.y = offset.1
    }
}

/// The collection view a translated layout runs in: counts, data and state from the options,
/// super queries answered from what `prepare` placed.
final class HostContext<Attributes: LayoutAttributes> {
    let options: HostOptions
    private(set) var elements: [Attributes] = []
    private(set) var preparedContentSize: LayoutSize?

    init(_ options: HostOptions) {
        self.options = options
    }

    var bounds: LayoutRect { options.bounds }
    var scale: Double { options.scale }
    var numberOfSections: Int { options.sections.count }

    func numberOfItems(_ section: Int) -> Int {
        section >= 0 && section < options.sections.count ? options.sections[section].count : 0
    }

    func item(_ section: Int, _ item: Int) -> HostJSON? {
        guard item >= 0, item < numberOfItems(section) else { return nil }
        let value = options.sections[section][item]
        return value.isNull ? nil : value
    }

    func section(_ section: Int) -> HostJSON? {
        section >= 0 && section < options.sectionData.count ? options.sectionData[section] : nil
    }

    func state(_ key: String) -> HostJSON? { options.state[key] }

    func prepared(_ elements: LayoutElements<Attributes>) {
        self.elements = elements.elements
        preparedContentSize = elements.contentSize
    }

    /// A flow's own elements and content size, from `lualayout run`'s JSON of the layout
    /// without its hooks (the host has no flow layout of its own).
    func prepared(flowJSON path: String) {
        let root = HostJSON(try! JSONSerialization.jsonObject(with: try! Data(contentsOf: URL(fileURLWithPath: path))))
        elements = (root["elements"]?.array ?? []).map { element in
            let frame = element["frame"]!
            let attributes = Attributes(
                category: element["category"]!.string!, kind: element["kind"]?.string,
                indexPath: element["indexPath"]!.array!.map { $0.int! },
                frame: LayoutRect(
                    x: frame["x"]!.double!, y: frame["y"]!.double!, width: frame["width"]!.double!,
                    height: frame["height"]!.double!))
            attributes.alpha = element["alpha"]?.double ?? 1
            attributes.zIndex = element["zIndex"]?.int ?? 0
            attributes.hidden = element["hidden"]?.bool ?? false
            if let transform = element["transform3D"]?.array { attributes.transform3D = transform.map { $0.double! } }
            return attributes
        }
        let size = root["contentSize"]!
        preparedContentSize = LayoutSize(width: size["width"]!.double!, height: size["height"]!.double!)
    }

    /// Elements a flow's own prepare adds to the flow's.
    func added(_ elements: LayoutElements<Attributes>) {
        self.elements += elements.elements
        if let declared = elements.declaredContentSize { preparedContentSize = declared }
    }

    var contentSize: LayoutSize? { preparedContentSize }

    private func find(_ category: String, _ kind: String?, _ indexPath: [Int]) -> Attributes? {
        elements.first { $0.category == category && $0.kind == kind && $0.indexPath.components == indexPath }?.copy()
    }

    func layoutAttributesForItem(_ section: Int, _ item: Int) -> Attributes? { find("cell", nil, [section, item]) }

    func layoutAttributesForSupplementaryElement(_ kind: String, _ section: Int, _ item: Int) -> Attributes? {
        find("supplementary", kind, [section, item])
    }

    func layoutAttributesForDecorationElement(_ kind: String, _ section: Int, _ item: Int) -> Attributes? {
        find("decoration", kind, [section, item])
    }

    /// Elements sharing area with `rect` (CGRectIntersectsRect), as copies.
    func layoutAttributesForElements(in rect: LayoutRect) -> [Attributes] {
        elements.filter { element in
            let frame = element.frame
            return frame.width > 0 && frame.height > 0 && rect.width > 0 && rect.height > 0
                && frame.x < rect.x + rect.width && rect.x < frame.x + frame.width
                && frame.y < rect.y + rect.height && rect.y < frame.y + frame.height
        }.map { $0.copy() }
    }

    /// The whole listing, as `lualayout run` writes it: every element through the attributes
    /// hook, then the list hook with the content as its rect; as JSON.
    func report(
        attributes: ((Attributes) -> Void)?, list: ((LayoutRect, [Attributes]) -> [Attributes])?,
        target: LayoutPoint? = nil, notes: [String] = []
    ) -> String {
        var result = elements.map { $0.copy() }
        if let attributes { result.forEach(attributes) }
        let size = contentSize ?? LayoutSize(width: 0, height: 0)
        if let list { result = list(LayoutRect(x: 0, y: 0, width: size.width, height: size.height), result) }
        let lines = result.map(HostJSONWriter.element)
        var fields = [
            "\"contentSize\": {\"width\": \(HostJSONWriter.number(size.width)), \"height\": \(HostJSONWriter.number(size.height))}",
            "\"elements\": [\(lines.joined(separator: ", "))]",
            "\"notes\": [\(notes.map(HostJSONWriter.string).joined(separator: ", "))]",
        ]
        if let target {
            fields.append(
                "\"target\": {\"x\": \(HostJSONWriter.number(target.x)), \"y\": \(HostJSONWriter.number(target.y))}")
        }
        return "{\(fields.joined(separator: ", "))}"
    }
}

enum HostJSONWriter {
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    static func string(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }

    static func element(_ a: LayoutAttributes) -> String {
        var fields = ["\"category\": \(string(a.category))"]
        if let kind = a.kind { fields.append("\"kind\": \(string(kind))") }
        fields.append("\"indexPath\": [\(a.indexPath.components.map(String.init).joined(separator: ", "))]")
        let f = a.frame
        fields.append(
            "\"frame\": {\"x\": \(number(f.x)), \"y\": \(number(f.y)), \"width\": \(number(f.width)), \"height\": \(number(f.height))}"
        )
        fields.append("\"alpha\": \(number(a.alpha))")
        fields.append("\"zIndex\": \(a.zIndex)")
        fields.append("\"hidden\": \(a.hidden)")
        if a.transform3D != LayoutAttributes.identity {
            fields.append("\"transform3D\": [\(a.transform3D.map(number).joined(separator: ", "))]")
        }
        if !a.animations.isEmpty {
            fields.append("\"animations\": [\(a.animations.map(animation).joined(separator: ", "))]")
        }
        let custom = a.customFields
        if !custom.isEmpty {
            fields.append(
                "\"custom\": {\(custom.map { "\(string($0.name)): \(value($0.value))" }.joined(separator: ", "))}")
        }
        return "{\(fields.joined(separator: ", "))}"
    }

    /// A looping animation with the engine's defaults filled in, as `run` writes it.
    static func animation(_ animation: LayoutAnimation) -> String {
        let repeatCount = animation.repeatCount.map { $0.isInfinite ? "\"infinite\"" : number($0) } ?? "\"infinite\""
        return "{\"keyPath\": \(string(animation.keyPath ?? "")), \"fromValue\": \(number(animation.fromValue ?? 0)), "
            + "\"toValue\": \(number(animation.toValue ?? 0)), \"duration\": \(number(animation.duration ?? 0)), "
            + "\"autoreverses\": \(animation.autoreverses ?? false), \"repeatCount\": \(repeatCount), "
            + "\"timeOffset\": \(number(animation.timeOffset ?? 0))}"
    }

    static func value(_ value: CustomValue) -> String {
        switch value {
        case .string(let text): string(text)
        case .number(let number): self.number(number)
        case .boolean(let flag): flag ? "true" : "false"
        case .array(let items): "[\(items.map { self.value($0) }.joined(separator: ", "))]"
        case .object(let fields):
            "{\(fields.sorted { $0.key < $1.key }.map { "\(string($0.key)): \(self.value($0.value))" }.joined(separator: ", "))}"
        }
    }
}
