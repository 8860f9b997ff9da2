import ArgumentParser

/// A fast path for the common `run` command line: ArgumentParser builds its option tables by
/// reflection on every start (42% of a one-item run's CPU time), so a plain `run SCRIPT --name
/// value …` is read here with the same value initializers and `validate()`s instead.
///
/// It accepts only a strict subset and returns nil for anything else — `=` forms, short
/// options other than `-o`, a repeated option that is not repeatable, a value starting with
/// `-` that is not a negative number, an empty value, a value that fails to convert or
/// validate, `help`, `--help`, `--version`, `--` — so ArgumentParser reads that line and gives
/// its own result or message. `RunCommandLineTests` proves the commands it builds equal
/// ArgumentParser's, and that it knows every option `run` has.
enum RunCommandLine {
    /// `run`'s options by long name. An enum and arrays, not a `Set<String>` or a dictionary:
    /// their first use would cost a scan of the runtime's conformance records at start-up.
    enum Name: Int, CaseIterable {
        case bounds, offset, scale, contentInset, safeArea, contentInsetAdjustment, layoutMargins, items, sections,
            data, state, orthogonalOffset, trait, layoutDirection, ios
        case seed, maxInstructions, maxMemory, timeout, strict, estimates
        case rect, visible, item, supplementary, decoration
        case targetOffset, velocity, orthogonalTarget, format, fit, label, background, output

        /// The long name as typed (`--content-inset`); spelt out, as "\(self)" would reflect.
        var long: String {
            switch self {
            case .bounds: "bounds"
            case .offset: "offset"
            case .scale: "scale"
            case .contentInset: "content-inset"
            case .safeArea: "safe-area"
            case .contentInsetAdjustment: "content-inset-adjustment"
            case .layoutMargins: "layout-margins"
            case .items: "items"
            case .sections: "sections"
            case .data: "data"
            case .state: "state"
            case .orthogonalOffset: "orthogonal-offset"
            case .trait: "trait"
            case .layoutDirection: "layout-direction"
            case .ios: "ios"
            case .seed: "seed"
            case .maxInstructions: "max-instructions"
            case .maxMemory: "max-memory"
            case .timeout: "timeout"
            case .strict: "strict"
            case .estimates: "estimates"
            case .rect: "rect"
            case .visible: "visible"
            case .item: "item"
            case .supplementary: "supplementary"
            case .decoration: "decoration"
            case .targetOffset: "target-offset"
            case .velocity: "velocity"
            case .orthogonalTarget: "orthogonal-target"
            case .format: "format"
            case .fit: "fit"
            case .label: "label"
            case .background: "background"
            case .output: "output"
            }
        }

        var isFlag: Bool { self == .strict || self == .estimates || self == .visible }

        /// The options of `LayoutOptions` and `ScriptOptions`: all a test file's `-- options:`
        /// lines may give besides `--layout` (`ScenarioOptions`).
        var isScenarioOption: Bool {
            switch self {
            case .bounds, .offset, .scale, .contentInset, .safeArea, .contentInsetAdjustment, .layoutMargins, .items,
                .sections, .data, .state, .orthogonalOffset, .trait, .layoutDirection, .ios:
                true
            case .seed, .maxInstructions, .maxMemory, .timeout, .strict, .estimates: true
            default: false
            }
        }

        /// Options that may be given more than once (their values are appended in order).
        var isRepeatable: Bool {
            self == .state || self == .orthogonalOffset || self == .orthogonalTarget || self == .trait
        }

        init?(long: Substring) {
            guard let name = Self.allCases.first(where: { $0.long == long }) else { return nil }
            self = name
        }
    }

    /// The command `arguments` (the subcommand first) describe, or nil to let ArgumentParser read them.
    static func parse(_ arguments: [String]) -> RunCommand? {
        guard arguments.first == "run", let read = words(Array(arguments.dropFirst())), let script = read.script
        else { return nil }
        return try? build(script: script, read.values)
    }

    /// A test file's `-- options:` words as `ScenarioOptions` (its collection view and script
    /// options, the same groups as `run`'s), or nil to let ArgumentParser read them: a word
    /// that is not one of those options (`--layout`, a positional, an option of `run` alone),
    /// or any line `parse` would leave to it. Test workers read a header for every test file,
    /// each with ArgumentParser's reflection before. `ScenarioOptionsFastPathTests` proves the
    /// options equal ArgumentParser's reading.
    static func scenarioOptions(_ words: [String]) -> ScenarioOptions? {
        guard let read = Self.words(words), read.script == nil,
            Name.allCases.allSatisfy({ read.values[$0.rawValue] == nil || $0.isScenarioOption })
        else { return nil }
        var options = ScenarioOptions()
        var transitions = TransitionLayoutOptions()
        transitions.named = []
        do {
            options.layout = try layoutOptions(read.values)
            options.scriptOptions = try scriptOptions(read.values)
        } catch {
            return nil
        }
        options.transitions = transitions
        return options
    }

    /// Per option: nil when not given, else its values in order ([] for a flag); and the
    /// positional, if one. Nil for anything outside the subset this reads.
    private static func words(_ arguments: [String]) -> (script: String?, values: [[String]?])? {
        var script: String?
        var values = [[String]?](repeating: nil, count: Name.allCases.count)
        var index = 0
        while index < arguments.count {
            let token = arguments[index]
            index += 1
            guard !token.isEmpty, token != "help" else { return nil }
            guard token.hasPrefix("-") else {
                guard script == nil else { return nil }  // a second positional: ArgumentParser's error
                script = token
                continue
            }
            let name: Name
            if token == "-o" {
                name = .output
            } else if token.hasPrefix("--"), let long = Name(long: token.dropFirst(2)) {
                name = long
            } else {
                return nil
            }
            guard values[name.rawValue] == nil || name.isRepeatable else { return nil }
            if name.isFlag {
                values[name.rawValue] = []
                continue
            }
            guard index < arguments.count else { return nil }
            let value = arguments[index]
            index += 1
            // ArgumentPrepass joins a negative number to a long option (`--offset -5,0`), not to `-o`.
            guard !value.isEmpty, !value.hasPrefix("-") || (token != "-o" && ArgumentPrepass.isNegativeNumber(value))
            else { return nil }
            values[name.rawValue] = (values[name.rawValue] ?? []) + [value]
        }
        return (script, values)
    }

    /// Thrown when a value does not convert: ArgumentParser then reads the line and reports it.
    struct Fallback: Error {}

    /// The first value given for `name`, converted; nil when not given.
    private static func one<T>(_ name: Name, _ values: [[String]?], _ convert: (String) -> T?) throws -> T? {
        guard let text = values[name.rawValue]?.first else { return nil }
        guard let value = convert(text) else { throw Fallback() }
        return value
    }

    /// Every value given for `name`, converted, in order.
    private static func all<T>(_ name: Name, _ values: [[String]?], _ convert: (String) -> T?) throws -> [T] {
        try (values[name.rawValue] ?? []).map { text in
            guard let value = convert(text) else { throw Fallback() }
            return value
        }
    }

    private static func layoutOptions(_ values: [[String]?]) throws -> LayoutOptions {
        func one<T>(_ name: Name, _ convert: (String) -> T?) throws -> T? { try Self.one(name, values, convert) }
        func all<T>(_ name: Name, _ convert: (String) -> T?) throws -> [T] { try Self.all(name, values, convert) }
        var layout = LayoutOptions()
        layout.bounds = try one(.bounds, SizeArgument.init(argument:)) ?? LayoutOptions.defaultBounds
        layout.offset = try one(.offset, PointArgument.init(argument:))
        layout.scale = try one(.scale, Double.init(argument:)) ?? LayoutOptions.defaultScale
        layout.contentInset = try one(.contentInset, InsetsArgument.init(argument:))
        layout.safeArea = try one(.safeArea, InsetsArgument.init(argument:))
        layout.contentInsetAdjustment = try one(
            .contentInsetAdjustment, ContentInsetAdjustmentArgument.init(argument:))
        layout.layoutMargins = try one(.layoutMargins, InsetsArgument.init(argument:))
        layout.items = try one(.items, Int.init(argument:))
        layout.sections = try one(.sections, SectionCountsArgument.init(argument:))
        layout.data = try one(.data, String.init(argument:))
        layout.state = try all(.state, StateArgument.init(argument:))
        layout.orthogonalOffset = try all(.orthogonalOffset, OrthogonalOffsetArgument.init(argument:))
        layout.trait = try all(.trait, TraitArgument.init(argument:))
        layout.layoutDirection = try one(.layoutDirection, LayoutDirectionArgument.init(argument:))
        layout.ios = try one(.ios, IOSVersionArgument.init(argument:))
        try layout.validate()
        return layout
    }

    private static func scriptOptions(_ values: [[String]?]) throws -> ScriptOptions {
        func one<T>(_ name: Name, _ convert: (String) -> T?) throws -> T? { try Self.one(name, values, convert) }
        var scriptOptions = ScriptOptions()
        scriptOptions.seed = try one(.seed, Int.init(argument:)) ?? ScriptOptions.defaultSeed
        scriptOptions.maxInstructions = try one(.maxInstructions, Int.init(argument:))
        scriptOptions.maxMemory =
            try one(.maxMemory, ByteCountArgument.init(argument:)) ?? ScriptOptions.defaultMaxMemory
        scriptOptions.timeoutSeconds = try one(.timeout, Double.init(argument:))
        scriptOptions.strict = values[Name.strict.rawValue] != nil
        scriptOptions.estimates = values[Name.estimates.rawValue] != nil
        try scriptOptions.validate()
        return scriptOptions
    }

    private static func build(script: String, _ values: [[String]?]) throws -> RunCommand {
        func one<T>(_ name: Name, _ convert: (String) -> T?) throws -> T? { try Self.one(name, values, convert) }
        func all<T>(_ name: Name, _ convert: (String) -> T?) throws -> [T] { try Self.all(name, values, convert) }
        let layout = try layoutOptions(values)
        let scriptOptions = try scriptOptions(values)

        var query = QueryOptions()
        query.rect = try one(.rect, RectArgument.init(argument:))
        query.visible = values[Name.visible.rawValue] != nil
        query.item = try one(.item, ElementArgument<CellKind>.init(argument:))
        query.supplementary = try one(.supplementary, ElementArgument<SupplementaryKind>.init(argument:))
        query.decoration = try one(.decoration, ElementArgument<DecorationKind>.init(argument:))
        try query.validate()

        var picture = PictureOptions()
        picture.fit = try one(.fit, Double.init(argument:))
        picture.label = try one(.label, String.init(argument:))
        try picture.validate()

        var command = RunCommand()
        command.script = script
        command.layout = layout
        command.scriptOptions = scriptOptions
        command.queryOptions = query
        command.targetOffset = try one(.targetOffset, PointArgument.init(argument:))
        command.velocity = try one(.velocity, PointArgument.init(argument:))
        command.orthogonalTarget = try all(.orthogonalTarget, OrthogonalTargetArgument.init(argument:))
        command.format = try one(.format, RunCommand.Format.init(argument:)) ?? RunCommand.defaultFormat
        command.picture = picture
        command.background = try one(.background, String.init(argument:))
        command.output = try one(.output, String.init(argument:))
        try command.validate()
        return command
    }
}
