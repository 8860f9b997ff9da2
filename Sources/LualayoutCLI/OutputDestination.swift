import Foundation

/// Standard output, or a file written whole once the output is complete (so a failed run
/// never leaves half a file behind).
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
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw .input("\(path): cannot write output file")
        }
    }
}
