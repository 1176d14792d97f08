import Canvas
import TouchCore

/// Writing a drawing file: the lines in the oldest version that holds them.
extension DrawingFileFormat {
    static func encode(_ lines: [Line], journalToken: String? = nil) -> [UInt8] {
        var text = "{\"format\":\"\(formatName)\",\"version\":\(version(for: lines)),"
        if let journalToken { text += "\"journal\":\"\(journalToken)\"," }
        text += "\"lines\":["
        text.reserveCapacity(text.utf8.count + lines.count * 40)
        for (index, line) in lines.enumerated() {
            if index > 0 { text += "," }
            encode(line, into: &text)
        }
        text += "]}\n"
        return Array(text.utf8)
    }

    /// One line of the `lines` list. Swift prints the shortest text that
    /// reads back as the same Double, and only finite values are ever
    /// stored, so this is JSON.
    public static func encode(_ line: Line, into text: inout String) {
        guard let points = line.freehandPoints else {
            let numbers = "[\(line.begin.x),\(line.begin.y),\(line.end.x),\(line.end.y)]"
            if line.style.isStandard {
                text += numbers
            } else {
                text += "{\"line\":\(numbers)"
                encodeStyle(line.style, into: &text)
                text += "}"
            }
            return
        }
        text += "{\"points\":["
        for (index, point) in points.unmoved.enumerated() {
            if index > 0 { text += "," }
            text += "\(point.x),\(point.y),\(point.pressure)"
        }
        text += "]"
        if points.offset != .zero { text += ",\"offset\":[\(points.offset.dx),\(points.offset.dy)]" }
        if !line.style.isStandard { encodeStyle(line.style, into: &text) }
        text += "}"
    }

    /// `,"color":"#rrggbb","width":points`, the parts that are not standard.
    private static func encodeStyle(_ style: StrokeStyle, into text: inout String) {
        if style.color != .standard { text += ",\"color\":\"\(style.color.hex)\"" }
        if style.width != .standard { text += ",\"width\":\(Int(style.width.points))" }
    }
}
