// The platform's C library, for every module that imports Platform: one import instead of
// a `#if canImport(Glibc) … #elseif canImport(Darwin) …` block in each file.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#endif
