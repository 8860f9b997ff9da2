#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Platform

/// Standard output, or a file. A regular file is streamed into a temporary file beside it that
/// replaces it once the output is complete (so a failed run never leaves half a file behind,
/// and a large output never sits whole in memory). A device or pipe (`-o /dev/null`, a FIFO)
/// is written in place: a rename would replace it with a regular file.
struct OutputDestination {
    var path: String?

    func write(_ io: CommandIO, _ produce: (inout any TextOutputStream) -> Void) throws(CLIError) {
        guard let path else {
            produce(&io.out)
            return
        }
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
        var template = Array(temporaryTemplate(for: path).utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw .input("\(path): cannot write output file") }
        let temporary = String(cString: template)
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
