import LayoutEngine

/// `export --swift --screen`: a `UICollectionViewController` for the exported layout, with a
/// cell registration, a registration for every supplementary kind the layout places, and a
/// data source serving the item counts of the options, every view a plain placeholder to
/// replace with the app's own.
struct ScreenSwift {
    let name: String
    let kinds: ElementKinds
    /// The decoration view parameters of `makeNAMELayout(…)`.
    let decorationParameters: [String]
    let needs: IOSVersion

    func write(_ counts: [Int], to code: SwiftCode) {
        let supplementary = kinds.kinds.filter { $0.roles.contains(.supplementary) }
        code.documentation(
            "A screen for make\(name)Layout(): placeholder cells and supplementary views, and the item counts the layout was exported for. Replace them with your own."
        )
        code.line("@available(iOS \(needs), *)")
        code.line("@MainActor")
        code.line("final class \(name)ViewController: UICollectionViewController {")
        code.nested {
            code.documentation("Items per section, as exported: replace with your data.")
            code.line("private let itemCounts: [Int] = [\(counts.map(String.init).joined(separator: ", "))]")
            code.line("")
            code.line("init() {")
            code.nested {
                let arguments = decorationParameters.map { "\($0): UICollectionReusableView.self" }
                code.line(
                    "super.init(collectionViewLayout: make\(name)Layout(\(arguments.joined(separator: ", "))))")
            }
            code.line("}")
            code.line("")
            code.line("required init?(coder: NSCoder) {")
            code.nested { code.line("fatalError(\"init(coder:) is not used: create the screen with init()\")") }
            code.line("}")
            code.line("")
            code.line("override func viewDidLoad() {")
            code.nested {
                code.line("super.viewDidLoad()")
                code.line(
                    "collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: \(SwiftText.string("cell")))"
                )
                for kind in supplementary {
                    let constant = kinds.typeName + "." + kind.identifier
                    code.line(
                        "collectionView.register(UICollectionReusableView.self, forSupplementaryViewOfKind: \(constant), withReuseIdentifier: \(constant))"
                    )
                }
            }
            code.line("}")
            code.line("")
            code.line("override func numberOfSections(in collectionView: UICollectionView) -> Int {")
            code.nested { code.line("itemCounts.count") }
            code.line("}")
            code.line("")
            code.line(
                "override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {"
            )
            code.nested { code.line("itemCounts[section]") }
            code.line("}")
            code.line("")
            code.line(
                "override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {"
            )
            code.nested {
                code.line(
                    "collectionView.dequeueReusableCell(withReuseIdentifier: \(SwiftText.string("cell")), for: indexPath)"
                )
            }
            code.line("}")
            guard !supplementary.isEmpty else { return }
            code.line("")
            code.line(
                "override func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {"
            )
            code.nested {
                code.line(
                    "collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: kind, for: indexPath)"
                )
            }
            code.line("}")
        }
        code.line("}")
    }
}
