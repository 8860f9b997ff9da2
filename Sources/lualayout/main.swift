import LualayoutCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// A closed pipe (`| head`) ends the output quietly instead of killing the process.
signal(SIGPIPE, SIG_IGN)
let io = CommandIO.standard()
let status = LualayoutMain.main(Array(CommandLine.arguments.dropFirst()), io: io)
io.flush()
exit(status)
