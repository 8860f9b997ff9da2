/// The shell of every HTML page the tool writes (`run --format html`, the update and
/// transition pages, the simulate timeline, the live preview): the doctype, UTF-8, the title,
/// the house font, margins and heading, then the page's own style rules and body.
package enum HTMLPage {
    /// Margins and heading size of a page (pages with side panels sit a little tighter).
    package struct Look: Sendable {
        var margin: Int
        var headingSize: Int
        var headingGap: Int

        /// A page that is mostly one picture.
        package static let picture = Look(margin: 24, headingSize: 18, headingGap: 12)
        /// A picture with controls under the heading.
        package static let player = Look(margin: 24, headingSize: 18, headingGap: 8)
        /// A page with panels beside the picture (the timeline).
        package static let panels = Look(margin: 20, headingSize: 17, headingGap: 6)
        /// The live preview.
        package static let preview = Look(margin: 20, headingSize: 17, headingGap: 8)
    }

    /// Everything up to and including the heading. `title` and `heading` are HTML already
    /// (escaped by the caller); `rules` are the page's own CSS lines.
    package static func head(title: String, heading: String, look: Look, rules: [String]) -> String {
        var text = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(title)</title>
            <style>
              body { font-family: Helvetica, Arial, sans-serif; margin: \(look.margin)px; color: #222; }
              h1 { font-size: \(look.headingSize)px; margin: 0 0 \(look.headingGap)px; }

            """
        for rule in rules { text += "  " + rule + "\n" }
        text += "</style>\n</head>\n<body>\n<h1>\(heading)</h1>\n"
        return text
    }

    /// The end of every page.
    package static let end = "</body>\n</html>\n"
}
