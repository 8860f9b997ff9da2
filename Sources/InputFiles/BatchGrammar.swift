import LayoutEngine

/// A batch update as its sources give it: the batch, the payloads of what it inserts, and the
/// new payloads of what it reloads.
package struct BatchRequest: Sendable, Equatable {
    package var batch: BatchUpdate
    /// Payloads of inserted items, at their new index paths.
    package var payloads: [LayoutIndexPath: LayoutValue] = [:]
    /// Inserted sections with their items (payloads) or item count.
    package var insertedSections: [Int: CollectionData.Section] = [:]
    /// New payloads of reloaded items, at their index paths before the update.
    package var reloadPayloads: [LayoutIndexPath: LayoutValue] = [:]

    package init(
        _ batch: BatchUpdate, payloads: [LayoutIndexPath: LayoutValue] = [:],
        insertedSections: [Int: CollectionData.Section] = [:]
    ) {
        self.batch = batch
        self.payloads = payloads
        self.insertedSections = insertedSections
    }
}

/// How one source writes the entries of a batch: a JSON batch file (`BatchFile`: `[S, I]`
/// arrays, positions from 0) or a scenario's or controller's Lua table (`{s, i, data = …}`,
/// positions from 1). Each throws its own located message; `BatchGrammar` does the rest.
package protocol BatchSyntax {
    associatedtype Value
    /// The keys in the order their entries are read (the first error found is reported).
    var order: [String] { get }
    /// The top level as its fields.
    func fields(_ value: Value) throws(LayoutError) -> [String: Value]
    /// The refusal of a key that is not one of `BatchGrammar.keys`.
    func unknownKey(_ key: String) -> LayoutError
    /// The entries of the key's list (an absent key has none), each with where it is.
    func entries(_ value: Value?, key: String) throws(LayoutError) -> [(Value, at: String)]
    func indexPath(_ value: Value, at: String) throws(LayoutError) -> LayoutIndexPath
    /// An inserted or reloaded item, with its payload when the source can give one.
    func item(_ value: Value, at: String) throws(LayoutError) -> (LayoutIndexPath, payload: LayoutValue?)
    func itemMove(_ value: Value, at: String) throws(LayoutError) -> BatchUpdate.Move<LayoutIndexPath>
    func section(_ value: Value, at: String) throws(LayoutError) -> Int
    func sectionMove(_ value: Value, at: String) throws(LayoutError) -> BatchUpdate.Move<Int>
    /// An inserted section, with its items or count when the entry gives them.
    func insertedSection(_ value: Value, at: String) throws(LayoutError) -> (Int, CollectionData.Section?)
}

/// The one grammar of a batch update, whoever writes it: the keys of `lualayout update`'s
/// options, each a list, read into one `BatchRequest`.
package enum BatchGrammar {
    package static let keys = [
        "delete", "insert", "reload", "move", "deleteSections", "insertSections", "reloadSections", "moveSections",
    ]

    package static func read<Syntax: BatchSyntax>(
        _ value: Syntax.Value, _ syntax: Syntax
    ) throws(LayoutError) -> BatchRequest {
        let fields = try syntax.fields(value)
        if let unknown = fields.keys.sorted().first(where: { !keys.contains($0) }) {
            throw syntax.unknownKey(unknown)
        }
        var request = BatchRequest(BatchUpdate())
        for key in syntax.order {
            for (entry, at) in try syntax.entries(fields[key], key: key) {
                try read(entry, at: at, of: key, syntax, into: &request)
            }
        }
        return request
    }

    /// One entry of the list of `key`.
    private static func read<Syntax: BatchSyntax>(
        _ entry: Syntax.Value, at: String, of key: String, _ syntax: Syntax, into request: inout BatchRequest
    ) throws(LayoutError) {
        switch key {
        case "delete": request.batch.deletedItems.append(try syntax.indexPath(entry, at: at))
        case "insert":
            let (path, payload) = try syntax.item(entry, at: at)
            request.batch.insertedItems.append(path)
            if let payload { request.payloads[path] = payload }
        case "reload":
            let (path, payload) = try syntax.item(entry, at: at)
            request.batch.reloadedItems.append(path)
            if let payload { request.reloadPayloads[path] = payload }
        case "move": request.batch.movedItems.append(try syntax.itemMove(entry, at: at))
        case "deleteSections": request.batch.deletedSections.append(try syntax.section(entry, at: at))
        case "reloadSections": request.batch.reloadedSections.append(try syntax.section(entry, at: at))
        case "moveSections": request.batch.movedSections.append(try syntax.sectionMove(entry, at: at))
        case "insertSections":
            let (section, contents) = try syntax.insertedSection(entry, at: at)
            request.batch.insertedSections.append(section)
            if let contents { request.insertedSections[section] = contents }
        default: break
        }
    }
}
