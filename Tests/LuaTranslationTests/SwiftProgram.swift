import Foundation

/// The repository root, found from this file's path.
let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// Compiles Swift sources into one program with swiftc and runs it: translated code is
/// checked by the compiler and by what it prints.
enum SwiftProgram {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// What every program is compiled with.
    static let flags = ["-wmo", "-swift-version", "6", "-Onone", "-suppress-warnings", "-module-name", "Translated"]

    /// Writes `files` (name → source) into a fresh directory, compiles them with `extra` source
    /// paths (one of the files must be main.swift) and returns what the program prints. One
    /// frontend compiles them all (`-wmo`): without it the driver starts one a file, each
    /// parsing every file. A program compiled before from the same sources by the same swiftc
    /// is run again, not compiled again (`ProgramCache`).
    static func run(files: [String: String], extra: [String], arguments: [String] = []) throws -> String {
        let directory = NSTemporaryDirectory() + "lua2swift-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var paths: [String] = []
        for (name, source) in files.sorted(by: { $0.key < $1.key }) {
            let path = directory + "/" + name
            try source.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let cached = ProgramCache.program(flags: flags, files: files, extra: extra)
        let binary: String
        if let cached, FileManager.default.isExecutableFile(atPath: cached) {
            binary = cached
            // Used: the newest again, so the newer entries of other inputs do not push it out.
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: cached)
        } else {
            binary = directory + "/program"
            let compile = try execute("/usr/bin/env", ["swiftc"] + flags + ["-o", binary] + extra + paths)
            if compile.status != 0, let keep = ProcessInfo.processInfo.environment["LUALAYOUT_TRANSLATION_KEEP"] {
                // For debugging: the sources that did not compile.
                try? FileManager.default.removeItem(atPath: keep)
                try? FileManager.default.copyItem(atPath: directory, toPath: keep)
            }
            guard compile.status == 0 else {
                throw Failure(description: "swiftc failed:\n" + String(compile.error.prefix(6000)))
            }
            if let cached { ProgramCache.keep(binary, as: cached) }
        }
        let result = try execute(binary, arguments)
        guard result.status == 0 else {
            throw Failure(description: "the program failed (\(result.status)):\n" + String(result.error.prefix(4000)))
        }
        return result.output
    }

    /// Runs a program to its end, its output and errors collected in files (no pipe to fill).
    static func execute(
        _ executable: String, _ arguments: [String]
    ) throws -> (status: Int32, output: String, error: String) {
        let stem = NSTemporaryDirectory() + "lua2swift-" + UUID().uuidString
        let outputPath = stem + ".out"
        let errorPath = stem + ".err"
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: outputPath)
            try? FileManager.default.removeItem(atPath: errorPath)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(forWritingAtPath: outputPath)
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        try process.run()
        process.waitUntilExit()
        let output = try String(contentsOfFile: outputPath, encoding: .utf8)
        let error = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return (process.terminationStatus, output, error)
    }
}

/// Programs compiled before, in `.build/test-cache/swift-programs`, each named by a digest of
/// everything its compilation read: `swiftc --version`, the flags, every file's name and
/// contents, every extra file's path and contents. The same sources by the same compiler give
/// the same program, so a warm run after a change elsewhere does not pay swiftc again (about
/// 12 s of CPU for the differential test's 41 files). The 8 newest are kept.
enum ProgramCache {
    static let folder = repositoryRoot + "/.build/test-cache/swift-programs"

    /// Where the program of these inputs is (or would be) kept; nil when the compiler's
    /// version cannot be read (then nothing is cached).
    static func program(flags: [String], files: [String: String], extra: [String]) -> String? {
        guard let version = compilerVersion else { return nil }
        var digest = Digest()
        digest.add(version)
        for flag in flags { digest.add(flag) }
        for (name, source) in files.sorted(by: { $0.key < $1.key }) {
            digest.add(name)
            digest.add(source)
        }
        for path in extra {
            guard let contents = FileManager.default.contents(atPath: path) else { return nil }
            digest.add(path)
            digest.add(Array(contents))
        }
        return folder + "/" + digest.hex
    }

    /// Copies a program just compiled into the cache (by a rename of a copy: a reader never
    /// sees half a file) and removes all but the newest entries.
    static func keep(_ binary: String, as path: String) {
        let manager = FileManager.default
        try? manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let partial = path + ".partial-" + UUID().uuidString
        guard (try? manager.copyItem(atPath: binary, toPath: partial)) != nil else { return }
        if rename(partial, path) != 0 { try? manager.removeItem(atPath: partial) }
        let entries = ((try? manager.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.contains(".partial-") }
        let dated = entries.map { name -> (String, Date) in
            let date = (try? manager.attributesOfItem(atPath: folder + "/" + name)[.modificationDate] as? Date) ?? nil
            return (name, date ?? .distantPast)
        }
        for (name, _) in dated.sorted(by: { $0.1 > $1.1 }).dropFirst(8) {
            try? manager.removeItem(atPath: folder + "/" + name)
        }
    }

    static let compilerVersion: String? = {
        guard let result = try? SwiftProgram.execute("/usr/bin/env", ["swiftc", "--version"]), result.status == 0
        else { return nil }
        return result.output + result.error
    }()

    /// Two 64-bit FNV-1a hashes of different offsets over length-prefixed parts.
    struct Digest {
        private var first: UInt64 = 0xcbf2_9ce4_8422_2325
        private var second: UInt64 = 0x6c62_272e_07bb_0142

        mutating func add(_ text: String) { add(Array(text.utf8)) }

        mutating func add(_ bytes: [UInt8]) {
            var length = UInt64(bytes.count)
            for _ in 0..<8 {
                mix(UInt8(truncatingIfNeeded: length))
                length >>= 8
            }
            for byte in bytes { mix(byte) }
        }

        private mutating func mix(_ byte: UInt8) {
            first = (first ^ UInt64(byte)) &* 0x100_0000_01b3
            second = (second ^ UInt64(byte)) &* 0x100_0000_01b3
        }

        var hex: String {
            String(first, radix: 16).leftPadded(16) + String(second, radix: 16).leftPadded(16)
        }
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
