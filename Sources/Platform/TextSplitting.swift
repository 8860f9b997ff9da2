/// Text split into lines by Unicode scalar, as Lua counts a chunk's lines: LF, CR, CR LF and
/// LF CR each end one line. Never by Swift `Character`: "\r\n" is one `Character`, equal
/// neither to "\n" nor to "\r", so splitting or escaping by `Character` misses both halves of
/// a Windows line ending (a test file saved with CR LF read as one line; a message's CR LF
/// reaching a CI log unescaped).
extension StringProtocol where SubSequence == Substring {
    /// The lines, without their line endings; text ending in a line break ends with an empty
    /// line, and "" is one empty line (as `split(separator:omittingEmptySubsequences: false)`).
    package func splitLines() -> [Substring] {
        var lines: [Substring] = []
        let bytes = utf8
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            let byte = bytes[index]
            guard byte == 0x0A || byte == 0x0D else {
                index = bytes.index(after: index)
                continue
            }
            lines.append(self[start..<index])
            index = bytes.index(after: index)
            // The other half of a CR LF or LF CR pair belongs to the same line break.
            if index != bytes.endIndex, bytes[index] != byte, bytes[index] == 0x0A || bytes[index] == 0x0D {
                index = bytes.index(after: index)
            }
            start = index
        }
        lines.append(self[start..<bytes.endIndex])
        return lines
    }
}

extension StringProtocol {
    /// The pieces between the occurrences of `separator`, compared by Unicode scalar (a
    /// combining mark after a `,` does not hide it), empty pieces kept.
    package func split(scalar separator: Unicode.Scalar, maxSplits: Int = .max) -> [String] {
        var pieces: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar == separator, pieces.count < maxSplits {
                pieces.append(String(current))
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        pieces.append(String(current))
        return pieces
    }
}

extension Unicode.Scalar {
    /// LF or CR: what ends a line in a log, a terminal or a Lua chunk.
    package var isLineBreak: Bool { self == "\n" || self == "\r" }
}
