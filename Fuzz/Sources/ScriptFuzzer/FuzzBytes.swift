/// The fuzzer's bytes read as choices: each read takes the next byte (0 once they run out, so
/// every input, however short, makes a script, and a longer one only adds to it).
struct FuzzBytes {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isExhausted: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// 0..<count.
    mutating func below(_ count: Int) -> Int { count <= 1 ? 0 : Int(byte()) % count }

    /// True about one time in `oneIn`.
    mutating func chance(_ oneIn: Int) -> Bool { below(oneIn) == 0 }

    mutating func pick<T>(_ choices: [T]) -> T { choices[below(choices.count)] }
}
