import TestExpectations
import Testing

@testable import UIKitSurface

/// The resting offset: a collection view nobody scrolled rests at −adjustedContentInset.top
/// (and .left when the content scrolls sideways), as UIKit's `.automatic` adjustment keeps a
/// view controller's content view, and as `lualayout run` starts without `--offset`
/// (docs/lua-api.md, "The resting offset").
@Suite("UIKitSurface resting offset")
@MainActor
struct UIKitSurfaceRestingOffsetTests {
    /// A 200-point-wide list in a controller whose safe area is (44, 10, 34, 10) and whose
    /// content inset is 6 on top: the adjusted top is 44 + 6 = 50, so the view rests at y −50;
    /// the content (10 rows of 30 = 300 points) is no wider than the view, so the sides are not
    /// adjusted and x stays 0.
    @Test func restsAtTheAdjustedInset() {
        let view = restingList()
        view.layoutIfNeeded()
        expectEqual(view.adjustedContentInset, UIEdgeInsets(top: 50, left: 0, bottom: 34, right: 0))
        expectEqual(view.contentOffset, CGPoint(x: 0, y: -50))
        expectEqual(view.bounds.origin, CGPoint(x: 0, y: -50))
    }

    /// Once anyone sets the offset, the view stays where it was put, whatever the insets do.
    @Test func anOffsetSetByTheAppStays() {
        let view = restingList()
        view.contentOffset = CGPoint(x: 0, y: 20)
        view.layoutIfNeeded()
        expectEqual(view.contentOffset, CGPoint(x: 0, y: 20))
        view.contentInset = UIEdgeInsets(top: 100, left: 0, bottom: 0, right: 0)
        view.layoutIfNeeded()
        expectEqual(view.contentOffset, CGPoint(x: 0, y: 20))
    }

    private func restingList() -> UICollectionView {
        let item = NSCollectionLayoutItem(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(30)))
        let group = NSCollectionLayoutGroup.horizontal(
            layoutSize: NSCollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(30)),
            subitems: [item])
        let layout = UICollectionViewCompositionalLayout(section: NSCollectionLayoutSection(group: group))
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 200, height: 400), collectionViewLayout: layout)
        controller.view = view
        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 44, left: 10, bottom: 34, right: 10)
        view.contentInset = UIEdgeInsets(top: 6, left: 0, bottom: 0, right: 0)
        view.layoutMargins = .zero
        view.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        view.dataSource = counts
        return view
    }

    private let counts = Counts([10])
    /// Holds the view, as an app's view controller does (the view's safe area is its controller's).
    private let controller = UIViewController(nibName: nil, bundle: nil)
}
