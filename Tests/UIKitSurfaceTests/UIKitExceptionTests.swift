import TestExpectations
import Testing

@testable import UIKitSurface

/// Records UIKit's exceptions instead of ending the program, for one test.
@MainActor
final class RaisedReasons {
    private(set) var reasons: [String] = []
    private let previous: (String) -> Void

    init() {
        previous = UIKitException.handler
        UIKitException.handler = { [unowned self] in self.reasons.append($0) }
    }

    func restore() { UIKitException.handler = previous }
}

/// A full-width section of 50-point rows with a section header and a background decoration.
@MainActor
func headedSection(decoration: String? = "background") -> NSCollectionLayoutSection {
    let row = NSCollectionLayoutSize(widthDimension: .fractionalWidth(1.0), heightDimension: .absolute(50))
    let section = NSCollectionLayoutSection(
        group: .vertical(layoutSize: row, subitems: [NSCollectionLayoutItem(layoutSize: row)]))
    section.boundarySupplementaryItems = [
        NSCollectionLayoutBoundarySupplementaryItem(layoutSize: row, elementKind: "header", alignment: .top)
    ]
    if let decoration { section.decorationItems = [.background(elementKind: decoration)] }
    return section
}

/// Serves cells and headers it registered when asked, as the recorder does.
final class Serving: NSObject, UICollectionViewDataSource {
    let counts: [Int]
    let registersHeaders: Bool
    init(_ counts: [Int], registersHeaders: Bool = true) {
        self.counts = counts
        self.registersHeaders = registersHeaders
    }
    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        counts[section]
    }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell
    {
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "cell")
        return collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        if registersHeaders {
            collectionView.register(
                UICollectionReusableView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: "view")
        }
        return collectionView.dequeueReusableSupplementaryView(
            ofKind: kind, withReuseIdentifier: "view", for: indexPath)
    }
}

/// What UIKit refuses with an exception, the surface refuses too (issue 33 item 3; issue 33
/// item 2): a decoration view nobody registered, a supplementary kind the data source never
/// registered, a cell identifier never registered, a nil section.
@Suite("UIKitSurface: UIKit's exceptions")
@MainActor
struct UIKitExceptionTests {
    func layOut(_ layout: UICollectionViewLayout, _ dataSource: any UICollectionViewDataSource) {
        let view = UICollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
        view.dataSource = dataSource
        view.layoutIfNeeded()
    }

    @Test func anUnregisteredDecorationViewRaises() {
        let raised = RaisedReasons()
        defer { raised.restore() }
        let serving = Serving([2])
        let layout = UICollectionViewCompositionalLayout(section: headedSection())
        layOut(layout, serving)
        expect(
            raised.reasons == [
                "could not dequeue a view of kind: background with identifier background - must register a nib or a class for the identifier"
            ])
        // Registered on the layout, as the exported makeNAMELayout(backgroundView:) does: no exception.
        let registered = RaisedReasons()
        defer { registered.restore() }
        let again = UICollectionViewCompositionalLayout(section: headedSection())
        again.register(UICollectionReusableView.self, forDecorationViewOfKind: "background")
        layOut(again, serving)
        expect(registered.reasons.isEmpty)
    }

    @Test func anUnregisteredSupplementaryKindRaises() {
        let raised = RaisedReasons()
        defer { raised.restore() }
        let serving = Serving([2], registersHeaders: false)
        layOut(UICollectionViewCompositionalLayout(section: headedSection(decoration: nil)), serving)
        expect(
            raised.reasons == [
                "could not dequeue a view of kind: header with identifier view - must register a nib or a class for the identifier"
            ])
    }

    @Test func anUnregisteredCellRaises() {
        let raised = RaisedReasons()
        defer { raised.restore() }
        let counts = Counts([1])
        layOut(UICollectionViewCompositionalLayout(section: headedSection(decoration: nil)), counts)
        expect(
            raised.reasons.first
                == "could not dequeue a view of kind: UICollectionElementKindCell with identifier cell - must register a nib or a class for the identifier"
        )
    }

    /// UIKit has no empty section: a provider returning nil raises "Invalid section definition".
    @Test func aNilSectionRaises() {
        let raised = RaisedReasons()
        defer { raised.restore() }
        let serving = Serving([1, 1])
        let layout = UICollectionViewCompositionalLayout { index, _ in index == 0 ? headedSection(decoration: nil) : nil
        }
        layOut(layout, serving)
        expect(
            raised.reasons == [
                "Invalid section definition. Please specify a valid section definition when content is to be rendered for a section index of 1"
            ])
    }

    /// List sections' separators are the list's own: no decoration view to register.
    @Test func listDecorationsNeedNoRegistration() {
        let raised = RaisedReasons()
        defer { raised.restore() }
        let serving = Serving([3])
        layOut(UICollectionViewCompositionalLayout.list(using: .init(appearance: .plain)), serving)
        expect(raised.reasons.isEmpty)
    }
}
