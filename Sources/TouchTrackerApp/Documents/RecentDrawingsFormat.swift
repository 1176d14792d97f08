/// The freedesktop list of recently used files, `recently-used.xbel`, as
/// GTK's `GtkRecentManager` writes it (the desktop bookmark spec's XBEL):
/// one `<bookmark href="file:///…" added= modified= visited=>` a file,
/// holding its MIME type and the applications that used it, each with the
/// command that opens it.
///
/// Other apps' entries are kept byte for byte: the text is edited where
/// our entries are, never parsed and rewritten whole, so a detail this
/// app does not understand (a group, a private hint) is never lost. A
/// file without `</xbel>` is not one to write into (`Problem.notXBEL`).
enum RecentDrawingsFormat {
    static let applicationName = "touchtracker"
    static let exec = "touchtracker %u"
    static let mimeType = "application/x-touchtracker"
    /// How many of our drawings the list keeps (and ☰ Open Recent shows).
    static let limit = 10

    enum Problem: Error, Equatable, CustomStringConvertible {
        case notXBEL
        var description: String { "it is not a recently-used.xbel file (no </xbel>)" }
    }

    /// The file GTK starts with: no bookmarks yet.
    static let emptyFile = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xbel version="1.0"
              xmlns:bookmark="http://www.freedesktop.org/standards/desktop-bookmarks"
              xmlns:mime="http://www.freedesktop.org/standards/shared-mime-info"
        >
        </xbel>

        """

    /// One `<bookmark>` element of the file.
    struct Bookmark {
        /// Where it is in the text, from `<bookmark` to its end tag.
        let range: Range<String.Index>
        /// The file it names; nil for an `href` that is not a `file://` URI.
        let path: String?
        let visited: String
        /// Whether this app is among its applications.
        let isOurs: Bool
        /// Whether no other application is.
        let isOursAlone: Bool
    }

    /// Our drawings, the most recently used first, at most `limit`.
    static func drawings(in text: String) -> [String] {
        let ours = bookmarks(in: text).filter(\.isOurs).sorted { $0.visited > $1.visited }
        return Array(ours.compactMap(\.path).prefix(limit))
    }

    /// `text` (nil: no file yet) with the drawing at `path` used now
    /// (`timestamp`, as `timestamp(_:)` makes): its entry's visit and our
    /// use of it recorded, or a new entry; our entries beyond `limit`, the
    /// least recently used, dropped (unless another app shares one).
    static func adding(_ path: String, at timestamp: String, to text: String?) throws(Problem) -> String {
        var text = text ?? emptyFile
        guard text.firstRange(of: "</xbel>") != nil else { throw .notXBEL }
        if let existing = bookmarks(in: text).first(where: { $0.path == path }) {
            text.replaceSubrange(existing.range, with: visited(String(text[existing.range]), at: timestamp))
        } else {
            let end = text.ranges(of: "</xbel>").last!
            text.replaceSubrange(end.lowerBound..<end.lowerBound, with: newBookmark(path, at: timestamp))
        }
        let surplus = bookmarks(in: text).filter(\.isOursAlone).sorted { $0.visited > $1.visited }.dropFirst(limit)
        for bookmark in surplus.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            text.removeSubrange(lineRange(of: bookmark.range, in: text))
        }
        return text
    }

    /// `2026-12-04T20:37:27.123456Z`, GLib's way of writing a moment.
    static func timestamp(_ date: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int),
                          microsecond: Int = 0) -> String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let micro = String(microsecond)
        let fraction = String(repeating: "0", count: max(0, 6 - micro.count)) + micro
        return "\(date.year)-\(two(date.month))-\(two(date.day))T\(two(date.hour)):\(two(date.minute)):\(two(date.second)).\(fraction)Z"
    }

    // MARK: Reading

    static func bookmarks(in text: String) -> [Bookmark] {
        var found: [Bookmark] = []
        var searchFrom = text.startIndex
        while let open = text[searchFrom..<text.endIndex].firstRange(of: "<bookmark") {
            searchFrom = open.upperBound
            // `<bookmark:applications>` and the like are not bookmarks.
            guard open.upperBound < text.endIndex, text[open.upperBound] == " " || text[open.upperBound].isNewline,
                  let tagEnd = text[open.upperBound..<text.endIndex].firstRange(of: ">") else { continue }
            let tag = text[open.lowerBound..<tagEnd.upperBound]
            let end: String.Index
            if tag.hasSuffix("/>") {
                end = tagEnd.upperBound
            } else if let close = text[tagEnd.upperBound..<text.endIndex].firstRange(of: "</bookmark>") {
                end = close.upperBound
            } else {
                break
            }
            let element = text[open.lowerBound..<end]
            let applications = applicationNames(in: element)
            found.append(Bookmark(range: open.lowerBound..<end,
                                  path: attribute("href", in: tag).flatMap(FileURI.path(of:)),
                                  visited: attribute("visited", in: tag) ?? attribute("modified", in: tag) ?? "",
                                  isOurs: applications.contains(applicationName),
                                  isOursAlone: applications == [applicationName]))
            searchFrom = end
        }
        return found
    }

    private static func applicationNames(in element: Substring) -> [String] {
        var names: [String] = []
        var searchFrom = element.startIndex
        while let open = element[searchFrom..<element.endIndex].firstRange(of: "<bookmark:application "),
              let tagEnd = element[open.upperBound..<element.endIndex].firstRange(of: ">") {
            if let name = attribute("name", in: element[open.lowerBound..<tagEnd.upperBound]) { names.append(name) }
            searchFrom = tagEnd.upperBound
        }
        return names
    }

    /// The unescaped value of `name="…"` in a start tag.
    static func attribute(_ name: String, in tag: Substring) -> String? {
        guard let start = tag.firstRange(of: " \(name)=\"") ?? tag.firstRange(of: "\n\(name)=\""),
              let end = tag[start.upperBound..<tag.endIndex].firstRange(of: "\"") else { return nil }
        return XMLText.unescaped(tag[start.upperBound..<end.lowerBound])
    }

    // MARK: Writing

    private static func newBookmark(_ path: String, at timestamp: String) -> String {
        let href = XMLText.escaped(FileURI.uri(of: path))
        return """
              <bookmark href="\(href)" added="\(timestamp)" modified="\(timestamp)" visited="\(timestamp)">
                <info>
                  <metadata owner="http://freedesktop.org">
                    <mime:mime-type type="\(mimeType)"/>
                    <bookmark:applications>
                      \(application(at: timestamp, count: 1))
                    </bookmark:applications>
                  </metadata>
                </info>
              </bookmark>

            """
    }

    private static func application(at timestamp: String, count: Int) -> String {
        "<bookmark:application name=\"\(applicationName)\" exec=\"\(XMLText.escaped(exec))\" "
            + "modified=\"\(timestamp)\" count=\"\(count)\"/>"
    }

    /// An existing bookmark, visited now by this app: its `modified` and
    /// `visited` updated, our application's count raised (or our
    /// application added), everything else as it was.
    private static func visited(_ element: String, at timestamp: String) -> String {
        var element = element
        let tagEnd = element.firstRange(of: ">")!.upperBound
        var tag = String(element[..<tagEnd])
        for name in ["modified", "visited"] { tag = setting(name, to: timestamp, in: tag) }
        element.replaceSubrange(..<tagEnd, with: tag)
        if let open = element.firstRange(of: "<bookmark:application name=\"\(applicationName)\""),
           let close = element[open.upperBound..<element.endIndex].firstRange(of: "/>") {
            let old = element[open.lowerBound..<close.upperBound]
            let count = attribute("count", in: old).flatMap { Int($0) } ?? 0
            element.replaceSubrange(open.lowerBound..<close.upperBound, with: application(at: timestamp, count: count + 1))
        } else if let close = element.firstRange(of: "</bookmark:applications>") {
            element.insert(contentsOf: "  \(application(at: timestamp, count: 1))\n          ", at: close.lowerBound)
        }
        return element
    }

    /// `tag` with `name="value"`, replaced or added before its end.
    private static func setting(_ name: String, to value: String, in tag: String) -> String {
        var tag = tag
        if let start = tag.firstRange(of: " \(name)=\""), let end = tag[start.upperBound..<tag.endIndex].firstRange(of: "\"") {
            tag.replaceSubrange(start.upperBound..<end.lowerBound, with: value)
        } else {
            let close = tag.hasSuffix("/>") ? tag.index(tag.endIndex, offsetBy: -2) : tag.index(before: tag.endIndex)
            tag.insert(contentsOf: " \(name)=\"\(value)\"", at: close)
        }
        return tag
    }

    /// `range` with the indentation before it and the line break after it,
    /// so a removed bookmark leaves no blank line.
    private static func lineRange(of range: Range<String.Index>, in text: String) -> Range<String.Index> {
        var start = range.lowerBound
        while start > text.startIndex, text[text.index(before: start)] == " " { start = text.index(before: start) }
        var end = range.upperBound
        if end < text.endIndex, text[end].isNewline { end = text.index(after: end) }
        return start..<end
    }
}

/// `&`, `<`, `>`, `"` and `'` as XML writes them in text and attributes.
enum XMLText {
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }

    static func unescaped(_ text: Substring) -> String {
        guard text.contains("&") else { return String(text) }
        return String(text).replacingEvery("&lt;", with: "<").replacingEvery("&gt;", with: ">")
            .replacingEvery("&quot;", with: "\"").replacingEvery("&apos;", with: "'").replacingEvery("&amp;", with: "&")
    }
}

/// A file's `file://` URI: its path's bytes outside RFC 3986's unreserved
/// characters and `/` percent-encoded, as GLib's `g_filename_to_uri` does.
enum FileURI {
    static func uri(of path: String) -> String {
        var result = "file://"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                result += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
            }
        }
        return result
    }

    /// The path a `file://` URI names (an empty or `localhost` host), or nil.
    static func path(of uri: String) -> String? {
        var rest = Substring(uri)
        for prefix in ["file://localhost/", "file:///"] where rest.hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count - 1)
            var bytes: [UInt8] = []
            var utf8 = Array(rest.utf8)[...]
            while let byte = utf8.popFirst() {
                if byte == UInt8(ascii: "%"), utf8.count >= 2,
                   let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                    bytes.append(value)
                    utf8 = utf8.dropFirst(2)
                } else {
                    bytes.append(byte)
                }
            }
            return String(validating: bytes, as: UTF8.self)
        }
        return nil
    }
}

extension String {
    /// Every occurrence of `target` replaced (Foundation's
    /// `replacingOccurrences`, which the app does without).
    func replacingEvery(_ target: String, with replacement: String) -> String {
        var result = ""
        var rest = self[...]
        while let found = rest.firstRange(of: target) {
            result += rest[..<found.lowerBound]
            result += replacement
            rest = rest[found.upperBound...]
        }
        return result + rest
    }
}
