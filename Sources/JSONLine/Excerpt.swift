/// Text from a file (a recording's names and strings, a drawing's format
/// name) as an error message or a report may quote it: a hostile file's
/// NUL bytes and escape sequences must not reach the terminal, nor its
/// megabytes flood it.
public enum Excerpt {
    /// Characters quoted at most; the rest is cut.
    public static let length = 40

    /// `text` with its control characters escaped (`\u{1B}`), cut to
    /// `length` characters with "…" and the whole text's size when cut.
    public static func of(_ text: String) -> String {
        var shown = ""
        var count = 0
        for character in text {
            guard count < length else {
                return shown + "… (\(text.utf8.count) bytes)"
            }
            shown += escaped(character)
            count += 1
        }
        return shown
    }

    /// `text` whole, with its control characters escaped as `of` escapes
    /// them: for a report whose lines quote a file's strings.
    public static func escapingControls(_ text: String) -> String {
        var shown = ""
        for character in text { shown += escaped(character) }
        return shown
    }

    /// A character a terminal would act on instead of showing (C0 and C1
    /// controls, DEL, and the marks that reorder text on screen) as
    /// `\u{…}`, its scalars' code points; any other character as itself.
    private static func escaped(_ character: Character) -> String {
        guard character.unicodeScalars.contains(where: isControl) else { return String(character) }
        return character.unicodeScalars.map { scalar in
            isControl(scalar) ? "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}" : String(scalar)
        }.joined()
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F..<0xA0: true
        // Bidirectional embeddings, overrides and isolates.
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
