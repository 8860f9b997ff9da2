import LayoutEngine
import LuaRuntime

/// Reading and writing the contract's geometry shapes: sizes `{w, h}` / `{width=, height=}`,
/// insets `{top, left, bottom, right}` / named, rects and points with named fields.
extension LuaState {
    /// A size from the table at `index`, read by the engine's one size reader (the C one the
    /// flow's item loop uses): `{w, h}` when the array part holds the width, else
    /// `{width=, height=}`.
    func size(at index: Int32) -> Result<Size, GeometryReadError> {
        guard type(at: index) == .table else { return .failure(.wrongType(type(at: index).name)) }
        guard let size = sizeResults(at: index, second: nil) else {
            return .failure(.missingFields("{w, h} or {width=, height=}"))
        }
        return .success(size)
    }

    /// A size from a callback's results: the value at `index` and the one after it (two
    /// numbers, or a size table and anything).
    func sizeResults(at index: Int32, second: Int32?) -> Size? {
        readSize(at: index, second: second).map { Size(width: $0.width, height: $0.height) }
    }

    func insets(at index: Int32) -> Result<EdgeInsets, GeometryReadError> {
        if type(at: index) == .number, let all = number(at: index) {
            return .success(EdgeInsets(top: all, left: all, bottom: all, right: all))
        }
        guard type(at: index) == .table else { return .failure(.wrongType(type(at: index).name)) }
        let length = rawLength(at: index)
        if length > 0 && length != 4 {
            return .failure(.missingFields("{top, left, bottom, right} (4 numbers, got \(length))"))
        }
        if length == 4 {
            var values: [Double] = []
            for position in 1...4 {
                rawGet(tableAt: index, index: position)
                defer { pop(1) }
                guard let value = number(at: -1) else { return .failure(.missingFields("{top, left, bottom, right}")) }
                values.append(value)
            }
            return .success(EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3]))
        }
        var named: [Double] = []
        for name in ["top", "left", "bottom", "right"] {
            rawGet(tableAt: index, field: name)
            defer { pop(1) }
            if isNil(at: -1) {
                named.append(0)
                continue
            }
            guard let value = number(at: -1) else {
                return .failure(.missingFields("numbers for top, left, bottom, right"))
            }
            named.append(value)
        }
        return .success(EdgeInsets(top: named[0], left: named[1], bottom: named[2], right: named[3]))
    }

    /// A number stored under one of `names`, or at array `position`.
    func tableNumber(at index: Int32, names: [String], position: Int) -> Double? {
        for name in names {
            rawGet(tableAt: index, field: name)
            defer { pop(1) }
            if let value = number(at: -1) { return value }
        }
        rawGet(tableAt: index, index: position)
        defer { pop(1) }
        return number(at: -1)
    }

    package func push(_ rect: Rect) {
        newTable(fieldCount: 4)
        push(rect.x)
        rawSet(tableAt: -2, field: "x")
        push(rect.y)
        rawSet(tableAt: -2, field: "y")
        push(rect.width)
        rawSet(tableAt: -2, field: "width")
        push(rect.height)
        rawSet(tableAt: -2, field: "height")
    }

    func push(_ insets: EdgeInsets) {
        newTable(fieldCount: 4)
        push(insets.top)
        rawSet(tableAt: -2, field: "top")
        push(insets.left)
        rawSet(tableAt: -2, field: "left")
        push(insets.bottom)
        rawSet(tableAt: -2, field: "bottom")
        push(insets.right)
        rawSet(tableAt: -2, field: "right")
    }

    package func push(_ point: Point) {
        newTable(fieldCount: 2)
        push(point.x)
        rawSet(tableAt: -2, field: "x")
        push(point.y)
        rawSet(tableAt: -2, field: "y")
    }

    package func push(_ size: Size) {
        newTable(fieldCount: 2)
        push(size.width)
        rawSet(tableAt: -2, field: "width")
        push(size.height)
        rawSet(tableAt: -2, field: "height")
    }

    /// A rect from `{x=, y=, width=, height=}` or `{x, y, w, h}`.
    func rect(at index: Int32) -> Rect? {
        guard type(at: index) == .table,
            let x = tableNumber(at: index, names: ["x"], position: 1),
            let y = tableNumber(at: index, names: ["y"], position: 2),
            let width = tableNumber(at: index, names: ["width"], position: 3),
            let height = tableNumber(at: index, names: ["height"], position: 4)
        else { return nil }
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// A point from `{x=, y=}` or `{x, y}`.
    package func point(at index: Int32) -> Point? {
        guard type(at: index) == .table,
            let x = tableNumber(at: index, names: ["x"], position: 1),
            let y = tableNumber(at: index, names: ["y"], position: 2)
        else { return nil }
        return Point(x: x, y: y)
    }

    /// A 4×4 transform from an array of 16 numbers (row-major).
    func transform3D(at index: Int32) -> Transform3D? {
        guard type(at: index) == .table, rawLength(at: index) == 16 else { return nil }
        var values: [Double] = []
        values.reserveCapacity(16)
        for position in 1...16 {
            rawGet(tableAt: index, index: position)
            defer { pop(1) }
            guard let value = number(at: -1), value.isFinite else { return nil }
            values.append(value)
        }
        return Transform3D(values)
    }

    func push(_ transform: Transform3D) {
        newTable(arrayCount: 16)
        for (offset, value) in transform.m.enumerated() {
            push(value)
            rawSet(tableAt: -2, index: offset + 1)
        }
    }

    /// Pushes a data value (item payloads, state, custom fields); false (nil pushed) when the
    /// Lua stack is too full to build it.
    @discardableResult
    package func push(_ value: LayoutValue) -> Bool {
        push(LuaValue(value))
    }

    /// Copies the value at `index` as data (scalars, arrays, string-keyed tables).
    package func layoutValue(at index: Int32) throws(LuaConversionError) -> LayoutValue {
        LayoutValue(try value(at: index))
    }
}

enum GeometryReadError: Error {
    case wrongType(String)
    case missingFields(String)

    func describe(expected: String) -> String {
        switch self {
        case .wrongType(let name): "expected \(expected), got \(name)"
        case .missingFields(let shape): "expected \(shape)"
        }
    }
}

extension LuaValue {
    package init(_ value: LayoutValue) {
        switch value {
        case .null: self = .nil
        case .bool(let flag): self = .boolean(flag)
        case .number(let number): self = .number(number)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(LuaValue.init))
        case .object(let fields): self = .map(fields.mapValues(LuaValue.init))
        }
    }
}

extension LayoutValue {
    package init(_ value: LuaValue) {
        switch value {
        case .nil: self = .null
        case .boolean(let flag): self = .bool(flag)
        case .number(let number): self = .number(number)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(LayoutValue.init))
        case .map(let fields): self = .object(fields.mapValues(LayoutValue.init))
        }
    }
}
