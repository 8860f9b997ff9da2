/// What a translated layout declares for the app: the data it reads as protocols the app's data
/// implements, where the layout finds that data (`…LayoutData`), the host state it reads
/// (`…State`), and its attributes class with the script's custom fields.
extension SwiftGenerator {
    func writeProvided(_ writer: SwiftWriter) throws(Refusal) {
        if let table = inference.schemaTables[.itemData] {
            try writeDataProtocol(prefix + "ItemData", table, "an item's data (cv:itemData(section, item))", writer)
        }
        if let table = inference.schemaTables[.sectionData] {
            try writeDataProtocol(prefix + "SectionData", table, "a section's data (cv:sectionData(section))", writer)
        }
        var written = 0
        while written < dataProtocolOrder.count {
            let (table, name) = dataProtocolOrder[written]
            written += 1
            try writeDataProtocol(name, table, "a table inside the data", writer)
        }
        writeLayoutDataProtocol(writer)
        if let state = inference.schemaTables[.state] {
            writer.blank()
            writer.line("/// The host state \(fileInComments) reads (cv.state): the app sets the layout's `state`.")
            try writer.block("struct \(prefix)State") { () throws(Refusal) in
                for field in state.fieldOrder {
                    guard let slot = state.fields[field] else { continue }
                    writer.line("var \(SwiftNames.identifier(field)): \(try swiftType(of: slot).text) = nil")
                }
            }
        }
    }

    var readsItemData: Bool { collectionViewMembers.contains("itemData") }
    var readsSectionData: Bool { collectionViewMembers.contains("sectionData") }
    var readsState: Bool { collectionViewMembers.contains("state") }

    private func writeDataProtocol(
        _ name: String, _ table: TableType, _ what: String, _ writer: SwiftWriter
    )
        throws(Refusal)
    {
        writer.blank()
        writer.line("/// The fields \(fileInComments) reads from \(what): the app's data implements it.")
        try writer.block("protocol \(name)") { () throws(Refusal) in
            for field in table.fieldOrder {
                guard let slot = table.fields[field] else { continue }
                writer.line("var \(SwiftNames.identifier(field)): \(try swiftType(of: slot).text) { get }")
            }
        }
    }

    /// `protocol …LayoutData`: how the layout asks the app for an item's or a section's data.
    private func writeLayoutDataProtocol(_ writer: SwiftWriter) {
        guard readsItemData || readsSectionData else { return }
        writer.blank()
        writer.line(
            "/// Where \(prefix)Layout reads the app's data: the app implements it (its data source, say) and sets the layout's `data`."
        )
        writer.line("@MainActor")
        writer.line("protocol \(prefix)LayoutData: AnyObject {")
        if readsItemData {
            writer.line("    /// cv:itemData(section, item): nil for an item without data.")
            writer.line("    func itemData(section: Int, item: Int) -> (any \(prefix)ItemData)?")
        }
        if readsSectionData {
            writer.line("    /// cv:sectionData(section): nil for a section without data.")
            writer.line("    func sectionData(section: Int) -> (any \(prefix)SectionData)?")
        }
        writer.line("}")
    }

    // MARK: Attributes

    /// The custom fields of the attributes: those the script sets beyond UIKit's.
    func customAttributeFields() throws(Refusal) -> [(name: String, type: SwiftType)] {
        guard inference.schemaTables[.attributes] != nil else { return [] }
        let table = inference.schemaTable(.attributes)
        var custom: [(name: String, type: SwiftType)] = []
        for field in table.fieldOrder {
            guard let slot = table.fields[field], !slot.resolved.fixed else { continue }
            custom.append((field, try swiftType(of: slot).optional))
        }
        return custom
    }

    /// `final class …Attributes: UICollectionViewLayoutAttributes` with the custom fields, copied
    /// by `copy(with:)` and compared by `isEqual(_:)`, as UIKit requires of a subclass.
    func writeAttributesClass(_ writer: SwiftWriter) throws(Refusal) {
        var custom = try customAttributeFields()
        if writesAnimations { custom.append(("animations", .array(.named(prefix + "Animation")))) }
        writer.blank()
        writer.line(
            "/// The attributes of \(fileInComments)'s elements\(custom.isEmpty ? "" : ", with its custom fields (UIKit copies and compares attributes: copy(with:) and isEqual(_:) include them)")."
        )
        writer.line("final class \(prefix)Attributes: UICollectionViewLayoutAttributes {")
        for (field, type) in custom {
            // Read by copy(with:) and isEqual(_:), which UIKit declares nonisolated.
            let value = type.isOptional ? "" : " = []"
            writer.line("    nonisolated(unsafe) var \(SwiftNames.identifier(field)): \(type.text)\(value)")
        }
        if !custom.isEmpty {
            writer.blank()
            writer.line("    nonisolated override func copy(with zone: NSZone? = nil) -> Any {")
            writer.line("        let copy = super.copy(with: zone) as! \(prefix)Attributes")
            for (field, _) in custom {
                writer.line("        copy.\(SwiftNames.identifier(field)) = \(SwiftNames.identifier(field))")
            }
            writer.line("        return copy")
            writer.line("    }")
            writer.blank()
            writer.line("    nonisolated override func isEqual(_ object: Any?) -> Bool {")
            writer.line("        guard let other = object as? \(prefix)Attributes else { return false }")
            let comparisons = custom.map {
                "\(SwiftNames.identifier($0.name)) == other.\(SwiftNames.identifier($0.name))"
            }
            writer.line("        return \(comparisons.joined(separator: " && ")) && super.isEqual(object)")
            writer.line("    }")
        }
        writer.line("}")
        if writesAnimations {
            writer.blank()
            writer.line(
                "/// A looping animation of an element (`a.animations`): Core Animation's names; a field left nil keeps lualayout's default (docs/lua-api.md). UIKit has no such attribute: the cell plays it (in apply(_:))."
            )
            writer.line("struct \(prefix)Animation: Equatable {")
            for (field, type) in [
                ("keyPath", "String"), ("fromValue", "Double"), ("toValue", "Double"), ("duration", "Double"),
                ("autoreverses", "Bool"), ("repeatCount", "Double"), ("timeOffset", "Double"),
            ] {
                writer.line("    var \(field): \(type)? = nil")
            }
            writer.line("}")
        }
    }
}
