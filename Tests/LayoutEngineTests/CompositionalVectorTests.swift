import Foundation
import TestExpectations
import Testing
@testable import LayoutEngine

/// Runs every hand-derived vector of Vectors/compositional-vectors.json through
/// `CompositionalEngine.prepare` (each vector states its derivation from the note's rules).
@Suite struct CompositionalVectorTests {
    nonisolated(unsafe) static let vectors: [[String: Any]] = {
        let url = Bundle.module.url(
            forResource: "compositional-vectors", withExtension: "json", subdirectory: "Vectors")!
        let root = try! JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        return root["vectors"] as! [[String: Any]]
    }()

    static var names: [String] { vectors.map { $0["name"] as! String } }

    @Test func everyRuleFamilyIsCovered() {
        let families = Set(Self.vectors.map { $0["family"] as! String })
        for family in [
            "dimensions", "group fill", "sections", "boundary", "pinning", "anchors", "decorations",
            "orthogonal", "paging", "estimated", "horizontal",
        ] {
            expectContains(families, family, "no vector for \(family)")
        }
        for vector in Self.vectors { expect(!(vector["derivation"] as? String ?? "").isEmpty) }
    }

    @Test(arguments: names) func vector(_ name: String) throws {
        let vector = Self.vectors.first { $0["name"] as! String == name }!
        let context = VectorDecoder.context(vector["context"] as? [String: Any] ?? [:])
        let layout = vector["layout"] as! [String: Any]
        let expect = vector["expect"] as! [String: Any]
        let (sections, configuration) = try VectorDecoder.layout(layout)
        let sizing = VectorDecoder.sizing(
            items: vector["sizing"] as? [String: Any], supplementaries: vector["supplementarySizing"] as? [String: Any])
        let result: CompositionalLayoutResult
        do {
            result = try CompositionalEngine.prepare(
                sections: sections, configuration: configuration, context: context, sizing: sizing)
        } catch {
            let wanted = expect["error"] as? String
            #expect(wanted != nil, "\(name): unexpected error \(error)")
            if let wanted { #expect("\(error)".contains(wanted), "\(name): error \(error) lacks \"\(wanted)\"") }
            return
        }
        #expect(expect["error"] == nil, "\(name): expected an error")
        if let size = expect["contentSize"] as? [Double] {
            expectEqual(result.contentSize, Size(width: size[0], height: size[1]), "\(name): content size")
        }
        if let count = expect["count"] as? Int {
            expectEqual(result.store.count + result.pinned.count, count, "\(name): element count")
        }
        let all = result.allAttributes(context: context)
        func find(_ key: String, in list: [LayoutAttributes]) -> LayoutAttributes? {
            let k = VectorDecoder.key(key)
            return list.first { $0.key == k }
        }
        for (key, value) in expect["frames"] as? [String: [Double]] ?? [:] {
            let found = find(key, in: all)
            expectEqual(
                found?.frame, VectorDecoder.rect(value), "\(name): \(key) is \(String(describing: found?.frame))")
        }
        for (key, value) in expect["zIndex"] as? [String: Int] ?? [:] {
            expectEqual(find(key, in: all)?.zIndex, value, "\(name): zIndex of \(key)")
        }
        for wanted in expect["warnings"] as? [String] ?? [] {
            #expect(
                result.warnings.contains { $0.contains(wanted) },
                "\(name): warnings \(result.warnings) lack \"\(wanted)\"")
        }
        if expect["warnings"] == nil {
            #expect(result.warnings.isEmpty, "\(name): unexpected warnings \(result.warnings)")
        }
        for query in expect["queries"] as? [[String: Any]] ?? [] {
            var queried = context
            queried.bounds = VectorDecoder.rect(query["bounds"] as! [Double])
            var offsets: [Int: Double] = [:]
            for (s, v) in query["offsets"] as? [String: Double] ?? [:] { offsets[Int(s)!] = v }
            let listed = try result.elements(in: queried.bounds, context: queried, orthogonalOffsets: offsets)
            for (key, value) in query["frames"] as? [String: [Double]] ?? [:] {
                let found = find(key, in: listed)
                #expect(
                    found?.frame == VectorDecoder.rect(value),
                    "\(name): query \(key) is \(String(describing: found?.frame))")
            }
            for key in query["absent"] as? [String] ?? [] {
                #expect(find(key, in: listed) == nil, "\(name): \(key) should not be listed")
            }
        }
        for paging in expect["paging"] as? [[String: Any]] ?? [] {
            let target = result.targetOrthogonalOffset(
                section: paging["section"] as! Int, proposed: paging["proposed"] as! Double,
                velocity: paging["velocity"] as! Double)
            #expect(abs(target - (paging["target"] as! Double)) < 1e-9, "\(name): target for \(paging) is \(target)")
        }
        for (s, value) in expect["initialOffset"] as? [String: Double] ?? [:] {
            expectEqual(result.initialOrthogonalOffset(section: Int(s)!), value, "\(name): initial offset")
        }
    }
}

/// The JSON form of the configuration types (see the file's "format").
enum VectorDecoder {
    static func rect(_ v: [Double]) -> Rect { Rect(x: v[0], y: v[1], width: v[2], height: v[3]) }

    static func key(_ text: String) -> ElementKey {
        let parts = text.split(separator: " ").map(String.init)
        switch parts[0] {
        case "cell": return .cell(Int(parts[1])!, Int(parts[2])!)
        case "supplementary": return .supplementary(parts[1], Int(parts[2])!, Int(parts[3])!)
        default: return .decoration(parts[1], Int(parts[2])!, Int(parts[3])!)
        }
    }

    static func insets(_ value: Any?) -> EdgeInsets {
        guard let v = value as? [Double] else { return .zero }
        return EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
    }

    static func context(_ c: [String: Any]) -> CollectionContext {
        let width = c["width"] as? Double ?? 375, height = c["height"] as? Double ?? 667
        var context = CollectionContext(
            bounds: Rect(x: 0, y: 0, width: width, height: height), scale: c["scale"] as? Double ?? 2,
            data: CollectionData(counts: c["counts"] as? [Int] ?? []), contentInset: insets(c["contentInset"]),
            safeAreaInsets: insets(c["safeArea"]))
        if let ios = c["ios"] as? Int { context.iosVersion = IOSVersion(ios) }
        return context
    }

    static func dimension(_ value: Any?) -> Compositional.Dimension {
        if let n = value as? Double { return .absolute(n) }
        let s = value as! String
        func number(_ prefix: Int) -> Double { Double(s.dropFirst(prefix))! }
        if s.hasPrefix("fw") { return .fractionalWidth(number(2)) }
        if s.hasPrefix("fh") { return .fractionalHeight(number(2)) }
        if s.hasPrefix("e") { return .estimated(number(1)) }
        return .uniformAcrossSiblings(number(1))
    }

    static func size(_ d: [String: Any]) -> Compositional.LayoutSize {
        Compositional.LayoutSize(width: dimension(d["w"]), height: dimension(d["h"]))
    }

    static func directional(_ value: Any?) -> Compositional.Insets {
        guard let v = value as? [Double] else { return .zero }
        return Compositional.Insets(top: v[0], leading: v[1], bottom: v[2], trailing: v[3])
    }

    static func spacing(_ value: Any?) -> Compositional.Spacing? {
        if let n = value as? Double { return .fixed(n) }
        guard let s = value as? String else { return nil }
        return .flexible(Double(s.dropFirst(4))!)
    }

    static func edges(_ value: Any?) -> Compositional.EdgeSpacing {
        let d = value as? [String: Any] ?? [:]
        return Compositional.EdgeSpacing(
            leading: spacing(d["leading"]), top: spacing(d["top"]), trailing: spacing(d["trailing"]),
            bottom: spacing(d["bottom"]))
    }

    static func point(_ value: Any?) -> Point {
        guard let v = value as? [Double] else { return .zero }
        return Point(x: v[0], y: v[1])
    }

    static func anchor(_ value: Any?) -> Compositional.Anchor? {
        guard let d = value as? [String: Any] else { return nil }
        var edges: Compositional.Edges = []
        for name in d["edges"] as? [String] ?? [] {
            switch name {
            case "top": edges.insert(.top)
            case "leading": edges.insert(.leading)
            case "bottom": edges.insert(.bottom)
            default: edges.insert(.trailing)
            }
        }
        if d["fractional"] != nil {
            return Compositional.Anchor(edges: edges, offset: .fractional(point(d["fractional"])))
        }
        return Compositional.Anchor(edges: edges, offset: .absolute(point(d["offset"])))
    }

    static func supplementaries(_ value: Any?) -> [Compositional.SupplementaryItem] {
        (value as? [[String: Any]] ?? []).map { d in
            Compositional.SupplementaryItem(
                kind: d["kind"] as! String, size: size(d), containerAnchor: anchor(d["container"])!,
                itemAnchor: anchor(d["itemAnchor"]), zIndex: d["zIndex"] as? Int ?? 1)
        }
    }

    static func subitem(_ d: [String: Any]) -> Compositional.Subitem {
        if d["axis"] != nil || d["custom"] != nil { return .group(group(d)) }
        return .item(
            Compositional.Item(
                size: size(d), contentInsets: directional(d["insets"]), edgeSpacing: edges(d["edge"]),
                supplementaryItems: supplementaries(d["supplementaries"])))
    }

    static func group(_ d: [String: Any]) -> Compositional.Group {
        let layout: Compositional.Group.Layout
        if let custom = d["custom"] as? [[Double]] {
            layout = .custom(
                Compositional.CustomGroupItems(frames: custom.map { Compositional.CustomGroupFrame(frame: rect($0)) }))
        } else {
            let subitems: Compositional.Subitems
            if let one = d["subitem"] as? [String: Any] {
                subitems = .count(subitem(one), d["count"] as! Int)
            } else if let one = d["repeatingSubitem"] as? [String: Any] {
                subitems = .repeating(subitem(one), d["count"] as! Int)
            } else {
                subitems = .cyclic((d["subitems"] as! [[String: Any]]).map(subitem))
            }
            layout = d["axis"] as? String == "vertical" ? .vertical(subitems) : .horizontal(subitems)
        }
        return Compositional.Group(
            size: size(d), layout: layout, contentInsets: directional(d["insets"]), edgeSpacing: edges(d["edge"]),
            interItemSpacing: spacing(d["spacing"]), supplementaryItems: supplementaries(d["supplementaries"]))
    }

    static func boundary(_ value: Any?) -> [Compositional.BoundarySupplementaryItem] {
        (value as? [[String: Any]] ?? []).map { d in
            Compositional.BoundarySupplementaryItem(
                kind: d["kind"] as! String, size: size(d),
                alignment: Compositional.Alignment(rawValue: d["alignment"] as! String)!,
                offset: point(d["offset"]), pinToVisibleBounds: d["pin"] as? Bool ?? false,
                extendsBoundary: d["extends"] as? Bool ?? true, zIndex: d["zIndex"] as? Int ?? 1)
        }
    }

    static func section(_ d: [String: Any]) -> Compositional.Section {
        Compositional.Section(
            group: group(d["group"] as! [String: Any]), contentInsets: directional(d["insets"]),
            interGroupSpacing: d["interGroupSpacing"] as? Double ?? 0,
            orthogonalScrollingBehavior: Compositional.OrthogonalScrollingBehavior(
                rawValue: d["orthogonal"] as? String ?? "none")!,
            boundarySupplementaryItems: boundary(d["boundary"]),
            decorationItems: (d["backgrounds"] as? [[String: Any]] ?? []).map {
                Compositional.DecorationItem(
                    kind: $0["kind"] as! String, contentInsets: directional($0["insets"]),
                    zIndex: $0["zIndex"] as? Int ?? 0)
            },
            supplementariesFollowContentInsets: d["followInsets"] as? Bool ?? true,
            contentInsetsReference: (d["reference"] as? String).flatMap(
                Compositional.ContentInsetsReference.init(rawValue:)))
    }

    static func layout(_ d: [String: Any]) throws -> (Compositional.Sections, Compositional.Configuration) {
        let configuration = Compositional.Configuration(
            scrollDirection: d["scrollDirection"] as? String == "horizontal" ? .horizontal : .vertical,
            interSectionSpacing: d["interSectionSpacing"] as? Double ?? 0,
            boundarySupplementaryItems: boundary(d["boundary"]),
            contentInsetsReference: Compositional.ContentInsetsReference(
                rawValue: d["contentInsetsReference"] as? String ?? "safeArea")!,
            roundingModel: (d["roundingModel"] as? String).flatMap(Compositional.RoundingModel.init(rawValue:)))
        if let one = d["section"] as? [String: Any] { return (.single(section(one)), configuration) }
        let list = (d["sections"] as! [Any]).map { ($0 as? [String: Any]).map(section) }
        return (.provider { index, _ in index < list.count ? list[index] : nil }, configuration)
    }

    static func sizing(items: [String: Any]?, supplementaries: [String: Any]?) -> Compositional.Sizing? {
        guard items != nil || supplementaries != nil else { return nil }
        var answers: [LayoutIndexPath: Size] = [:]
        for (key, value) in items ?? [:] {
            let parts = key.split(separator: " ").map { Int($0)! }
            let v = value as! [Double]
            answers[LayoutIndexPath(parts[0], parts[1])] = Size(width: v[0], height: v[1])
        }
        var kinds: [String: Size] = [:]
        for (kind, value) in supplementaries ?? [:] {
            let v = value as! [Double]
            kinds[kind] = Size(width: v[0], height: v[1])
        }
        return Compositional.Sizing(
            item: { indexPath, _ in answers[indexPath] },
            supplementary: { kind, _, _ in kinds[kind] })
    }
}
