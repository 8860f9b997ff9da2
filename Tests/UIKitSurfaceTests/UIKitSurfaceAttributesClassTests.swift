import TestExpectations
import Testing

@testable import UIKitSurface

/// A flow layout subclass with its own attributes class, as an exported flow's translation is.
private final class TaggedAttributes: UICollectionViewLayoutAttributes {}

private final class TaggedFlowLayout: UICollectionViewFlowLayout {
    override class var layoutAttributesClass: AnyClass { TaggedAttributes.self }
}

/// UIKit makes a layout's elements of its `layoutAttributesClass`: a subclass's overrides
/// receive their own class from super (the translated flow's hooks cast to it).
@Suite("UIKitSurface: layoutAttributesClass")
@MainActor
struct UIKitSurfaceAttributesClassTests {
    /// Three 50 × 50 items and a 20-high header in one section: every element the flow places,
    /// and each single query, is a TaggedAttributes; UIKit's own flow layout keeps the base class.
    @Test func aSubclassReceivesItsAttributesClass() {
        let layout = TaggedFlowLayout()
        layout.itemSize = CGSize(width: 50, height: 50)
        layout.headerReferenceSize = CGSize(width: 0, height: 20)
        let view = laidOut(layout, Counts([3]))
        let all = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 1e6, height: 1e6)) ?? []
        expectEqual(all.count, 4)
        expect(all.allSatisfy { $0 is TaggedAttributes })
        expect(layout.layoutAttributesForItem(at: IndexPath(item: 2, section: 0)) is TaggedAttributes)
        expect(view.collectionViewLayout === layout)

        let plain = UICollectionViewFlowLayout()
        plain.itemSize = CGSize(width: 50, height: 50)
        let plainView = laidOut(plain, Counts([3]))
        let base = plain.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 1e6, height: 1e6)) ?? []
        expectEqual(base.count, 3)
        expect(base.allSatisfy { type(of: $0) == UICollectionViewLayoutAttributes.self })
        expect(plainView.collectionViewLayout === plain)
    }
}
