/// Lines of Swift with their indentation, and the names declared in the open scopes. Comments
/// go through `comment(_:)`, which escapes them whole; code lines hold only identifiers from
/// `SwiftNames` and literals from `SwiftText`.
final class SwiftCode {
    private(set) var lines: [String] = []
    private var depth = 0
    let names = SwiftNames()
    /// Most bytes the code may hold (`--max-memory`); past it, lines are dropped and `exceeded`.
    let limit: Int
    private var bytes = 0
    private(set) var exceeded = false

    init(limit: Int = .max) { self.limit = limit }

    func line(_ text: String) {
        guard !exceeded else { return }
        let line = text.isEmpty ? "" : String(repeating: "    ", count: depth) + text
        bytes += line.utf8.count + 1
        guard bytes <= limit else {
            exceeded = true
            lines = []
            return
        }
        lines.append(line)
    }

    /// `// text`, every character that could end the comment escaped.
    func comment(_ text: String) { line("// " + SwiftText.comment(text)) }

    /// `/// text` (a documentation comment), escaped as `comment(_:)`.
    func documentation(_ text: String) { line("/// " + SwiftText.comment(text)) }

    /// `body` indented one level deeper.
    func nested(_ body: () -> Void) {
        depth += 1
        body()
        depth -= 1
    }

    /// A new naming scope (a `case` of the section switch, a closure): names declared in it
    /// may be declared again in a sibling scope.
    func scope(_ body: () -> Void) {
        names.open()
        body()
        names.close()
    }

    /// `base`, or `base2`, `base3`… when taken in an open scope.
    func claim(_ base: String) -> String { names.claim(base) }

    var text: String { lines.joined(separator: "\n") + "\n" }
}

/// The names declared in the open scopes. A claim costs O(1) amortized: each base keeps the
/// next number to try, so 20,000 items named `item` take `item`, `item2` … `item20000` without
/// probing the taken ones again; closing a scope undoes its names and numbers.
final class SwiftNames {
    private var taken: Set<String> = []
    private var nextNumber: [String: Int] = [:]
    /// Per open scope, what to undo when it closes: names added, and bases' numbers before.
    private var undo: [[(name: String, number: Int?)]] = [[]]

    /// Reserves `name` exactly (a closure's parameter, the layout's own name).
    func reserve(_ name: String) {
        if taken.insert(name).inserted { undo[undo.count - 1].append((name, nil)) }
    }

    func claim(_ base: String) -> String {
        var name = base
        if taken.contains(name) || SwiftText.keywords.contains(name) {
            var number = nextNumber[base] ?? 2
            while taken.contains(base + String(number)) { number += 1 }
            name = base + String(number)
            undo[undo.count - 1].append((base, nextNumber[base] ?? 2))
            nextNumber[base] = number + 1
        }
        reserve(name)
        return name
    }

    func open() { undo.append([]) }

    func close() {
        for entry in undo.removeLast().reversed() {
            if let number = entry.number {
                nextNumber[entry.name] = number
            } else {
                taken.remove(entry.name)
            }
        }
    }
}
