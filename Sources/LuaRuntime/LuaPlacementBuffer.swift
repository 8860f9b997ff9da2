import CLua
import CLuaBridge

/// Elements placed by a custom prepare on the fast path: `out:cell(...)` and friends append
/// here from C, with no Swift call per element (see `llb_pushplacer`).
package final class PlacementBuffer {
    /// One placed element; `category` 0 cell, 1 supplementary, 2 decoration.
    package typealias Placement = llb_placed

    private let storage: UnsafeMutablePointer<llb_placements>
    /// The state whose memory cap the buffer is charged to; kept alive as long as the buffer.
    private let lua: LuaState

    /// `limit`: the most elements the fast path takes; beyond it calls go to the fallback.
    package init(lua: LuaState, limit: Int) {
        self.lua = lua
        storage = .allocate(capacity: 1)
        storage.initialize(
            to: llb_placements(
                items: nil, count: 0, capacity: 0, limit: max(0, limit), refused: 0, limits: llb_getlimits(lua.L),
                counts: nil, sections: 0))
    }

    deinit {
        llb_clearplacements(storage)
        storage.pointee.counts.map { UnsafeMutablePointer(mutating: $0).deallocate() }
        storage.deallocate()
    }

    /// The item count of each section: the fast path takes only cells inside them and
    /// supplementary views in existing sections.
    package func setItemCounts(_ counts: [Int]) {
        storage.pointee.counts.map { UnsafeMutablePointer(mutating: $0).deallocate() }
        let copy = UnsafeMutablePointer<Int64>.allocate(capacity: max(1, counts.count))
        for (section, count) in counts.enumerated() { copy[section] = Int64(count) }
        storage.pointee.counts = UnsafePointer(copy)
        storage.pointee.sections = Int32(clamping: counts.count)
    }

    package var count: Int { storage.pointee.count }

    /// The placed elements, valid until the next `clear()` or placement.
    package var placements: UnsafeBufferPointer<Placement> {
        UnsafeBufferPointer(start: storage.pointee.items, count: storage.pointee.count)
    }

    package func clear() { llb_clearplacements(storage) }

    /// Whether the fast path stopped because growing the buffer would exceed the memory cap.
    package var refusedForMemory: Bool { storage.pointee.refused != 0 }

    /// Bytes the buffer holds (charged to the memory cap).
    package var bytes: Int { storage.pointee.capacity * MemoryLayout<Placement>.stride }

    /// The most elements the fast path takes (0: every call goes to the fallback).
    package var limit: Int {
        get { storage.pointee.limit }
        set { storage.pointee.limit = max(0, newValue) }
    }

    fileprivate var pointer: UnsafeMutablePointer<llb_placements> { storage }
}

extension LuaState {
    /// Pushes a placing function for `category` that appends plain calls to `buffer` and hands
    /// every other call to the fallback. Expects the kinds table (kind name → id) and the
    /// fallback function on the stack; pops them.
    package func pushPlacer(_ buffer: PlacementBuffer, category: Int32) {
        llb_pushplacer(L, buffer.pointer, category)
    }
}
