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
    /// The long names of `run`'s options that take a value, by what sets them.
    static let valueOptions: Set<String> = [
        "bounds", "offset", "scale", "content-inset", "safe-area", "layout-margins", "items", "sections", "data", "state",
        "orthogonal-offset", "seed", "max-instructions", "max-memory", "timeout", "rect", "item", "supplementary",
        "decoration", "target-offset", "velocity", "orthogonal-target", "format", "fit", "label", "output",
    ]
    /// `run`'s flags (no value).
    static let flags: Set<String> = ["strict", "estimates", "visible"]
    /// Options that may be given more than once (their values are appended in order).
    static let repeatable: Set<String> = ["state", "orthogonal-offset", "orthogonal-target"]

    /// The command `arguments` (the subcommand first) describe, or nil to let ArgumentParser read them.
    static func parse(_ arguments: [String]) -> RunCommand? {
        guard arguments.first == "run" else { return nil }
        var script: String?
        var values: [String: [String]] = [:]
        var index = 1
        while index < arguments.count {
            let token = arguments[index]
            index += 1
            guard !token.isEmpty, token != "help" else { return nil }
            guard token.hasPrefix("-") else {
                guard script == nil else { return nil }  // a second positional: ArgumentParser's error
                script = token
                continue
            }
            let name: String
            if token == "-o" {
                name = "output"
            } else if token.hasPrefix("--") {
                name = String(token.dropFirst(2))
            } else {
                return nil
            }
            if flags.contains(name) {
                guard values[name] == nil else { return nil }
                values[name] = []
                continue
            }
            guard valueOptions.contains(name), index < arguments.count else { return nil }
            let value = arguments[index]
            index += 1
            // ArgumentPrepass joins a negative number to a long option (`--offset -5,0`), not to `-o`.
            guard !value.isEmpty, !value.hasPrefix("-") || (token != "-o" && ArgumentPrepass.isNegativeNumber(value)) else { return nil }
            guard values[name] == nil || repeatable.contains(name) else { return nil }
            values[name, default: []].append(value)
        }
        guard let script else { return nil }
        return try? build(script: script, values)
    }

    /// Thrown when a value does not convert: ArgumentParser then reads the line and reports it.
    struct Fallback: Error {}

    private static func build(script: String, _ values: [String: [String]]) throws -> RunCommand {
        func one<T>(_ name: String, _ convert: (String) -> T?) throws -> T? {
            guard let text = values[name]?.first else { return nil }
            guard let value = convert(text) else { throw Fallback() }
            return value
        }
        func all<T>(_ name: String, _ convert: (String) -> T?) throws -> [T] {
            try (values[name] ?? []).map { text in
                guard let value = convert(text) else { throw Fallback() }
                return value
            }
        }

        var layout = LayoutOptions()
        layout.bounds = try one("bounds", SizeArgument.init(argument:)) ?? LayoutOptions.defaultBounds
        layout.offset = try one("offset", PointArgument.init(argument:))
        layout.scale = try one("scale", Double.init(argument:)) ?? LayoutOptions.defaultScale
        layout.contentInset = try one("content-inset", InsetsArgument.init(argument:))
        layout.safeArea = try one("safe-area", InsetsArgument.init(argument:))
        layout.layoutMargins = try one("layout-margins", InsetsArgument.init(argument:))
        layout.items = try one("items", Int.init(argument:))
        layout.sections = try one("sections", SectionCountsArgument.init(argument:))
        layout.data = try one("data", String.init(argument:))
        layout.state = try all("state", StateArgument.init(argument:))
        layout.orthogonalOffset = try all("orthogonal-offset", OrthogonalOffsetArgument.init(argument:))
        try layout.validate()

        var scriptOptions = ScriptOptions()
        scriptOptions.seed = try one("seed", Int.init(argument:)) ?? ScriptOptions.defaultSeed
        scriptOptions.maxInstructions = try one("max-instructions", Int.init(argument:))
        scriptOptions.maxMemory = try one("max-memory", ByteCountArgument.init(argument:)) ?? ScriptOptions.defaultMaxMemory
        scriptOptions.timeoutSeconds = try one("timeout", Double.init(argument:))
        scriptOptions.strict = values["strict"] != nil
        scriptOptions.estimates = values["estimates"] != nil
        try scriptOptions.validate()

        var common = ScriptCommandOptions()
        common.script = script
        common.layout = layout
        common.scriptOptions = scriptOptions
        try common.validate()

        var query = QueryOptions()
        query.rect = try one("rect", RectArgument.init(argument:))
        query.visible = values["visible"] != nil
        query.item = try one("item", ElementArgument<CellKind>.init(argument:))
        query.supplementary = try one("supplementary", ElementArgument<SupplementaryKind>.init(argument:))
        query.decoration = try one("decoration", ElementArgument<DecorationKind>.init(argument:))
        try query.validate()

        var picture = PictureOptions()
        picture.fit = try one("fit", Double.init(argument:))
        picture.label = try one("label", String.init(argument:))
        try picture.validate()

        var command = RunCommand()
        command.common = common
        command.queryOptions = query
        command.targetOffset = try one("target-offset", PointArgument.init(argument:))
        command.velocity = try one("velocity", PointArgument.init(argument:))
        command.orthogonalTarget = try all("orthogonal-target", OrthogonalTargetArgument.init(argument:))
        command.format = try one("format", RunCommand.Format.init(argument:)) ?? RunCommand.defaultFormat
        command.picture = picture
        command.output = try one("output", String.init(argument:))
        try command.validate()
        return command
    }
}
