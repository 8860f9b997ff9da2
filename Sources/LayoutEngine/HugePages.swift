import Platform

/// Transparent huge pages for the big arrays of a prepare (Linux, where the kernel grants
/// them on request: `madvise` mode). A 64 MB array then faults in 32 times instead of 16,384.
enum HugePages {
    static let size = 2 << 20

    /// Advises huge pages for the 2 MB-aligned part of `array`'s reserved storage. Nothing for
    /// arrays under 4 MB, nor off Linux.
    static func advise<Element>(_ array: inout [Element]) {
        #if os(Linux)
        let bytes = array.capacity * MemoryLayout<Element>.stride
        guard bytes >= 2 * size else { return }
        array.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let start = (Int(bitPattern: base) + size - 1) & ~(size - 1)
            let end = (Int(bitPattern: base) + bytes) & ~(size - 1)
            guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(pointer, end - start, MADV_HUGEPAGE)
        }
        #endif
    }
}
