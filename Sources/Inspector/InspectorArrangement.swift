import InspectorModel
import TouchCore

/// Where the inspector's two panels go on a canvas of any size the window
/// may take, so that they never overlap:
///
/// - **beside**: where the canvas is wide enough for both, the text panel
///   at its top-left corner and the charts at its bottom-right, each as
///   tall as the canvas lets it be;
/// - **below**: in a narrower canvas, one column: the charts under the text
///   panel, which gives up recognizers' rows (its heading says how many
///   show) so the charts keep their histograms and one finger's block;
/// - **hidden**: where even that leaves the text panel fewer than
///   `minimumRows` recognizers, the charts go, the text panel takes the
///   height and its last line says why. The charts keep collecting, so a
///   larger window shows them at once.
///
/// Both panels keep `margin` from every edge of the canvas.
///
/// It depends on the canvas, on what the charts hold (their devices'
/// lines) and on how many recognizers the text lists, not on the text
/// itself: the overlay compares the arrangement before and after each
/// change and damages both panels whole when it moved.
public struct InspectorArrangement: Equatable, Sendable {
    enum Placement: Equatable, Sendable {
        case beside, below, hidden
    }

    let placement: Placement
    public let text: InspectorLayout
    /// Nil when hidden.
    public let charts: InspectorChartsLayout?

    /// Points between the canvas's edges and the panels, and between them.
    static let margin = InspectorLayout.margin
    /// Below this many of the recognizers' rows (or all of them when there
    /// are fewer), the text panel keeps the room and the charts go.
    static let minimumRows = 3
    /// The narrowest canvas with the panels side by side.
    static let besideWidth = 3 * margin + InspectorLayout.panelWidth + InspectorChartsLayout.width

    init(canvasFrame: Rect, timeline: RecognizerTimeline, charts: InputCharts, histogramCount: Int) {
        let inner = canvasFrame.insetBy(dx: Self.margin, dy: Self.margin)
        if canvasFrame.width >= Self.besideWidth {
            placement = .beside
            text = InspectorLayout(canvasFrame: canvasFrame, timeline: timeline, bottom: inner.maxY, chartsNote: false)
            self.charts = InspectorChartsLayout(area: inner, charts: charts, histogramCount: histogramCount)
            return
        }
        // The charts' part that is always there and a finger's block
        // (speed and interval) under the text.
        let reserve = InspectorChartsLayout.fixedHeight(devices: charts.devices.count, histograms: histogramCount)
            + InspectorChartsLayout.blockHeight(strips: 2)
        let bottom = inner.maxY - reserve - Self.margin
        let above = InspectorLayout(canvasFrame: canvasFrame, timeline: timeline, bottom: bottom, chartsNote: false)
        guard above.panel.maxY <= bottom, above.shownRows >= min(timeline.rows.count, Self.minimumRows) else {
            placement = .hidden
            text = InspectorLayout(canvasFrame: canvasFrame, timeline: timeline, bottom: inner.maxY, chartsNote: true)
            self.charts = nil
            return
        }
        placement = .below
        text = above
        let top = above.panel.maxY + Self.margin
        let area = Rect(x: inner.minX, y: top, width: InspectorChartsLayout.width, height: inner.maxY - top)
        self.charts = InspectorChartsLayout(area: area, charts: charts, histogramCount: histogramCount)
    }

    /// The two panels (what to damage when the arrangement changes).
    public var panels: [Rect] { [text.panel] + (charts.map { [$0.panel] } ?? []) }
}
