#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

/// Standard output, or a file. A regular file is streamed into a temporary file beside it that
/// replaces it once the output is complete (so a failed run never leaves half a file behind,
/// and a large output never sits whole in memory); an existing file of 16 MiB or more is
/// written over in place instead (see `inPlaceThreshold`). A device or pipe (`-o /dev/null`, a FIFO)
/// is written in place: a rename would replace it with a regular file.
///
/// Every command's output goes through here, with the command's inputs: an output file that is
/// one of them (the script, a module it required, data, scenario, controller, batch file,
/// snapshot …) is refused before anything is written.
struct OutputDestination {
    var path: String?
    /// The option that named `path`, for messages (`-o`, `--junit`).
    var option = "-o"

    init(path: String?, option: String = "-o") {
        self.path = path
        self.option = option
    }

    /// Writes what `produce` makes; `inputs` are the files the command read (see `refuse`).
    func write(
        _ io: CommandIO, inputs: [String], _ produce: (inout any TextOutputStream) -> Void
    ) throws(CLIError) {
        guard let path else {
            produce(&io.out)
            return
        }
        try refuse(overwriting: inputs)
        var info = stat()
        let exists = stat(path, &info) == 0
        let kind = info.st_mode & S_IFMT
        if exists && kind != S_IFREG && kind != S_IFDIR {
            let descriptor = open(path, O_WRONLY)
            guard descriptor >= 0 else { throw .input("\(path): cannot write output file") }
            defer { close(descriptor) }
            guard stream(to: descriptor, produce) else { throw .input("\(path): cannot write output file") }
            return
        }
        if exists && kind == S_IFREG && Self.writesInPlace(info) {
            try overwrite(path, produce)
            return
        }
        var template = Array(temporaryTemplate(for: path).utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw .input("\(path): cannot write output file") }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // mkstemp makes the file private (0600); an output file gets the usual 0666 less the umask.
        let mask = umask(0)
        umask(mask)
        fchmod(descriptor, 0o666 & ~mask)
        let written = stream(to: descriptor, produce)
        guard close(descriptor) == 0, written, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw .input("\(path): cannot write output file")
        }
    }

    /// From this size up an existing output file is written over in place rather than replaced:
    /// replacing it frees all its blocks and allocates as many again for the new file, which
    /// stalls the rename (about 50 ms for 150 MB on ext4, more when the old file is still
    /// being written back); writing over it reuses them.
    static let inPlaceThreshold = 16 << 20

    /// Whether an existing regular file is written in place: large (see `inPlaceThreshold`)
    /// and with no other name (a hard link would see the new bytes, as a rename never lets it).
    static func writesInPlace(_ info: stat) -> Bool {
        info.st_nlink == 1 && Int(info.st_size) >= inPlaceThreshold
    }

    /// Writes over the file at `path` from its start and cuts it at the end of what was written.
    /// A failed write removes the file: never half a file, though the old one is lost too.
    private func overwrite(_ path: String, _ produce: (inout any TextOutputStream) -> Void) throws(CLIError) {
        let descriptor = open(path, O_WRONLY)
        guard descriptor >= 0 else { throw .input("\(path): cannot write output file") }
        let written = stream(to: descriptor, produce)
        let end = lseek(descriptor, 0, SEEK_CUR)
        let cut = written && end >= 0 && ftruncate(descriptor, end) == 0
        guard close(descriptor) == 0, cut else {
            unlink(path)
            throw .input("\(path): cannot write output file")
        }
    }

    /// An output file that is the same file as one of `inputs` (the same device and inode, so
    /// a link or another spelling of the path counts; or, when the output does not exist yet,
    /// the same real path): a usage error naming both.
    func refuse(overwriting inputs: [String]) throws(CLIError) {
        guard let path, let output = FileIdentity(path) else { return }
        // A device or pipe is written in place, never replaced: nothing of an input is lost.
        if let kind = output.kind, kind != S_IFREG { return }
        for input in inputs {
            guard let identity = FileIdentity(input), identity.isSame(as: output) else { continue }
            throw .usage("\(option) \(path) is \(input), an input of this command: choose another output file")
        }
    }

    /// Writes everything `produce` makes to `descriptor`; false when a write failed.
    private func stream(to descriptor: Int32, _ produce: (inout any TextOutputStream) -> Void) -> Bool {
        let file = FileStream(descriptor: descriptor)
        var output: any TextOutputStream = file
        produce(&output)
        file.flush()
        return !file.failed
    }

    /// `DIR/.NAME.XXXXXX`: in the target's folder, so the rename stays on one file system.
    private func temporaryTemplate(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".XXXXXX"
    }
}

/// What makes two paths the same file: the device and inode of what exists there, and the
/// real path (of the file, or of its folder plus its name when it does not exist yet).
struct FileIdentity {
    var device: UInt64?
    var inode: UInt64?
    /// The file type bits (`S_IFREG` …) when the path exists.
    var kind: mode_t?
    var realPath: String?

    /// nil when nothing can be said about `path` (its folder does not exist either).
    init?(_ path: String) {
        var info = stat()
        if stat(path, &info) == 0 {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            kind = info.st_mode & S_IFMT
        }
        realPath = Self.realPath(path)
        if device == nil && realPath == nil { return nil }
    }

    func isSame(as other: FileIdentity) -> Bool {
        if let device, let inode, device == other.device, inode == other.inode { return true }
        if let realPath, realPath == other.realPath { return true }
        return false
    }

    /// The canonical path of `path`, or of its folder joined with its last component when
    /// the file itself does not exist (yet).
    private static func realPath(_ path: String) -> String? {
        if let real = canonical(path) { return real }
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        guard !name.isEmpty, name != ".", name != "..", let folder = canonical(url.deletingLastPathComponent().path)
        else { return nil }
        return (folder == "/" ? "" : folder) + "/" + name
    }

    private static func canonical(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
