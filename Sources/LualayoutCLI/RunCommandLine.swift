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
        return try? build(script: script, read.given)
    }

    /// A test file's `-- options:` words as `ScenarioOptions` (its collection view and script
    /// options, the same groups as `run`'s), or nil to let ArgumentParser read them: a word
    /// that is not one of those options (`--layout`, a positional, an option of `run` alone),
    /// or any line `parse` would leave to it. Test workers read a header for every test file,
    /// each with ArgumentParser's reflection before. `ScenarioOptionsFastPathTests` proves the
    /// options equal ArgumentParser's reading.
    static func scenarioOptions(_ words: [String]) -> ScenarioOptions? {
        guard let read = Self.words(words), read.script == nil,
            Name.allCases.allSatisfy({ !read.given.has($0) || $0.isScenarioOption })
        else { return nil }
        var options = ScenarioOptions()
        var transitions = TransitionLayoutOptions()
        transitions.named = []
        do {
            options.layout = try layoutOptions(read.given)
            options.scriptOptions = try scriptOptions(read.given)
        } catch {
            return nil
        }
        options.transitions = transitions
        return options
    }

    /// The options `arguments` give, and the positional, if one; nil for anything outside the
    /// subset this reads.
    private static func words(_ arguments: [String]) -> (script: String?, given: Given)? {
        var script: String?
        var given = Given()
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
            guard !given.has(name) || name.isRepeatable else { return nil }
            if name.isFlag {
                given.values[name.rawValue] = []
                continue
            }
            guard index < arguments.count else { return nil }
            let value = arguments[index]
            index += 1
            // ArgumentPrepass joins a negative number to a long option (`--offset -5,0`), not to `-o`.
            guard !value.isEmpty, !value.hasPrefix("-") || (token != "-o" && ArgumentPrepass.isNegativeNumber(value))
            else { return nil }
            given.values[name.rawValue] = (given.values[name.rawValue] ?? []) + [value]
        }
        return (script, given)
    }

    /// Thrown when a value does not convert: ArgumentParser then reads the line and reports it.
    struct Fallback: Error {}

    /// The options a line gives: per option nil when not given, else its values in order ([]
    /// for a flag).
    private struct Given {
        var values = [[String]?](repeating: nil, count: Name.allCases.count)

        func has(_ name: Name) -> Bool { values[name.rawValue] != nil }

        /// The first value given for `name`, converted; nil when not given.
        func one<T>(_ name: Name, _ convert: (String) -> T?) throws -> T? {
            guard let text = values[name.rawValue]?.first else { return nil }
            guard let value = convert(text) else { throw Fallback() }
            return value
        }

        /// Every value given for `name`, converted, in order.
        func all<T>(_ name: Name, _ convert: (String) -> T?) throws -> [T] {
            try (values[name.rawValue] ?? []).map { text in
                guard let value = convert(text) else { throw Fallback() }
                return value
            }
        }
    }

    private static func layoutOptions(_ given: Given) throws -> LayoutOptions {
        var layout = LayoutOptions()
        layout.bounds = try given.one(.bounds, SizeArgument.init(argument:)) ?? LayoutOptions.defaultBounds
        layout.offset = try given.one(.offset, PointArgument.init(argument:))
        layout.scale = try given.one(.scale, Double.init(argument:)) ?? LayoutOptions.defaultScale
        layout.contentInset = try given.one(.contentInset, InsetsArgument.init(argument:))
        layout.safeArea = try given.one(.safeArea, InsetsArgument.init(argument:))
        layout.contentInsetAdjustment = try given.one(
            .contentInsetAdjustment, ContentInsetAdjustmentArgument.init(argument:))
        layout.layoutMargins = try given.one(.layoutMargins, InsetsArgument.init(argument:))
        layout.items = try given.one(.items, Int.init(argument:))
        layout.sections = try given.one(.sections, SectionCountsArgument.init(argument:))
        layout.data = try given.one(.data, String.init(argument:))
        layout.state = try given.all(.state, StateArgument.init(argument:))
        layout.orthogonalOffset = try given.all(.orthogonalOffset, OrthogonalOffsetArgument.init(argument:))
        layout.trait = try given.all(.trait, TraitArgument.init(argument:))
        layout.layoutDirection = try given.one(.layoutDirection, LayoutDirectionArgument.init(argument:))
        layout.ios = try given.one(.ios, IOSVersionArgument.init(argument:))
        try layout.validate()
        return layout
    }

    private static func scriptOptions(_ given: Given) throws -> ScriptOptions {
        var scriptOptions = ScriptOptions()
        scriptOptions.seed = try given.one(.seed, Int.init(argument:)) ?? ScriptOptions.defaultSeed
        scriptOptions.maxInstructions = try given.one(.maxInstructions, Int.init(argument:))
        scriptOptions.maxMemory =
            try given.one(.maxMemory, ByteCountArgument.init(argument:)) ?? ScriptOptions.defaultMaxMemory
        scriptOptions.timeoutSeconds = try given.one(.timeout, Double.init(argument:))
        scriptOptions.strict = given.has(.strict)
        scriptOptions.estimates = given.has(.estimates)
        try scriptOptions.validate()
        return scriptOptions
    }

    private static func build(script: String, _ given: Given) throws -> RunCommand {
        let layout = try layoutOptions(given)
        let scriptOptions = try scriptOptions(given)

        var query = QueryOptions()
        query.rect = try given.one(.rect, RectArgument.init(argument:))
        query.visible = given.has(.visible)
        query.item = try given.one(.item, ElementArgument<CellKind>.init(argument:))
        query.supplementary = try given.one(.supplementary, ElementArgument<SupplementaryKind>.init(argument:))
        query.decoration = try given.one(.decoration, ElementArgument<DecorationKind>.init(argument:))
        try query.validate()

        var picture = PictureOptions()
        picture.fit = try given.one(.fit, Double.init(argument:))
        picture.label = try given.one(.label, String.init(argument:))
        try picture.validate()

        var command = RunCommand()
        command.script = script
        command.layout = layout
        command.scriptOptions = scriptOptions
        command.queryOptions = query
        command.targetOffset = try given.one(.targetOffset, PointArgument.init(argument:))
        command.velocity = try given.one(.velocity, PointArgument.init(argument:))
        command.orthogonalTarget = try given.all(.orthogonalTarget, OrthogonalTargetArgument.init(argument:))
        command.format = try given.one(.format, RunCommand.Format.init(argument:)) ?? RunCommand.defaultFormat
        command.picture = picture
        command.background = try given.one(.background, String.init(argument:))
        command.output = try given.one(.output, String.init(argument:))
        try command.validate()
        return command
    }
}
