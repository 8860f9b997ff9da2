#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import InputFiles

/// The test files `lualayout test PATH…` runs: every `*.test.lua` under each folder
/// (recursively; hidden folders and `__snapshots__` skipped; symbolic links to folders not
/// followed), and each path that names a file, whatever its name. Sorted, each once.
package enum TestDiscovery {
    package static let suffix = ".test.lua"

    package static func find(_ paths: [String]) throws(InputFileError) -> [String] {
        var found = Set<String>()
        let manager = FileManager.default
        for path in paths {
            let entry = FileEntry(atPath: path, manager: manager)
            guard entry.exists else {
                throw InputFileError("\(path): no such file or folder")
            }
            guard entry.isDirectory else {
                found.insert(path)
                continue
            }
            for relative in walk(path) { found.insert(join(path, relative)) }
        }
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The `*.test.lua` files under `folder`, as paths relative to it.
    private static func walk(_ folder: String) -> [String] {
        var files: [String] = []
        let manager = FileManager.default
        var pending = [""]
        while let relative = pending.popLast() {
            let absolute = relative.isEmpty ? folder : join(folder, relative)
            guard let names = try? manager.contentsOfDirectory(atPath: absolute) else { continue }
            for name in names {
                let child = relative.isEmpty ? name : relative + "/" + name
                let full = join(folder, child)
                guard let type = (try? manager.attributesOfItem(atPath: full))?[.type] as? FileAttributeType else {
                    continue
                }
                if type == .typeDirectory {
                    if !name.hasPrefix(".") && name != "__snapshots__" { pending.append(child) }
                } else if name.hasSuffix(suffix) && name.count > suffix.count {
                    files.append(child)
                }
            }
        }
        return files
    }

    /// `folder/name`, without a leading `./` for the current folder.
    private static func join(_ folder: String, _ name: String) -> String {
        if folder == "." { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }
}
