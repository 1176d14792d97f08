import Platform

/// `check FILE --html OUT`: the report as one self-contained HTML file to
/// attach to a bug report. Inline SVG and a style sheet, no script, nothing
/// fetched; well-formed XML too, so any XML parser reads it. It holds the
/// recording's header, the check table (the rows of `check --json`), a
/// timeline of every contact (`RecordingTimeline`: a bar from down to up,
/// a tick per frame, a cross where it was cancelled), a histogram of the
/// intervals between each device's events, and each pen stroke's pressure
/// over time.
package enum CheckReportHTML {
    package static func page(_ recording: Recording, report: CompositorReport, name: String) -> String {
        let timeline = RecordingTimeline(recording)
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8"/>
            <title>touchtracker check: \(escape(shortened(name)))</title>
            <style>\(style)</style>
            </head>
            <body>
            <h1>touchtracker check</h1>

            """
        html += header(recording, timeline: timeline, name: name)
        html += table(report)
        html += contacts(timeline)
        html += histograms(timeline)
        html += pressures(timeline)
        html += "</body>\n</html>\n"
        return html
    }

    /// Writes `page` to `path` whole or not at all (a temporary file
    /// beside it, renamed over it), readable by all as a saved page is.
    package static func write(_ page: String, to path: String) throws(FileOperationError) {
        try AtomicReplacement.replace(path, with: Array(page.utf8), permissions: 0o644)
    }

    static let style = """
        body{font:14px/1.4 system-ui,sans-serif;color:#241f31;margin:24px;max-width:960px}\
        h1{font-size:22px}h2{font-size:17px;margin-top:28px}\
        table{border-collapse:collapse}td,th{border:1px solid #d0d0d0;padding:3px 8px;text-align:left;vertical-align:top}\
        th{background:#f0f0f0}tr.pass td.result{color:#26a269}tr.warn td.result{color:#c64600}\
        tr.fail td.result{color:#c01c28;font-weight:bold}tr.not-seen td.result{color:#77767b}\
        svg{display:block;margin:6px 0 14px}svg text{font:11px system-ui,sans-serif;fill:#241f31}\
        .figures{display:flex;flex-wrap:wrap;gap:18px}figure{margin:0}figcaption{font-size:12px}
        """

    // MARK: Sections

    private static func header(_ recording: Recording, timeline: RecordingTimeline, name: String) -> String {
        let seats = recording.seats.map { "\($0.name) (version \($0.version))" }.joined(separator: ", ")
        let batches = recording.entries.filter { if case .batch = $0.item { true } else { false } }.count
        let rows: [(String, String)] = [
            ("file", name),
            ("recorded by", "touchtracker \(recording.appVersion)"),
            ("seats", seats.isEmpty ? "none" : seats),
            ("palm rejection", recording.palmRejection ? "on" : "off"),
            ("tool", recording.tool.rawValue),
            ("line colour and width", "\(recording.strokeStyle.color.rawValue), \(recording.strokeStyle.width.title)"),
            ("length", "\(fixed(timeline.duration, 3)) s, \(batches) input batches, \(timeline.contacts.count) contacts"),
            ("complete", recording.isComplete ? "yes" : "no: no end line, the session did not end cleanly"),
        ]
        return "<h2>The recording</h2>\n<table id=\"header\">\n"
            + rows.map { "<tr><th>\(escape($0.0))</th><td>\(quoted($0.1))</td></tr>\n" }.joined()
            + "</table>\n"
    }

    private static func table(_ report: CompositorReport) -> String {
        var html = "<h2>What the compositor did</h2>\n<table id=\"check\">\n"
        html += "<caption>\(quoted(report.subject))</caption>\n"
        html += "<tr><th>row</th><th>what</th><th>result</th><th>evidence</th></tr>\n"
        for row in report.rows {
            let kind = row.result == .notSeen ? "not-seen" : row.result.rawValue
            html += "<tr class=\"\(kind)\"><td class=\"row\">\(escape(row.id.rawValue))</td>"
                + "<td class=\"title\">\(escape(row.id.title))</td><td class=\"result\">\(escape(row.result.rawValue))</td>"
                + "<td class=\"evidence\">\(quoted(row.evidence))</td></tr>\n"
        }
        let failures = report.rows.filter { $0.result == .fail }.count
        html += "</table>\n<p id=\"verdict\">"
            + (failures == 0 ? "no row failed" : "\(failures) row\(failures == 1 ? "" : "s") failed") + "</p>\n"
        return html
    }

    static let barColors: [RecordingTimeline.Contact.Device: String] = [.touch: "#3584e4", .pen: "#26a269",
                                                                         .mouse: "#9141ac"]

    private static func contacts(_ timeline: RecordingTimeline) -> String {
        var html = "<h2>Contacts</h2>\n"
        guard let first = timeline.contacts.first else { return html + "<p>No contact in this recording.</p>\n" }
        let start = first.start
        let end = timeline.contacts.map { $0.end ?? timeline.duration }.max() ?? start
        let span = max(end - start, 0.001)
        let left = 170.0, width = 700.0, rowHeight = 18.0, top = 24.0
        let height = top + rowHeight * Double(timeline.contacts.count) + 8
        func x(_ time: Double) -> Double { left + (time - start) / span * width }
        html += "<p>One bar per contact from down to up: blue a finger, green a pen, purple the mouse's left "
            + "button; a tick for each frame that changed it; a red cross where it was cancelled; a bar "
            + "without an end ran past the recording. Seconds from the first down.</p>\n"
        html += "<svg id=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(fixed(left + width + 20, 0))\" "
            + "height=\"\(fixed(height, 0))\" viewBox=\"0 0 \(fixed(left + width + 20, 0)) \(fixed(height, 0))\">\n"
        for tick in axisTicks(span) {
            html += "<line x1=\"\(fixed(x(start + tick), 1))\" y1=\"16\" x2=\"\(fixed(x(start + tick), 1))\" "
                + "y2=\"\(fixed(height, 0))\" stroke=\"#e0e0e0\"/>"
                + "<text x=\"\(fixed(x(start + tick), 1))\" y=\"12\" text-anchor=\"middle\">\(fixed(tick, 2)) s</text>\n"
        }
        for (index, contact) in timeline.contacts.enumerated() {
            let y = top + rowHeight * Double(index)
            let barEnd = contact.end ?? timeline.duration
            let open = contact.end == nil ? " open" : ""
            html += "<g class=\"contact\"><text x=\"4\" y=\"\(fixed(y + 9, 1))\">\(escape(shortened(contact.label)))</text>"
            html += "<rect class=\"bar\(open)\" x=\"\(fixed(x(contact.start), 1))\" y=\"\(fixed(y, 1))\" "
                + "width=\"\(fixed(max(2, x(barEnd) - x(contact.start)), 1))\" height=\"10\" "
                + "fill=\"\(barColors[contact.device] ?? "#3584e4")\" fill-opacity=\"0.55\"/>"
            for frame in contact.frames {
                html += "<line class=\"frame\" x1=\"\(fixed(x(frame), 1))\" y1=\"\(fixed(y - 2, 1))\" "
                    + "x2=\"\(fixed(x(frame), 1))\" y2=\"\(fixed(y + 12, 1))\" stroke=\"#241f31\"/>"
            }
            if contact.cancelled, let end = contact.end {
                let cx = x(end), cy = y + 5
                html += "<path class=\"cancel\" d=\"M\(fixed(cx - 6, 1)) \(fixed(cy - 6, 1))L\(fixed(cx + 6, 1)) "
                    + "\(fixed(cy + 6, 1))M\(fixed(cx - 6, 1)) \(fixed(cy + 6, 1))L\(fixed(cx + 6, 1)) "
                    + "\(fixed(cy - 6, 1))\" stroke=\"#c01c28\" stroke-width=\"2.5\"/>"
            }
            html += "</g>\n"
        }
        return html + "</svg>\n"
    }

    /// The histogram's bins: 2 ms wide up to 40 ms, then one for the rest.
    static let binWidth = 2.0, binCount = 21

    private static func histograms(_ timeline: RecordingTimeline) -> String {
        var html = "<h2>Intervals between events</h2>\n"
        guard !timeline.intervals.isEmpty else { return html + "<p>No device sent two events in a row.</p>\n" }
        html += "<p>The compositor's time between one device's consecutive batches, in bins of 2 ms (the last: "
            + "40 ms or more); pauses over \(fixed(RecordingTimeline.pause, 0)) ms are left out.</p>\n"
            + "<div class=\"figures\">\n"
        for (device, intervals) in timeline.intervals {
            var bins = [Int](repeating: 0, count: binCount)
            for interval in intervals { bins[min(binCount - 1, Int(interval / binWidth))] += 1 }
            let tallest = Double(bins.max() ?? 1)
            let sorted = intervals.sorted()
            let median = sorted[sorted.count / 2]
            let plotHeight = 100.0, barWidth = 18.0, left = 30.0
            html += "<figure><figcaption>\(quoted(device)): \(intervals.count) intervals, median "
                + "\(fixed(median, 1)) ms</figcaption>\n"
            html += "<svg class=\"histogram\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(fixed(left + barWidth * Double(binCount) + 40, 0))\" height=\"130\">\n"
            for (index, count) in bins.enumerated() where count > 0 {
                let height = Double(count) / tallest * plotHeight
                let label = index == binCount - 1 ? "≥ \(fixed(binWidth * Double(index), 0)) ms"
                    : "\(fixed(binWidth * Double(index), 0))–\(fixed(binWidth * Double(index + 1), 0)) ms"
                html += "<rect class=\"bin\" x=\"\(fixed(left + barWidth * Double(index), 1))\" "
                    + "y=\"\(fixed(8 + plotHeight - height, 1))\" width=\"\(fixed(barWidth - 2, 0))\" "
                    + "height=\"\(fixed(height, 1))\" fill=\"#3584e4\"><title>\(label): \(count)</title></rect>\n"
            }
            html += "<line x1=\"\(fixed(left, 0))\" y1=\"108\" x2=\"\(fixed(left + barWidth * Double(binCount), 0))\" y2=\"108\" stroke=\"#241f31\"/>\n"
            for index in stride(from: 0, through: binCount - 1, by: 5) {
                let value = fixed(binWidth * Double(index), 0)
                html += "<text x=\"\(fixed(left + barWidth * Double(index), 0))\" y=\"122\">"
                    + (index == binCount - 1 ? "≥ \(value) ms" : value) + "</text>"
            }
            html += "<text x=\"0\" y=\"16\">\(Int(tallest))</text>\n</svg></figure>\n"
        }
        return html + "</div>\n"
    }

    private static func pressures(_ timeline: RecordingTimeline) -> String {
        var html = "<h2>Pen pressure</h2>\n"
        let strokes = timeline.contacts.filter { $0.device == .pen && !$0.pressure.isEmpty }
        guard !strokes.isEmpty else { return html + "<p>No pen stroke with pressure in this recording.</p>\n" }
        html += "<p>Each pen stroke's pressure (0 to 1) from its down to its up.</p>\n<div class=\"figures\">\n"
        for stroke in strokes {
            let start = stroke.start, span = max((stroke.end ?? timeline.duration) - start, 0.001)
            let left = 30.0, width = 300.0, height = 80.0
            let points = stroke.pressure.map { sample in
                "\(fixed(left + (sample.time - start) / span * width, 1)),\(fixed(8 + (1 - sample.value) * height, 1))"
            }.joined(separator: " ")
            html += "<figure><figcaption>\(quoted(stroke.label)) at \(fixed(start, 3)) s, "
                + "\(fixed(span * 1000, 0)) ms</figcaption>\n"
                + "<svg class=\"pressure\" xmlns=\"http://www.w3.org/2000/svg\" width=\"340\" height=\"110\">"
                + "<rect x=\"\(fixed(left, 0))\" y=\"8\" width=\"\(fixed(width, 0))\" height=\"\(fixed(height, 0))\" fill=\"none\" stroke=\"#d0d0d0\"/>"
                + "<polyline points=\"\(points)\" fill=\"none\" stroke=\"#26a269\" stroke-width=\"2\"/>"
                + "<text x=\"0\" y=\"14\">1</text><text x=\"0\" y=\"90\">0</text>"
                + "<text x=\"\(fixed(left, 0))\" y=\"104\">0 ms</text>"
                + "<text x=\"\(fixed(left + width, 0))\" y=\"104\" text-anchor=\"end\">\(fixed(span * 1000, 0)) ms</text>"
                + "</svg></figure>\n"
        }
        return html + "</div>\n"
    }

    // MARK: Text

    /// About six round steps across `span` seconds.
    private static func axisTicks(_ span: Double) -> [Double] {
        let steps = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300, 600]
        let step = steps.first { span / $0 <= 8 } ?? span / 6
        return stride(from: 0.0, through: span + 1e-9, by: step).map { $0 }
    }

    /// `value` with `digits` decimals (no exponent, no "-0").
    static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int(scaled / scale), fraction = Int(scaled) - whole * Int(scale)
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard digits > 0 else { return "\(sign)\(whole)" }
        let fractionText = String(fraction)
        return "\(sign)\(whole)." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }

    /// Characters of a recording's string shown at most; the rest is cut.
    static let textLimit = 200

    /// A string from the recording (or the file's name) as page text: cut
    /// (`shortened`), escaped, and isolated (`<bdi>`), so that right-to-left
    /// text in it cannot reorder the page's own words around it.
    static func quoted(_ text: String) -> String {
        "<bdi>" + escape(shortened(text)) + "</bdi>"
    }

    /// `text` cut to `textLimit` characters (Unicode scalars, so that one
    /// character of a million combining marks is cut too), with "…" and
    /// the whole text's size when cut.
    static func shortened(_ text: String) -> String {
        var scalars = text.unicodeScalars.makeIterator()
        var shown = String.UnicodeScalarView()
        for _ in 0..<textLimit {
            guard let scalar = scalars.next() else { return text }
            shown.append(scalar)
        }
        guard scalars.next() != nil else { return text }
        return String(shown) + "… (\(text.utf8.count) bytes)"
    }

    /// Text made safe for HTML and XML alike: markup escaped, and what XML
    /// forbids or a page should not obey replaced by U+FFFD: control
    /// characters (a recording's strings may hold them), non-characters
    /// (U+FFFE and U+FFFF are not XML), and the marks that embed, override
    /// or isolate text direction (U+202E would reverse the page's own words
    /// after it).
    static func escape(_ text: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped.append(contentsOf: "&amp;".unicodeScalars)
            case "<": escaped.append(contentsOf: "&lt;".unicodeScalars)
            case ">": escaped.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": escaped.append(contentsOf: "&quot;".unicodeScalars)
            case "'": escaped.append(contentsOf: "&#39;".unicodeScalars)
            case "\n", "\t": escaped.append(scalar)
            default: escaped.append(isShown(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return String(escaped)
    }

    private static func isShown(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20: false
        // Non-characters: U+FDD0 to U+FDEF, and the last two of every plane.
        case 0xFDD0...0xFDEF: false
        case let value where value & 0xFFFE == 0xFFFE: false
        // Bidirectional embeddings, overrides and isolates.
        case 0x202A...0x202E, 0x2066...0x2069: false
        default: true
        }
    }
}
