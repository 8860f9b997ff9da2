import LayoutEngine

/// The walk the streaming writers share: a list's elements in order, runs of plain cells
/// copied out of the element store 1,024 at a time, every other element one by one.
enum PlainCellBatches {
    /// Calls `plain(batch, first)` for each run of plain cells (`first` is the position of
    /// `batch[0]`) and `other(position)` for each element that is not one; `afterEach` runs
    /// after every call (the writers flush a full buffer there).
    @inline(__always)
    static func walk(
        _ elements: ElementList,
        plain: (UnsafeMutableBufferPointer<ElementStore.PlainCell>.SubSequence, Int) -> Void,
        other: (Int) -> Void,
        afterEach: () -> Void
    ) {
        let batch = UnsafeMutableBufferPointer<ElementStore.PlainCell>.allocate(capacity: 1024)
        defer { batch.deallocate() }
        var position = 0
        while position < elements.count {
            let count = elements.plainCells(from: position, into: batch)
            if count == 0 {
                other(position)
                position += 1
            } else {
                plain(batch[0..<count], position)
                position += count
            }
            afterEach()
        }
    }
}
