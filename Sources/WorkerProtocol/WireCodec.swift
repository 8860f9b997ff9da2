import LayoutEngine
import LayoutOutput

/// A message that does not decode (a worker of another build, or a bug).
package struct WireError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// Appends values in the wire encoding: integers as zigzag varints, doubles as their 8-byte
/// little-endian bit patterns (exact), strings as a length and UTF-8 bytes. An element sends
/// only the attributes that differ from their defaults.
package struct WireWriter {
    package init() {}

    package private(set) var bytes: [UInt8] = []

    package mutating func byte(_ value: UInt8) { bytes.append(value) }

    package mutating func int(_ value: Int) {
        var rest = UInt64(bitPattern: Int64(value) << 1 ^ Int64(value) >> 63)
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    package mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    package mutating func string(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            int(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// Length-prefixed raw bytes.
    package mutating func rawBytes(_ values: [UInt8]) {
        int(values.count)
        bytes.append(contentsOf: values)
    }

    package mutating func strings(_ values: [String]) {
        int(values.count)
        for value in values { string(value) }
    }

    package mutating func rect(_ rect: Rect) {
        let words = (
            rect.x.bitPattern.littleEndian, rect.y.bitPattern.littleEndian,
            rect.width.bitPattern.littleEndian, rect.height.bitPattern.littleEndian
        )
        withUnsafeBytes(of: words) { bytes.append(contentsOf: $0) }
    }

    package mutating func value(_ value: LayoutValue) {
        switch value {
        case .null: byte(0)
        case .bool(let flag): byte(flag ? 2 : 1)
        case .number(let number):
            byte(3)
            double(number)
        case .string(let text):
            byte(4)
            string(text)
        case .array(let items):
            byte(5)
            int(items.count)
            for item in items { self.value(item) }
        case .object(let fields):
            byte(6)
            object(fields)
        }
    }

    /// Fields in key order, so equal objects encode alike.
    package mutating func object(_ fields: [String: LayoutValue]) {
        int(fields.count)
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
            string(key)
            self.value(value)
        }
    }

    /// Which of an element's attributes are sent (the rest have their default values); the
    /// category sits in the top two bits. `more`: a second byte of `MoreField` flags follows.
    package enum ElementField {
        package static let transform: UInt8 = 1, alpha: UInt8 = 2, zIndex: UInt8 = 4, more: UInt8 = 8,
            custom: UInt8 = 16,
            kind: UInt8 = 32
    }

    /// The rarer attributes, flagged in the byte after `ElementField.more`.
    package enum MoreField {
        package static let hidden: UInt8 = 1, animations: UInt8 = 2, deeperPath: UInt8 = 4
    }

    package mutating func attributes(_ element: LayoutAttributes) {
        let identity = Self.isExactlyIdentity(element.transform3D)
        let opaque = element.alpha.bitPattern == (1.0).bitPattern
        var fields = element.category.rawValue << 6
        if !identity { fields |= ElementField.transform }
        if !opaque { fields |= ElementField.alpha }
        if element.zIndex != 0 { fields |= ElementField.zIndex }
        let more =
            (element.hidden ? MoreField.hidden : 0) | (element.animations.isEmpty ? 0 : MoreField.animations)
            | (element.indexPath.deeper.isEmpty ? 0 : MoreField.deeperPath)
        if more != 0 { fields |= ElementField.more }
        if !element.custom.isEmpty { fields |= ElementField.custom }
        if !element.kind.isEmpty { fields |= ElementField.kind }
        byte(fields)
        if more != 0 { byte(more) }
        int(element.indexPath.section)
        int(element.indexPath.item)
        if !element.indexPath.deeper.isEmpty {
            int(element.indexPath.deeper.count)
            for component in element.indexPath.deeper { int(component) }
        }
        rect(element.frame)
        if !element.kind.isEmpty { string(element.kind) }
        if !identity { for component in element.transform3D.m { double(component) } }
        if !opaque { double(element.alpha) }
        if element.zIndex != 0 { int(element.zIndex) }
        if !element.custom.isEmpty { object(element.custom) }
        if !element.animations.isEmpty { animations(element.animations) }
    }

    package mutating func animations(_ animations: [AttributeAnimation]) {
        int(animations.count)
        for animation in animations {
            byte(UInt8(AttributeAnimation.KeyPath.allCases.firstIndex(of: animation.keyPath)!))
            byte(animation.autoreverses ? 1 : 0)
            for number in [
                animation.fromValue, animation.toValue, animation.duration, animation.repeatCount, animation.timeOffset,
            ] {
                double(number)
            }
        }
    }

    /// Writes the count and the raw records of `elements`' leading packed cells; returns the count.
    private mutating func packedCells(_ elements: ElementList) -> Int {
        let stride = MemoryLayout<PackedCell>.stride
        let countAt = bytes.count
        withUnsafeBytes(of: UInt64(0)) { bytes.append(contentsOf: $0) }  // the count, filled in below
        var total = 0
        let batch = 4096
        withUnsafeTemporaryAllocation(of: PackedCell.self, capacity: batch) { cells in
            while true {
                let written = elements.packedCells(from: total, into: cells)
                bytes.append(contentsOf: UnsafeRawBufferPointer(start: cells.baseAddress, count: written * stride))
                total += written
                if written < batch { break }
            }
        }
        withUnsafeBytes(of: UInt64(total).littleEndian) { count in
            bytes.withUnsafeMutableBytes { raw in
                for i in 0..<8 { raw[countAt + i] = count[i] }
            }
        }
        return total
    }

    /// Compared bit for bit, so a transform holding -0 is sent as it is; most elements share
    /// the identity's storage, which settles it at once.
    private static func isExactlyIdentity(_ transform: Transform3D) -> Bool {
        let identity = Transform3D.identity.m
        let shared = transform.m.withUnsafeBufferPointer { mine in
            identity.withUnsafeBufferPointer { mine.baseAddress == $0.baseAddress }
        }
        return shared || transform.m.elementsEqual(identity) { $0.bitPattern == $1.bitPattern }
    }

    package mutating func snapshot(_ snapshot: LayoutSnapshot) {
        rect(snapshot.bounds)
        double(snapshot.contentSize.width)
        double(snapshot.contentSize.height)
        // The leading packed cells (`PackedCell`: most of a large layout) as raw records, copied
        // as they are (both ends run the same build), then the other elements one by one.
        let elements = snapshot.elements
        let packed = packedCells(elements)
        int(elements.count - packed)
        bytes.reserveCapacity(bytes.count + (elements.count - packed) * 40)
        for position in packed..<elements.count { attributes(elements[position]) }
        if let total = snapshot.totalElements {
            byte(1)
            int(total)
        } else {
            byte(0)
        }
        if let target = snapshot.targetContentOffset {
            byte(1)
            for number in [
                target.proposed.x, target.proposed.y, target.velocity.x, target.velocity.y, target.target.x,
                target.target.y,
            ] {
                double(number)
            }
        } else {
            byte(0)
        }
        // Orthogonal sections and the elements they clip (a drawn snapshot).
        int(snapshot.regions.count)
        for region in snapshot.regions {
            int(region.section)
            rect(region.frame)
            byte(region.horizontal ? 1 : 0)
            double(region.minimumOffset)
            double(region.maximumOffset)
            double(region.initialOffset)
        }
        int(snapshot.regionOfElement.count)
        for (element, region) in snapshot.regionOfElement.sorted(by: { $0.key < $1.key }) {
            int(element)
            int(region)
        }
        if let background = snapshot.background {
            byte(1)
            string(background)
        } else {
            byte(0)
        }
        // The cells' states and the refresh control (a simulation's snapshot).
        for paths in [snapshot.selected, snapshot.highlighted] {
            int(paths.count)
            for path in paths.sorted() {
                int(path.section)
                int(path.item)
            }
        }
        if let band = snapshot.refreshControl {
            byte(1)
            rect(band)
        } else {
            byte(0)
        }
    }
}

/// Reads what `WireWriter` wrote; every read checks the bytes are there.
package struct WireReader {
    private let bytes: [UInt8]
    private var position = 0

    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    package mutating func byte() throws(WireError) -> UInt8 {
        guard position < bytes.count else { throw WireError("message ends early") }
        defer { position += 1 }
        return bytes[position]
    }

    package mutating func int() throws(WireError) -> Int {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            guard shift < 64 else { throw WireError("integer too long") }
            value |= UInt64(next & 0x7f) << shift
            if next < 0x80 { break }
            shift += 7
        }
        return Int(Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1))
    }

    package mutating func double() throws(WireError) -> Double {
        guard bytes.count - position >= 8 else { throw WireError("message ends early") }
        let bits = bytes.withUnsafeBytes {
            UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: position, as: UInt64.self))
        }
        position += 8
        return Double(bitPattern: bits)
    }

    /// A count of things still to read, each at least `minimumSize` bytes (so a corrupt
    /// count cannot ask for a huge allocation).
    package mutating func count(minimumSize: Int) throws(WireError) -> Int {
        let count = try int()
        guard count >= 0, count <= (bytes.count - position) / max(1, minimumSize) else {
            throw WireError("bad count \(count)")
        }
        return count
    }

    package mutating func string() throws(WireError) -> String {
        let length = try count(minimumSize: 1)
        defer { position += length }
        return String(decoding: bytes[position..<position + length], as: UTF8.self)
    }

    package mutating func rawBytes() throws(WireError) -> [UInt8] {
        let length = try count(minimumSize: 1)
        defer { position += length }
        return Array(bytes[position..<position + length])
    }

    package mutating func strings() throws(WireError) -> [String] {
        let count = try count(minimumSize: 1)
        var values: [String] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try string()) }
        return values
    }

    package mutating func rect() throws(WireError) -> Rect {
        Rect(x: try double(), y: try double(), width: try double(), height: try double())
    }

    package mutating func value() throws(WireError) -> LayoutValue {
        switch try byte() {
        case 0: return .null
        case 1: return .bool(false)
        case 2: return .bool(true)
        case 3: return .number(try double())
        case 4: return .string(try string())
        case 5:
            let count = try count(minimumSize: 1)
            var items: [LayoutValue] = []
            items.reserveCapacity(count)
            for _ in 0..<count { items.append(try value()) }
            return .array(items)
        case 6: return .object(try object())
        case let tag: throw WireError("unknown value \(tag)")
        }
    }

    package mutating func object() throws(WireError) -> [String: LayoutValue] {
        let count = try count(minimumSize: 2)
        var fields: [String: LayoutValue] = [:]
        fields.reserveCapacity(count)
        for _ in 0..<count {
            let key = try string()
            fields[key] = try value()
        }
        return fields
    }

    package mutating func attributes(identity: Transform3D) throws(WireError) -> LayoutAttributes {
        typealias Field = WireWriter.ElementField
        let fields = try byte()
        guard let category = ElementCategory(rawValue: fields >> 6) else { throw WireError("unknown element category") }
        let more = fields & Field.more != 0 ? try byte() : 0
        var indexPath = LayoutIndexPath(try int(), try int())
        if more & WireWriter.MoreField.deeperPath != 0 {
            let count = try int()
            guard count > 0, count <= 62 else { throw WireError("bad index path length \(count)") }
            for _ in 0..<count { indexPath.deeper.append(try int()) }
        }
        let frame = try rect()
        let kind = fields & Field.kind != 0 ? try string() : ""
        var transform = identity
        if fields & Field.transform != 0 {
            var m: [Double] = []
            m.reserveCapacity(16)
            for _ in 0..<16 { m.append(try double()) }
            transform = Transform3D(m)
        }
        return LayoutAttributes(
            key: ElementKey(category: category, kind: kind, indexPath: indexPath), frame: frame, transform3D: transform,
            alpha: fields & Field.alpha != 0 ? try double() : 1,
            zIndex: fields & Field.zIndex != 0 ? try int() : 0,
            hidden: more & WireWriter.MoreField.hidden != 0,
            custom: fields & Field.custom != 0 ? try object() : [:],
            animations: more & WireWriter.MoreField.animations != 0 ? try animations() : [])
    }

    package mutating func animations() throws(WireError) -> [AttributeAnimation] {
        let count = try count(minimumSize: 42)
        var result: [AttributeAnimation] = []
        for _ in 0..<count {
            let paths = AttributeAnimation.KeyPath.allCases
            let path = Int(try byte())
            guard path < paths.count else { throw WireError("unknown animation key path \(path)") }
            let autoreverses = try byte() != 0
            result.append(
                AttributeAnimation(
                    keyPath: paths[path], fromValue: try double(), toValue: try double(), duration: try double(),
                    autoreverses: autoreverses, repeatCount: try double(), timeOffset: try double()))
        }
        return result
    }

    package mutating func snapshot() throws(WireError) -> LayoutSnapshot {
        let bounds = try rect()
        let contentSize = Size(width: try double(), height: try double())
        let cells = try packedCells()
        let count = try count(minimumSize: 35)
        var elements: [LayoutAttributes] = []
        elements.reserveCapacity(count)
        let identity = Transform3D.identity
        for _ in 0..<count { elements.append(try attributes(identity: identity)) }
        var snapshot = LayoutSnapshot(
            bounds: bounds, contentSize: contentSize, elements: ElementList(packed: cells, rest: elements))
        if try byte() == 1 { snapshot.totalElements = try int() }
        if try byte() == 1 {
            let n = [try double(), try double(), try double(), try double(), try double(), try double()]
            snapshot.targetContentOffset = .init(
                proposed: Point(x: n[0], y: n[1]), velocity: Point(x: n[2], y: n[3]), target: Point(x: n[4], y: n[5]))
        }
        for _ in 0..<(try self.count(minimumSize: 50)) {
            let section = try int(), frame = try rect(), horizontal = try byte() == 1
            snapshot.regions.append(
                ScrollRegion(
                    section: section, frame: frame, horizontal: horizontal, minimumOffset: try double(),
                    maximumOffset: try double(), initialOffset: try double()))
        }
        for _ in 0..<(try self.count(minimumSize: 2)) {
            let element = try int(), region = try int()
            guard (0..<snapshot.elements.count).contains(element), snapshot.regions.indices.contains(region) else {
                throw WireError("a clipped element names no element or region")
            }
            snapshot.regionOfElement[element] = region
        }
        if try byte() == 1 { snapshot.background = try string() }
        for selected in [true, false] {
            var paths: Set<LayoutIndexPath> = []
            for _ in 0..<(try self.count(minimumSize: 2)) { paths.insert(LayoutIndexPath(try int(), try int())) }
            if selected { snapshot.selected = paths } else { snapshot.highlighted = paths }
        }
        if try byte() == 1 { snapshot.refreshControl = try rect() }
        return snapshot
    }

    /// The raw records `WireWriter.packedCells` wrote.
    private mutating func packedCells() throws(WireError) -> ContiguousArray<PackedCell> {
        guard bytes.count - position >= 8 else { throw WireError("message ends early") }
        let count = bytes.withUnsafeBytes {
            UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: position, as: UInt64.self))
        }
        position += 8
        let stride = UInt64(MemoryLayout<PackedCell>.stride)
        guard count <= UInt64(bytes.count - position) / stride else { throw WireError("bad count \(count)") }
        let n = Int(count)
        let start = position
        let cells = ContiguousArray<PackedCell>(unsafeUninitializedCapacity: n) { buffer, initialized in
            bytes.withUnsafeBytes { raw in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: raw[start..<start + n * Int(stride)]))
            }
            initialized = n
        }
        position += n * Int(stride)
        return cells
    }

    package func expectEnd() throws(WireError) {
        guard position == bytes.count else { throw WireError("\(bytes.count - position) bytes left over") }
    }
}
