import LayoutEngine

/// `run --format html`: a self-contained page showing the SVG picture under a legend of the
/// element categories.
package enum HTMLLayoutWriter {
    package static func write(
        _ snapshot: LayoutSnapshot, title: String, options: SVGLayoutWriter.Options = .init(),
        to output: inout some TextOutputStream
    ) {
        let escaped = SVGLayoutWriter.escape(title)
        output.write(
            HTMLPage.head(
                title: "\(escaped) — LuaLayout", heading: escaped, look: .picture,
                rules: [
                    ".legend span { display: inline-block; margin-right: 16px; }",
                    ".swatch { display: inline-block; width: 12px; height: 12px; margin-right: 4px; vertical-align: middle; }",
                    "svg { max-width: 100%; height: auto; border: 1px solid #eee; }",
                ]))
        output.write(
            """
            <p class="legend"><span><i class="swatch" style="background:#4f8ef7"></i>cell</span>\
            <span><i class="swatch" style="background:#f5a623"></i>supplementary</span>\
            <span><i class="swatch" style="background:#c8c8c8"></i>decoration</span>\
            <span><i class="swatch" style="border:2px dashed #e0245e"></i>viewport</span></p>

            """)
        SVGLayoutWriter.write(snapshot, options: options, to: &output)
        output.write(HTMLPage.end)
    }
}
