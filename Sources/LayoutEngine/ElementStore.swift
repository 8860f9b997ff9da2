/// The elements one `prepare` placed, stored compactly (≈ 64 bytes an element, plus the rect
/// index) in output order, with a spatial index for rect queries and binary search for
/// per-element queries.
package struct ElementStore: Sendable {
    /// Fixed-size part of one element.
    struct Record: Sendable {
        var frame: Rect
        var alpha: Double
        var section: Int32
        var item: Int32
        var zIndex: Int32
        /// Index into `extras`, or -1.
        var extras: Int32
        /// Kind id; its rank in `kindRanks` orders kinds by name.
        var kind: UInt16
        var category: ElementCategory
        var hidden: Bool
    }

    /// The rarely used parts, kept apart so the common element stays small.
    struct Extras: Sendable {
        var transform3D: Transform3D
        var custom: [String: LayoutValue]
        var animations: [AttributeAnimation]
        /// Index path components after section and item (a deep supplementary or decoration path).
        var deeper: [Int] = []
    }

    private(set) var records: [Record]
    private let extras: [Extras]
    private let kinds: [String]
    private let kindRanks: [UInt16]
    private let index: RectIndex

    package static let empty = try! ElementStoreBuilder().build()

    init(records: [Record], extras: [Extras], kinds: [String], kindRanks: [UInt16]) {
        self.records = records
        self.extras = extras
        self.kinds = kinds
        self.kindRanks = kindRanks
        self.index = RectIndex(count: records.count) { records[$0].frame }
    }

    package var count: Int { records.count }

    package func frame(at position: Int) -> Rect { records[position].frame }

    package func key(at position: Int) -> ElementKey {
        let record = records[position]
        return ElementKey(category: record.category, kind: kinds[Int(record.kind)], indexPath: indexPath(at: position))
    }

    /// The index path components after section and item of the element at `position`.
    private func deeper(_ record: Record) -> [Int] {
        record.extras >= 0 ? extras[Int(record.extras)].deeper : []
    }

    package func attributes(at position: Int) -> LayoutAttributes {
        let record = records[position]
        var attributes = LayoutAttributes(
            key: key(at: position), frame: record.frame, alpha: record.alpha,
            zIndex: Int(record.zIndex), hidden: record.hidden)
        if record.extras >= 0 {
            let extra = extras[Int(record.extras)]
            attributes.transform3D = extra.transform3D
            attributes.custom = extra.custom
            attributes.animations = extra.animations
        }
        return attributes
    }

    /// Positions of the elements whose frames intersect `rect`, ascending (= output order).
    package func positions(in rect: Rect) -> [Int] {
        records.withUnsafeBufferPointer { records in
            index.indices(in: rect) { records[$0].frame }
        }
    }

    /// The position of the element with `key`, by binary search.
    package func position(of key: ElementKey) -> Int? {
        guard let kindID = kinds.firstIndex(of: key.kind) else { return nil }
        let target = (
            key.category.rawValue, kindRanks[kindID], Int32(clamping: key.indexPath.section),
            Int32(clamping: key.indexPath.item)
        )
        var low = 0, high = records.count
        while low < high {
            let middle = (low + high) / 2
            let record = records[middle]
            let probe = (record.category.rawValue, kindRanks[Int(record.kind)], record.section, record.item)
            if probe < target { low = middle + 1 } else { high = middle }
        }
        // Deep paths share section and item: the first with the whole path, in order from here.
        while low < records.count {
            let found = records[low]
            let isCandidate =
                found.category == key.category && found.kind == UInt16(kindID)
                && Int(found.section) == key.indexPath.section && Int(found.item) == key.indexPath.item
            guard isCandidate else { return nil }
            if deeper(found) == key.indexPath.deeper { return low }
            low += 1
        }
        return nil
    }

    package func category(at position: Int) -> ElementCategory { records[position].category }

    package func indexPath(at position: Int) -> LayoutIndexPath {
        let record = records[position]
        var path = LayoutIndexPath(Int(record.section), Int(record.item))
        if record.extras >= 0 { path.deeper = extras[Int(record.extras)].deeper }
        return path
    }

    /// The position of cell (section, item) (cells have the empty kind): `hint` when it is
    /// there (a walk in order finds most cells one after another), else by binary search.
    @inline(__always)
    package func position(ofCell indexPath: LayoutIndexPath, hint: Int) -> Int? {
        if hint >= 0 && hint < records.count {
            let record = records[hint]
            if record.category == .cell && Int(record.section) == indexPath.section
                && Int(record.item) == indexPath.item
            {
                return hint
            }
        }
        return position(of: ElementKey(category: .cell, indexPath: indexPath))
    }

    /// How many elements come before `key` or are it, in output order (category, kind name,
    /// index path): where an element with that key goes after this store's equal one.
    package func countNotAfter(_ key: ElementKey) -> Int {
        var low = 0, high = records.count
        while low < high {
            let middle = (low + high) / 2
            let record = records[middle]
            let precedes: Bool
            if record.category != key.category {
                precedes = record.category.rawValue < key.category.rawValue
            } else if kinds[Int(record.kind)] != key.kind {
                precedes = kinds[Int(record.kind)] < key.kind
            } else {
                var path = LayoutIndexPath(Int(record.section), Int(record.item))
                path.deeper = deeper(record)
                precedes = !(key.indexPath < path)
            }
            if precedes { low = middle + 1 } else { high = middle }
        }
        return low
    }

    package func attributes(for key: ElementKey) -> LayoutAttributes? {
        position(of: key).map { attributes(at: $0) }
    }

    /// Every element's attributes, in output order.
    package func allAttributes() -> [LayoutAttributes] {
        (0..<records.count).map { attributes(at: $0) }
    }

    /// Approximate bytes held per element (records, frame copy, index), for the memory bar.
    package var approximateBytesPerElement: Double {
        guard count > 0 else { return 0 }
        return Double(MemoryLayout<Record>.stride) + index.approximateBytes / Double(count)
    }
}

/// Collects elements during `prepare`; `build()` puts them in output order and indexes them.
package struct ElementStoreBuilder: Sendable {
    private var records: [ElementStore.Record] = []
    private var extras: [ElementStore.Extras] = []
    private var kinds: [String] = [""]
    private var kindIDs: [String: UInt16] = ["": 0]
    /// Whether the elements so far came in output order, as far as appending can tell: same
    /// category and kind as the previous one and a later index path. Then `build` needs no
    /// pass to check the order (a flow layout's cells, a custom layout placing in order).
    private var appendedInOrder = true
    private var last: (category: ElementCategory, kind: UInt16, section: Int32, item: Int32)?
    /// The bytes the built store and the engine's bookkeeping may take: `--max-memory` less
    /// what the script's Lua state holds (the two share the cap). Past it `append` keeps
    /// nothing more and `build()` throws `memoryError`, so millions of elements stop at the
    /// cap instead of growing to gigabytes.
    package private(set) var byteLimit = Int.max
    /// Bytes charged so far: each element's record and rect-index share, extras, and what the
    /// engine charges for its own per-section and per-element state (`charge`).
    package private(set) var chargedBytes = 0

    /// What one element costs the limit once stored: its 64-byte record and its share of the
    /// rect index.
    package static let bytesPerElement = 80
    /// What an element's extras (transform, custom fields, animations) add.
    static let bytesPerExtras = MemoryLayout<ElementStore.Extras>.stride

    package init(byteLimit: Int = .max) {
        self.byteLimit = byteLimit
    }

    /// Whether more was charged than `byteLimit` allows: nothing more is kept.
    package private(set) var isOverLimit = false

    /// Charges `bytes` of the engine's own state (sections, elements held aside) to the limit.
    @inline(__always)
    package mutating func charge(_ bytes: Int) {
        let (sum, overflow) = chargedBytes.addingReportingOverflow(max(0, bytes))
        chargedBytes = overflow ? .max : sum
        if overflow || sum > byteLimit { isOverLimit = true }
    }

    /// Charges `count` times `bytes` (a per-section array before it is made), saturating.
    package mutating func charge(_ count: Int, times bytes: Int) {
        let (product, overflow) = max(0, count).multipliedReportingOverflow(by: bytes)
        charge(overflow ? .max : product)
    }

    /// The error of a layout that grew past `byteLimit`.
    package var memoryError: LayoutError {
        let limit = byteLimit >= 1 << 20 ? "\(byteLimit >> 20) MiB" : "\(byteLimit) bytes"
        return LayoutError(
            "memory limit exceeded: the prepared layout needs more than the \(limit) the memory cap leaves beside the script's Lua state (\(records.count) elements placed so far, about \(Self.bytesPerElement) bytes each; raise it with --max-memory)"
        )
    }

    /// Reserves room for `count` elements, the least a layout of `count` items places (a cell
    /// each): when they cannot fit the limit, the memory error now, before any is placed.
    package mutating func reserve(elements count: Int) throws(LayoutError) {
        let (bytes, overflow) = max(0, count).multipliedReportingOverflow(by: Self.bytesPerElement)
        guard !overflow, chargedBytes <= byteLimit - bytes else {
            isOverLimit = true
            throw memoryError
        }
        reserveCapacity(count)
    }

    package var count: Int { records.count }

    /// Reserves room for `count` elements; a large reservation asks for huge pages, which
    /// cut the page faults of filling it by 512.
    package mutating func reserveCapacity(_ count: Int) {
        // No more than the limit can keep: a count beyond it fails at the limit, unreserved.
        records.reserveCapacity(min(count, byteLimit / Self.bytesPerElement + 1))
        HugePages.advise(&records)
    }

    /// The id of a kind name, for the hot-path `append`.
    package mutating func kindID(_ name: String) throws(LayoutError) -> UInt16 {
        if let id = kindIDs[name] { return id }
        guard kinds.count < Int(UInt16.max) else { throw LayoutError("too many element kinds (\(kinds.count))") }
        let id = UInt16(kinds.count)
        kinds.append(name)
        kindIDs[name] = id
        return id
    }

    /// Adds an element (hot path: no allocation beyond the array growth).
    package mutating func append(
        category: ElementCategory, kindID: UInt16, section: Int32, item: Int32, frame: Rect,
        alpha: Double = 1, zIndex: Int32 = 0, hidden: Bool = false
    ) {
        if appendedInOrder, let last {
            appendedInOrder =
                last.category == category && last.kind == kindID
                && (last.section, last.item) < (section, item)
        }
        charge(Self.bytesPerElement)
        guard !isOverLimit else { return }
        last = (category, kindID, section, item)
        records.append(
            ElementStore.Record(
                frame: frame, alpha: alpha, section: section, item: item, zIndex: zIndex, extras: -1,
                kind: kindID, category: category, hidden: hidden))
    }

    /// Gives the last appended element a transform, custom fields and looping animations.
    package mutating func setExtrasOfLast(
        transform3D: Transform3D, custom: [String: LayoutValue],
        animations: [AttributeAnimation] = [], deeper: [Int] = []
    ) {
        guard !records.isEmpty, !(transform3D.isIdentity && custom.isEmpty && animations.isEmpty && deeper.isEmpty)
        else { return }
        charge(Self.bytesPerExtras + 8 * deeper.count + MemoryLayout<AttributeAnimation>.stride * animations.count)
        // Past the limit the last element asked for was not kept: no extras for another one.
        guard !isOverLimit else { return }
        if !deeper.isEmpty { appendedInOrder = false }
        records[records.count - 1].extras = Int32(extras.count)
        extras.append(
            ElementStore.Extras(transform3D: transform3D, custom: custom, animations: animations, deeper: deeper))
    }

    package mutating func append(_ attributes: LayoutAttributes) throws(LayoutError) {
        guard let section = Int32(exactly: attributes.indexPath.section),
            let item = Int32(exactly: attributes.indexPath.item)
        else {
            throw LayoutError("index path \(attributes.indexPath) is out of range")
        }
        append(
            category: attributes.category, kindID: try kindID(attributes.kind), section: section, item: item,
            frame: attributes.frame, alpha: attributes.alpha, zIndex: Int32(clamping: attributes.zIndex),
            hidden: attributes.hidden)
        setExtrasOfLast(
            transform3D: attributes.transform3D, custom: attributes.custom, animations: attributes.animations,
            deeper: attributes.indexPath.deeper)
    }

    /// Sorts into output order (category, kind name, index path) and rejects duplicates.
    package func build() throws(LayoutError) -> ElementStore {
        if isOverLimit { throw memoryError }
        let ranks = kindRanks()
        func key(_ r: ElementStore.Record) -> (UInt8, UInt16, Int32, Int32) {
            (r.category.rawValue, ranks[Int(r.kind)], r.section, r.item)
        }
        let extras = self.extras
        func deeper(_ r: ElementStore.Record) -> [Int] { r.extras >= 0 ? extras[Int(r.extras)].deeper : [] }
        // Deeper components decide only between equal (category, kind, section, item).
        func precedes(_ a: ElementStore.Record, _ b: ElementStore.Record) -> Bool {
            let (ka, kb) = (key(a), key(b))
            return ka != kb ? ka < kb : deeper(a).lexicographicallyPrecedes(deeper(b))
        }
        var sorted = records
        var isSorted = true
        if !appendedInOrder {
            for i in sorted.indices.dropFirst() where !precedes(sorted[i - 1], sorted[i]) {
                isSorted = false
                break
            }
        }
        if !isSorted {
            sorted.sort(by: precedes)
            for i in sorted.indices.dropFirst() where !precedes(sorted[i - 1], sorted[i]) {
                let r = sorted[i]
                var path = LayoutIndexPath(Int(r.section), Int(r.item))
                path.deeper = deeper(r)
                let element = ElementKey(category: r.category, kind: kinds[Int(r.kind)], indexPath: path)
                throw LayoutError("\(element) was placed twice")
            }
        }
        return ElementStore(records: sorted, extras: extras, kinds: kinds, kindRanks: ranks)
    }

    private func kindRanks() -> [UInt16] {
        var ranks = [UInt16](repeating: 0, count: kinds.count)
        for (rank, id) in kinds.indices.sorted(by: { kinds[$0] < kinds[$1] }).enumerated() {
            ranks[id] = UInt16(rank)
        }
        return ranks
    }
}
