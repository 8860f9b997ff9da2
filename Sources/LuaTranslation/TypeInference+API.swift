/// The project's API in inference: `cv`'s fields and methods, `out`'s placements, `env`, the
/// callbacks' signatures, and Lua's table library.
extension TypeInference {
    func apiField(_ name: String, of object: APIObject, at location: SourceLocation) throws(Refusal) -> Evaluated {
        func schema(_ kind: APISchema.Kind, nilable: Bool = false) -> Evaluated {
            Evaluated(type: ValueType(shape: .table(schemaTable(kind)), nilable: nilable))
        }
        switch (object, name) {
        case (.collectionView, "bounds"): return schema(.rect)
        case (.collectionView, "scale"): return Evaluated(type: .whole)
        case (.collectionView, "numberOfSections"): return Evaluated(type: .integer)
        case (.collectionView, "state"): return schema(.state)
        case (.collectionView, "contentSize"): return schema(.size, nilable: true)
        case (.collectionView, "contentInset"), (.collectionView, "safeAreaInsets"),
            (.collectionView, "adjustedContentInset"), (.collectionView, "layoutMargins"):
            return schema(.insets)
        case (.collectionView, "layoutDirection"): return Evaluated(type: .string)
        case (.collectionView, "traits"), (.environment, "traitCollection"): return schema(.traits)
        case (.environment, "container"): return schema(.container)
        case (.environment, "displayScale"): return Evaluated(type: .whole)
        default:
            throw Refusal(
                location, "\(object.description).\(name) is not part of the translated API (docs/lua-to-swift.md)")
        }
    }

    func apiMethod(
        _ name: String, of object: APIObject, _ arguments: [Expression], at location: SourceLocation
    )
        throws(Refusal) -> [ValueType]
    {
        let values = try arguments.map { (argument) throws(Refusal) in try evaluate(argument) }
        func integers(_ range: Range<Int>) throws(Refusal) {
            for index in range where index < values.count {
                try requireIntegerValue(values[index], at: arguments[index].location, what: "an index")
            }
        }
        func expect(_ count: ClosedRange<Int>) throws(Refusal) {
            guard count.contains(arguments.count) else {
                throw Refusal(
                    location, "\(object.description):\(name) takes \(count.lowerBound)…\(count.upperBound) arguments")
            }
        }
        switch (object, name) {
        case (.collectionView, "numberOfItems"):
            try expect(1...1)
            try integers(0..<1)
            return [.integer]
        case (.collectionView, "itemData"):
            try expect(2...2)
            try integers(0..<2)
            return [ValueType(shape: .table(schemaTable(.itemData)), nilable: true)]
        case (.collectionView, "sectionData"):
            try expect(1...1)
            try integers(0..<1)
            return [ValueType(shape: .table(schemaTable(.sectionData)), nilable: true)]
        case (.collectionView, "layoutAttributesForItem"):
            try expect(2...2)
            try integers(0..<2)
            return [ValueType(shape: .table(schemaTable(.attributes)), nilable: true)]
        case (.collectionView, "layoutAttributesForSupplementaryElement"),
            (.collectionView, "layoutAttributesForDecorationElement"):
            try expect(3...3)
            try requireString(values[0], at: arguments[0].location, what: "the kind")
            try integers(1..<3)
            return [ValueType(shape: .table(schemaTable(.attributes)), nilable: true)]
        case (.collectionView, "layoutAttributesForElements"):
            try expect(1...1)
            try store(
                values[0], into: Slot("the rect of cv:layoutAttributesForElements").fixing(rectType), at: location)
            return [ValueType(shape: .table(attributesArray))]
        case (.elementSink, "cell"):
            try expect(6...7)
            try integers(0..<2)
            try placement(values, arguments, from: 2, at: location)
            return []
        case (.elementSink, "supplementary"), (.elementSink, "decoration"):
            try requireString(values.first ?? Evaluated(type: .nil), at: location, what: "the kind")
            if values.count > 1, case .table = values[1].type.shape {
                // A deeper index path: {section, item, …}.
                try expect(6...7)
                try store(values[1], into: Slot("an index path").fixing(indexPathArrayType), at: arguments[1].location)
                try placement(values, arguments, from: 2, at: location)
            } else {
                try expect(7...8)
                try integers(1..<3)
                try placement(values, arguments, from: 3, at: location)
            }
            return []
        case (.elementSink, "contentSize"):
            try expect(2...2)
            for (value, argument) in zip(values, arguments) {
                try requireNumber(value, at: argument.location, what: "a content size")
            }
            return []
        default:
            throw Refusal(
                location, "\(object.description):\(name) is not part of the translated API (docs/lua-to-swift.md)")
        }
    }

    /// `x, y, w, h [, extra]` of an `out:` call.
    private func placement(
        _ values: [Evaluated], _ arguments: [Expression], from start: Int, at location: SourceLocation
    )
        throws(Refusal)
    {
        for index in start..<(start + 4) {
            try requireNumber(values[index], at: arguments[index].location, what: "a frame value")
        }
        guard values.count > start + 4 else { return }
        let extra = values[start + 4]
        guard case .table(let table) = extra.type.shape else {
            if extra.type.shape.isUnknown { return }
            throw Refusal(arguments[start + 4].location, "the extra attributes must be a table")
        }
        try types.unify(schemaTable(.extra), table, at: arguments[start + 4].location)
        try shareCustomFields()
    }

    /// Custom fields given in `extra` tables are the attributes' custom fields: one Swift type.
    func shareCustomFields() throws(Refusal) {
        let extra = schemaTable(.extra)
        let attributes = schemaTable(.attributes)
        for name in extra.fieldOrder where !extra.fields[name]!.resolved.fixed {
            let mine = try fieldSlot(
                name, of: attributes, at: extra.fields[name]!.origin ?? chunk.main.location, reading: false)
            try types.merge(mine, extra.fields[name]!, at: extra.fields[name]!.origin ?? chunk.main.location)
        }
    }

    var rectType: ValueType { ValueType(shape: .table(schemaTable(.rect))) }
    var attributesArray: TableType {
        arrayTable(of: ValueType(shape: .table(schemaTable(.attributes))), label: "elements")
    }
    /// A handler's parameters take the API's types (the engine calls it, as a layout's callback).
    func applySignature(_ signature: CallbackSignature, to body: FunctionBody) throws(Refusal) {
        let function = functionType(for: body)
        guard function.parameters.count <= signature.parameters.count else {
            throw Refusal(
                body.location,
                "\(signature.name) receives \(signature.parameters.count) arguments, not \(function.parameters.count)")
        }
        if function.callback == nil {
            function.callback = signature
            types.noteChange()
        }
        for (slot, parameter) in zip(function.parameters, signature.parameters) {
            try store(Evaluated(type: valueType(of: parameter)), into: slot, at: body.location)
        }
    }

    var updatesArray: TableType {
        arrayTable(of: ValueType(shape: .table(schemaTable(.updateItem))), label: "updates")
    }
    var indexPathArrayType: ValueType { ValueType(shape: .table(numberArray(.integer, label: "indexPath"))) }

    // MARK: Callbacks

    /// The engine calls the layout table's functions with the API's values: their parameters
    /// take those types.
    func applyCallbackSignatures() throws(Refusal) {
        guard let layout = chunkResult.resolved.type.shape.table else { return }
        if layoutKind == .plain, layout.fields["prepare"] != nil { layoutKind = .custom }
        for name in layout.fieldOrder {
            if layoutKind == .flow, let slot = layout.fields[name]?.resolved, let table = slot.type.shape.table,
                let kind = Self.flowPropertySchema(name)
            {
                // A flow property given as a table: the size or insets the engine reads.
                try types.unify(schemaTable(kind), table, at: slot.origin ?? chunk.main.location)
            }
            guard let slot = layout.fields[name]?.resolved, let function = slot.type.shape.function else { continue }
            let location = function.bodies.first?.location ?? chunk.main.location
            if let reason = CallbackSignature.refusal(for: name) {
                throw Refusal(location, reason)
            }
            if CallbackSignature.omission(for: name) != nil { continue }
            let provider = CallbackSignature.translatingProvider && name == "sectionProvider"
            guard
                let signature = provider
                    ? CallbackSignature.sectionProvider : CallbackSignature.named(name) ?? flowProperty(name)
            else { continue }
            guard function.parameters.count <= signature.parameters.count else {
                throw Refusal(
                    location,
                    "\(name) receives \(signature.parameters.count) arguments, not \(function.parameters.count)")
            }
            if function.callback == nil {
                function.callback = signature
                types.noteChange()
            }
            for (slot, parameter) in zip(function.parameters, signature.parameters) {
                try store(Evaluated(type: valueType(of: parameter)), into: slot, at: location)
            }
            // A table returned where the engine takes a size, insets or a point is one.
            let resultSchema: APISchema.Kind? =
                switch signature.result {
                case .size: .size
                case .insets: .insets
                case .point: .point
                default: nil
                }
            if let resultSchema, function.results.count == 1, let table = function.results[0].resolved.type.shape.table
            {
                try types.unify(schemaTable(resultSchema), table, at: location)
            }
        }
        if placesAnything { try shareCustomFields() }
    }

    static func flowPropertySchema(_ name: String) -> APISchema.Kind? {
        switch name {
        case "itemSize", "headerReferenceSize", "footerReferenceSize", "estimatedItemSize": .size
        case "sectionInset": .insets
        default: nil
        }
    }

    private var placesAnything: Bool { schemaTables[.extra] != nil }

    private func flowProperty(_ name: String) -> CallbackSignature? {
        guard layoutKind == .flow else { return nil }
        let result: CallbackSignature.Result
        switch name {
        case "itemSize", "headerReferenceSize", "footerReferenceSize", "estimatedItemSize": result = .size
        case "minimumLineSpacing", "minimumInteritemSpacing": result = .number
        case "sectionInset": result = .insets
        case "sectionHeadersPinToVisibleBounds", "sectionFootersPinToVisibleBounds": result = .boolean
        case "scrollDirection", "sectionInsetReference": result = .string
        default: return nil
        }
        return CallbackSignature(name: name, parameters: [.collectionView], result: result)
    }

    func valueType(of parameter: CallbackSignature.Parameter) -> ValueType {
        switch parameter {
        case .collectionView: ValueType(shape: .api(.collectionView))
        case .elementSink: ValueType(shape: .api(.elementSink))
        case .environment: ValueType(shape: .api(.environment))
        case .integer: .integer
        case .schema(let kind): ValueType(shape: .table(schemaTable(kind)))
        case .attributesArray: ValueType(shape: .table(attributesArray))
        case .visibleItemsArray:
            ValueType(
                shape: .table(arrayTable(of: ValueType(shape: .table(schemaTable(.visibleItem))), label: "items")))
        case .updateArray: ValueType(shape: .table(updatesArray))
        }
    }

    // MARK: table library

    func tableFunction(
        _ name: String, _ arguments: [Expression], at location: SourceLocation
    ) throws(Refusal)
        -> [ValueType]
    {
        guard let first = arguments.first else { throw Refusal(location, "table.\(name) needs a table") }
        let value = try evaluate(first)
        guard case .table(let table) = value.type.shape else {
            if value.type.shape.isUnknown { return [.unknown] }
            throw Refusal(first.location, "table.\(name) of \(value.type.shape.name)")
        }
        try noteArrayUse(table, at: location)
        let entries = try entriesSlot(of: table, keyShape: .number(.integer), at: location)
        switch (name, arguments.count) {
        case ("insert", 2), ("insert", 3):
            types.set(\.entriesMutated, on: table)
            if arguments.count == 3 {
                try requireIntegerValue(try evaluate(arguments[1]), at: arguments[1].location, what: "the position")
            }
            try store(try evaluate(arguments[arguments.count - 1]), into: entries, at: location)
            return []
        case ("remove", 1), ("remove", 2):
            types.set(\.entriesMutated, on: table)
            if arguments.count == 2 {
                try requireIntegerValue(try evaluate(arguments[1]), at: arguments[1].location, what: "the position")
            }
            var type = entries.type
            type.nilable = true
            return [type]
        case ("concat", 1), ("concat", 2):
            if arguments.count == 2 {
                try requireString(try evaluate(arguments[1]), at: arguments[1].location, what: "the separator")
            }
            try requireText(Evaluated(type: entries.type.nonNil, place: entries), at: location)
            return [.string]
        case ("sort", 1):
            types.set(\.entriesMutated, on: table)
            switch entries.type.shape {
            case .number(.integer), .string, .unknown: return []
            default:
                throw Refusal(
                    location,
                    "table.sort of \(entries.type.shape.name)s: only integers and strings sort the same in Swift "
                        + "(floats' -0.0 and NaN, and comparators, may order equal elements differently)")
            }
        default:
            throw Refusal(location, "table.\(name) with \(arguments.count) arguments is not in the subset")
        }
    }
}

extension Slot {
    /// A throwaway place with a given API type, to check a value against it.
    func fixing(_ type: ValueType) -> Slot {
        setFixed(type)
        return self
    }
}
