#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LayoutOutput
import Platform

/// A kind of snapshot as data: how a layout becomes the bytes stored for it, how a stored
/// file is compared with those bytes, and what a mismatch leaves for review. The one flow of
/// `SnapshotStore.check` runs every kind alike — names, the run's ledger of what was written,
/// CI, `--update-snapshots` — so the kinds cannot drift apart. (The idea is
/// swift-snapshot-testing's `Snapshotting`: a value's rendering paired with its diffing.)
package struct SnapshotFormat: Sendable {
    package enum Kind: UInt8, Sendable, Equatable {
        case layout = 0
        case image = 1
    }

    /// What a stored file is, compared with the bytes of the layout now.
    package enum Comparison {
        case same
        /// The file cannot be read at all: the check fails, even with `--update-snapshots`.
        case unreadable(String)
        /// Stored and now differ, or the stored file is not a snapshot of this kind:
        /// `--update-snapshots` rewrites it; otherwise `review()` writes what helps a reviewer
        /// and returns the failure's lines.
        case differs(review: () -> [String])
    }

    /// Where one check stands: the snapshot's name (with a device's suffix), its file, the file
    /// it is read from (the same, or the old layout's `__snapshots__/NAME.EXT` it moves from),
    /// its folder, the test's scale and the tolerance of `--tolerance`; `writesReview`: whether
    /// a mismatch leaves review pictures (not under `simulate`, which writes no files).
    package struct Check {
        package var name: String
        package var path: String
        package var storedPath: String
        package var folder: String
        package var scale: Double
        package var tolerance: Double
        package var writesReview = true
    }

    package var kind: Kind
    /// The scenario global that asks for it, as messages name it.
    package var call: String
    /// How messages name one ("snapshot", "image snapshot").
    package var noun: String
    /// What two different ones of a name hold ("layout", "image").
    package var content: String
    package var pathExtension: String
    /// The review files a mismatch may write beside the snapshot (`NAME` + suffix); a match or
    /// a rewrite removes them.
    package var reviewSuffixes: [String]
    /// Whether a failed write names the error.
    package var namesWriteErrors: Bool
    /// The bytes that stand for `snapshot` at `scale`: compared within a run, and written.
    package var render: @Sendable (_ snapshot: LayoutSnapshot, _ scale: Double) throws -> [UInt8]
    /// Writes rendered bytes as the snapshot file at `path` (its folder exists).
    package var write: @Sendable (_ bytes: [UInt8], _ path: String) throws -> Void
    /// Compares the existing file of `check` with the rendered bytes (and the snapshot).
    package var compare: @Sendable (_ check: Check, _ bytes: [UInt8], _ snapshot: LayoutSnapshot) -> Comparison

    package static func of(_ kind: Kind) -> SnapshotFormat {
        switch kind {
        case .layout: .layout
        case .image: .image
        }
    }

    /// The review file names of `name` that a snapshot of another name could also have:
    /// `p.after` is stored as `p.after.png`, the picture a mismatch of `p` writes.
    package func reviewNameProblem(_ name: String) -> String? {
        for suffix in reviewSuffixes where suffix.hasSuffix("." + pathExtension) {
            let ending = String(suffix.dropLast(pathExtension.count + 1))
            guard name.hasSuffix(ending), name.count > ending.count else { continue }
            return
                "'\(name)' ends in '\(ending)': \(name).\(pathExtension) is the review picture a mismatch of '\(name.dropLast(ending.count))' writes"
        }
        return nil
    }
}

// MARK: - Layouts as JSON

extension SnapshotFormat {
    /// `expectSnapshot(name)`: `__snapshots__/NAME.json`, written by the JSON layout writer
    /// (stable order, exact numbers), compared on the pixel grid of the test's scale; a
    /// mismatch writes `NAME.before.svg` (stored) and `NAME.after.svg` (now).
    package static let layout = SnapshotFormat(
        kind: .layout, call: "expectSnapshot", noun: "snapshot", content: "layout", pathExtension: "json",
        reviewSuffixes: [".before.svg", ".after.svg"], namesWriteErrors: false,
        render: { snapshot, _ in Array(JSONLayoutWriter.string(snapshot).utf8) },
        write: { bytes, path in
            try String(decoding: bytes, as: UTF8.self).write(toFile: path, atomically: true, encoding: .utf8)
        },
        compare: compareLayouts)

    private static func compareLayouts(_ check: Check, _ bytes: [UInt8], _ snapshot: LayoutSnapshot) -> Comparison {
        guard let data = FileManager.default.contents(atPath: check.storedPath) else {
            return .unreadable("snapshot '\(check.name)': cannot read \(check.storedPath)")
        }
        let stored = String(decoding: data, as: UTF8.self)
        if Array(stored.utf8) == bytes { return .same }
        // Equal on the pixel grid: the stored file stays as it is (no churn from float noise).
        var compared = snapshot
        if let before = try? JSONLayoutReader.snapshot(from: stored) {
            compared = PixelGridComparison(scale: check.scale, tolerance: check.tolerance).snapped(snapshot, to: before)
            if JSONLayoutWriter.string(compared) == stored { return .same }
        }
        return .differs(review: { layoutMismatch(check, stored: stored, current: compared) })
    }

    private static func layoutMismatch(_ check: Check, stored: String, current: LayoutSnapshot) -> [String] {
        let before: LayoutSnapshot
        do throws(JSONLayoutReader.ReadError) {
            before = try JSONLayoutReader.snapshot(from: stored)
        } catch {
            return [
                "snapshot '\(check.name)': \(check.storedPath):\(error.location): \(error.message) (rewrite it with --update-snapshots)"
            ]
        }
        let report = SnapshotDiffReport.describe(from: before, to: current)
        var lines = ["snapshot '\(check.name)' does not match \(check.storedPath): \(report.summary)"] + report.lines
        guard check.writesReview else { return lines + [SnapshotStore.acceptHint] }
        try? FileManager.default.createDirectory(atPath: check.folder, withIntermediateDirectories: true)
        let beforePath = check.folder + "/" + check.name + ".before.svg"
        let afterPath = check.folder + "/" + check.name + ".after.svg"
        do {
            try SVGLayoutWriter.string(before).write(toFile: beforePath, atomically: true, encoding: .utf8)
            try SVGLayoutWriter.string(current).write(toFile: afterPath, atomically: true, encoding: .utf8)
            lines.append("pictures: \(beforePath) (stored), \(afterPath) (now)")
        } catch {
            lines.append("(the before/after pictures could not be written to \(check.folder))")
        }
        return lines + [SnapshotStore.acceptHint]
    }
}

// MARK: - Pictures as PNG

extension SnapshotFormat {
    /// `expectImageSnapshot(name)`: the visible layout as a PNG (`LayoutRaster`),
    /// `__snapshots__/NAME.png`, compared pixel by pixel; a mismatch writes `NAME.after.png`
    /// (now) and `NAME.diff.png` (the stored image faded, each changed pixel red).
    package static let image = SnapshotFormat(
        kind: .image, call: "expectImageSnapshot", noun: "image snapshot", content: "image", pathExtension: "png",
        reviewSuffixes: [".after.png", ".diff.png"], namesWriteErrors: true,
        render: { snapshot, scale in RasterBytes.encode(try LayoutRaster.render(snapshot, scale: scale)) },
        write: { bytes, path in try PNGFile.write(RasterBytes.decode(bytes), to: path) },
        compare: compareImages)

    private static func compareImages(_ check: Check, _ bytes: [UInt8], _: LayoutSnapshot) -> Comparison {
        let raster = RasterBytes.decode(bytes)
        let stored: LayoutRaster
        do {
            stored = try PNGFile.read(check.storedPath)
        } catch {
            return .differs(review: {
                ["image snapshot '\(check.name)': \(check.storedPath): \(error) (rewrite it with --update-snapshots)"]
            })
        }
        if stored == raster { return .same }
        return .differs(review: { imageMismatch(check, stored: stored, now: raster) })
    }

    private static func imageMismatch(_ check: Check, stored: LayoutRaster, now raster: LayoutRaster) -> [String] {
        let afterPath = check.folder + "/" + check.name + ".after.png"
        let diffPath = check.folder + "/" + check.name + ".diff.png"
        var lines: [String] = []
        if check.writesReview {
            try? FileManager.default.createDirectory(atPath: check.folder, withIntermediateDirectories: true)
        }
        if let (count, picture) = raster.difference(from: stored) {
            lines.append(
                "image snapshot '\(check.name)' does not match \(check.storedPath): \(count) of \(raster.width)×\(raster.height) pixels differ"
            )
            guard check.writesReview else { return lines + [SnapshotStore.acceptHint] }
            do {
                try PNGFile.write(raster, to: afterPath)
                try PNGFile.write(picture, to: diffPath)
                lines.append("pictures: \(afterPath) (now), \(diffPath) (changed pixels in red)")
            } catch {
                lines.append("(the after/diff pictures could not be written to \(check.folder): \(error))")
            }
        } else {
            lines.append(
                "image snapshot '\(check.name)' does not match \(check.storedPath): the image is \(raster.width)×\(raster.height) pixels, the stored one \(stored.width)×\(stored.height)"
            )
            guard check.writesReview else { return lines + [SnapshotStore.acceptHint] }
            try? FileManager.default.removeItem(atPath: diffPath)
            if (try? PNGFile.write(raster, to: afterPath)) != nil { lines.append("picture: \(afterPath) (now)") }
        }
        return lines + [SnapshotStore.acceptHint]
    }
}

/// A raster as bytes that cross the worker's pipe and compare exactly: width and height (32
/// bits each, little-endian), then the RGBA pixels.
enum RasterBytes {
    static func encode(_ raster: LayoutRaster) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8 + raster.pixels.count)
        for value in [raster.width, raster.height] {
            withUnsafeBytes(of: UInt32(value).littleEndian) { bytes.append(contentsOf: $0) }
        }
        return bytes + raster.pixels
    }

    static func decode(_ bytes: [UInt8]) -> LayoutRaster {
        guard bytes.count >= 8 else { return LayoutRaster(width: 0, height: 0, pixels: []) }
        func word(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        let width = word(0), height = word(4)
        guard bytes.count == 8 + width * height * 4 else { return LayoutRaster(width: 0, height: 0, pixels: []) }
        return LayoutRaster(width: width, height: height, pixels: Array(bytes[8...]))
    }
}
