/// Trimming by Unicode scalar, as Foundation's `trimmingCharacters(in:)` does, without
/// linking Foundation into the command-line tool.
extension StringProtocol {
    /// Without the leading and trailing scalars for which `isTrimmed` holds.
    package func trimmingScalars(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
            let last = scalars.lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars[first...last])
        return String(kept)
    }

    /// Without leading and trailing tabs and space separators (`CharacterSet.whitespaces`:
    /// Unicode category Zs and U+0009; not line breaks).
    package func trimmingWhitespace() -> String { trimmingScalars(where: \.isHorizontalWhitespace) }
}

extension Unicode.Scalar {
    /// A tab or a space separator (category Zs): what `CharacterSet.whitespaces` holds.
    package var isHorizontalWhitespace: Bool { self == "\t" || properties.generalCategory == .spaceSeparator }
}
