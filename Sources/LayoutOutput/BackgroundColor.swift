/// The colour of a background fixed to the viewport (a controller's `backgroundView`,
/// `run --background`): `#RRGGBB`, six hexadecimal digits.
package enum BackgroundColor {
    /// `text` when it is `#` and six hexadecimal digits (either case), else nil.
    package static func parse(_ text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 7, scalars[0] == "#" else { return nil }
        let hex = scalars.dropFirst().allSatisfy {
            ("0"..."9").contains($0) || ("a"..."f").contains($0) || ("A"..."F").contains($0)
        }
        return hex ? text : nil
    }

    /// What a bad colour is told: `#RRGGBB` with an example.
    package static let expected = "a colour #RRGGBB (six hexadecimal digits, e.g. #1b3a5c)"
}
