// LayoutRecorder.swift: UIKit's truth in LuaLayout's JSON.
//
// Copy this file into an iOS XCTest target. Given any UICollectionViewLayout, it installs the
// layout in a UICollectionView of a given size, display scale and data counts, lays it out, and
// writes every element (layoutAttributesForElements(in:) over the whole content) exactly as
// `lualayout run --format json` prints a layout: the same fields in the same order, numbers as
// the shortest decimal that reads back as the same double, elements ordered by category, kind
// and index path. Commit what it records; `lualayout compare RECORDED.json <(lualayout run …)`
// then checks LuaLayout's frames against UIKit's in CI. See docs/export.md.
//
// On Linux the same file compiles against UIKitSurface (Scripts/export-check builds it with
// every exported example and compares its output with `lualayout run`).

#if canImport(UIKit)
import UIKit
#else
import Foundation
import UIKitSurface
#endif

/// Records the elements a collection-view layout places, as LuaLayout's JSON.
@MainActor
enum LayoutRecorder {
    /// The collection view to record: its size, display scale, data counts (one entry per
    /// section), content offset, insets, margins, safe area, layout direction and size
    /// classes, and the rect to record. LuaLayout's defaults: scale 1, no margins or insets.
    struct Options {
        var size: CGSize
        var itemCounts: [Int]
        var scale: CGFloat = 1
        /// nil: where UIKit rests a view nobody scrolled (−adjustedContentInset.left/top), as
        /// `lualayout run` without `--offset`.
        var contentOffset: CGPoint?
        var contentInset: UIEdgeInsets = .zero
        /// UIKit's default margins are 8 points; LuaLayout's (`--layout-margins`) are zero.
        var layoutMargins: UIEdgeInsets = .zero
        /// Set as the additional safe area of a view controller holding the collection view.
        var safeAreaInsets: UIEdgeInsets = .zero
        var rightToLeft = false
        var horizontalSizeClass: UIUserInterfaceSizeClass = .unspecified
        var verticalSizeClass: UIUserInterfaceSizeClass = .unspecified
        var preferredContentSizeCategory: UIContentSizeCategory = .unspecified
        /// The rect whose elements are recorded; nil: the whole content, as `run` prints it.
        var rect: CGRect?
        /// The collection view's delegate (an exported flow's `NAMEFlowDelegate`); kept here
        /// while the layout is recorded, as UIKit holds its delegate weakly.
        var delegate: (any UICollectionViewDelegate)?
    }

    /// `layout` in a fresh collection view, the view of a fresh controller, serving
    /// `options.itemCounts`, with the options' delegate. The caller keeps the data source while
    /// the collection view is used (UIKit holds it weakly).
    static func host(
        _ layout: UICollectionViewLayout, _ options: Options
    ) -> (collectionView: UICollectionView, controller: UIViewController, dataSource: CountsDataSource) {
        let dataSource = CountsDataSource(options.itemCounts)
        let collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)
        let controller = UIViewController(nibName: nil, bundle: nil)
        controller.view = collectionView
        collectionView.dataSource = dataSource
        collectionView.delegate = options.delegate
        return (collectionView, controller, dataSource)
    }

    /// Lays `layout` out in a fresh collection view and returns its elements as JSON.
    static func json(of layout: UICollectionViewLayout, _ options: Options) -> String {
        let (collectionView, controller, dataSource) = host(layout, options)
        let json = Self.json(of: collectionView, in: controller, options)
        withExtendedLifetime(dataSource) {}
        collectionView.dataSource = nil
        collectionView.delegate = nil
        return json
    }

    /// A screen's collection view, serving its own data (`options.itemCounts` unused), laid out
    /// with the options.
    static func json(of controller: UICollectionViewController, _ options: Options) -> String {
        controller.loadViewIfNeeded()
        return json(of: controller.collectionView, in: controller, options)
    }

    /// `collectionView`, the view of `controller`, given the options' size, traits, insets and
    /// offset, laid out, and its elements as JSON.
    static func json(
        of collectionView: UICollectionView, in controller: UIViewController, _ options: Options
    ) -> String {
        collectionView.frame = CGRect(origin: .zero, size: options.size)
        controller.additionalSafeAreaInsets = options.safeAreaInsets
        if #available(iOS 17, tvOS 17, *) {
            collectionView.traitOverrides.displayScale = options.scale
            if options.horizontalSizeClass != .unspecified {
                collectionView.traitOverrides.horizontalSizeClass = options.horizontalSizeClass
            }
            if options.verticalSizeClass != .unspecified {
                collectionView.traitOverrides.verticalSizeClass = options.verticalSizeClass
            }
            if options.preferredContentSizeCategory != .unspecified {
                collectionView.traitOverrides.preferredContentSizeCategory = options.preferredContentSizeCategory
            }
        }
        if options.rightToLeft { collectionView.semanticContentAttribute = .forceRightToLeft }
        collectionView.layoutMargins = options.layoutMargins
        collectionView.contentInset = options.contentInset
        collectionView.layoutIfNeeded()
        if let offset = options.contentOffset { collectionView.contentOffset = offset }
        collectionView.layoutIfNeeded()
        return json(of: collectionView, in: options.rect)
    }

    /// The elements of a collection view that is already laid out, in `area` (nil: all).
    static func json(of collectionView: UICollectionView, in area: CGRect? = nil) -> String {
        let layout = collectionView.collectionViewLayout
        let contentSize = layout.collectionViewContentSize
        // The whole content, and far beyond it across both axes: orthogonal sections' items lie
        // past the content's edge, and `run` lists every element the layout placed.
        let everything = area ?? CGRect(origin: .zero, size: contentSize).insetBy(dx: -100_000, dy: -100_000)
        let elements = (layout.layoutAttributesForElements(in: everything) ?? []).map(element).sorted()
        var text = "{\n  \"bounds\": " + rect(collectionView.bounds)
        text +=
            ",\n  \"contentSize\": {\"width\": \(number(contentSize.width)), \"height\": \(number(contentSize.height))}"
        if elements.isEmpty { return text + ",\n  \"elements\": []\n}\n" }
        text += ",\n  \"elements\": [\n    "
        text += elements.map(\.json).joined(separator: ",\n    ")
        return text + "\n  ]\n}\n"
    }

    /// Writes the JSON to `path`.
    static func record(_ layout: UICollectionViewLayout, _ options: Options, to path: String) throws {
        try json(of: layout, options).write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// Writes a screen's JSON to `path`.
    static func record(_ controller: UICollectionViewController, _ options: Options, to path: String) throws {
        try json(of: controller, options).write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// One element, with what orders and prints it.
    struct Element: Comparable {
        var category: Int
        var kind: String
        var indexPath: [Int]
        var json: String

        /// LuaLayout's output order: category, then kind, then index path.
        static func < (a: Element, b: Element) -> Bool {
            if a.category != b.category { return a.category < b.category }
            if a.kind != b.kind { return a.kind < b.kind }
            return a.indexPath.lexicographicallyPrecedes(b.indexPath)
        }
    }

    /// An element as `run --format json` prints it (the attributes are read on the main actor).
    static func element(_ a: UICollectionViewLayoutAttributes) -> Element {
        let category: Int
        switch a.representedElementCategory {
        case .cell: category = 0
        case .supplementaryView: category = 1
        case .decorationView: category = 2
        @unknown default: category = 3
        }
        let kind = category == 0 ? "" : LayoutRecorder.kind(a.representedElementKind ?? "")
        let indexPath = Array(a.indexPath)
        let categoryName = ["cell", "supplementary", "decoration", "unknown"][category]
        var text = "{\"category\": \"\(categoryName)\""
        if category != 0 { text += ", \"kind\": " + LayoutRecorder.string(kind) }
        text += ", \"indexPath\": [" + indexPath.map(String.init).joined(separator: ", ") + "]"
        text += ", \"frame\": " + rect(a.frame)
        text += ", \"alpha\": \(number(a.alpha)), \"zIndex\": \(a.zIndex), \"hidden\": \(a.isHidden)"
        let t = a.transform3D
        let matrix = [
            t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43,
            t.m44,
        ]
        if matrix != [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] {
            text += ", \"transform3D\": [" + matrix.map(number).joined(separator: ", ") + "]"
        }
        return Element(category: category, kind: kind, indexPath: indexPath, json: text + "}")
    }

    /// UIKit's flow layout names its headers and footers with these kinds; LuaLayout's flow
    /// layout calls them "header" and "footer".
    nonisolated static func kind(_ uikitKind: String) -> String {
        switch uikitKind {
        case UICollectionView.elementKindSectionHeader: "header"
        case UICollectionView.elementKindSectionFooter: "footer"
        default: uikitKind
        }
    }

    /// As `run --format json` writes numbers: whole numbers without a fraction, others as the
    /// shortest decimal that reads back as the same double.
    nonisolated static func number(_ value: CGFloat) -> String {
        let double = Double(value)
        guard double.isFinite else { return "null" }
        if abs(double) < 1e15, case let whole = Int(double), Double(whole) == double { return String(whole) }
        return String(double)
    }

    nonisolated static func rect(_ r: CGRect) -> String {
        "{\"x\": \(number(r.origin.x)), \"y\": \(number(r.origin.y)), \"width\": \(number(r.size.width)), \"height\": \(number(r.size.height))}"
    }

    /// A JSON string, escaped as LuaLayout escapes it.
    nonisolated static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out += "\\u00" + (scalar.value < 0x10 ? "0" : "1") + String(scalar.value & 15, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// Answers the counts; cells are `RecordingCell`s, supplementary views plain (UIKit asks for
/// them while it lays out, and requires each kind to be registered before it is dequeued).
@MainActor
final class CountsDataSource: NSObject, UICollectionViewDataSource {
    /// Changed inside a batch update (LayoutHookRecorder.swift), as UIKit requires.
    var counts: [Int]
    /// Every cell dequeued, in order.
    private(set) var cells: [RecordingCell] = []
    private var registeredKinds: Set<String> = []
    private var registeredCell = false

    init(_ counts: [Int]) { self.counts = counts }

    func numberOfSections(in collectionView: UICollectionView) -> Int { counts.count }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        counts.indices.contains(section) ? counts[section] : 0
    }

    func collectionView(
        _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
    )
        -> UICollectionViewCell
    {
        if !registeredCell {
            collectionView.register(RecordingCell.self, forCellWithReuseIdentifier: "recorder-cell")
            registeredCell = true
        }
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "recorder-cell", for: indexPath)
        if let recording = cell as? RecordingCell, !cells.contains(where: { $0 === recording }) {
            cells.append(recording)
        }
        return cell
    }

    func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        if registeredKinds.insert(kind).inserted {
            collectionView.register(
                UICollectionReusableView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: "recorder-view")
        }
        return collectionView.dequeueReusableSupplementaryView(
            ofKind: kind, withReuseIdentifier: "recorder-view", for: indexPath)
    }
}

/// A cell that keeps every set of attributes UIKit gives it (`apply(_:)`): where it rests,
/// and in a batch update where its animation starts and ends.
final class RecordingCell: UICollectionViewCell {
    private(set) var applied: [UICollectionViewLayoutAttributes] = []

    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        applied.append(layoutAttributes.copy() as? UICollectionViewLayoutAttributes ?? layoutAttributes)
    }
}
