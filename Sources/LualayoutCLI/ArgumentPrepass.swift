import ArgumentParser

/// One linear pass over the command line before ArgumentParser sees it.
///
/// - Repeatable options (`--state`, `--delete`, `--insert`, …) are taken out and parsed here:
///   ArgumentParser's handling of repeated options is quadratic (20,000 `--state` took 50 s).
/// - A negative number after an option (`--items -1`, `--offset -5,0`) is joined to it
///   (`--items=-1`), so it is read as the option's value, not as an unknown option `-1`.
struct ArgumentPrepass {
    /// The repeated options found, by long name (`state`, `delete`, …), values in order.
    var repeated: [String: [String]] = [:]
    /// What is left for ArgumentParser.
    var remaining: [String] = []

    /// Options that take no value: a negative number after one of these is not its value.
    static let flags: Set<String> = ["--visible", "--serve", "--help", "-h", "--version"]

    /// The repeatable options of each subcommand.
    static func repeatable(for subcommand: String?) -> Set<String> {
        switch subcommand {
        case "run", "check", "watch", "transition", "bench": ["state"]
        case "update":
            [
                "state", "delete", "insert", "reload", "move", "delete-section", "insert-section", "reload-section",
                "move-section",
            ]
        default: []
        }
    }

    /// Splits `arguments` (the subcommand first).
    init(_ arguments: [String]) {
        let names = Self.repeatable(for: arguments.first)
        // With --help the command prints its help whatever else is given: leave everything.
        guard !arguments.contains(where: { $0 == "--help" || $0 == "-h" }) else {
            remaining = arguments
            return
        }
        remaining.reserveCapacity(arguments.count)
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {  // everything after it is positional
                remaining += arguments[(index - 1)...]
                break
            }
            guard argument.hasPrefix("--") else {
                remaining.append(argument)
                continue
            }
            let body = argument.dropFirst(2)
            if let equals = body.firstIndex(of: "=") {
                let name = String(body[..<equals])
                if names.contains(name) {
                    repeated[name, default: []].append(String(body[body.index(after: equals)...]))
                } else {
                    remaining.append(argument)
                }
                continue
            }
            let name = String(body)
            if names.contains(name) {
                guard index < arguments.count,
                    !arguments[index].hasPrefix("--") || Self.isNegativeNumber(arguments[index])
                else {
                    remaining.append(argument)  // ArgumentParser reports the missing value
                    continue
                }
                repeated[name, default: []].append(arguments[index])
                index += 1
            } else if !Self.flags.contains(argument), index < arguments.count, Self.isNegativeNumber(arguments[index]) {
                remaining.append(argument + "=" + arguments[index])
                index += 1
            } else {
                remaining.append(argument)
            }
        }
    }

    /// `-1`, `-1.5`, `-.5`, `-5,0`, `-1e3x2`: a value, not an option.
    static func isNegativeNumber(_ text: String) -> Bool {
        let characters = Array(text.utf8.prefix(2))
        guard characters.count == 2, characters[0] == UInt8(ascii: "-") else { return false }
        return (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(characters[1]) || characters[1] == UInt8(ascii: ".")
    }
}

extension ArgumentPrepass {
    /// Parses the repeated values taken out and sets them on `command`. A bad value is
    /// reported by ArgumentParser itself (from a one-option command line), so the message and
    /// help are exactly those of any other bad option value.
    func apply(to command: any ParsableCommand, subcommand: String) throws -> any ParsableCommand {
        guard !repeated.isEmpty else { return command }
        func values<T>(_ name: String, _ parse: (String) -> T?) throws -> [T] {
            try (repeated[name] ?? []).map { text in
                if let value = parse(text) { return value }
                _ = try Lualayout.parseAsRoot([subcommand, "_", "--\(name)=\(text)"])
                throw ValidationError("invalid value '\(text)' for --\(name)")  // not reached
            }
        }
        let state = try values("state", StateArgument.init(argument:))
        if var update = command as? UpdateCommand {
            update.layout.state += state
            update.deletes += try values("delete", IndexPathArgument.init(argument:))
            update.inserts += try values("insert", IndexPathArgument.init(argument:))
            update.reloads += try values("reload", IndexPathArgument.init(argument:))
            update.moves += try values("move", ItemMoveArgument.init(argument:))
            update.deletedSections += try values("delete-section") { Int($0) }
            update.insertedSections += try values("insert-section", SectionInsertArgument.init(argument:))
            update.reloadedSections += try values("reload-section") { Int($0) }
            update.movedSections += try values("move-section", SectionMoveArgument.init(argument:))
            try update.validate()
            return update
        }
        if var scripted = command as? any ScriptCommand & ParsableCommand {
            scripted.layout.state += state
            return scripted
        }
        if var transition = command as? TransitionCommand {
            transition.layout.state += state
            return transition
        }
        return command
    }
}
