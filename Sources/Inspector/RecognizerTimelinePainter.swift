import CCairo
import InspectorModel
import Render
import TouchCore

/// Draws a `RecognizerTimeline` in a panel: per recognizer, one line with
/// its name and current state (coloured by state), and one with its last
/// transitions, newest at the end (cut at the start when too long), each
/// with the time since the one before:
///
///     longPress   changed
///     possible →began →changed +12ms →changed +16ms
///
/// It paints only what it is given and keeps nothing, so any panel can
/// hold it: the inspector overlay, the gesture playground's side panel.
public enum RecognizerTimelinePainter {
    /// Points each recognizer takes: its two lines.
    public static let rowHeight = 2 * PanelStyle.lineHeight

    /// The height of a panel showing `rows` rows.
    public static func height(rows: Int) -> Double {
        2 * PanelStyle.padding + Double(rows) * rowHeight
    }

    /// Where row `index` goes in a panel at `frame`: what to damage when
    /// that recognizer's row changes.
    public static func rowFrame(_ index: Int, in frame: Rect) -> Rect {
        Rect(x: frame.minX, y: frame.minY + PanelStyle.padding + Double(index) * rowHeight,
             width: frame.width, height: rowHeight)
    }

    /// Paints the panel at `frame` (logical points of the buffer), where
    /// `damage` touches it; other pixels are left as they are. Rows past
    /// the bottom of `frame` are left out. A panel painted frame after
    /// frame should keep a `textCache` for it.
    public static func paint(_ timeline: RecognizerTimeline, in frame: Rect, into buffer: PixelBuffer,
                             damage: [Rect], textCache: PanelTextCache? = nil) {
        let rects = damage.compactMap { buffer.pixelRect(covering: $0.intersection(frame)) }
        guard !rects.isEmpty else { return }
        buffer.drawClipped(to: rects) { cairo in
            cairo_scale(cairo, buffer.scale, buffer.scale)
            PanelStyle.fill(frame, on: cairo)
            PanelStyle.withWriter(on: cairo, scale: buffer.scale, cache: textCache) {
                draw(timeline, in: frame, damage: damage, with: $0)
            }
        }
    }

    /// Draws the rows that `damage` touches (no background) with `writer`,
    /// whose context's user space is the buffer's points.
    static func draw(_ timeline: RecognizerTimeline, in frame: Rect, damage: [Rect], with writer: PanelStyle.Writer) {
        let width = frame.width - 2 * PanelStyle.padding
        // As wide as the longest name (12 to 18 characters), so the
        // playground's "monkey.rotation" is read whole.
        let longest = timeline.rows.lazy.map(\.recognizer.count).max() ?? 0
        let nameColumn = Double(min(max(longest + 1, 12), 18)) * characterWidth
        for (index, row) in timeline.rows.enumerated() {
            let rowFrame = rowFrame(index, in: frame)
            guard rowFrame.maxY <= frame.maxY + 0.5 else { break }
            guard damage.contains(where: { $0.intersects(rowFrame) }) else { continue }
            let x = frame.minX + PanelStyle.padding
            writer.line(row.recognizer, at: Point(x: x, y: rowFrame.minY), width: nameColumn - characterWidth,
                        color: PanelStyle.text)
            writer.line(row.state.description, at: Point(x: x + nameColumn, y: rowFrame.minY),
                        width: width - nameColumn, color: color(of: row.state))
            writer.line(history(of: row), at: Point(x: x, y: rowFrame.minY + PanelStyle.lineHeight),
                        width: width, color: PanelStyle.dimText, cut: PANGO_ELLIPSIZE_START)
        }
    }

    /// The row's transitions as one line: the state it started from, then
    /// each state it went to with the time since the transition before.
    static func history(of row: RecognizerTimeline.Row) -> String {
        guard let first = row.transitions.first else { return "no transitions yet" }
        var text = first.from.description
        var previous: Double?
        for transition in row.transitions {
            text += " →" + transition.to.description
            if let previous { text += " +" + PanelStyle.duration(transition.time - previous) }
            previous = transition.time
        }
        return text
    }

    /// Grey while nothing is recognized, blue while a gesture goes on,
    /// green when recognized, orange cancelled, red failed.
    static func color(of state: GestureRecognizer.State) -> Color {
        switch state {
        case .possible: PanelStyle.dimText
        case .began, .changed: Color(red: 0.45, green: 0.70, blue: 1)
        case .ended: Color(red: 0.40, green: 0.90, blue: 0.45)
        case .cancelled: Color(red: 1, green: 0.70, blue: 0.30)
        case .failed: Color(red: 1, green: 0.42, blue: 0.42)
        }
    }

    /// The advance of one character of the panel's monospace font, about;
    /// only for lining up the state column.
    static let characterWidth = 6.6
}
