import Foundation
import RecorderSetup

/// `Scripts/record-uikit`'s planner: reads a manifest (`RecordingManifest`) and the devices,
/// writes the recorder package's plan (`RecorderPlanWriter`), and prints what the script runs:
/// one `device SUFFIX SIMULATOR RELEASE` line per device (tab-separated; release `-` when the
/// device names none) and one `layout NAME` line per layout. With `--compare DIR` it compares
/// the recordings in DIR instead (`RecordingComparison`) and exits 1 when one differs or is
/// missing.
///
/// Usage: lualayout-record-uikit --root DIR --lualayout BIN MANIFEST --devices NAME[@N],… [--compare DIR]
///        [--package DIR]  (the recorder package to plan; default Examples/UIKit/Recorder)
@main
enum RecordUIKit {
    static func main() {
        do {
            try run(Array(CommandLine.arguments.dropFirst()))
        } catch RecordError.usage(let message) {
            FileHandle.standardError.write(Data("record-uikit: \(message)\n".utf8))
            exit(2)
        } catch let error as RecorderSetupError {
            // The manifest or its options: an input error.
            FileHandle.standardError.write(Data("record-uikit: \(error)\n".utf8))
            exit(2)
        } catch {
            FileHandle.standardError.write(Data("record-uikit: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run(_ arguments: [String]) throws {
        var rest = arguments[...]
        var root = FileManager.default.currentDirectoryPath
        var lualayout = "lualayout"
        var devices: String?
        var manifest: String?
        var compare: String?
        var package: String?
        while let argument = rest.popFirst() {
            switch argument {
            case "--root", "--lualayout", "--devices", "--compare", "--package":
                guard let value = rest.popFirst() else { throw RecordError.usage("\(argument) needs a value") }
                switch argument {
                case "--root": root = value
                case "--lualayout": lualayout = value
                case "--devices": devices = value
                case "--package": package = value
                default: compare = value
                }
            default:
                guard manifest == nil, !argument.hasPrefix("-") else {
                    throw RecordError.usage("unexpected argument '\(argument)'")
                }
                manifest = argument
            }
        }
        guard let manifest, let devices else {
            throw RecordError.usage("usage: record-uikit MANIFEST --devices NAME[@N],…")
        }
        let manifestPath = URL(fileURLWithPath: manifest).standardizedFileURL.path
        let read = try RecordingManifest.read(manifestPath)
        let planned = try RecorderDevice.parse(devices)
        if let compare {
            let failures = try RecordingComparison(lualayout: lualayout).run(read, devices: planned, folder: compare)
            if failures > 0 { throw RecordError.failed("\(failures) recording(s) missing or different") }
            return
        }
        let writer = RecorderPlanWriter(
            lualayout: lualayout, root: root, package: package ?? root + "/Examples/UIKit/Recorder",
            manifestPath: manifestPath)
        try writer.write(read, devices: planned)
        for device in planned {
            print(["device", device.suffix, device.simulator, device.release ?? "-"].joined(separator: "\t"))
        }
        for entry in read.entries { print("layout\t\(entry.name)") }
    }
}
