import CPNG

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// PNG files through libpng's simplified API (Debian's libpng-dev): the reference PNG codec,
/// so the images open everywhere, and errors come back as values (its `png_image_*` functions
/// never longjmp, unlike the classic API, so no C error can unwind Swift frames).
package enum PNGFile {
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    package static func write(_ raster: LayoutRaster, to path: String) throws(Failure) {
        guard raster.width > 0, raster.height > 0 else { throw Failure(description: "an empty image (0 pixels)") }
        var message = [CChar](repeating: 0, count: 64)
        let ok = raster.pixels.withUnsafeBufferPointer { pixels in
            lualayout_png_write(path, pixels.baseAddress, UInt32(raster.width), UInt32(raster.height), &message)
        }
        guard ok == 1 else {
            throw Failure(
                description: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
    }

    package static func read(_ path: String) throws(Failure) -> LayoutRaster {
        var message = [CChar](repeating: 0, count: 64)
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0, height: UInt32 = 0
        guard lualayout_png_read(path, &pixels, &width, &height, &message) == 1, let pixels else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw Failure(description: text.isEmpty ? "not a readable PNG" : text)
        }
        defer { free(pixels) }
        let count = Int(width) * Int(height) * 4
        return LayoutRaster(
            width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
    }
}
