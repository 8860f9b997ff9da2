import ArgumentParser
import LayoutOutput

/// The options of every command that draws (svg/html from `run` and `watch`, the update and
/// transition pages).
struct PictureOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Longer side of svg/html pictures in pixels, margins and caption included (the drawing scales to fit).",
            valueName: "PIXELS"))
    var fit: Double?

    @Option(
        help: ArgumentHelp(
            "Label each element of a picture with this custom field (default: the field 'label' when present, else the index path).",
            valueName: "FIELD"))
    var label: String?

    func validate() throws {
        if let fit, !(fit >= 16 && fit <= 100_000) {
            throw ValidationError("--fit must be between 16 and 100000 pixels")
        }
    }

    func svgOptions(maxNaturalWidth: Double = 1600) -> SVGLayoutWriter.Options {
        SVGLayoutWriter.Options(width: fit, maxNaturalWidth: maxNaturalWidth, labelField: label)
    }
}
