import Foundation
import TestExpectations
import Testing

@testable import LualayoutCLI

/// Nothing is lost, nothing fails silently (issue 19, items 3–6): `-o` never replaces an input,
/// `init` writes all of its files or none, a failed write to standard output is an error. The
/// corpus (`Tests/Corpus/files.json`) runs each command so; these tests cover what a corpus
/// case cannot set up (a hard link, a write failing half-way, a closed pipe).
@Suite("output safety")
struct OutputSafetyTests {
    private func folder() throws -> String {
        let directory = NSTemporaryDirectory() + "lualayout-output-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    /// A hard link has its own real path: only the device and inode show it is the script.
    @Test func aHardLinkToTheScriptIsRefused() throws {
        let directory = try folder()
        let script = directory + "/layout.lua", link = directory + "/out.json"
        let source = "return flow{ itemSize = {10, 10} }\n"
        try source.write(toFile: script, atomically: true, encoding: .utf8)
        expectEqual(Foundation.link(script, link), 0)
        let result = lualayout("run", script, "--items", "1", "-o", link)
        expectEqual(result.status, 2)
        expect(
            result.err == "lualayout: -o \(link) is \(script), an input of this command: choose another output file\n")
        expectEqual(try String(contentsOfFile: script, encoding: .utf8), source)
    }

    /// An output that does not exist yet is compared by its folder's real path plus its name:
    /// `sub/../layout.lua` is the script, `sub/../new.json` is no input.
    @Test func aPathThroughAnotherFolderIsComparedByItsRealPath() throws {
        let directory = try folder()
        try FileManager.default.createDirectory(atPath: directory + "/sub", withIntermediateDirectories: false)
        let script = directory + "/layout.lua"
        try "return 1\n".write(toFile: script, atomically: true, encoding: .utf8)
        let identity = try require(FileIdentity(directory + "/sub/../new.json"))
        expect(identity.device == nil)
        expectEqual(identity.realPath?.hasSuffix("/new.json"), true)
        #expect(throws: Never.self) {
            try OutputDestination(path: directory + "/sub/../new.json").refuse(overwriting: [script])
        }
        #expect(throws: CLIError.self) {
            try OutputDestination(path: directory + "/sub/../layout.lua").refuse(overwriting: [script])
        }
        // Nothing at all can be said about a path in a missing folder: never the same as an input.
        expect(FileIdentity(directory + "/missing/out.json") == nil)
    }

    private func inode(_ path: String) -> UInt64? {
        var info = stat()
        return stat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    private func write(_ text: String, to path: String) throws {
        let io = CommandIO(out: StringStream(), err: StringStream())
        try OutputDestination(path: path).write(io, inputs: []) { $0.write(text) }
    }

    /// A file of `inPlaceThreshold` bytes or more is written over (the same inode), and cut at
    /// the end of the new output: "short\n" over 16 MiB of "x" leaves exactly "short\n".
    @Test func aLargeExistingFileIsWrittenInPlaceAndCut() throws {
        let directory = try folder()
        let output = directory + "/big.json"
        try Data(repeating: UInt8(ascii: "x"), count: OutputDestination.inPlaceThreshold).write(
            to: URL(fileURLWithPath: output))
        let before = inode(output)
        try write("short\n", to: output)
        expectEqual(inode(output), before)
        expectEqual(try String(contentsOfFile: output, encoding: .utf8), "short\n")
    }

    /// Below the threshold the file is replaced through a temporary file: a new inode.
    @Test func aSmallExistingFileIsReplaced() throws {
        let directory = try folder()
        let output = directory + "/small.json"
        try "old\n".write(toFile: output, atomically: false, encoding: .utf8)
        let before = inode(output)
        try write("new\n", to: output)
        expect(inode(output) != before)
        expectEqual(try String(contentsOfFile: output, encoding: .utf8), "new\n")
    }

    /// A large file with a second name is replaced, not written over: the other name keeps the
    /// old bytes, as with any replacement.
    @Test func aLargeFileWithAnotherNameIsReplaced() throws {
        let directory = try folder()
        let output = directory + "/big.json", other = directory + "/other.json"
        let old = Data(repeating: UInt8(ascii: "x"), count: OutputDestination.inPlaceThreshold)
        try old.write(to: URL(fileURLWithPath: output))
        expectEqual(Foundation.link(output, other), 0)
        try write("new\n", to: output)
        expectEqual(try String(contentsOfFile: output, encoding: .utf8), "new\n")
        expectEqual(try Data(contentsOf: URL(fileURLWithPath: other)), old)
    }

    /// A device is written in place, never replaced: `-o /dev/null` stays allowed.
    @Test func aDeviceOutputIsNeverRefused() {
        #expect(throws: Never.self) {
            try OutputDestination(path: "/dev/null").refuse(overwriting: ["/dev/null"])
        }
    }

    /// `init` writes its three files or none: the third failing removes the first two.
    @Test func initRemovesWhatItWroteWhenALaterFileFails() throws {
        let directory = try folder()
        let files = ["demo.lua", "demo.json", "demo.test.lua"].map { (path: directory + "/" + $0, text: "x\n") }
        var attempts: [String] = []
        #expect(throws: CLIError.self) {
            try InitCommand.writeAll(files) { text, path throws(CLIError) in
                attempts.append(path)
                guard !path.hasSuffix(".test.lua") else { throw .input("\(path): cannot write: disk full") }
                try InitCommand.write(text, to: path)
            }
        }
        expectEqual(attempts, files.map(\.path))
        expectEqual(try FileManager.default.contentsOfDirectory(atPath: directory), [])
    }

    /// A full disk: the first failed write is remembered (ENOSPC) and the status becomes 2.
    @Test func aFullDiskOnStandardOutputIsExitTwo() throws {
        let descriptor = open("/dev/full", O_WRONLY)
        try require(descriptor >= 0)
        defer { close(descriptor) }
        let out = FileStream(descriptor: descriptor), err = StringStream()
        let io = CommandIO(out: out, err: err)
        io.out.write("{}\n")
        expectEqual(io.finish(0), 2)
        expectEqual(out.errorNumber, ENOSPC)
        expectEqual(err.text, "lualayout: cannot write to standard output: No space left on device\n")
        // A command that already failed still says why its output is missing.
        expectEqual(io.finish(1), 2)
    }

    /// A reader that has gone (`| head`): the output ends quietly, with the command's status.
    @Test func aClosedPipeEndsQuietly() throws {
        signal(SIGPIPE, SIG_IGN)  // as the lualayout binary does: EPIPE instead of a signal
        var ends: [Int32] = [0, 0]
        try require(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        let out = FileStream(descriptor: ends[1]), err = StringStream()
        let io = CommandIO(out: out, err: err)
        io.out.write("{}\n")
        expectEqual(io.finish(0), 0)
        expectEqual(out.errorNumber, EPIPE)
        expect(io.outputFailed)
        expectEqual(err.text, "")
    }

    /// The binary piped into a reader that stops at once (`lualayout run … | head -c 1`):
    /// exit 0, nothing on stderr.
    @Test func theBinaryEndsQuietlyWhenItsReaderGoes() async throws {
        let binary = CorpusTests.binary
        try require(FileManager.default.isExecutableFile(atPath: binary), "build first: swift build")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["run", repositoryRoot + "/Examples/grid.lua", "--items", "20000"]
        let outPipe = Pipe(), errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        try process.run()
        try outPipe.fileHandleForReading.close()
        let errText = String(decoding: errPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        expectEqual(process.terminationReason, .exit)
        expectEqual(process.terminationStatus, 0)
        expectEqual(errText, "")
    }
}
