#if !canImport(UIKit)
// The view controllers an exported screen uses, transcribed from
// developer.apple.com/documentation/uikit/uiviewcontroller and …/uicollectionviewcontroller:
// the view is made on first use (`loadView`, then `viewDidLoad`), and a collection view
// controller is its collection view's data source and delegate.
import Foundation

/// developer.apple.com/documentation/uikit/uiviewcontroller
@available(iOS 2.0, *)
@MainActor
open class UIViewController: NSObject {
    private var loadedView: UIView?

    /// …/uiviewcontroller/init(nibname:bundle:) (there are no nibs here)
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    /// …/uiviewcontroller/init(coder:) (nothing is archived here)
    public required init?(coder: NSCoder) { nil }

    /// …/uiviewcontroller/view: loaded on first use.
    open var view: UIView! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set {
            loadedView = newValue
            newValue?.owningViewController = self
        }
    }

    /// …/uiviewcontroller/isviewloaded
    @available(iOS 3.0, *)
    open var isViewLoaded: Bool { loadedView != nil }

    /// …/uiviewcontroller/loadview(): a plain view.
    open func loadView() {
        view = UIView(frame: .zero)
    }

    /// …/uiviewcontroller/viewdidload()
    open func viewDidLoad() {}

    /// …/uiviewcontroller/loadviewifneeded()
    @available(iOS 9.0, *)
    open func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        viewDidLoad()
    }

    /// …/uiviewcontroller/additionalsafeareainsets: the root view's safe area here (no window).
    @available(iOS 11.0, *)
    open var additionalSafeAreaInsets: UIEdgeInsets = .zero {
        didSet { loadedView?.setNeedsLayout() }
    }
}

/// developer.apple.com/documentation/uikit/uicollectionviewcontroller
@available(iOS 6.0, *)
@MainActor
open class UICollectionViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDelegate {
    private let layout: UICollectionViewLayout

    /// …/uicollectionviewcontroller/init(collectionviewlayout:)
    public init(collectionViewLayout layout: UICollectionViewLayout) {
        self.layout = layout
        super.init(nibName: nil, bundle: nil)
    }

    /// …/uicollectionviewcontroller/init(coder:) (nothing is archived here)
    public required init?(coder: NSCoder) { nil }

    /// …/uicollectionviewcontroller/collectionviewlayout
    open var collectionViewLayout: UICollectionViewLayout { collectionView.collectionViewLayout }

    /// …/uicollectionviewcontroller/collectionview
    open var collectionView: UICollectionView! {
        get { view as? UICollectionView }
        set { view = newValue }
    }

    /// A collection view with the layout, the controller its data source and delegate.
    open override func loadView() {
        let collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)
        collectionView.dataSource = self
        collectionView.delegate = self
        view = collectionView
    }

    /// …/uicollectionviewdatasource/numberofsections(in:)
    open func numberOfSections(in collectionView: UICollectionView) -> Int { 1 }

    /// …/uicollectionviewdatasource/collectionview(_:numberofitemsinsection:)
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }

    /// …/uicollectionviewdatasource/collectionview(_:cellforitemat:): a subclass answers.
    open func collectionView(
        _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    )
        -> UICollectionViewCell
    {
        UIKitException.raise("UICollectionViewController: collectionView(_:cellForItemAt:) is not overridden")
        return UICollectionViewCell(frame: .zero)
    }

    /// …/uicollectionviewdatasource/collectionview(_:viewforsupplementaryelementofkind:at:)
    open func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        UIKitException.raise(
            "UICollectionViewController: collectionView(_:viewForSupplementaryElementOfKind:at:) is not overridden, and the layout places a supplementary view of kind \(kind)"
        )
        return UICollectionReusableView(frame: .zero)
    }
}
#endif
