/// `compositional.*` constructors in a translated section provider: each call becomes the
/// UIKit value it describes, its table's fields the initializer's arguments and the properties
/// set after it (docs/lua-to-swift.md, "A section provider"). A field or constructor the
/// translation does not follow is refused at its line, never dropped.
extension SwiftGenerator {
    /// `C.item{…}`, `C.fractionalWidth(x)`, … as a Swift expression.
    func compositionalCall(
        _ constructor: String, _ arguments: [Expression], at location: SourceLocation
    ) throws(Refusal) -> Code {
        guard CallbackSignature.translatingProvider else {
            throw Refusal(location, CompositionalNote.structure)
        }
        let kind = CompositionalKind(constructor: constructor)
        guard let typeName = UIKitSpelling.compositionalType(kind) else {
            throw Refusal(
                location,
                "compositional.\(constructor) is not translated in a section provider yet: build the section from "
                    + "item, group, section, boundarySupplementaryItem and background (docs/lua-to-swift.md)")
        }
        let type = SwiftType.named(typeName)
        switch kind {
        case .dimension, .spacing:
            guard arguments.count == 1 else { throw Refusal(location, "compositional.\(constructor) takes one number") }
            let value = try points(arguments[0])
            let text =
                kind == .dimension
                ? UIKitSpelling.dimension(constructor, value) : UIKitSpelling.spacing(constructor, value)
            guard let text else {
                throw Refusal(location, "compositional.\(constructor) is not translated in a section provider yet")
            }
            return Code(text, type)
        default:
            let fields = try constructorFields(constructor, arguments, at: location)
            let (value, properties) = try compositionalValue(constructor, fields, at: location)
            guard !properties.isEmpty else { return Code(value, type) }
            helpers.insert(.configured)
            // A property's value may span lines (a handler's closure): each keeps its indentation.
            let body = properties.map { "$0." + $0 }.joined(separator: "\n").split(separator: "\n")
                .map { "    " + $0 }.joined(separator: "\n")
            return Code("configured(\(value)) {\n\(body)\n}", type)
        }
    }

    /// The initializer and the properties set after it (`contentInsets = …`).
    private func compositionalValue(
        _ constructor: String, _ fields: [String: Expression], at location: SourceLocation
    ) throws(Refusal) -> (String, [String]) {
        var properties: [String] = []
        if let insets = fields["contentInsets"] {
            properties.append("contentInsets = " + (try directionalInsets(insets)))
        }
        switch constructor {
        case "item":
            let size = try layoutSize(fields, at: location)
            guard let supplementaries = fields["supplementaryItems"] else {
                return ("NSCollectionLayoutItem(layoutSize: \(size))", properties)
            }
            let items = try emit(supplementaries, as: .array(.named("NSCollectionLayoutSupplementaryItem"))).text
            return ("NSCollectionLayoutItem(layoutSize: \(size), supplementaryItems: \(items))", properties)
        case "supplementaryItem":
            guard let kind = fields["kind"], let anchor = fields["containerAnchor"] else {
                throw Refusal(location, "a supplementary item needs its kind and containerAnchor")
            }
            if let zIndex = fields["zIndex"] { properties.append("zIndex = " + (try emit(zIndex, as: .int).text)) }
            return (
                "NSCollectionLayoutSupplementaryItem(layoutSize: \(try layoutSize(fields, at: location)), "
                    + "elementKind: \(try emit(kind, as: .string).text), containerAnchor: \(try self.anchor(anchor)))",
                properties
            )
        case "group":
            if let spacing = fields["interItemSpacing"] {
                properties.insert("interItemSpacing = " + (try emit(spacing).text), at: 0)
            }
            if let supplementaries = fields["supplementaryItems"] {
                let items = try emit(supplementaries, as: .array(.named("NSCollectionLayoutSupplementaryItem"))).text
                properties.append("supplementaryItems = " + items)
            }
            return (try group(fields, at: location), properties)
        case "section":
            return (try section(fields, &properties, at: location), properties)
        case "customGroup":
            return (try customGroup(fields, at: location), properties)
        case "list":
            return (try list(fields, at: location), properties)
        case "boundarySupplementaryItem":
            guard let kind = fields["kind"] else { throw Refusal(location, "a boundary item needs its kind") }
            let alignment = try fields["alignment"].map { (value) throws(Refusal) in
                try named(value, UIKitSpelling.alignments, helper: nil)
            }
            let value =
                "NSCollectionLayoutBoundarySupplementaryItem(layoutSize: \(try layoutSize(fields, at: location)), "
                + "elementKind: \(try emit(kind, as: .string).text), alignment: \(alignment ?? ".top"))"
            if let pin = fields["pinToVisibleBounds"] {
                properties.append("pinToVisibleBounds = " + (try emit(pin, as: .bool).text))
            }
            if let zIndex = fields["zIndex"] { properties.append("zIndex = " + (try emit(zIndex, as: .int).text)) }
            return (value, properties)
        case "background":
            guard let kind = fields["kind"] else { throw Refusal(location, "a background needs its kind") }
            if let zIndex = fields["zIndex"] { properties.append("zIndex = " + (try emit(zIndex, as: .int).text)) }
            return (
                "NSCollectionLayoutDecorationItem.background(elementKind: \(try emit(kind, as: .string).text))",
                properties
            )
        default:
            throw Refusal(location, "compositional.\(constructor) is not translated in a section provider yet")
        }
    }

    /// `NSCollectionLayoutSection(group:)`; its properties are added to `properties`.
    private func section(
        _ fields: [String: Expression], _ properties: inout [String], at location: SourceLocation
    ) throws(Refusal) -> String {
        guard let group = fields["group"] else { throw Refusal(location, "compositional.section needs a group") }
        let value = "NSCollectionLayoutSection(group: \(try emit(group).text))"
        if let spacing = fields["interGroupSpacing"] {
            properties.insert("interGroupSpacing = " + (try points(spacing)), at: 0)
        }
        if let behavior = fields["orthogonalScrollingBehavior"] {
            properties.append(
                "orthogonalScrollingBehavior = "
                    + (try named(behavior, UIKitSpelling.orthogonalBehaviors, helper: "orthogonalBehavior")))
        }
        if let handler = fields["visibleItemsInvalidationHandler"] {
            guard case .function(let body) = handler.kind else {
                throw Refusal(handler.location, "write visibleItemsInvalidationHandler as a function here")
            }
            properties.append("visibleItemsInvalidationHandler = " + (try closure(body).text))
        }
        for (field, element) in [
            ("boundarySupplementaryItems", "NSCollectionLayoutBoundarySupplementaryItem"),
            ("decorationItems", "NSCollectionLayoutDecorationItem"),
        ] {
            if let items = fields[field] {
                properties.append("\(field) = " + (try emit(items, as: .array(.named(element))).text))
            }
        }
        return value
    }

    /// `NSCollectionLayoutSection.list(using:layoutEnvironment:)` with the configuration the
    /// table gives (the `listConfiguration` helper), made from the provider's environment.
    private func list(_ fields: [String: Expression], at location: SourceLocation) throws(Refusal) -> String {
        guard functionStack.last?.callback?.name == "sectionProvider", closureDepth == 0,
            let environment = providerEnvironment
        else {
            throw Refusal(
                location,
                "compositional.list is translated in the section provider's own body, naming its environment "
                    + "(function(cv, sectionIndex, env)): UIKit makes a list section from it")
        }
        guard let appearance = fields["appearance"] else {
            throw Refusal(location, "compositional.list needs its appearance")
        }
        var arguments = ["appearance: " + (try listName(appearance, UIKitSpelling.listAppearances))]
        for (field, names) in [
            ("headerMode", UIKitSpelling.listHeaderModes), ("footerMode", UIKitSpelling.listFooterModes),
        ] {
            if let value = fields[field] { arguments.append("\(field): " + (try listName(value, names))) }
        }
        if let shows = fields["showsSeparators"] {
            arguments.append("showsSeparators: " + (try emit(shows, as: .bool).text))
        }
        helpers.insert(.listConfiguration)
        return "NSCollectionLayoutSection.list(using: listConfiguration(\(arguments.joined(separator: ", "))), "
            + "layoutEnvironment: \(environment))"
    }

    /// A list's name as a String (a literal must be one of `names`).
    private func listName(_ value: Expression, _ names: [String]) throws(Refusal) -> String {
        if case .string(let bytes) = value.kind, !names.contains(String(decoding: bytes, as: UTF8.self)) {
            throw Refusal(
                value.location,
                "\"\(String(decoding: bytes, as: UTF8.self))\" is not one of \(names.joined(separator: ", "))")
        }
        return try emit(value, as: .string).text
    }

    /// `NSCollectionLayoutGroup.custom(layoutSize:itemProvider:)` calling the translated item
    /// provider, whose frames (`NAMECustomItem`) become UIKit's custom items.
    private func customGroup(_ fields: [String: Expression], at location: SourceLocation) throws(Refusal) -> String {
        guard let provider = fields["itemProvider"] else {
            throw Refusal(location, "a custom group needs its itemProvider")
        }
        usesCustomItems = true
        // Called from UIKit's closure: the script's members are `self.`'s there.
        closureDepth += 1
        defer { closureDepth -= 1 }
        let frames: String
        switch provider.kind {
        case .function(let body): frames = "(" + (try closure(body).text) + ")"
        case .local: frames = try emit(provider).text
        default:
            throw Refusal(provider.location, "write the itemProvider here as a function, or name a local function")
        }
        let item = prefix + "CustomItem"
        // The provider's lines sit one level in, inside UIKit's closure.
        let indented = frames.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n    ")
        return "NSCollectionLayoutGroup.custom(layoutSize: \(try layoutSize(fields, at: location))) { environment in\n"
            + "    let frames: [\(item)] = \(indented)(environment)\n"
            + "    return frames.map { $0.uikitItem }\n}"
    }

    /// `NSCollectionLayoutGroup.horizontal(layoutSize:subitems:)` or `(…subitem:count:)`; the
    /// axis must be written as a string, as it picks the initializer.
    private func group(_ fields: [String: Expression], at location: SourceLocation) throws(Refusal) -> String {
        var axis = "horizontal"
        if let given = fields["axis"] {
            guard case .string(let bytes) = given.kind,
                ["horizontal", "vertical"].contains(String(decoding: bytes, as: UTF8.self))
            else {
                throw Refusal(
                    given.location,
                    "a group's axis is written as \"horizontal\" or \"vertical\" (it picks UIKit's initializer)")
            }
            axis = String(decoding: bytes, as: UTF8.self)
        }
        let size = try layoutSize(fields, at: location)
        let subitems: String
        switch (fields["subitems"], fields["subitem"], fields["count"]) {
        case (let list?, nil, nil):
            subitems = "subitems: " + (try emit(list, as: .array(.named("NSCollectionLayoutItem"))).text)
        case (nil, let child?, let count?):
            let item = try emit(child, as: .named("NSCollectionLayoutItem")).text
            let count = try emit(count, as: .int).text
            if replacesSubitemCount {
                helpers.insert(.repeatingSubitem)
                return "repeatingGroup(\(axis == "horizontal"), layoutSize: \(size), subitem: \(item), count: \(count))"
            }
            subitems = "subitem: \(item), count: \(count)"
        default:
            throw Refusal(location, "a group takes subitems = {…}, or subitem = … with count = …")
        }
        return "NSCollectionLayoutGroup.\(axis)(layoutSize: \(size), \(subitems))"
    }

    /// The named fields of a constructor's one table, each a field this translation follows.
    private func constructorFields(
        _ constructor: String, _ arguments: [Expression], at location: SourceLocation
    ) throws(Refusal) -> [String: Expression] {
        guard arguments.count == 1, case .table(let entries) = arguments[0].kind else {
            throw Refusal(location, "compositional.\(constructor) takes one table: compositional.\(constructor){…}")
        }
        let known = UIKitSpelling.compositionalFields[constructor] ?? []
        var fields: [String: Expression] = [:]
        for entry in entries {
            guard case .named(let name, let value, let fieldLocation) = entry else {
                throw Refusal(location, "compositional.\(constructor)'s table has named fields only")
            }
            guard known.contains(name) else {
                throw Refusal(
                    fieldLocation,
                    "\(name) of compositional.\(constructor) is not translated in a section provider yet "
                        + "(docs/lua-to-swift.md lists the fields that are)")
            }
            fields[name] = value
        }
        return fields
    }

    private func layoutSize(_ fields: [String: Expression], at location: SourceLocation) throws(Refusal) -> String {
        guard let width = fields["width"], let height = fields["height"] else {
            throw Refusal(location, "a compositional value needs its width and height")
        }
        let dimension = SwiftType.named("NSCollectionLayoutDimension")
        return UIKitSpelling.layoutSize(
            width: try emit(width, as: dimension).text, height: try emit(height, as: dimension).text)
    }

    /// `{top, leading, bottom, trailing}` written in place.
    private func directionalInsets(_ value: Expression) throws(Refusal) -> String {
        guard case .table(let entries) = value.kind, entries.count == 4 else {
            throw Refusal(value.location, "contentInsets is written in place as {top, leading, bottom, trailing}")
        }
        var values: [String] = []
        for entry in entries {
            guard case .positional(let number) = entry else {
                throw Refusal(value.location, "contentInsets is written in place as {top, leading, bottom, trailing}")
            }
            values.append(try points(number))
        }
        return UIKitSpelling.directionalInsets(values)
    }

    /// `{ edges = {"top", "trailing"}, fractionalOffset = {x, y} }` (or `absoluteOffset`),
    /// written in place: `NSCollectionLayoutAnchor(edges: [.top, .trailing], …)`.
    private func anchor(_ value: Expression) throws(Refusal) -> String {
        let shape = "containerAnchor is written in place as { edges = {\"top\", …}, fractionalOffset = {x, y} }"
        guard case .table(let entries) = value.kind else { throw Refusal(value.location, shape) }
        var edges: [String] = []
        var offset = ""
        for entry in entries {
            guard case .named(let name, let field, let location) = entry else { throw Refusal(value.location, shape) }
            switch name {
            case "edges":
                guard case .table(let names) = field.kind else { throw Refusal(location, shape) }
                for case .positional(let edge) in names {
                    guard case .string(let bytes) = edge.kind,
                        UIKitSpelling.edges.contains(String(decoding: bytes, as: UTF8.self))
                    else {
                        throw Refusal(edge.location, "an edge is one of \(UIKitSpelling.edges.joined(separator: ", "))")
                    }
                    edges.append("." + String(decoding: bytes, as: UTF8.self))
                }
            case "fractionalOffset", "absoluteOffset":
                guard case .table(let parts) = field.kind, parts.count == 2, case .positional(let x) = parts[0],
                    case .positional(let y) = parts[1]
                else { throw Refusal(location, "\(name) is written in place as {x, y}") }
                offset = ", \(name): CGPoint(x: \(try points(x)), y: \(try points(y)))"
            default:
                throw Refusal(location, "\(name) of containerAnchor is not translated in a section provider yet")
            }
        }
        return "NSCollectionLayoutAnchor(edges: [\(edges.joined(separator: ", "))]\(offset))"
    }

    /// A number as the CGFloat UIKit takes (a literal as it is).
    private func points(_ value: Expression) throws(Refusal) -> String {
        let code = try emit(value, as: .double)
        return code.constant ? code.text : "CGFloat(\(code.text))"
    }

    /// A name of UIKit's enumeration: `.continuous` for a string literal, else the helper that
    /// maps the computed name (no helper: the name must be a literal).
    private func named(_ value: Expression, _ names: [String], helper: String?) throws(Refusal) -> String {
        if case .string(let bytes) = value.kind {
            let name = String(decoding: bytes, as: UTF8.self)
            guard names.contains(name) else { throw Refusal(value.location, "\"\(name)\" is not one of \(names)") }
            return "." + name
        }
        guard let helper, let known = LuaHelper(rawValue: helper) else {
            throw Refusal(
                value.location, "write this value as a string literal (one of \(names.joined(separator: ", ")))")
        }
        helpers.insert(known)
        return "\(helper)(\(try emit(value, as: .string).text))"
    }
}
