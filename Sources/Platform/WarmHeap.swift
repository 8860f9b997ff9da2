#if canImport(Glibc)
import Glibc
#endif

/// Memory made ready ahead of a large piece of work, in a process that waits for it (a watch
/// worker before a save): the allocator is told to keep what is freed instead of returning it
/// to the kernel, and `bytes` are taken, touched and freed now, so the work's allocations land
/// on pages already mapped — without the page faults and the zeroing of fresh pages a new
/// process pays for each one. glibc only; elsewhere nothing happens. Blocks larger than
/// glibc's largest heap threshold (32 MB) still get mappings of their own.
package enum WarmHeap {
    /// At most this much is kept warm: an idle worker holds it (and blocks past 32 MB, the
    /// records of a million elements, get mappings of their own anyway).
    package static let limit = 64 << 20

    package static func prepare(bytes: Int) {
        #if canImport(Glibc)
        let size = min(max(bytes, 0), limit)
        guard size > 0 else { return }
        let largest = 32 << 20
        // Blocks up to 32 MB from the heap rather than mappings of their own (which are
        // returned, and faulted in again, each time), and no trimming of the heap's free top.
        // (`mallopt` is in malloc.h, which the C library's module does not bring in.)
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3  // M_TRIM_THRESHOLD, M_MMAP_THRESHOLD
        guard mallopt(mmapThreshold, Int32(largest)) == 1, mallopt(trimThreshold, Int32(limit * 2)) == 1 else { return }
        let page = max(Int(sysconf(Int32(_SC_PAGESIZE))), 1)
        var blocks: [UnsafeMutableRawPointer] = []
        var left = size
        while left > 0 {
            let chunk = min(left, largest / 2)
            guard let block = malloc(chunk) else { break }
            let bytes = block.assumingMemoryBound(to: UInt8.self)
            for offset in stride(from: 0, to: chunk, by: page) { bytes[offset] = 0 }
            blocks.append(block)
            left -= chunk
        }
        for block in blocks { free(block) }
        #endif
    }
}
