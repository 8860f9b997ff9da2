import InputFiles
import LayoutEngine

/// Reads back what `JSONLayoutWriter` wrote (a stored snapshot), so a later run can be
/// compared with it element by element. Numbers are exact: the writer prints the shortest
/// decimal that round-trips.
package enum JSONLayoutReader {
    /// What is wrong with the document, and where: `line:column` for JSON syntax, a path such
    /// as `elements[3].frame.width` for a value of the wrong shape.
    package struct ReadError: Error, Equatable, CustomStringConvertible, Sendable {
        package var location: String
        package var message: String
        package var description: String { "\(location): \(message)" }
    }

    package static func snapshot(from text: String) throws(ReadError) -> LayoutSnapshot {
        let value: LayoutValue
        do throws(JSONDataParser.ParseError) {
            value = try JSONDataParser.parse(text)
        } catch {
            throw ReadError(location: "\(error.line):\(error.column)", message: error.message)
        }
        return try snapshot(from: value)
    }

    package static func snapshot(from value: LayoutValue) throws(ReadError) -> LayoutSnapshot {
        let root = try object(value, at: "the document")
        let bounds = try rect(root["bounds"], at: "bounds")
        let sizeFields = try object(root["contentSize"], at: "contentSize")
        let contentSize = Size(
            width: try number(sizeFields["width"], at: "contentSize.width"),
            height: try number(sizeFields["height"], at: "contentSize.height"))
        guard case .array(let items)? = root["elements"] else {
            throw ReadError(location: "elements", message: "expected an array")
        }
        var elements: [LayoutAttributes] = []
        elements.reserveCapacity(items.count)
        for (index, item) in items.enumerated() { elements.append(try element(item, at: "elements[\(index)]")) }
        try refuseDuplicates(elements)
        var snapshot = LayoutSnapshot(bounds: bounds, contentSize: contentSize, elements: elements)
        if let target = root["targetContentOffset"] {
            let fields = try object(target, at: "targetContentOffset")
            snapshot.targetContentOffset = .init(
                proposed: try point(fields["proposed"], at: "targetContentOffset.proposed"),
                velocity: try point(fields["velocity"], at: "targetContentOffset.velocity"),
                target: try point(fields["target"], at: "targetContentOffset.target"))
        }
        return snapshot
    }

    /// A layout places each element once: one listed twice is a document of the wrong shape
    /// (a comparison would otherwise call the second one vanished). `renamed` says what made
    /// two keys equal when kinds were read as others.
    package static func refuseDuplicates(_ elements: [LayoutAttributes], renamed: String = "") throws(ReadError) {
        var first: [ElementKey: Int] = [:]
        first.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            if let earlier = first.updateValue(index, forKey: element.key) {
                throw ReadError(
                    location: "elements[\(index)]",
                    message: "\(element.key) is listed twice (first as elements[\(earlier)])\(renamed)")
            }
        }
    }

    static func element(_ value: LayoutValue, at path: String) throws(ReadError) -> LayoutAttributes {
        let fields = try object(value, at: path)
        guard case .string(let categoryName)? = fields["category"],
            let category = ElementCategory.allCases.first(where: { $0.name == categoryName })
        else {
            throw ReadError(
                location: "\(path).category", message: "expected \"cell\", \"supplementary\" or \"decoration\"")
        }
        var kind = ""
        if category != .cell {
            guard case .string(let name)? = fields["kind"] else {
                throw ReadError(location: "\(path).kind", message: "expected a string")
            }
            kind = name
        }
        guard case .array(let indexPath)? = fields["indexPath"], indexPath.count >= 2, indexPath.count <= 64,
            let section = integer(indexPath[0]), let item = integer(indexPath[1])
        else {
            throw ReadError(location: "\(path).indexPath", message: "expected [section, item]")
        }
        // Supplementary and decoration views may carry deeper components ([0, 2, 1]).
        var deeper: [Int] = []
        for component in indexPath.dropFirst(2) {
            guard category != .cell, let value = integer(component) else {
                throw ReadError(location: "\(path).indexPath", message: "expected [section, item]")
            }
            deeper.append(value)
        }
        var transform = Transform3D.identity
        if let matrix = fields["transform3D"] {
            guard case .array(let numbers) = matrix, numbers.count == 16 else {
                throw ReadError(location: "\(path).transform3D", message: "expected 16 numbers")
            }
            var m: [Double] = []
            for (index, number) in numbers.enumerated() {
                m.append(try self.number(number, at: "\(path).transform3D[\(index)]"))
            }
            transform = Transform3D(m)
        }
        guard case .bool(let hidden)? = fields["hidden"] else {
            throw ReadError(location: "\(path).hidden", message: "expected true or false")
        }
        let zIndex = try number(fields["zIndex"], at: "\(path).zIndex")
        guard let z = integer(.number(zIndex)) else {
            throw ReadError(location: "\(path).zIndex", message: "expected an integer")
        }
        var custom: [String: LayoutValue] = [:]
        if let extra = fields["custom"] { custom = try object(extra, at: "\(path).custom") }
        return LayoutAttributes(
            key: ElementKey(
                category: category, kind: kind, indexPath: LayoutIndexPath(components: [section, item] + deeper)),
            frame: try rect(fields["frame"], at: "\(path).frame"), transform3D: transform,
            alpha: try number(fields["alpha"], at: "\(path).alpha"), zIndex: z, hidden: hidden, custom: custom)
    }

    static func object(_ value: LayoutValue?, at path: String) throws(ReadError) -> [String: LayoutValue] {
        guard case .object(let fields)? = value else { throw ReadError(location: path, message: "expected an object") }
        return fields
    }

    static func number(_ value: LayoutValue?, at path: String) throws(ReadError) -> Double {
        guard case .number(let number)? = value else { throw ReadError(location: path, message: "expected a number") }
        return number
    }

    static func integer(_ value: LayoutValue) -> Int? {
        guard case .number(let number) = value, number == number.rounded(), abs(number) < 1e15 else { return nil }
        return Int(number)
    }

    static func rect(_ value: LayoutValue?, at path: String) throws(ReadError) -> Rect {
        let fields = try object(value, at: path)
        return Rect(
            x: try number(fields["x"], at: "\(path).x"), y: try number(fields["y"], at: "\(path).y"),
            width: try number(fields["width"], at: "\(path).width"),
            height: try number(fields["height"], at: "\(path).height"))
    }

    static func point(_ value: LayoutValue?, at path: String) throws(ReadError) -> Point {
        let fields = try object(value, at: path)
        return Point(x: try number(fields["x"], at: "\(path).x"), y: try number(fields["y"], at: "\(path).y"))
    }
}
