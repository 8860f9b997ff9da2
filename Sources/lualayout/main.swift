import LualayoutCLI

import Platform

// A closed pipe (`| head`) ends the output quietly instead of killing the process.
signal(SIGPIPE, SIG_IGN)
let io = CommandIO.standard()
// Swift decodes arguments as UTF-8, replacing invalid bytes: a file name that is not UTF-8
// would silently name another file. Say so instead.
for position in 1..<Int(CommandLine.argc) {
    guard let raw = CommandLine.unsafeArgv[position] else { continue }
    let bytes = UnsafeBufferPointer(start: raw, count: strlen(raw)).map { UInt8(bitPattern: $0) }
    if String(validating: bytes, as: UTF8.self) == nil {
        io.err.write(
            "lualayout: argument \(position) is not valid UTF-8; file names and values must be UTF-8 (rename the file)\n"
        )
        io.flush()
        exit(2)
    }
}
// A failed write to standard output (a full disk) turns the status into 2, said on stderr.
let status = io.finish(LualayoutMain.main(Array(CommandLine.arguments.dropFirst()), io: io))
// No work at exit: the output is flushed, and the kernel frees memory, threads and files
// faster than tearing down a million-element layout and the runtime's caches would.
fflush(nil)
_exit(status)
