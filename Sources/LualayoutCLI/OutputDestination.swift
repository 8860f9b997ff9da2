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
        let collector = ByteCollector()
        var buffer: any TextOutputStream = collector
        produce(&buffer)
        let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
        let isSpecial = type != nil && type != .typeRegular && type != .typeDirectory
        do {
            try collector.bytes.withUnsafeBytes { bytes in
                let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!),
                                count: bytes.count, deallocator: .none)
                try data.write(to: URL(fileURLWithPath: path), options: isSpecial ? [] : .atomic)
            }
        } catch {
            throw .input("\(path): cannot write output file")
        }
    }
}
