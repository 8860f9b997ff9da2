import Foundation
import TestExpectations
import Testing
@testable import LayoutTesting

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite("JUnit writer")
struct JUnitWriterTests {
    /// Everything XML 1.0 cannot hold becomes U+FFFD; the rest round-trips through a parser,
    /// line breaks included (as character references, so attribute values keep them).
    @Test func escaping() throws {
        let text = "a<b>&\"c'\nd\te\u{1}f\u{FFFE}"
        let escaped = JUnitWriter.escape(text)
        expectEqual(escaped, "a&lt;b&gt;&amp;&quot;c&apos;&#10;d&#9;e\u{FFFD}f\u{FFFD}")
        let document = try XMLDocument(xmlString: "<r v=\"\(escaped)\">\(escaped)</r>", options: [])
        expectEqual(document.rootElement()?.attribute(forName: "v")?.stringValue, "a<b>&\"c'\nd\te\u{FFFD}f\u{FFFD}")
        expectEqual(document.rootElement()?.stringValue, "a<b>&\"c'\nd\te\u{FFFD}f\u{FFFD}")
    }
}
