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

    /// Writes `files` (name → source) into a fresh directory, compiles them with `extra` source
    /// paths (one of the files must be main.swift) and returns what the program prints. One
    /// frontend compiles them all (`-wmo`): without it the driver starts one a file, each
    /// parsing every file.
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
        let binary = directory + "/program"
        let compile = try execute(
            "/usr/bin/env",
            [
                "swiftc", "-wmo", "-swift-version", "6", "-Onone", "-suppress-warnings", "-module-name", "Translated",
                "-o",
                binary,
            ] + extra + paths)
        if compile.status != 0, let keep = ProcessInfo.processInfo.environment["LUALAYOUT_TRANSLATION_KEEP"] {
            // For debugging: the sources that did not compile.
            try? FileManager.default.removeItem(atPath: keep)
            try? FileManager.default.copyItem(atPath: directory, toPath: keep)
        }
        guard compile.status == 0 else {
            throw Failure(description: "swiftc failed:\n" + String(compile.error.prefix(6000)))
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
