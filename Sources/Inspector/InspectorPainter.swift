import CCairo
import InspectorModel
import Presentation
import Render
import Timing
import TouchCore

/// Paints the inspector overlay (`InspectorModel` at `InspectorLayout`'s
/// places) over a frame that is otherwise complete, clipped to the frame's
/// damage: it only ever covers pixels, so the drawing under it is whole
/// again as soon as the same damage is drawn without it.
public enum InspectorPainter {
    /// A blue no line of the drawing has, seen on white paper and on black.
    static let ringColor = Color(red: 0.10, green: 0.45, blue: 0.95)

    /// Paints the parts of the overlay inside `damage` (logical points of
    /// the window) into `buffer`; `now` is the model's clock, for ages
    /// and rates. The overlay is painted frame after frame: keep a
    /// `textCache` for it.
    public static func paint(_ model: InspectorModel, now: Double, canvasFrame: Rect, into buffer: PixelBuffer,
                             damage: [Rect], textCache: PanelTextCache? = nil) {
        let arrangement = arrangement(model, canvasFrame: canvasFrame)
        let layout = arrangement.text
        let panelDamaged = damage.contains { $0.intersects(layout.panel) }
        let locations = model.contacts.map(\.location)
        let labels = InspectorLayout.labelFrames(at: locations, in: canvasFrame)
        let contacts = model.contacts.indices.filter { index in
            let bounds = InspectorLayout.ringBounds(at: locations[index]).union(labels[index])
            return damage.contains { $0.intersects(bounds) }
        }
        let charts = arrangement.charts.flatMap { charts in damage.contains { $0.intersects(charts.panel) } ? charts : nil }
        guard panelDamaged || charts != nil || !contacts.isEmpty else { return }
        buffer.drawClipped(to: damage.compactMap { buffer.pixelRect(covering: $0) }) { cairo in
            cairo_scale(cairo, buffer.scale, buffer.scale)
            PanelStyle.withWriter(on: cairo, scale: buffer.scale, cache: textCache) { writer in
                if panelDamaged { drawPanel(model, layout: layout, damage: damage, with: writer) }
                if let charts { InspectorChartsPainter.draw(model, layout: charts, damage: damage, with: writer) }
                for index in contacts { draw(model.contacts[index], label: labels[index], now: now, with: writer) }
            }
        }
    }

    /// Where the panels of `model` go on a canvas at `canvasFrame`.
    public static func arrangement(_ model: InspectorModel, canvasFrame: Rect) -> InspectorArrangement {
        InspectorArrangement(canvasFrame: canvasFrame, timeline: model.timeline, charts: model.charts,
                             histogramCount: model.histograms.count)
    }

    private static func drawPanel(_ model: InspectorModel, layout: InspectorLayout, damage: [Rect],
                                  with writer: PanelStyle.Writer) {
        PanelStyle.fill(layout.panel, on: writer.cairo)
        let x = layout.panel.minX + PanelStyle.padding
        let width = layout.panel.width - 2 * PanelStyle.padding
        let line = PanelStyle.lineHeight
        func text(_ text: String, _ y: Double, _ color: Color = PanelStyle.text) {
            writer.line(text, at: Point(x: x, y: y), width: width, color: color)
        }
        // Each line is laid out only when damaged: a motion redraws the
        // frames' lines, not every line of the panel.
        func isDamaged(_ rect: Rect) -> Bool { damage.contains { $0.intersects(rect) } }
        func lineFrame(_ y: Double) -> Rect { Rect(x: layout.panel.minX, y: y, width: layout.panel.width, height: line) }
        let top = layout.panel.minY + PanelStyle.padding
        if isDamaged(lineFrame(top)) { text("Inspector · F12 or the menu hides it", top) }
        if isDamaged(layout.latency) {
            text("latency: event time (compositor) → our commit", layout.latency.minY, PanelStyle.dimText)
            text(latencyText(model.latency), layout.latency.minY + line)
        }
        if isDamaged(layout.presentation) {
            let (heading, value) = presentationLines(model)
            text(heading, layout.presentation.minY, PanelStyle.dimText)
            text(value, layout.presentation.minY + line)
        }
        if isDamaged(layout.protocols) { text(protocolsText(model.protocolsOffered), layout.protocols.minY) }
        if isDamaged(lineFrame(layout.frames.minY - line)) {
            text("frames (one wl_touch.frame a line)", layout.frames.minY - line, PanelStyle.dimText)
        }
        if isDamaged(layout.frames) {
            for (index, frame) in model.frames.reversed().enumerated() {
                text(frameText(frame), layout.frames.minY + Double(index) * line)
            }
        }
        if isDamaged(layout.recognizersHeading) {
            text(recognizersHeading(shown: layout.shownRows, of: model.timeline.rows.count),
                 layout.recognizersHeading.minY, PanelStyle.dimText)
        }
        RecognizerTimelinePainter.draw(model.timeline, in: layout.timeline, damage: damage, with: writer)
        if let note = layout.chartsNote, isDamaged(note) { text(chartsNote, note.minY, PanelStyle.dimText) }
    }

    private static func draw(_ contact: InspectorModel.Contact, label: Rect, now: Double,
                             with writer: PanelStyle.Writer) {
        let cairo = writer.cairo
        let center = contact.location
        ringColor.set(on: cairo)
        cairo_set_line_width(cairo, InspectorLayout.ringWidth)
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, center.x, center.y, InspectorLayout.ringRadius, 0, 2 * Double.pi)
        cairo_stroke(cairo)
        PanelStyle.fill(label, on: cairo)
        let width = label.width - 6
        for (index, line) in contactText(contact, now: now).enumerated() {
            writer.line(line, at: Point(x: label.minX + 3, y: label.minY + 2 + Double(index) * PanelStyle.lineHeight),
                        width: width, color: PanelStyle.text)
        }
    }

    /// The recognizers' heading, with how many of them fit when not all do.
    static func recognizersHeading(shown: Int, of count: Int) -> String {
        shown < count ? "recognizers: \(shown) of \(count) fit the window" : "recognizers"
    }

    /// The text panel's last line when the charts have no room.
    static let chartsNote = "charts hidden: the window is too small"

    /// A contact's two lines: who it is, then what it does (its age with
    /// "≥" when it was down before the overlay opened).
    ///
    ///     seat0 #3 finger
    ///     move 1.2s 118Hz f41
    static func contactText(_ contact: InspectorModel.Contact, now: Double) -> [String] {
        let age = (contact.age(at: now) * 10).rounded(.down) / 10
        return ["\(contact.device.seat) #\(contact.id) \(name(of: contact.device.kind))",
                "\(name(of: contact.phase)) \(contact.sawDown ? "" : "≥")\(age)s "
                    + "\(Int(contact.rate(at: now).rounded()))Hz f\(contact.frame)"]
    }

    /// A frame's line: its number, where it came from, its changes in order.
    ///
    ///     f41 seat0 finger: 1 move, 2 move
    static func frameText(_ frame: InspectorModel.FrameGroup) -> String {
        guard let device = frame.device, !frame.cancelsAll else { return "f\(frame.serial) cancel every touch" }
        let changes = frame.changes.map { "\($0.id) \(name(of: $0.phase))" }.joined(separator: ", ")
        return "f\(frame.serial) \(device.seat) \(name(of: device.kind)): \(changes)"
    }

    /// The line of the modern protocols offered, by compact name (the
    /// panel has room for one line of about 40 characters).
    ///
    ///     cursor2 timing fifo dialog color tablet2
    static func protocolsText(_ offered: [String]) -> String {
        offered.isEmpty ? "no modern protocols offered" : offered.joined(separator: " ")
    }

    static func latencyText(_ latency: LatencyReadout) -> String {
        if let difference = latency.unrelatedClockDifference {
            return "event times not on our clock (\(PanelStyle.duration(difference)) apart)"
        }
        guard let last = latency.last, let median = latency.median, let maximum = latency.maximum else {
            return "no input yet"
        }
        return "last \(PanelStyle.duration(last)) median \(PanelStyle.duration(median))"
            + " max \(PanelStyle.duration(maximum)) of \(latency.samples.count)"
    }

    /// Input → on screen's heading and value: from presentation feedback,
    /// or, while the compositor gives none, estimated from frame callbacks.
    static func presentationLines(_ model: InspectorModel) -> (heading: String, value: String) {
        if model.presentation.showsEstimate {
            return (estimateHeading(offered: model.presentationOffered), estimateText(model.presentation))
        }
        return (presentationHeading(pacedForLatch: model.pacedForLatch, statistics: model.presentation),
                presentationText(model.presentation, offered: model.presentationOffered,
                                 unanswered: model.presentationUnanswered))
    }

    /// The heading of the estimate, marked "≈", with why there is no
    /// measurement (short: the panel holds about 40 characters a line).
    static func estimateHeading(offered: Bool) -> String {
        "≈ on screen, callbacks: " + (offered ? "no feedback" : "no wp_presentation")
    }

    /// The estimated input → on screen (input → composited): the last,
    /// median and 99th percentile over how many frames, or, where the
    /// event times are on another clock, from the app's receipt.
    ///
    ///     last 17ms median 16ms p99 33ms of 120
    ///     last 17 median 16 p99 33ms, from receipt
    static func estimateText(_ statistics: PresentationStatistics) -> String {
        guard let last = statistics.estimatedLast, let median = statistics.estimatedMedian,
              let p99 = statistics.estimatedP99 else {
            return "no frame with input composited yet"
        }
        func ms(_ seconds: Double) -> String { "\(Int((seconds * 1000).rounded()))" }
        if statistics.estimatesFromReceipt > 0 {
            return "last \(ms(last)) median \(ms(median)) p99 \(ms(p99))ms, from receipt"
        }
        return "last \(PanelStyle.duration(last)) median \(PanelStyle.duration(median))"
            + " p99 \(PanelStyle.duration(p99)) of \(statistics.estimatedLatencies.count)"
    }

    /// The heading of input → on screen, with how input frames are paced:
    /// until frames tell their pacing, how they are paced now (for the
    /// compositor's predicted latch, or by its frame callbacks); then the
    /// share of the last `PresentationStatistics.capacity` paced each way,
    /// latch, at once and frame callback, in that order (the panel cuts
    /// long lines at its edge, and the last share is the rest of 100%).
    ///
    ///     → on screen: 75% latch 20% at once 5% callback
    static func presentationHeading(pacedForLatch: Bool,
                                    statistics: PresentationStatistics = PresentationStatistics()) -> String {
        let shares = [(FramePresentation.Pacing.latch, "latch"), (.atOnce, "at once"), (.frameCallback, "callback")]
            .compactMap { pacing, name in statistics.share(pacedBy: pacing).map { "\(Int(($0 * 100).rounded()))% \(name)" } }
        guard shares.isEmpty else { return "→ on screen: " + shares.joined(separator: " ") }
        return "→ on screen, last \(PresentationStatistics.capacity) frames, paced: \(pacedForLatch ? "latch" : "frame callback")"
    }

    /// Input → on screen: the last, median and 99th percentile, and the
    /// share of frames discarded.
    ///
    ///     last 31ms median 30ms p99 45ms, 0% discarded
    static func presentationText(_ statistics: PresentationStatistics, offered: Bool,
                                 unanswered: Bool = false) -> String {
        guard offered else { return "the compositor offers no wp_presentation" }
        guard !statistics.frames.isEmpty else {
            return unanswered ? "the compositor answers no feedback request" : "no frame with input presented yet"
        }
        let discarded = "\(Int((statistics.discardedShare * 100).rounded()))% discarded"
        guard let last = statistics.last, let median = statistics.median, let p99 = statistics.p99 else {
            if statistics.unrelatedClockFrames > 0 {
                return "presentation clock \(statistics.clock ?? 0) is not the events' clock, \(discarded)"
            }
            return "every frame discarded"
        }
        return "last \(PanelStyle.duration(last)) median \(PanelStyle.duration(median))"
            + " p99 \(PanelStyle.duration(p99)), \(discarded)"
    }

    /// The kinds as a person calls them: the pointer is the mouse.
    static func name(of kind: Touch.Kind) -> String {
        switch kind {
        case .finger: "finger"
        case .pointer: "mouse"
        case .pen: "pen"
        case .eraser: "eraser"
        }
    }

    /// The phases by their protocol names (`wl_touch.down`, …).
    static func name(of phase: RawTouch.Phase) -> String {
        switch phase {
        case .down: "down"
        case .move: "move"
        case .up: "up"
        case .cancel: "cancel"
        }
    }
}
