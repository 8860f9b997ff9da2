import ArgumentParser
import LayoutEngine
import LayoutOutput
import ScriptLayout
import InputFiles
import Platform

/// `lualayout update`: plan the animation of a batch update.
struct UpdateCommand: LualayoutCommand, ScriptCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Plan a batch update: every element's change and its from/to attributes.",
        discussion: """
            Prepares the layout on the data given by --items/--sections/--data, applies the batch \
            (validated like UIKit: deletes and reloads use index paths before the update, inserts \
            after it, a move names both), prepares again and asks the layout for the initial \
            attributes of appearing elements and the final ones of disappearing elements \
            (default: fade in place). Index paths are SECTION:ITEM, 0-based.

            --batch FILE reads (more of) the batch from JSON, for batches too large for the command \
            line; every key is optional: {"delete": [[S, I], …], "insert": [[S, I], …], "reload": [[S, I], …], \
            "move": [[[S, I], [S, I]], …], "deleteSections": [S, …], "insertSections": [S or [S, N], …], \
            "reloadSections": [S, …], "moveSections": [[S, S], …]}.

            Examples:
              lualayout update Examples/fly-in.lua --items 6 --insert 0:2 --delete 0:4
              lualayout update Examples/fly-in.lua --items 6 --insert 0:2 --format html -o fly-in.html
            """)

    typealias Format = PlanOutputOptions<BatchAnimation>.Format

    @Argument(help: ScriptArgument.help, completion: ScriptArgument.completion)
    var script: String

    @OptionGroup(title: "Collection view")
    var layout: LayoutOptions

    @OptionGroup(title: "Script")
    var scriptOptions: ScriptOptions

    @Option(
        name: .customLong("delete"),
        help: ArgumentHelp("Delete an item (index path before the update).", valueName: "S:I"))
    var deletes: [IndexPathArgument] = []

    @Option(
        name: .customLong("insert"),
        help: ArgumentHelp("Insert an item (index path after the update).", valueName: "S:I"))
    var inserts: [IndexPathArgument] = []

    @Option(name: .customLong("reload"), help: ArgumentHelp("Reload an item.", valueName: "S:I"))
    var reloads: [IndexPathArgument] = []

    @Option(name: .customLong("move"), help: ArgumentHelp("Move an item: before=after.", valueName: "S:I=S:I"))
    var moves: [ItemMoveArgument] = []

    @Option(name: .customLong("delete-section"), help: ArgumentHelp("Delete a section.", valueName: "S"))
    var deletedSections: [Int] = []

    @Option(
        name: .customLong("insert-section"),
        help: ArgumentHelp("Insert a section of N items (default 0).", valueName: "S[:N]"))
    var insertedSections: [SectionInsertArgument] = []

    @Option(name: .customLong("reload-section"), help: ArgumentHelp("Reload a section.", valueName: "S"))
    var reloadedSections: [Int] = []

    @Option(name: .customLong("move-section"), help: ArgumentHelp("Move a section: before=after.", valueName: "S=S"))
    var movedSections: [SectionMoveArgument] = []

    @Option(
        name: .customLong("data-after"),
        help: ArgumentHelp(
            "The data after the update (the model UIKit's data source answers from once the batch is applied): payloads of inserted, reloaded and moved items and section data come from it; its counts must agree with the batch. Without it, surviving items and sections keep their payloads (moved ones move with them) and inserted ones have none.",
            valueName: "FILE"), completion: .file(extensions: ["json"]))
    var dataAfter: String?

    @Option(
        name: .customLong("batch"),
        help: ArgumentHelp(
            "Read the batch (or more of it) from a JSON file: {\"delete\": [[S, I], …], \"insert\": …, \"move\": [[[S, I], [S, I]], …], …} (see below).",
            valueName: "FILE"), completion: .file(extensions: ["json"]))
    var batchFile: String?

    @OptionGroup
    var plan: PlanOutputOptions<BatchAnimation>

    var progress: Double? { plan.progress }
    var format: Format { plan.format }
    var picture: PictureOptions { plan.picture }
    var output: String? { plan.output }

    /// Most items a plan may cover: both layouts (before and after the update) are kept whole.
    static let maxItems = 2_000_000

    var batch: BatchUpdate {
        BatchUpdate(
            deletedSections: deletedSections, insertedSections: insertedSections.map(\.section),
            reloadedSections: reloadedSections,
            movedSections: movedSections.map { .init(from: $0.from, to: $0.to) },
            deletedItems: deletes.map(\.path), insertedItems: inserts.map(\.path), reloadedItems: reloads.map(\.path),
            movedItems: moves.map { .init(from: $0.from, to: $0.to) })
    }

    func execute(_ io: CommandIO) throws(CLIError) {
        let watchdog = Watchdog(seconds: scriptOptions.timeout, what: "update \(script)")
        defer { watchdog.cancel() }
        guard let batchFile else { return try plan(io) }
        var combined = self
        combined.batchFile = nil
        do {
            combined.add(try BatchFile.read(batchFile, limit: scriptOptions.maxMemory.bytes))
        } catch {
            throw .input(error.description)
        }
        try combined.plan(io, batchFile: batchFile)
    }

    /// Appends the changes of a batch file to those given as options.
    private mutating func add(_ file: BatchRequest) {
        let batch = file.batch
        deletes += batch.deletedItems.map(IndexPathArgument.init)
        inserts += batch.insertedItems.map(IndexPathArgument.init)
        reloads += batch.reloadedItems.map(IndexPathArgument.init)
        moves += batch.movedItems.map { ItemMoveArgument(from: $0.from, to: $0.to) }
        deletedSections += batch.deletedSections
        insertedSections += batch.insertedSections.map {
            SectionInsertArgument(section: $0, count: file.insertedSections[$0]?.count ?? 0)
        }
        reloadedSections += batch.reloadedSections
        movedSections += batch.movedSections.map { SectionMoveArgument(from: $0.from, to: $0.to) }
    }

    /// `batchFile`: the batch file folded into these options (an input, for `-o`'s check).
    private func plan(_ io: CommandIO, batchFile: String? = nil) throws(CLIError) {
        let old = try layout.makeContext(dataLimit: scriptOptions.maxMemory.bytes)
        let batch = self.batch
        var counts: [Int: Int] = [:]
        for section in insertedSections { counts[section.section] = section.count }
        let mapping: UpdateMapping
        do {
            mapping = try UpdateMapping(
                oldCounts: old.data.sections.map(\.count), update: batch, insertedSectionCounts: counts)
        } catch {
            throw .usage("invalid batch update: \(error.message)")
        }
        var new = old
        new.data = mapping.newData(from: old.data)
        if let dataAfter {
            new.data = try Self.dataAfter(dataAfter, agreeingWith: new.data, limit: scriptOptions.maxMemory.bytes)
        }
        // A plan keeps every element twice (in the layouts before and after the update).
        guard max(old.data.totalItems, new.data.totalItems) <= Self.maxItems else {
            throw .input(
                "update: at most \(Self.maxItems) items can be planned (the batch leaves \(new.data.totalItems))")
        }
        let scriptLayout = try scriptOptions.loadLayout(script)
        let plan: UpdatePlan
        let activity = Progress(
            "planning \(batch.collectionUpdates().count) updates over \(old.data.totalItems) items",
            items: old.data.totalItems, io: io)
        do {
            plan = try UpdatePlanner.updatePlan(layout: scriptLayout, old: old, new: new, update: batch)
        } catch let failure as UpdatePlanner.PreparePhaseError {
            // Say which of the two layout passes failed.
            guard var error = failure.underlying as? ScriptError else { throw CLIError(failure) }
            error.evaluating = (error.evaluating.map { $0 + " " } ?? "") + "in \(failure.phase.rawValue)"
            throw .script(error)
        } catch {
            throw CLIError(error)
        }
        _ = ScriptOptions.reportWarnings(of: scriptLayout, to: io)
        activity.finish("planned \(plan.entryCount) elements", io: io)
        // A plan of nothing but disappearing elements is easy to take for a failed one: say so.
        let emptied = plan.after.count == 0 && plan.before.count > 0
        if emptied {
            let count =
                plan.before.count == 1 ? "its 1 element disappears" : "all \(plan.before.count) elements disappear"
            io.err.write("\(script): the layout is empty after the update: \(count), none remain\n")
        }
        let inputs =
            [script] + scriptLayout.loadedFiles + layout.inputFiles + [dataAfter, batchFile].compactMap { $0 }
        try OutputDestination(path: output).write(io, inputs: inputs) { stream in
            switch format {
            case .json: JSONPlanWriter.write(plan, progress: progress, to: &stream)
            case .table: PlanTableWriter.write(plan.animationPlan, progress: progress, to: &stream)
            case .html:
                HTMLPlanWriter.write(
                    plan.animationPlan, title: "\(script) — \(summary)" + (emptied ? " — empty after the update" : ""),
                    options: picture.svgOptions(maxNaturalWidth: 900), to: &stream)
            }
        }
    }

    /// The data file after the update, checked against what the batch leaves: UIKit raises when
    /// the data source's counts after an update disagree with the counts before ± the batch.
    static func dataAfter(
        _ path: String, agreeingWith expected: CollectionData, limit: Int
    ) throws(CLIError) -> CollectionData {
        let data = try LayoutOptions.readDataFile(path, limit: limit)
        let have = data.sections.map(\.count), want = expected.sections.map(\.count)
        guard have.count == want.count else {
            throw .input(
                "\(path): the data after the update has \(have.count) sections, but the batch leaves \(want.count) (the counts before, less deletions, plus insertions)"
            )
        }
        if let section = have.indices.first(where: { have[$0] != want[$0] }) {
            let items = have[section] == 1 ? "1 item" : "\(have[section]) items"
            throw .input(
                "\(path): section \(section) of the data after the update has \(items), but the batch leaves \(want[section]) (the count before, less deletions, plus insertions)"
            )
        }
        return data
    }

    private var summary: String {
        var parts: [String] = []
        // A page title: a batch file of thousands of changes lists the first few of each.
        func add(_ name: String, _ values: [String]) {
            guard !values.isEmpty else { return }
            let shown = values.prefix(5).joined(separator: ", ")
            parts.append("\(name) " + shown + (values.count > 5 ? " … (\(values.count) in all)" : ""))
        }
        add("delete", deletes.map(\.text))
        add("insert", inserts.map(\.text))
        add("reload", reloads.map(\.text))
        add("move", moves.map(\.text))
        add("delete section", deletedSections.map(String.init))
        add("insert section", insertedSections.map { String($0.section) })
        add("reload section", reloadedSections.map(String.init))
        add("move section", movedSections.map { "\($0.from)=\($0.to)" })
        return parts.isEmpty ? "no changes" : parts.joined(separator: "; ")
    }
}

/// `S:I`.
struct IndexPathArgument: ExpressibleByArgument {
    var path: LayoutIndexPath

    init?(argument: String) {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let section = Int(parts[0]), let item = Int(parts[1]), section >= 0, item >= 0 else {
            return nil
        }
        path = LayoutIndexPath(section, item)
    }

    init(_ path: LayoutIndexPath) { self.path = path }

    var text: String { "\(path.section):\(path.item)" }
}

/// `S:I=S:I`.
struct ItemMoveArgument: ExpressibleByArgument {
    var from: LayoutIndexPath
    var to: LayoutIndexPath

    init?(argument: String) {
        let sides = argument.split(separator: "=", omittingEmptySubsequences: false)
        guard sides.count == 2, let from = IndexPathArgument(argument: String(sides[0])),
            let to = IndexPathArgument(argument: String(sides[1]))
        else { return nil }
        self.from = from.path
        self.to = to.path
    }

    init(from: LayoutIndexPath, to: LayoutIndexPath) {
        self.from = from
        self.to = to
    }

    var text: String { "\(from.section):\(from.item)=\(to.section):\(to.item)" }
}

/// `S=S`.
struct SectionMoveArgument: ExpressibleByArgument {
    var from: Int
    var to: Int

    init?(argument: String) {
        let sides = argument.split(separator: "=", omittingEmptySubsequences: false)
        guard sides.count == 2, let from = Int(sides[0]), let to = Int(sides[1]), from >= 0, to >= 0 else { return nil }
        self.from = from
        self.to = to
    }

    init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }
}

/// `S` or `S:N` (a section of N items).
struct SectionInsertArgument: ExpressibleByArgument {
    var section: Int
    var count: Int

    init?(argument: String) {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let section = Int(parts[0]), section >= 0 else { return nil }
        let count = parts.count == 2 ? Int(parts[1]) : 0
        guard let count, count >= 0, count <= LayoutOptions.maxItems else { return nil }
        self.section = section
        self.count = count
    }

    init(section: Int, count: Int) {
        self.section = section
        self.count = count
    }
}
