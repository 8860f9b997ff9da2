import Platform

/// A number as C's printf writes it (`%.3f`): what `String(format:)` gave, without linking
/// Foundation (and its ICU data) into the command-line tool.
package enum PrintfFormat {
    package static func fixed(_ value: Double, decimals: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        let length = withVaList([value]) { arguments in
            vsnprintf(&buffer, buffer.count, "%.\(decimals)f", arguments)
        }
        guard length >= 0, Int(length) < buffer.count else { return String(value) }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
