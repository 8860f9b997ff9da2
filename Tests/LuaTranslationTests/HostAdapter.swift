import LuaTranslation

/// Writes, for one translated layout, the host code that runs it in `HostContext`: a class
/// implementing the script's collection-view protocol over the options, its data and state
/// read from JSON, and a function printing the whole listing.
enum HostAdapter {
    static func source(for interface: TranslationInterface, function: String) throws -> String {
        try (view(interface) + data(interface) + run(interface, function)).joined(separator: "\n") + "\n"
    }

    /// The class implementing the script's `…CollectionView` over `HostContext`.
    private static func view(_ interface: TranslationInterface) throws -> [String] {
        let p = interface.prefix
        let attributes = p + "Attributes"
        var lines: [String] = []
        lines.append("final class \(p)Host: \(p)CollectionView {")
        lines.append("    let context: HostContext<\(attributes)>")
        lines.append("    init(_ context: HostContext<\(attributes)>) { self.context = context }")
        for member in interface.collectionViewMembers {
            switch member {
            case "bounds": lines.append("    var bounds: LayoutRect { context.bounds }")
            case "scale": lines.append("    var scale: Double { context.scale }")
            case "numberOfSections": lines.append("    var numberOfSections: Int { context.numberOfSections }")
            case "numberOfItems":
                lines.append("    func numberOfItems(_ section: Int) -> Int { context.numberOfItems(section) }")
            case "contentSize": lines.append("    var contentSize: LayoutSize? { context.contentSize }")
            case "itemData":
                lines.append(
                    "    func itemData(_ section: Int, _ item: Int) -> (any \(p)ItemData)? "
                        + "{ context.item(section, item).map { \(p)ItemDataJSON(json: $0) } }")
            case "sectionData":
                lines.append(
                    "    func sectionData(_ section: Int) -> (any \(p)SectionData)? "
                        + "{ context.section(section).map { \(p)SectionDataJSON(json: $0) } }")
            case "state":
                lines.append("    var state: \(p)State {")
                lines.append("        var state = \(p)State()")
                for field in interface.stateFields {
                    lines.append(
                        "        state.\(field.name) = \(try reader("context.state(\"\(field.name)\")", field.swiftType))"
                    )
                }
                lines.append("        return state")
                lines.append("    }")
            case "layoutAttributesForItem":
                lines.append(
                    "    func layoutAttributesForItem(_ section: Int, _ item: Int) -> \(attributes)? "
                        + "{ context.layoutAttributesForItem(section, item) }")
            case "layoutAttributesForSupplementaryElement", "layoutAttributesForDecorationElement":
                lines.append(
                    "    func \(member)(_ kind: String, _ section: Int, _ item: Int) -> \(attributes)? "
                        + "{ context.\(member)(kind, section, item) }")
            case "layoutAttributesForElements":
                lines.append(
                    "    func layoutAttributesForElements(in rect: LayoutRect) -> [\(attributes)] "
                        + "{ context.layoutAttributesForElements(in: rect) }")
            default:
                throw SwiftProgram.Failure(description: "the host does not provide cv.\(member)")
            }
        }
        lines.append("}")
        return lines
    }

    /// The item and section data read from JSON.
    private static func data(_ interface: TranslationInterface) throws -> [String] {
        let p = interface.prefix
        var lines: [String] = []
        for (kind, fields) in [("ItemData", interface.itemDataFields), ("SectionData", interface.sectionDataFields)]
        where !fields.isEmpty
            || interface.collectionViewMembers.contains(kind == "ItemData" ? "itemData" : "sectionData")
        {
            lines.append("struct \(p)\(kind)JSON: \(p)\(kind) {")
            lines.append("    let json: HostJSON")
            for field in fields {
                lines.append(
                    "    var \(field.name): \(field.swiftType) { \(try reader("json[\"\(field.name)\"]", field.swiftType)) }"
                )
            }
            lines.append("}")
        }
        return lines
    }

    /// The function that prepares the layout and prints the whole listing.
    private static func run(_ interface: TranslationInterface, _ function: String) -> [String] {
        let p = interface.prefix
        let attributes = p + "Attributes"
        var lines: [String] = []
        // A flow's or compositional layout's own elements come from the engine (`run` without hooks).
        let flow = interface.kind == .flow || interface.kind == .compositional
        lines.append("func \(function)(_ options: HostOptions, flow: String) -> String {")
        lines.append("    let context = HostContext<\(attributes)>(options)")
        lines.append("    let layout = \(interface.typeName)()")
        if interface.hasSeed { lines.append("    layout.seed = options.seed") }
        lines.append("    let view = \(p)Host(context)")
        lines.append("    var notes: [String] = []")
        if flow {
            lines.append("    context.prepared(flowJSON: flow)")
            if interface.methods.contains("sizeForItem") {
                // The flow placed every cell at the size the Lua callback answered.
                lines.append("    for cell in context.elements where cell.category == \"cell\" {")
                lines.append("        let size = layout.sizeForItem(view, cell.section, cell.item)")
                lines.append("        if size != cell.size {")
                lines.append(
                    "            notes.append(\"sizeForItem(\\(cell.section), \\(cell.item)) is \\(size), Lua's placed \\(cell.size)\")"
                )
                lines.append("        }")
                lines.append("    }")
            }
        }
        if interface.methods.contains("prepare") {
            lines.append("    let out = LayoutElements<\(attributes)>()")
            lines.append("    layout.prepare(view, out)")
            lines.append(flow ? "    context.added(out)" : "    context.prepared(out)")
        }
        let hook = interface.methods.contains("attributes") ? "{ layout.attributes(view, $0) }" : "nil"
        let list =
            interface.methods.contains("layoutAttributesForElements")
            ? "{ layout.layoutAttributesForElements(view, $0, $1) }" : "nil"
        let target =
            interface.methods.contains("targetContentOffset")
            ? "options.targetOffset.map { layout.targetContentOffset(view, $0, LayoutPoint(x: 0, y: 0)) }" : "nil"
        lines.append("    return context.report(attributes: \(hook), list: \(list), target: \(target), notes: notes)")
        lines.append("}")
        return lines
    }

    /// A JSON accessor for a field of the Swift type the translation declared.
    private static func reader(_ value: String, _ type: String) throws -> String {
        switch type {
        case "Double?": return "\(value)?.double"
        case "Int?": return "\(value)?.int"
        case "String?": return "\(value)?.string"
        case "Bool?": return "\(value)?.bool"
        case "[Int]?": return "\(value)?.array?.map { $0.int! }"
        case "[Double]?": return "\(value)?.array?.map { $0.double! }"
        case "[String]?": return "\(value)?.array?.map { $0.string! }"
        case "[[Int]]?": return "\(value)?.array?.map { $0.array!.map { $0.int! } }"
        default: throw SwiftProgram.Failure(description: "the host cannot read a \(type) from JSON")
        }
    }
}
