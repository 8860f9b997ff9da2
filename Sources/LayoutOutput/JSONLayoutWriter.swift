import LayoutEngine

/// The contract's JSON: `{"bounds", "contentSize", "elements": [...]}`, one element per line
/// so large outputs stay readable and diffable.
public enum JSONLayoutWriter {
    public static func write(_ snapshot: LayoutSnapshot, to output: inout some TextOutputStream) {
        output.write("{\n  \"bounds\": \(rect(snapshot.bounds)),\n")
        output.write("  \"contentSize\": {\"width\": \(number(snapshot.contentSize.width)), \"height\": \(number(snapshot.contentSize.height))},\n")
        if let target = snapshot.targetContentOffset {
            output.write("  \"targetContentOffset\": {\"proposed\": \(point(target.proposed)), \"velocity\": \(point(target.velocity)), \"target\": \(point(target.target))},\n")
        }
        if !snapshot.orthogonalTargets.isEmpty {
            let entries = snapshot.orthogonalTargets.map {
                "{\"section\": \($0.section), \"proposed\": \(NumberFormatting.format($0.proposed)), \"velocity\": \(NumberFormatting.format($0.velocity)), \"target\": \(NumberFormatting.format($0.target))}"
            }
            output.write("  \"orthogonalTargets\": [" + entries.joined(separator: ", ") + "],\n")
        }
        if snapshot.elements.isEmpty {
            output.write("  \"elements\": []\n}\n")
            return
        }
        output.write("  \"elements\": [\n")
        for (position, element) in snapshot.elements.enumerated() {
            output.write("    ")
            output.write(self.element(element))
            output.write(position == snapshot.elements.count - 1 ? "\n" : ",\n")
        }
        output.write("  ]\n}\n")
    }

    public static func string(_ snapshot: LayoutSnapshot) -> String {
        var text = ""
        write(snapshot, to: &text)
        return text
    }

    /// One element object on one line.
    public static func element(_ a: LayoutAttributes) -> String {
        var text = "{\"category\": \"\(a.category.name)\""
        if a.category != .cell { text += ", \"kind\": \(string(a.kind))" }
        text += ", \"indexPath\": [\(a.indexPath.section), \(a.indexPath.item)]"
        text += ", \"frame\": \(rect(a.frame))"
        text += ", \"alpha\": \(number(a.alpha)), \"zIndex\": \(a.zIndex), \"hidden\": \(a.hidden)"
        if !a.transform3D.isIdentity {
            text += ", \"transform3D\": [" + a.transform3D.m.map(number).joined(separator: ", ") + "]"
        }
        if !a.custom.isEmpty { text += ", \"custom\": " + value(.object(a.custom)) }
        return text + "}"
    }

    static func rect(_ r: Rect) -> String {
        "{\"x\": \(number(r.x)), \"y\": \(number(r.y)), \"width\": \(number(r.width)), \"height\": \(number(r.height))}"
    }

    static func point(_ p: Point) -> String { "{\"x\": \(number(p.x)), \"y\": \(number(p.y))}" }

    static func number(_ value: Double) -> String {
        value.isFinite ? NumberFormatting.format(value) : "null"
    }

    /// A data value; object keys sorted so output is deterministic.
    public static func value(_ value: LayoutValue) -> String { self.value(value, number: number) }

    /// A data value with numbers written by `number` (the table rounds them).
    static func value(_ value: LayoutValue, number: (Double) -> String) -> String {
        switch value {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let n): number(n)
        case .string(let s): string(s)
        case .array(let items): "[" + items.map { self.value($0, number: number) }.joined(separator: ", ") + "]"
        case .object(let fields):
            "{" + fields.keys.sorted().map { "\(string($0)): \(self.value(fields[$0]!, number: number))" }.joined(separator: ", ") + "}"
        }
    }

    /// A JSON string literal.
    public static func string(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
