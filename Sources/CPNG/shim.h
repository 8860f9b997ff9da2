#ifndef LUALAYOUT_CPNG_SHIM_H
#define LUALAYOUT_CPNG_SHIM_H
// libpng's simplified API (png_image_*, libpng 1.6): it reports errors through its return value
// and image.message, never by longjmp, so no C error ever unwinds Swift frames.
#include <png.h>
#include <stdlib.h>
#include <string.h>

/// Writes `rgba` (width × height × 4 bytes, rows top to bottom) to `path` as an 8-bit RGBA
/// PNG. 1 on success; on failure 0 and libpng's message in `message` (64 bytes).
static inline int lualayout_png_write(
    const char *path, const unsigned char *rgba, unsigned width, unsigned height, char *message) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = width;
    image.height = height;
    image.format = PNG_FORMAT_RGBA;
    int ok = png_image_write_to_file(&image, path, 0, rgba, 0, NULL);
    if (!ok && message) { strncpy(message, image.message, 63); message[63] = 0; }
    png_image_free(&image);
    return ok;
}

/// Reads the PNG at `path` as 8-bit RGBA into a malloc'd buffer (`*pixels`, freed by the
/// caller with free). 1 on success; on failure 0 and libpng's message in `message`.
static inline int lualayout_png_read(
    const char *path, unsigned char **pixels, unsigned *width, unsigned *height, char *message) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    *pixels = NULL;
    if (!png_image_begin_read_from_file(&image, path)) {
        if (message) { strncpy(message, image.message, 63); message[63] = 0; }
        return 0;
    }
    image.format = PNG_FORMAT_RGBA;
    if (image.width > 16384 || image.height > 16384) {
        if (message) { strncpy(message, "image larger than 16384 pixels a side", 63); message[63] = 0; }
        png_image_free(&image);
        return 0;
    }
    unsigned char *buffer = malloc(PNG_IMAGE_SIZE(image));
    if (!buffer) {
        png_image_free(&image);
        return 0;
    }
    if (!png_image_finish_read(&image, NULL, buffer, 0, NULL)) {
        if (message) { strncpy(message, image.message, 63); message[63] = 0; }
        free(buffer);
        png_image_free(&image);
        return 0;
    }
    *pixels = buffer;
    *width = image.width;
    *height = image.height;
    return 1;
}
#endif
