import Canvas
import Scene
import TouchCore

/// The settings file's text: one `key = value` per line; blank lines and
/// lines starting with `#` are comments, and so is the rest of a line from
/// a `#` after a space (no value holds one). Keys are lower case with
/// dashes; spaces around `=` and at either end are ignored. Known keys:
///
///     palm-rejection = on        # or off
///     tool = lines               # or freehand, or select
///     line-color = black         # or blue, green, yellow, orange, red, purple, brown
///     line-width = 10            # points: 1, 2, 4, 7, 10, 15, 20 or 30
///                                # (thin, medium, thick: 4, 10, 20, still read)
///     prediction = on            # or off
///     fingers = draw             # or navigate
///     book = off                 # or on: the chapter's values (CanvasRules.book)
///     export = png 1 white drawing portrait
///                                # the Export dialog's last choice: format
///                                # (png, svg, pdf), scale (1, 2, 4), background
///                                # (transparent, white), page (drawing, a4,
///                                # letter), orientation (portrait, landscape)
///     view-3f2a…c1 = 1.5 120 -40 # a drawing's last view: zoom, then the
///                                # drawing point at the window's top-left
///
/// Anything else that is not of that shape, a known key with a value it
/// cannot take, or a key given twice is malformed: the app says where and
/// why, and uses the defaults. Unknown keys of the right shape are kept,
/// and so are comments: saving rewrites only the lines of the known keys
/// (a comment after a value stays). The views are the app's own: saving
/// writes the `RememberedViews.limit` most recent at the end, least recent
/// first, so the file never grows past what the app reads.
enum SettingsFormat {
    struct Malformed: Error, Equatable, CustomStringConvertible {
        /// 1-based.
        var line: Int
        var reason: String
        var description: String { "line \(line): \(reason)" }
    }

    static let palmRejectionKey = "palm-rejection"
    static let toolKey = "tool"
    static let lineColorKey = "line-color"
    static let lineWidthKey = "line-width"
    static let predictionKey = "prediction"
    static let fingersKey = "fingers"
    static let bookKey = "book"
    static let exportKey = "export"
    static let viewKeyPrefix = "view-"

    /// The key remembering the view of the drawing at `path`: `view-` and
    /// the FNV-1a hash of the path, in hex (keys are letters, digits and
    /// dashes; a path is anything).
    static func viewKey(forDrawingAt path: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return viewKeyPrefix + String(repeating: "0", count: 16 - hex.count) + hex
    }

    static func viewValue(_ viewport: CanvasViewport) -> String {
        "\(viewport.zoom) \(viewport.origin.x) \(viewport.origin.y)"
    }

    static func parse(_ text: String) throws(Malformed) -> Settings {
        var settings = Settings()
        var seen: Set<String> = []
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let number = index + 1
            let line = raw.trimmingSpaces
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                throw Malformed(line: number, reason: "expected 'key = value', found '\(line)'")
            }
            let key = line[..<equals].trimmingSpaces
            let value = withoutComment(line[line.index(after: equals)...]).trimmingSpaces
            guard !key.isEmpty, key.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
            else {
                throw Malformed(line: number, reason: "'\(key)' is not a setting name (lower-case letters, digits, '-')")
            }
            guard seen.insert(key).inserted else {
                throw Malformed(line: number, reason: "'\(key)' is set twice")
            }
            switch key {
            case palmRejectionKey:
                switch value {
                case "on": settings.palmRejection = true
                case "off": settings.palmRejection = false
                default: throw Malformed(line: number, reason: "\(key) must be 'on' or 'off', not '\(value)'")
                }
            case toolKey:
                guard let tool = DrawingTool(rawValue: value) else {
                    let names = DrawingTool.allCases.map { "'\($0.rawValue)'" }.joined(separator: " or ")
                    throw Malformed(line: number, reason: "\(key) must be \(names), not '\(value)'")
                }
                settings.tool = tool
            case lineColorKey:
                guard let color = PaletteColor(rawValue: value) else {
                    throw Malformed(line: number, reason: "\(key) must be \(choices(PaletteColor.self)), not '\(value)'")
                }
                settings.strokeStyle.color = color
            case lineWidthKey:
                guard let width = StrokeWidth(name: value) else {
                    let widths = StrokeWidth.allCases.map { "'\($0.name)'" }
                    let choices = widths.dropLast().joined(separator: ", ") + " or " + widths.last!
                    throw Malformed(line: number, reason: "\(key) must be \(choices) (points), not '\(value)'")
                }
                settings.strokeStyle.width = width
            case predictionKey:
                switch value {
                case "on": settings.prediction = true
                case "off": settings.prediction = false
                default: throw Malformed(line: number, reason: "\(key) must be 'on' or 'off', not '\(value)'")
                }
            case fingersKey:
                switch value {
                case "draw": settings.fingersNavigate = false
                case "navigate": settings.fingersNavigate = true
                default: throw Malformed(line: number, reason: "\(key) must be 'draw' or 'navigate', not '\(value)'")
                }
            case bookKey:
                switch value {
                case "on": settings.book = true
                case "off": settings.book = false
                default: throw Malformed(line: number, reason: "\(key) must be 'on' or 'off', not '\(value)'")
                }
            case exportKey:
                guard let choice = ExportChoice(settingsValue: value) else {
                    throw Malformed(line: number, reason: "\(key) must be a format, a scale, a background, a page "
                                    + "and an orientation, 'pdf 1 white a4 landscape', not '\(value)'")
                }
                settings.exportChoice = choice
            case _ where key.hasPrefix(viewKeyPrefix):
                let numbers = value.split(separator: " ", omittingEmptySubsequences: true).map { Double($0) }
                guard numbers.count == 3, let zoom = numbers[0], let x = numbers[1], let y = numbers[2],
                      zoom.isFinite, x.isFinite, y.isFinite, zoom > 0 else {
                    throw Malformed(line: number, reason: "\(key) must be a zoom and a point, '1.5 120 -40', not '\(value)'")
                }
                settings.views.remember(CanvasViewport(zoom: zoom, origin: Point(x: x, y: y)), for: key)
            default:
                settings.otherEntries.append((key, value))
            }
        }
        return settings
    }

    /// The file's text for `settings`. Given the text read from the file
    /// (`original`, which `parse` accepted), only the lines of the known
    /// keys change: the person's comments, blank lines, unknown keys and
    /// order stay as they wrote them. One rule decides which known keys the
    /// file holds: those it already names, and those whose value is not the
    /// default; a default the person never changed is not written, so a
    /// later version's better default reaches them. A key the file lacks is
    /// added at its end.
    static func text(of settings: Settings, updating original: String?) -> String {
        guard let original else { return text(of: settings) }
        // Each line with its own end ("\r\n" is one Character), kept as it was.
        var lines: [(text: String, end: String)] = [("", "")]
        for character in original {
            if character == "\n" || character == "\r\n" {
                lines[lines.count - 1].end = String(character)
                lines.append(("", ""))
            } else {
                lines[lines.count - 1].text.append(character)
            }
        }
        if lines.last?.text == "" { lines.removeLast() }
        // The views are written afresh at the end, most recent last.
        lines.removeAll { line in
            let trimmed = line.text.trimmingSpaces
            return !trimmed.hasPrefix("#") && trimmed.hasPrefix(viewKeyPrefix)
        }
        let defaults = Dictionary(uniqueKeysWithValues: knownEntries(of: Settings()))
        var named: Set<String> = []
        for line in lines {
            let trimmed = line.text.trimmingSpaces
            guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { continue }
            named.insert(trimmed[..<equals].trimmingSpaces)
        }
        var known = knownEntries(of: settings).filter { named.contains($0.key) || defaults[$0.key] != $0.value }
        for index in lines.indices {
            let trimmed = lines[index].text.trimmingSpaces
            guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = trimmed[..<equals].trimmingSpaces
            guard let entry = known.firstIndex(where: { $0.key == key }) else { continue }
            let value = trimmed[trimmed.index(after: equals)...]
            let comment = value[withoutComment(value).endIndex...]
            lines[index].text = "\(key) = \(known[entry].value)" + (comment.isEmpty ? "" : " \(comment)")
            known.remove(at: entry)
        }
        if let last = lines.indices.last, lines[last].end.isEmpty { lines[last].end = "\n" }
        lines += known.map { ("\($0.key) = \($0.value)", "\n") }
        return lines.map { $0.text + $0.end }.joined()
    }

    /// A new file's text for `settings`: a comment saying what the file
    /// is, then by the same rule the settings that are not their default
    /// and the keys this version does not know.
    static func text(of settings: Settings) -> String {
        let heading = "# TouchTracker settings: one 'key = value' per line (see touchtracker(1), FILES).\n"
        return text(of: settings, updating: heading + settings.otherEntries.map { "\($0.key) = \($0.value)\n" }.joined())
    }

    /// Every known key with its value in `settings`, in the order a new
    /// file lists them.
    private static func knownEntries(of settings: Settings) -> [(key: String, value: String)] {
        [(palmRejectionKey, settings.palmRejection ? "on" : "off"), (toolKey, settings.tool.rawValue),
         (lineColorKey, settings.strokeStyle.color.rawValue), (lineWidthKey, settings.strokeStyle.width.name),
         (predictionKey, settings.prediction ? "on" : "off"), (fingersKey, settings.fingersNavigate ? "navigate" : "draw"),
         (bookKey, settings.book ? "on" : "off"), (exportKey, settings.exportChoice.settingsValue)]
            + settings.views.keys.map { ($0, viewValue(settings.views[$0]!)) }
    }

    /// `value` up to a comment: a `#` at its start or after a space or tab.
    private static func withoutComment(_ value: Substring) -> Substring {
        var previous: Character = " "
        for index in value.indices {
            if value[index] == "#", previous == " " || previous == "\t" { return value[..<index] }
            previous = value[index]
        }
        return value
    }
}

extension SettingsFormat {
    /// "'a', 'b' or 'c'": the values a key takes.
    fileprivate static func choices<Value: CaseIterable & RawRepresentable<String>>(_ type: Value.Type) -> String {
        let names = Value.allCases.map { "'\($0.rawValue)'" }
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}

extension StringProtocol {
    /// Without spaces and tabs at either end.
    fileprivate var trimmingSpaces: String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !blank($0) }) else { return "" }
        let last = lastIndex(where: { !blank($0) })!
        return String(self[first...last])
    }
}
