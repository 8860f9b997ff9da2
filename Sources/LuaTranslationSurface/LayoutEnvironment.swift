// The other tables the engine hands a script: traits, a compositional environment, the items of
// a batch update, an element's index path, a looping animation.

/// `cv.traits` / `env.traitCollection` (UITraitCollection's names).
public struct LayoutTraits: Equatable, Sendable {
    public var horizontalSizeClass: String
    public var verticalSizeClass: String
    public var userInterfaceIdiom: String
    public var preferredContentSizeCategory: String
    public var displayScale: Double

    public init(
        horizontalSizeClass: String = "compact", verticalSizeClass: String = "regular",
        userInterfaceIdiom: String = "phone", preferredContentSizeCategory: String = "large", displayScale: Double = 1
    ) {
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.userInterfaceIdiom = userInterfaceIdiom
        self.preferredContentSizeCategory = preferredContentSizeCategory
        self.displayScale = displayScale
    }
}

/// `env.container`.
public struct LayoutContainer: Equatable, Sendable {
    public var contentSize: LayoutSize
    public var effectiveContentSize: LayoutSize
    public var contentInsets: LayoutDirectionalInsets

    public init(contentSize: LayoutSize, effectiveContentSize: LayoutSize, contentInsets: LayoutDirectionalInsets) {
        self.contentSize = contentSize
        self.effectiveContentSize = effectiveContentSize
        self.contentInsets = contentInsets
    }
}

/// `env` of a section provider (NSCollectionLayoutEnvironment).
public struct LayoutEnvironment: Equatable, Sendable {
    public var container: LayoutContainer
    public var displayScale: Double
    public var traitCollection: LayoutTraits

    public init(container: LayoutContainer, displayScale: Double, traitCollection: LayoutTraits) {
        self.container = container
        self.displayScale = displayScale
        self.traitCollection = traitCollection
    }
}

/// An index path of an update item: `item` is nil for a whole-section update.
public struct LayoutUpdateIndexPath: Equatable, Sendable {
    public var section: Int
    public var item: Int?

    public init(section: Int, item: Int?) {
        self.section = section
        self.item = item
    }
}

/// One change of a batch update (UICollectionViewUpdateItem).
public struct LayoutUpdateItem: Equatable, Sendable {
    public var updateAction: String
    public var indexPathBeforeUpdate: LayoutUpdateIndexPath?
    public var indexPathAfterUpdate: LayoutUpdateIndexPath?

    public init(
        updateAction: String, indexPathBeforeUpdate: LayoutUpdateIndexPath?,
        indexPathAfterUpdate: LayoutUpdateIndexPath?
    ) {
        self.updateAction = updateAction
        self.indexPathBeforeUpdate = indexPathBeforeUpdate
        self.indexPathAfterUpdate = indexPathAfterUpdate
    }
}

/// `a.indexPath`: section and item, and for a deeper path its components, which Lua reads as
/// `path[1]`, `path[2]`, … (nil for a two-component path, as the engine's table has none).
public struct LayoutIndexPath: Equatable, Sendable {
    public var components: [Int]

    public init(components: [Int]) {
        self.components = components
    }

    public var section: Int { components[0] }
    public var item: Int { components[1] }

    public subscript(position: Int) -> Int? {
        guard components.count > 2, position >= 1, position <= components.count else { return nil }
        return components[position - 1]
    }
}

/// A looping animation (`a.animations`): Core Animation's names; a field the script leaves
/// out keeps the engine's default.
public struct LayoutAnimation: Equatable, Sendable {
    public var keyPath: String?
    public var fromValue: Double?
    public var toValue: Double?
    public var duration: Double?
    public var autoreverses: Bool?
    public var repeatCount: Double?
    public var timeOffset: Double?

    public init(
        keyPath: String? = nil, fromValue: Double? = nil, toValue: Double? = nil, duration: Double? = nil,
        autoreverses: Bool? = nil, repeatCount: Double? = nil, timeOffset: Double? = nil
    ) {
        self.keyPath = keyPath
        self.fromValue = fromValue
        self.toValue = toValue
        self.duration = duration
        self.autoreverses = autoreverses
        self.repeatCount = repeatCount
        self.timeOffset = timeOffset
    }
}
