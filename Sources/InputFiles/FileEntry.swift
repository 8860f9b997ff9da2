#if canImport(Darwin)
import Foundation  // ObjCBool
#elseif canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What is at a path, links followed: `fileExists(atPath:isDirectory:)` takes an ObjCBool
/// from Apple's Foundation and a Bool from FoundationEssentials; this reads both.
package struct FileEntry {
    package var exists: Bool
    package var isDirectory: Bool

    package init(atPath path: String, manager: FileManager = .default) {
        #if canImport(Darwin)
        var flag: ObjCBool = false
        exists = manager.fileExists(atPath: path, isDirectory: &flag)
        isDirectory = flag.boolValue
        #else
        var flag = false
        exists = manager.fileExists(atPath: path, isDirectory: &flag)
        isDirectory = flag
        #endif
    }
}
