extension Unicode.Scalar {
    /// A C0 control character (U+0000–U+001F) or DEL: never part of a name the user gives for
    /// a file (a snapshot, `init`'s NAME), where it would make an unreadable file name and be
    /// echoed to the terminal as is.
    package var isControlCharacter: Bool { value < 0x20 || value == 0x7F }
}

extension StringProtocol {
    /// Whether any scalar is a control character (see `Unicode.Scalar.isControlCharacter`).
    package var containsControlCharacters: Bool { unicodeScalars.contains(where: \.isControlCharacter) }
}
