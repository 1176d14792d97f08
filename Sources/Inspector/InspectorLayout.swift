import InspectorModel
import TouchCore

/// Where the inspector overlay paints, in logical points of the window:
/// a ring and a two-line label at every contact, and a panel at the
/// canvas's top-left corner with the latencies, the modern protocols the
/// compositor offers, the last frames and the recognizers. Every piece has a fixed size, so the app knows what to
/// damage when one piece changes without measuring any text.
///
/// The panel ends above `bottom` (`InspectorArrangement` decides it): the
/// recognizers' rows that do not fit are left out, and their heading says
/// how many show. When the charts have no room, a last line says so.
public struct InspectorLayout: Equatable, Sendable {
    /// The whole panel.
    public let panel: Rect
    /// The two latency lines: input → our commit.
    public let latency: Rect
    /// The two lines of input → on screen (`wp_presentation`).
    public let presentation: Rect
    /// The line of the modern protocols offered.
    public let protocols: Rect
    /// The lines of the last frames (`InspectorModel.frameCapacity`).
    public let frames: Rect
    /// The recognizers' heading line.
    let recognizersHeading: Rect
    /// The recognizers' rows shown (`RecognizerTimelinePainter`).
    public let timeline: Rect
    /// How many of the recognizers' rows fit: the first ones.
    let shownRows: Int
    /// The line saying the charts are hidden, when they are.
    let chartsNote: Rect?

    /// Points between the canvas's edges and the panels: libadwaita's
    /// 12-point margin, so the charts in the bottom corner stay clear of
    /// the window's edge and its resize border (issue 36).
    static let margin = 12.0
    /// About 40 characters of the 11-point font a line, and still inside
    /// the narrowest canvas (320 points) with its margins.
    public static let panelWidth = 296.0
    /// Lines above the timeline: the title, the latency's label and value,
    /// the presentation's label and value, the protocols offered, the
    /// frames' heading and frames, and the recognizers' heading. (The
    /// smallest window's canvas has room for no more.)
    static let textLines = 8 + InspectorModel.frameCapacity

    /// - Parameters:
    ///   - bottom: the lowest the panel may reach (window points); the
    ///     lines above the recognizers are always there, however short.
    ///   - chartsNote: whether to end with the line saying the charts are hidden.
    init(canvasFrame: Rect, timeline recognizers: RecognizerTimeline, bottom: Double, chartsNote: Bool) {
        let line = PanelStyle.lineHeight
        let left = canvasFrame.minX + Self.margin
        // The lines above the recognizers are always there: where the canvas
        // is too short for them and both margins (the smallest windows), the
        // margins above and below give way, evenly, so they stay inside it.
        let leastHeight = 3 * PanelStyle.padding + Double(Self.textLines) * line + (chartsNote ? line : 0)
        let top = canvasFrame.minY + min(Self.margin, max(0, (canvasFrame.height - leastHeight) / 2))
        let width = Self.panelWidth
        let textTop = top + PanelStyle.padding
        latency = Rect(x: left, y: textTop + line, width: width, height: 2 * line)
        presentation = Rect(x: left, y: textTop + 3 * line, width: width, height: 2 * line)
        protocols = Rect(x: left, y: textTop + 5 * line, width: width, height: line)
        frames = Rect(x: left, y: textTop + 7 * line, width: width, height: Double(InspectorModel.frameCapacity) * line)
        let timelineTop = textTop + Double(Self.textLines) * line
        // The heading sits in the timeline's top padding.
        recognizersHeading = Rect(x: left, y: timelineTop - line + PanelStyle.padding, width: width, height: line)
        let noteHeight = chartsNote ? line : 0
        let room = bottom - timelineTop - 2 * PanelStyle.padding - noteHeight
        let fitting = room > 0 ? Int((room / RecognizerTimelinePainter.rowHeight).rounded(.down)) : 0
        shownRows = min(recognizers.rows.count, fitting)
        timeline = Rect(x: left, y: timelineTop, width: width, height: RecognizerTimelinePainter.height(rows: shownRows))
        // The note's line below the rows, then the panel's padding.
        self.chartsNote = chartsNote ? Rect(x: left, y: timeline.maxY - PanelStyle.padding, width: width,
                                            height: line + PanelStyle.padding) : nil
        panel = Rect(x: left, y: top, width: width, height: (self.chartsNote?.maxY ?? timeline.maxY) - top)
    }

    /// The ring's radius: a fingertip's size, so it shows around the finger.
    static let ringRadius = 22.0
    static let ringWidth = 2.0
    /// The label beside a ring: seat, id and kind; phase, age, rate, frame
    /// (placed by `labelFrames(at:in:)`).
    static let labelSize = Size(width: 180, height: 2 * PanelStyle.lineHeight + 4)

    /// Where timeline row `index` is painted; nil for a row left out.
    func timelineRow(_ index: Int) -> Rect? {
        index < shownRows ? RecognizerTimelinePainter.rowFrame(index, in: timeline) : nil
    }
}
