/// What the data a layout runs with holds: the JSON types of the fields of items, sections and
/// the host state. A script may pass a field along without using it in a way that tells its
/// type (`{name = data.name}`); the sample types it then. The export takes it from the data
/// file (`--data`) and the state (`--state`) it is given.
package struct DataSample: Sendable, Equatable {
    package indirect enum Value: Sendable, Equatable {
        case number, string, boolean
        /// An array and its first element's type, when it has one.
        case array(Value?)
        case object([String: Value])
    }

    package var item: [String: Value]
    package var section: [String: Value]
    package var state: [String: Value]

    package init(item: [String: Value] = [:], section: [String: Value] = [:], state: [String: Value] = [:]) {
        self.item = item
        self.section = section
        self.state = state
    }
}

extension TypeInference {
    /// Types the data fields nothing else typed from the sample; whether anything changed.
    func apply(_ sample: DataSample) throws(Refusal) -> Bool {
        types.startPass()
        for (kind, fields) in [
            (APISchema.Kind.itemData, sample.item), (.sectionData, sample.section), (.state, sample.state),
        ] {
            guard let table = schemaTables[kind] else { continue }
            try apply(fields, to: table)
        }
        return types.changed
    }

    private func apply(_ fields: [String: DataSample.Value], to table: TableType) throws(Refusal) {
        for name in table.resolved.fieldOrder {
            guard let slot = table.resolved.fields[name]?.resolved, let value = fields[name] else { continue }
            try apply(value, to: slot)
        }
    }

    private func apply(_ value: DataSample.Value, to slot: Slot) throws(Refusal) {
        let location = slot.origin ?? chunk.main.location
        switch (slot.type.shape, value) {
        case (.unknown, .number): try types.demand(.number(.whole), of: slot, at: location)
        case (.unknown, .string): try types.demand(.string, of: slot, at: location)
        case (.unknown, .boolean): try types.demand(.boolean, of: slot, at: location)
        case (.table(let table), .object(let fields)): try apply(fields, to: table)
        case (.table(let table), .array(let element?)):
            if let entries = table.resolved.entries?.resolved { try apply(element, to: entries) }
        default: break
        }
    }
}
