/// The project's API in UIKit's terms (docs/lua-to-swift.md): `cv` is the script's context
/// over the layout's collection view and the app's data, `out` the elements `prepare` places,
/// `env` UIKit's NSCollectionLayoutEnvironment, `a` the script's attributes class.
extension SwiftGenerator {
    func apiField(_ name: String, of api: APIObject, base: Code, at location: SourceLocation) throws(Refusal) -> Code {
        let lua = try inference.apiField(name, of: api, at: location).type
        let type = try swiftType(of: lua)
        if api == .collectionView {
            try requireProviderMember(name, at: location)
            collectionViewMembers.insert(name)
        }
        if api == .environment, name == "displayScale" {
            return Code("Double(\(base.at(.primary)).traitCollection.displayScale)", type)
        }
        return Code("\(base.at(.primary)).\(name)", type)
    }

    func apiCall(
        _ name: String, of api: APIObject, base: Code, _ arguments: [Expression], statement: Bool,
        at location: SourceLocation
    ) throws(Refusal) -> Code {
        let receiver = base.at(.primary)
        func integers(_ range: Range<Int>) throws(Refusal) -> [String] {
            try range.map { (index) throws(Refusal) in try emit(arguments[index], as: .int).text }
        }
        func doubles(_ range: Range<Int>) throws(Refusal) -> [String] {
            try range.map { (index) throws(Refusal) in try emit(arguments[index], as: .double).text }
        }
        let attributes = SwiftType.named(prefix + "Attributes")
        if api == .collectionView { try requireProviderMember(name, at: location) }
        switch (api, name) {
        case (.collectionView, "numberOfItems"):
            collectionViewMembers.insert(name)
            return Code("\(receiver).numberOfItems(\(try integers(0..<1)[0]))", .int)
        case (.collectionView, "itemData"):
            collectionViewMembers.insert(name)
            let type = SwiftType.optional(.existential(prefix + "ItemData"))
            return Code("\(receiver).itemData(\(try integers(0..<2).joined(separator: ", ")))", type)
        case (.collectionView, "sectionData"):
            collectionViewMembers.insert(name)
            let type = SwiftType.optional(.existential(prefix + "SectionData"))
            return Code("\(receiver).sectionData(\(try integers(0..<1)[0]))", type)
        case (.collectionView, "layoutAttributesForItem"):
            collectionViewMembers.insert(name)
            return Code(
                "\(receiver).layoutAttributesForItem(\(try integers(0..<2).joined(separator: ", ")))",
                attributes.optional)
        case (.collectionView, "layoutAttributesForSupplementaryElement"),
            (.collectionView, "layoutAttributesForDecorationElement"):
            collectionViewMembers.insert(name)
            let kind = try emit(arguments[0], as: .string).text
            return Code(
                "\(receiver).\(name)(\(kind), \(try integers(1..<3).joined(separator: ", ")))", attributes.optional)
        case (.collectionView, "layoutAttributesForElements"):
            collectionViewMembers.insert(name)
            let rect = try emit(arguments[0], as: .named("CGRect")).text
            return Code("\(receiver).layoutAttributesForElements(in: \(rect))", .array(attributes))
        case (.elementSink, "cell"):
            let call = "\(receiver).cell(\((try integers(0..<2) + doubles(2..<6)).joined(separator: ", ")))"
            return try placed(call, extra: arguments.count > 6 ? arguments[6] : nil, statement: statement)
        case (.elementSink, "supplementary"), (.elementSink, "decoration"):
            let kind = try emit(arguments[0], as: .string).text
            let call: String
            let extra: Expression?
            if try luaType(arguments[1]).shape.table != nil {
                let path = try emit(arguments[1], as: .array(.int)).text
                call = "\(receiver).\(name)(\(kind), \(path), \(try doubles(2..<6).joined(separator: ", ")))"
                extra = arguments.count > 6 ? arguments[6] : nil
            } else {
                call = "\(receiver).\(name)(\(kind), \((try integers(1..<3) + doubles(3..<7)).joined(separator: ", ")))"
                extra = arguments.count > 7 ? arguments[7] : nil
            }
            return try placed(call, extra: extra, statement: statement)
        case (.elementSink, "contentSize"):
            return Code("\(receiver).contentSize(\(try doubles(0..<2).joined(separator: ", ")))", .void)
        default:
            throw Refusal(location, "\(api.description):\(name) is not translated")
        }
    }

    /// What a translated section provider may read of `cv`: the collection view, the app's data
    /// and state, not what the layout placed (UIKit's compositional layout places it after the
    /// provider), and only in the provider's own body (a handler's closure holding the layout
    /// would keep it alive).
    private func requireProviderMember(_ name: String, at location: SourceLocation) throws(Refusal) {
        guard CallbackSignature.translatingProvider else { return }
        if name == "contentSize" || name.hasPrefix("layoutAttributesFor") {
            throw Refusal(
                location,
                "cv.\(name) in a section provider is not translated: UIKit lays the sections out after the provider returns"
            )
        }
        if closureDepth > 0 {
            throw Refusal(
                location,
                "a handler or item provider inside a section provider reads cv, which is not translated: "
                    + "read it in the provider and keep the value in a local")
        }
    }

    /// An `out:` placement, with its extra attributes applied to what it placed.
    private func placed(_ call: String, extra: Expression?, statement: Bool) throws(Refusal) -> Code {
        guard let extra else { return Code(call, statement ? .void : .named(prefix + "Attributes")) }
        let values = try emit(extra, as: .named(prefix + "Extra"))
        return Code("\(values.at(.primary)).apply(to: \(call))", .void)
    }
}
