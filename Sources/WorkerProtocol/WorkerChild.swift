import Platform

/// The child's side of a worker process (`lualayout watch-worker`, `lualayout test-worker`):
/// how it sets up its pipes before it serves requests.
package enum WorkerChild {
    /// Ignores Ctrl-C (it reaches the whole process group: the parent decides when the worker
    /// ends), keeps standard output for replies only — returned as a descriptor of its own;
    /// anything else written to standard output goes to standard error, so it cannot corrupt a
    /// reply — and reads requests on a thread of its own into the returned queue. When the
    /// parent is gone (its end of the pipe closes) the worker ends at once, even in the middle
    /// of a call that never returns; a request that does not decode ends it with status 3.
    package static func start<Request>(
        decoding decode: @escaping @Sendable ([UInt8]) throws -> Request
    ) -> (replies: Int32, requests: BlockingQueue<Request>) {
        signal(SIGINT, SIG_IGN)
        let replies = dup(1)
        _ = fcntl(replies, F_SETFD, FD_CLOEXEC)
        _ = dup2(2, 1)
        let requests = BlockingQueue<Request>()
        DetachedThread.start {
            var buffer: [UInt8] = []
            // Large enough that a baseline layout (`watch`) arrives in a few reads.
            var chunk = [UInt8](repeating: 0, count: 1 << 18)
            while true {
                let count = read(0, &chunk, chunk.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { _exit(0) }
                buffer.append(contentsOf: chunk[0..<count])
                while case .frame(let bytes) = WorkerFrames.take(from: &buffer) {
                    guard let request = try? decode(bytes) else { _exit(3) }
                    requests.put(request)
                }
            }
        }
        return (replies, requests)
    }
}
