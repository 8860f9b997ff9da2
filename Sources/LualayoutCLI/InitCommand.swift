import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

/// `lualayout init`: a starter layout script and the data file it reads, ready to run.
struct InitCommand: LualayoutCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract:
            "Start a layout: write NAME.lua (a commented starter script), NAME.json (its data) and NAME.test.lua (its test).",
        discussion: """
            The script runs as written and shows the main hooks, the test scenario passes as \
            written (`lualayout test`; its first run writes the snapshot it compares); existing files are never \
            overwritten. --flow (the default) starts from flow{...} (UICollectionViewFlowLayout) \
            with a delegate callback and the attributes hook; --custom from a table whose \
            prepare(cv, out) places every element; --compositional from compositional{...} \
            (UICollectionViewCompositionalLayout) with a section provider, a header and badges.

            Example:
              lualayout init gallery
              lualayout run gallery.lua --data gallery.json --format table
              lualayout test gallery.test.lua
            """)

    enum Kind: String, EnumerableFlag {
        case flow
        case custom
        case compositional

        static func help(for value: Kind) -> ArgumentHelp? {
            switch value {
            case .flow: "A flow layout: flow{...} with a delegate callback and the attributes hook."
            case .custom: "A custom layout: prepare(cv, out) places every element."
            case .compositional: "A compositional layout: items in groups in sections, from a section provider."
            }
        }
    }

    @Argument(
        help: ArgumentHelp(
            "Name of the layout: writes NAME.lua, NAME.json and NAME.test.lua (NAME may include folders, made when missing).",
            valueName: "NAME"),
        completion: .file())
    var name: String

    @Flag(exclusivity: .exclusive)
    var kind: Kind = .flow

    func execute(_ io: CommandIO) throws(CLIError) {
        let base = name.hasSuffix(".lua") ? String(name.dropLast(4)) : name
        let stem = String(base.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
        guard !stem.isEmpty, stem != ".", stem != ".." else {
            throw .usage("init: '\(name)' does not name a file (init writes NAME.lua, NAME.json and NAME.test.lua)")
        }
        // As snapshot names: a control character would make a file name that cannot be read
        // or typed, and reach the terminal as is in the messages below.
        guard !name.containsControlCharacters else {
            throw .usage("init: NAME cannot contain control characters (got \(name.debugDescription))")
        }
        let scriptPath = base + ".lua", dataPath = base + ".json", testPath = base + ".test.lua"
        // lstat, not stat: a link counts as existing even when it leads nowhere (writing
        // through it would fail, or create a file elsewhere).
        for path in [scriptPath, dataPath, testPath] {
            var info = stat()
            guard lstat(path, &info) != 0 else {
                throw .input(
                    "\(path): already exists; init never overwrites a file (choose another NAME or move it away)")
            }
            // Anything but "no such file" (a name too long, a folder that cannot be read): before writing any.
            guard errno == ENOENT else { throw .input("\(path): cannot write: \(String(cString: strerror(errno)))") }
        }
        let script =
            switch kind {
            case .flow: StarterScripts.flow(name: stem)
            case .custom: StarterScripts.custom(name: stem)
            case .compositional: StarterScripts.compositional(name: stem)
            }
        let checks =
            switch kind {
            case .flow: StarterScripts.flowChecks
            case .custom: StarterScripts.customChecks
            case .compositional: StarterScripts.compositionalChecks
            }
        // Missing folders of NAME are made, and removed again when a file cannot be written.
        let folders = try Self.makeFolders(of: base)
        do {
            try Self.writeAll([
                (scriptPath, script), (dataPath, StarterScripts.data),
                (testPath, StarterScripts.test(name: stem, checks: checks)),
            ])
        } catch {
            for folder in folders.reversed() { rmdir(folder) }
            throw error
        }
        io.out.write(
            """
            wrote \(scriptPath) (a \(kind.rawValue) layout)
            wrote \(dataPath) (its data: 2 sections, 6 items)
            wrote \(testPath) (its test scenario)
            run it:   lualayout run \(scriptPath) --data \(dataPath) --format table
            check it: lualayout check \(scriptPath) --data \(dataPath)
            test it:  lualayout test \(testPath)

            """)
    }

    /// Writes every file or none: when one cannot be written, the ones written before it are
    /// removed. `write` is `write(_:to:)` (tests pass one that fails).
    static func writeAll(
        _ files: [(path: String, text: String)],
        using write: (String, String) throws(CLIError) -> Void = { text, path throws(CLIError) in
            try InitCommand.write(text, to: path)
        }
    ) throws(CLIError) {
        var written: [String] = []
        for (path, text) in files {
            do {
                try write(text, path)
            } catch {
                for path in written { unlink(path) }
                throw error
            }
            written.append(path)
        }
    }

    /// Makes the folders of `base` (`sub/dir` of `sub/dir/name`) that do not exist, outermost
    /// first; returns the ones made. One that cannot be made is an input error (those made
    /// before it are removed).
    static func makeFolders(of base: String) throws(CLIError) -> [String] {
        let parts = base.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        var made: [String] = []
        var folder = base.hasPrefix("/") ? "" : "."
        for (index, part) in parts.enumerated() where !(part.isEmpty && index == 0) {
            folder = index == 0 && !base.hasPrefix("/") ? String(part) : folder + "/" + part
            guard !part.isEmpty, part != "." else { continue }
            if mkdir(folder, 0o755) == 0 {
                made.append(folder)
            } else if errno != EEXIST {
                let reason = String(cString: strerror(errno))
                for made in made.reversed() { rmdir(made) }
                throw .input("\(folder): cannot make the folder: \(reason)")
            }
        }
        return made
    }

    /// Creates `path` (never replacing a file that appeared meanwhile, nor following a link);
    /// a file it could not finish is removed.
    static func write(_ text: String, to path: String) throws(CLIError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            let reason =
                errno == EEXIST ? "already exists; init never overwrites a file" : String(cString: strerror(errno))
            throw .input("\(path): cannot write: \(reason)")
        }
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { writeBytes(descriptor, $0.baseAddress, $0.count) }
            guard written > 0 else {
                let reason = String(cString: strerror(written < 0 ? errno : EIO))
                close(descriptor)
                unlink(path)
                throw .input("\(path): cannot write: \(reason)")
            }
            offset += written
        }
        guard close(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(path)
            throw .input("\(path): cannot write: \(reason)")
        }
    }
}

/// The system's write(2), which `InitCommand`'s own `write` hides inside the type.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
