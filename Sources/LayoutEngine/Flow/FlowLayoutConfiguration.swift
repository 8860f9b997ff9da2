/// The properties of UICollectionViewFlowLayout, with UIKit's defaults.
package struct FlowLayoutConfiguration: Hashable, Sendable {
    /// `.contentInset`: from the content's edges (inside the adjusted content inset);
    /// `.safeArea` / `.layoutMargins`: from those edges of the bounds, where they reach further
    /// in than the adjusted content inset already does.
    package enum SectionInsetReference: String, Hashable, Sendable, CaseIterable {
        case contentInset
        case safeArea
        case layoutMargins
    }

    package enum ScrollDirection: String, Hashable, Sendable {
        case vertical
        case horizontal
    }

    package var scrollDirection: ScrollDirection = .vertical
    package var itemSize = Size(width: 50, height: 50)
    package var minimumLineSpacing: Double = 10
    package var minimumInteritemSpacing: Double = 10
    package var sectionInset: EdgeInsets = .zero
    /// What section insets are measured from (UICollectionViewFlowLayout.SectionInsetReference).
    package var sectionInsetReference: SectionInsetReference = .contentInset
    package var headerReferenceSize: Size = .zero
    package var footerReferenceSize: Size = .zero
    package var sectionHeadersPinToVisibleBounds = false
    package var sectionFootersPinToVisibleBounds = false

    package init() {}
}

/// UICollectionViewDelegateFlowLayout: per-section and per-item overrides. Returning nil
/// means "use the layout's property".
package protocol FlowLayoutDelegate: AnyObject {
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
    package func sizesForItems(inSection section: Int, count: Int, context: CollectionContext) throws -> [Size]? { nil }
    package func streamSizesForItems(
        inSection section: Int, count: Int, context: CollectionContext, consume: (UnsafeBufferPointer<Size>) -> Bool
    ) throws -> Bool {
        guard let sizes = try sizesForItems(inSection: section, count: count, context: context) else { return false }
        guard sizes.count == count else {
            throw LayoutError("section \(section): \(sizes.count) item sizes for \(count) items")
        }
        _ = sizes.withUnsafeBufferPointer(consume)
        return true
    }
    package func insetForSection(_ section: Int, context: CollectionContext) throws -> EdgeInsets? { nil }
    package func minimumLineSpacingForSection(_ section: Int, context: CollectionContext) throws -> Double? { nil }
    package func minimumInteritemSpacingForSection(_ section: Int, context: CollectionContext) throws -> Double? { nil }
    package func referenceSizeForHeader(inSection section: Int, context: CollectionContext) throws -> Size? { nil }
    package func referenceSizeForFooter(inSection section: Int, context: CollectionContext) throws -> Size? { nil }
}
