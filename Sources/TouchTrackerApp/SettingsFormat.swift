import Canvas

/// The settings file's text: one `key = value` per line; blank lines and
/// lines starting with `#` are comments. Keys are lower case with dashes;
/// spaces around `=` and at either end are ignored. Known keys:
///
///     palm-rejection = on        # or off
///     tool = lines               # or freehand
///     line-color = black         # or blue, green, yellow, orange, red, purple, brown
///     line-width = medium        # or thin, thick
///
/// Anything else that is not of that shape, a known key with a value it
/// cannot take, or a key given twice is malformed: the app says where and
/// why, and uses the defaults. Unknown keys of the right shape are kept.
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
            let value = line[line.index(after: equals)...].trimmingSpaces
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
                guard let width = StrokeWidth(rawValue: value) else {
                    throw Malformed(line: number, reason: "\(key) must be \(choices(StrokeWidth.self)), not '\(value)'")
                }
                settings.strokeStyle.width = width
            default:
                settings.otherEntries.append((key, value))
            }
        }
        return settings
    }

    static func text(of settings: Settings) -> String {
        var lines = [
            "# TouchTracker settings: one 'key = value' per line (see the README).",
            "\(palmRejectionKey) = \(settings.palmRejection ? "on" : "off")",
            "\(toolKey) = \(settings.tool.rawValue)",
            "\(lineColorKey) = \(settings.strokeStyle.color.rawValue)",
            "\(lineWidthKey) = \(settings.strokeStyle.width.rawValue)",
        ]
        lines += settings.otherEntries.map { "\($0.key) = \($0.value)" }
        return lines.joined(separator: "\n") + "\n"
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
