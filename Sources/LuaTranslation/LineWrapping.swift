/// Long lines of generated Swift broken after an opening parenthesis, the arguments filled
/// onto the following lines (the house's 120 columns), as people break calls by hand.
enum LineWrapping {
    static let width = 120

    /// The line as one or more lines (`indent` is the line's own indentation).
    static func wrap(_ line: String, indent: String) -> [String] {
        guard line.count > width else { return [line] }
        let trimmed = line.trimmingCharacters(in: " ")
        if trimmed.hasPrefix("//") { return wrapComment(line, indent: indent) }
        guard !line.contains("\\("), let split = splitPoint(line) else { return [line] }
        let characters = Array(line)
        let head = String(characters[...split.open])
        let arguments = split.arguments
        let tail = String(characters[split.close...])
        let inner = indent + "    "
        var lines = [head]
        var current = ""
        for (index, argument) in arguments.enumerated() {
            let piece = argument + (index == arguments.count - 1 ? "" : ",")
            if current.isEmpty {
                current = inner + piece
            } else if current.count + 1 + piece.count > width {
                lines.append(current)
                current = inner + piece
            } else {
                current += " " + piece
            }
        }
        let declaration =
            line.trimmingCharacters(in: " ").hasPrefix("func ")
            || line.contains(" func ") || line.trimmingCharacters(in: " ").hasPrefix("init(")
        if declaration {
            lines.append(current)
            lines.append(indent + tail)
        } else {
            lines.append(current + tail)
        }
        return lines
    }

    /// A comment broken between words, each line with the comment's own marker.
    private static func wrapComment(_ line: String, indent: String) -> [String] {
        let trimmed = line.trimmingCharacters(in: " ")
        let marker = trimmed.hasPrefix("///") ? "///" : "//"
        let words = trimmed.dropFirst(marker.count).split(separator: " ")
        var lines: [String] = []
        var current = indent + marker
        for word in words {
            if current.count + 1 + word.count > width, current != indent + marker {
                lines.append(current)
                current = indent + marker
            }
            current += " " + word
        }
        lines.append(current)
        return lines
    }

    /// The first parenthesis whose contents hold several arguments.
    private static func splitPoint(_ line: String) -> (open: Int, close: Int, arguments: [String])? {
        let characters = Array(line)
        var inString = false
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\"" && (index == 0 || characters[index - 1] != "\\") { inString.toggle() }
            if !inString, character == "(", index < width - 10, let close = matching(characters, from: index) {
                let arguments = topLevelArguments(characters, from: index + 1, to: close)
                if arguments.count > 1 { return (index, close, arguments) }
            }
            index += 1
        }
        return nil
    }

    private static func matching(_ characters: [Character], from open: Int) -> Int? {
        var depth = 0
        var inString = false
        for index in open..<characters.count {
            let character = characters[index]
            if character == "\"" && characters[index - 1] != "\\" { inString.toggle() }
            if inString { continue }
            if character == "(" || character == "[" { depth += 1 }
            if character == ")" || character == "]" {
                depth -= 1
                if depth == 0 { return character == ")" ? index : nil }
            }
        }
        return nil
    }

    private static func topLevelArguments(_ characters: [Character], from start: Int, to end: Int) -> [String] {
        var arguments: [String] = []
        var depth = 0
        var inString = false
        var current = ""
        var index = start
        while index < end {
            let character = characters[index]
            if character == "\"" && characters[index - 1] != "\\" { inString.toggle() }
            if !inString {
                if character == "(" || character == "[" || character == "{" { depth += 1 }
                if character == ")" || character == "]" || character == "}" { depth -= 1 }
                if character == ",", depth == 0 {
                    arguments.append(current.trimmingCharacters(in: " "))
                    current = ""
                    index += 1
                    continue
                }
            }
            current.append(character)
            index += 1
        }
        arguments.append(current.trimmingCharacters(in: " "))
        return arguments
    }
}
