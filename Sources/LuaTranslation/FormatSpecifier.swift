/// One conversion of a `string.format` format (`%5.2f`), checked as Lua 5.4's lstrlib.c checks
/// it: the flags each conversion allows, at most two digits of width and of precision.
struct FormatSpecifier: Equatable {
    var flags: String
    var width: String
    var precision: String?
    var conversion: Character

    /// The text of a format: literal runs and conversions, in order.
    enum Piece: Equatable {
        case text(String)
        case conversion(FormatSpecifier)
    }

    var takesText: Bool { conversion == "s" }
    var takesInteger: Bool { "dicoxX".contains(conversion) }
    /// Written with Swift's own interpolation (`\(x)`): no flags, width or precision.
    var isPlain: Bool { flags.isEmpty && width.isEmpty && precision == nil }
    var text: String { "%" + flags + width + (precision.map { "." + $0 } ?? "") + String(conversion) }

    static func parse(_ format: String, at location: SourceLocation) throws(Refusal) -> [FormatSpecifier] {
        try pieces(of: format, at: location).compactMap {
            if case .conversion(let specifier) = $0 { return specifier }
            return nil
        }
    }

    static func pieces(of format: String, at location: SourceLocation) throws(Refusal) -> [Piece] {
        var pieces: [Piece] = []
        var literal = ""
        var rest = Substring(format)
        while let character = rest.first {
            rest = rest.dropFirst()
            guard character == "%" else {
                literal.append(character)
                continue
            }
            if rest.first == "%" {
                rest = rest.dropFirst()
                literal.append("%")
                continue
            }
            var specifier = FormatSpecifier(flags: "", width: "", precision: nil, conversion: " ")
            while let flag = rest.first, "-+ #0".contains(flag) {
                specifier.flags.append(flag)
                rest = rest.dropFirst()
            }
            while let digit = rest.first, digit.isASCII, digit.isNumber {
                specifier.width.append(digit)
                rest = rest.dropFirst()
            }
            if rest.first == "." {
                rest = rest.dropFirst()
                var precision = ""
                while let digit = rest.first, digit.isASCII, digit.isNumber {
                    precision.append(digit)
                    rest = rest.dropFirst()
                }
                specifier.precision = precision
            }
            guard let conversion = rest.first else {
                throw Refusal(location, "invalid conversion '\(specifier.text.dropLast())' to 'format'")
            }
            rest = rest.dropFirst()
            specifier.conversion = conversion
            try specifier.check(at: location)
            if !literal.isEmpty { pieces.append(.text(literal)) }
            literal = ""
            pieces.append(.conversion(specifier))
        }
        if !literal.isEmpty { pieces.append(.text(literal)) }
        return pieces
    }

    private func check(at location: SourceLocation) throws(Refusal) {
        let allowed: String
        var precisionAllowed = true
        switch conversion {
        case "c":
            allowed = "-"
            precisionAllowed = false
        case "d", "i": allowed = "-+0 "
        case "o", "x", "X": allowed = "-#0"
        case "a", "A", "e", "E", "f", "F", "g", "G": allowed = "-+ #0"
        case "s": allowed = "-"
        case "q", "p":
            throw Refusal(location, "%\(conversion) is not in the subset: use %s or %d")
        default:
            throw Refusal(location, "invalid conversion '\(text)' to 'format'")
        }
        guard flags.allSatisfy({ allowed.contains($0) }), width.count <= 2, (precision?.count ?? 0) <= 2,
            precisionAllowed || precision == nil
        else {
            throw Refusal(location, "invalid conversion '\(text)' to 'format'")
        }
        if conversion == "c" {
            throw Refusal(location, "%c writes a byte: not in the subset (Swift strings hold text)")
        }
    }
}
