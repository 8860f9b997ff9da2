/// The properties of UICollectionViewFlowLayout, with UIKit's defaults.
public struct FlowLayoutConfiguration: Hashable, Sendable {
    /// `.contentInset`: from the content's edges (inside the adjusted content inset);
    /// `.safeArea` / `.layoutMargins`: from those edges of the bounds, where they reach further
    /// in than the adjusted content inset already does.
    public enum SectionInsetReference: String, Hashable, Sendable, CaseIterable {
        case contentInset
        case safeArea
        case layoutMargins
    }

    public enum ScrollDirection: String, Hashable, Sendable {
        case vertical
        case horizontal
    }

    public var scrollDirection: ScrollDirection = .vertical
    public var itemSize = Size(width: 50, height: 50)
    public var minimumLineSpacing: Double = 10
    public var minimumInteritemSpacing: Double = 10
    public var sectionInset: EdgeInsets = .zero
    /// What section insets are measured from (UICollectionViewFlowLayout.SectionInsetReference).
    public var sectionInsetReference: SectionInsetReference = .contentInset
    public var headerReferenceSize: Size = .zero
    public var footerReferenceSize: Size = .zero
    public var sectionHeadersPinToVisibleBounds = false
    public var sectionFootersPinToVisibleBounds = false

    public init() {}
}

/// UICollectionViewDelegateFlowLayout: per-section and per-item overrides. Returning nil
/// means "use the layout's property".
public protocol FlowLayoutDelegate: AnyObject {
    /// The sizes of all items of a section (one call per section per prepare), or nil.
    func sizesForItems(inSection section: Int, count: Int, context: CollectionContext) throws -> [Size]?
    /// The same sizes handed to `consume` in item order, a chunk at a time, as they are
    /// computed: the flow places them as they arrive, with no array of a section's sizes.
    /// `consume` returns false to stop early (a bad size). False when there are no per-item
    /// sizes. The default hands over `sizesForItems` in one chunk.
    func streamSizesForItems(
        inSection section: Int, count: Int, context: CollectionContext, consume: (UnsafeBufferPointer<Size>) -> Bool
    ) throws -> Bool
    func insetForSection(_ section: Int, context: CollectionContext) throws -> EdgeInsets?
    func minimumLineSpacingForSection(_ section: Int, context: CollectionContext) throws -> Double?
    func minimumInteritemSpacingForSection(_ section: Int, context: CollectionContext) throws -> Double?
    func referenceSizeForHeader(inSection section: Int, context: CollectionContext) throws -> Size?
    func referenceSizeForFooter(inSection section: Int, context: CollectionContext) throws -> Size?
}

extension FlowLayoutDelegate {
    public func sizesForItems(inSection section: Int, count: Int, context: CollectionContext) throws -> [Size]? { nil }
    public func streamSizesForItems(
        inSection section: Int, count: Int, context: CollectionContext, consume: (UnsafeBufferPointer<Size>) -> Bool
    ) throws -> Bool {
        guard let sizes = try sizesForItems(inSection: section, count: count, context: context) else { return false }
        guard sizes.count == count else {
            throw LayoutError("section \(section): \(sizes.count) item sizes for \(count) items")
        }
        _ = sizes.withUnsafeBufferPointer(consume)
        return true
    }
    public func insetForSection(_ section: Int, context: CollectionContext) throws -> EdgeInsets? { nil }
    public func minimumLineSpacingForSection(_ section: Int, context: CollectionContext) throws -> Double? { nil }
    public func minimumInteritemSpacingForSection(_ section: Int, context: CollectionContext) throws -> Double? { nil }
    public func referenceSizeForHeader(inSection section: Int, context: CollectionContext) throws -> Size? { nil }
    public func referenceSizeForFooter(inSection section: Int, context: CollectionContext) throws -> Size? { nil }
}
