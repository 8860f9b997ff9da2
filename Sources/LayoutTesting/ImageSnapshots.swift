#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import InputFiles
import LayoutOutput
import Platform

/// `expectImageSnapshot(name)`: the visible layout as a PNG (`LayoutRaster`), stored as
/// `__snapshots__/NAME.png` beside the test and compared pixel by pixel. A missing image is
/// written (not in CI); a different one fails with how many pixels changed and writes
/// `NAME.after.png` (now) and `NAME.diff.png` (the stored image faded, each changed pixel red);
/// `--update-snapshots` rewrites it.
extension SnapshotStore {
    package func checkImage(
        name: String, snapshot: LayoutSnapshot, testPath: String, scale: Double, validating given: String? = nil
    ) -> Outcome {
        let given = given ?? name
        if let problem = Self.nameProblem(given) {
            return .invalidName(
                "expectImageSnapshot: invalid snapshot name \(JSONLayoutWriter.string(given)): \(problem)")
        }
        let folder = Self.folder(forTest: testPath)
        let path = folder + "/" + name + ".png"
        let afterPath = folder + "/" + name + ".after.png", diffPath = folder + "/" + name + ".diff.png"
        let raster: LayoutRaster
        do {
            raster = try LayoutRaster.render(snapshot, scale: scale)
        } catch {
            return .failed("image snapshot '\(name)': \(error)")
        }
        func removePictures() {
            for file in [afterPath, diffPath] { try? FileManager.default.removeItem(atPath: file) }
        }
        func store(_ note: String) -> Outcome {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try PNGFile.write(raster, to: path)
            } catch {
                return .failed("image snapshot '\(name)': cannot write \(path) (\(error))")
            }
            removePictures()
            return .passed(note: note)
        }
        let entry = FileEntry(atPath: path)
        guard entry.exists else {
            if ci && !update {
                return .failed(
                    "image snapshot '\(name)' not found: \(path) (CI runs never write snapshots: run lualayout test without --ci, or with --update-snapshots, and commit the file)"
                )
            }
            return store("image snapshot written: \(path)")
        }
        if entry.isDirectory { return .failed("image snapshot '\(name)': \(path) is a folder") }
        let stored: LayoutRaster
        do {
            stored = try PNGFile.read(path)
        } catch {
            if update { return store("image snapshot updated: \(path)") }
            return .failed("image snapshot '\(name)': \(path): \(error) (rewrite it with --update-snapshots)")
        }
        if stored == raster {
            removePictures()
            return .passed(note: nil)
        }
        if update { return store("image snapshot updated: \(path)") }
        var lines: [String] = []
        if let (count, picture) = raster.difference(from: stored) {
            lines.append(
                "image snapshot '\(name)' does not match \(path): \(count) of \(raster.width)×\(raster.height) pixels differ"
            )
            do {
                try PNGFile.write(raster, to: afterPath)
                try PNGFile.write(picture, to: diffPath)
                lines.append("pictures: \(afterPath) (now), \(diffPath) (changed pixels in red)")
            } catch {
                lines.append("(the after/diff pictures could not be written to \(folder): \(error))")
            }
        } else {
            lines.append(
                "image snapshot '\(name)' does not match \(path): the image is \(raster.width)×\(raster.height) pixels, the stored one \(stored.width)×\(stored.height)"
            )
            try? FileManager.default.removeItem(atPath: diffPath)
            if (try? PNGFile.write(raster, to: afterPath)) != nil { lines.append("picture: \(afterPath) (now)") }
        }
        lines.append("if the change is intended, accept it with: lualayout test --update-snapshots")
        return .failed(lines.joined(separator: "\n"))
    }
}
