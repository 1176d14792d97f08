/// A `text/uri-list` (RFC 2483), as a file manager drags files: one URI a
/// line (CRLF, or LF from lenient sources), `#` lines are comments. Local
/// files are `file:` URIs (`file:///path`, `file://localhost/path`) whose
/// path is percent-encoded UTF-8; anything else names no file the app can
/// open, and is kept apart to say so.
struct URIList: Equatable {
    /// The local files listed, in order, decoded.
    let paths: [String]
    /// The entries that name no local file, as given.
    let refused: [String]

    init(_ bytes: [UInt8]) {
        var paths: [String] = [], refused: [String] = []
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            let entry = line.trimmingSpaces
            guard !entry.isEmpty, !entry.hasPrefix("#") else { continue }
            if let path = Self.path(ofFileURI: entry) { paths.append(path) } else { refused.append(entry) }
        }
        self.paths = paths
        self.refused = refused
    }

    /// The local path a `file:` URI names; nil for another scheme, another
    /// host, a relative path, or an escape that is no valid UTF-8.
    static func path(ofFileURI uri: String) -> String? {
        let lowered = uri.lowercased()
        let rest: Substring
        if lowered.hasPrefix("file://localhost/") {
            rest = uri.dropFirst("file://localhost".count)
        } else if lowered.hasPrefix("file:///") {
            rest = uri.dropFirst("file://".count)
        } else {
            return nil
        }
        return percentDecoded(rest)
    }

    /// `rest` with each `%XX` replaced by its byte; nil for a malformed
    /// escape, bytes that are no UTF-8, or a NUL (no path holds one).
    private static func percentDecoded(_ rest: Substring) -> String? {
        var bytes: [UInt8] = []
        var utf8 = rest.utf8[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = utf8.popFirst().flatMap(hexValue), let low = utf8.popFirst().flatMap(hexValue) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        guard !bytes.contains(0) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

private extension Substring {
    /// Without the spaces and tabs around it (some sources pad lines).
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[start...end])
    }
}
