import CLua
import CLuaBridge

/// What went wrong with one item's size.
package enum SizeProblem: Equatable, Sendable {
    /// Not a table nor numbers (the Lua type of the first result).
    case wrongType(LuaType)
    /// A single number where two were expected.
    case oneNumber
    /// A table without numeric width and height.
    case tableFields
    /// A negative, NaN or infinite dimension.
    case invalid(width: Double, height: Double)
}

/// A failed size collection: the item it stopped at and why.
package struct SizeCollectionError: Error, Sendable {
    package var item: Int
    /// A bad return value…
    package var problem: SizeProblem?
    /// …or an error raised while running the callback.
    package var luaError: LuaError?
}

extension LuaState {
    /// The engine's one size reader (shared with the C item loop): the value at `index` and,
    /// when given, the one at `second` — two numbers, `{w, h}` (array part first) or
    /// `{width=, height=}`. Nil when they are not a size.
    package func readSize(at index: Int32, second: Int32?) -> (width: Double, height: Double)? {
        let first = absoluteIndex(index)
        let other = second.map(absoluteIndex)
        pushValue(at: first)
        if let other { pushValue(at: other) } else { pushNil() }
        defer { pop(2) }
        var width = 0.0, height = 0.0
        guard llb_readsize(L, &width, &height, nil) == LLB_SIZE_OK else { return nil }
        return (width, height)
    }

    /// Calls the size callback for items 0..<count and writes the 2 × `count` (width, height)
    /// values straight into `values`, in one protected call whose loop runs in C. Expects on
    /// the stack: the callback, `cv`, the section; pops them.
    package func collectSizes(count: Int, into values: UnsafeMutablePointer<Double>) throws(SizeCollectionError) {
        var sizes = llb_sizes(
            values: values, count: Int64(count), chunk: Int64(count), consume: nil, context: nil, done: 0, problem: 0,
            problem_type: 0, stopped: 0, bad_width: 0, bad_height: 0)
        try collect(&sizes)
    }

    /// `collectSizes(count:into:)` handing the (width, height) pairs to `consume` `chunk` items at a
    /// time, in item order, as the callback returns them (no array of all the sizes); `consume`
    /// returns false to stop the loop early. Still one protected call under one time limit.
    package func collectSizes(
        count: Int, chunk: Int, consume: (UnsafeBufferPointer<Double>) -> Bool
    ) throws(SizeCollectionError) {
        let chunk = max(1, min(chunk, count))
        let values = UnsafeMutablePointer<Double>.allocate(capacity: 2 * chunk)
        defer { values.deallocate() }
        var failure: SizeCollectionError?
        withoutActuallyEscaping(consume) { consume in
            var box = consume
            withUnsafeMutablePointer(to: &box) { context in
                var sizes = llb_sizes(
                    values: values, count: Int64(count), chunk: Int64(chunk),
                    consume: { context, values, count in
                        // C calls back here between two calls of the callback: no Lua runs, none is touched.
                        let consume = context!.assumingMemoryBound(to: ((UnsafeBufferPointer<Double>) -> Bool).self)
                            .pointee
                        return consume(UnsafeBufferPointer(start: values, count: 2 * Int(count))) ? 1 : 0
                    },
                    context: UnsafeMutableRawPointer(context), done: 0, problem: 0, problem_type: 0, stopped: 0,
                    bad_width: 0, bad_height: 0)
                do throws(SizeCollectionError) { try collect(&sizes) } catch { failure = error }
            }
        }
        if let failure { throw failure }
    }

    /// Calls a `preferredSizeForItem`-shaped callback, `fn(cv, section, item, fitting)`, for
    /// items 0..<count: `values` holds each item's (width, height) estimate, the `fitting`
    /// passed, and gets the measured size over it (nil keeps the estimate). One protected call,
    /// the loop in C, one `fitting` table for all. Expects on the stack: the callback, `cv`, the
    /// section; pops them.
    package func collectPreferredSizes(count: Int, values: UnsafeMutablePointer<Double>) throws(SizeCollectionError) {
        var sizes = llb_sizes(
            values: values, count: Int64(count), chunk: Int64(count), consume: nil, context: nil, done: 0, problem: 0,
            problem_type: 0, stopped: 0, bad_width: 0, bad_height: 0)
        try collect(&sizes, loop: llb_pushcollectpreferred)
    }

    /// Runs a C loop (`llb_pushcollectsizes` by default) over `sizes` in one protected call.
    /// Expects on the stack: the callback, `cv`, the section; pops them.
    private func collect(
        _ sizes: inout llb_sizes, loop: (OpaquePointer?) -> Void = llb_pushcollectsizes
    ) throws(SizeCollectionError) {
        var failure: SizeCollectionError?
        withUnsafeMutablePointer(to: &sizes) { pointer in
            loop(L)
            insert(at: -4)
            lua_pushlightuserdata(L, pointer)
            do {
                try call(arguments: 4, results: 0)
            } catch {
                let item = Int(pointer.pointee.done)
                switch pointer.pointee.problem {
                case LLB_SIZE_OK:
                    failure = SizeCollectionError(
                        item: item, luaError: (error as? LuaError) ?? LuaError(kind: .runtime, message: "\(error)"))
                case LLB_SIZE_WRONG_TYPE:
                    failure = SizeCollectionError(
                        item: item, problem: .wrongType(LuaType(rawValue: pointer.pointee.problem_type) ?? .none))
                case LLB_SIZE_ONE_NUMBER: failure = SizeCollectionError(item: item, problem: .oneNumber)
                case LLB_SIZE_TABLE_FIELDS: failure = SizeCollectionError(item: item, problem: .tableFields)
                default:
                    failure = SizeCollectionError(
                        item: item,
                        problem: .invalid(width: pointer.pointee.bad_width, height: pointer.pointee.bad_height))
                }
            }
        }
        if let failure { throw failure }
    }
}
