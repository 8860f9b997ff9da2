import Foundation

/// Standard output, or a file written whole once the output is complete (so a failed run
/// never leaves half a file behind). A device or pipe (`-o /dev/null`, a FIFO) is written in
/// place: the atomic write's rename would replace it with a regular file.
struct OutputDestination {
    var path: String?

    func write(_ io: CommandIO, _ produce: (inout any TextOutputStream) -> Void) throws(CLIError) {
        guard let path else {
            produce(&io.out)
            return
        }
        var buffer: any TextOutputStream = StringStream()
        produce(&buffer)
        let text = (buffer as! StringStream).text
        let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
        let isSpecial = type != nil && type != .typeRegular && type != .typeDirectory
        do {
            try text.write(toFile: path, atomically: !isSpecial, encoding: .utf8)
        } catch {
            throw .input("\(path): cannot write output file")
        }
    }
}
