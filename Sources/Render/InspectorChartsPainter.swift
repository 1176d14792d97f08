import CCairo
import TouchCore

/// Paints the inspector's charts (`InputCharts` at `InspectorChartsLayout`'s
/// places) as part of the inspector overlay: each device's median event
/// rate and events per frame, histograms of latency, and each contact's
/// strip charts over the last two seconds, ending at the newest event.
public enum InspectorChartsPainter {
    /// The latency histograms, title and samples in milliseconds: to our
    /// commit (`LatencyReadout`) and to the screen (`PresentationStatistics`).
    static func histograms(_ model: InspectorModel) -> [(title: String, milliseconds: [Double])] {
        [("input → commit", model.latency.samples.map { $0 * 1000 }),
         ("input → presented", model.presentation.latencies.map { $0 * 1000 })]
    }

    static let speedColor = Color(red: 0.21, green: 0.52, blue: 0.89)
    static let intervalColor = Color(red: 0.90, green: 0.38, blue: 0.0)
    static let pressureColor = Color(red: 0.20, green: 0.82, blue: 0.48)
    static let tiltColor = Color(red: 0.75, green: 0.38, blue: 0.80)
    /// Histogram bins: 2 ms wide up to 50 ms, then one for the rest.
    static let binWidth = 2.0, binCount = 26

    /// Paints the parts of the charts inside `damage`: the app damages a
    /// contact's block when it moves, the devices' lines with every frame
    /// and a histogram when its latency changes, and only those are laid out.
    static func draw(_ model: InspectorModel, layout: InspectorChartsLayout, damage: [Rect],
                     with writer: PanelStyle.Writer) {
        func isDamaged(_ rect: Rect) -> Bool { damage.contains { $0.intersects(rect) } }
        PanelStyle.fill(layout.panel, on: writer.cairo)
        let line = PanelStyle.lineHeight
        let x = layout.devices.minX, width = layout.devices.width
        if isDamaged(layout.title) {
            writer.line("charts, the last \(Int(InputCharts.window)) s; median rates", at: Point(x: x, y: layout.panel.minY + PanelStyle.padding),
                        width: width, color: PanelStyle.dimText)
        }
        if isDamaged(layout.devices) {
            for (index, device) in model.charts.devices.enumerated() {
                writer.line(deviceText(device), at: Point(x: x, y: layout.devices.minY + Double(index) * line),
                            width: width, color: PanelStyle.text)
            }
        }
        for (rect, histogram) in zip(layout.histograms, histograms(model)) where isDamaged(rect) {
            drawHistogram(histogram.title, histogram.milliseconds, in: rect, with: writer)
        }
        // Each contact's strips end at its own newest event, so a motion
        // changes its block alone.
        for (rect, contact) in zip(layout.contacts, model.charts.contacts) where isDamaged(rect) {
            drawStrips(contact, endingAt: contact.samples.last?.time ?? 0, in: rect, with: writer)
        }
    }

    /// A device's line: its median event rate and events per frame.
    public static func deviceText(_ device: InputCharts.DeviceSeries) -> String {
        let rate = device.medianRate.map { "\(Int($0.rounded())) Hz" } ?? "– Hz"
        let perFrame = device.eventsPerFrame.map { "\(($0 * 10).rounded() / 10)" } ?? "–"
        return "\(device.device.seat) \(InspectorPainter.name(of: device.device.kind)): \(rate), \(perFrame) per frame"
    }

    private static func drawHistogram(_ title: String, _ milliseconds: [Double], in rect: Rect,
                                      with writer: PanelStyle.Writer) {
        let line = PanelStyle.lineHeight
        let median = milliseconds.sorted().dropFirst(milliseconds.count / 2).first
        writer.line("\(title): " + (median.map { "median \(Int($0.rounded())) ms of \(milliseconds.count)" } ?? "none yet"),
                    at: Point(x: rect.minX, y: rect.minY), width: rect.width, color: PanelStyle.dimText)
        var bins = [Int](repeating: 0, count: binCount)
        for value in milliseconds where value >= 0 { bins[min(binCount - 1, Int(value / binWidth))] += 1 }
        let plot = Rect(x: rect.minX, y: rect.minY + line + 2, width: rect.width, height: rect.height - line - 6)
        let tallest = Double(bins.max() ?? 0)
        let cairo = writer.cairo
        PanelStyle.dimText.set(on: cairo)
        cairo_rectangle(cairo, plot.minX, plot.maxY, plot.width, 1)
        cairo_fill(cairo)
        guard tallest > 0 else { return }
        speedColor.set(on: cairo)
        let barWidth = plot.width / Double(binCount)
        for (index, count) in bins.enumerated() where count > 0 {
            let height = Double(count) / tallest * plot.height
            cairo_rectangle(cairo, plot.minX + barWidth * Double(index), plot.maxY - height, barWidth - 1, height)
        }
        cairo_fill(cairo)
    }

    private static func drawStrips(_ contact: InputCharts.ContactSeries, endingAt end: Double, in rect: Rect,
                                   with writer: PanelStyle.Writer) {
        let line = PanelStyle.lineHeight
        writer.line("\(contact.device.seat) #\(contact.id) \(InspectorPainter.name(of: contact.device.kind))",
                    at: Point(x: rect.minX, y: rect.minY), width: rect.width, color: PanelStyle.text)
        var strips: [(String, String, [(time: Double, value: Double)], Color)] = [
            ("speed", "pt/s", contact.speeds, speedColor),
            ("interval", "ms", contact.intervals, intervalColor),
        ]
        if contact.isPen {
            strips.append(("pressure", "", contact.samples.compactMap { s in s.pressure.map { (s.time, $0) } },
                           pressureColor))
            strips.append(("tilt", "°", contact.samples.compactMap { s in
                s.tilt.map { (s.time, ($0.x * $0.x + $0.y * $0.y).squareRoot()) }
            }, tiltColor))
        }
        for (index, strip) in strips.enumerated() {
            let top = rect.minY + line + Double(index) * InspectorChartsLayout.stripHeight
            let (name, unit, series, color) = strip
            let latest = series.last.map { "\(Int($0.value.rounded()))\(unit.isEmpty ? "" : " " + unit)" } ?? "–"
            let peak = series.map(\.value).max() ?? 0
            let shown = name == "pressure" ? (series.last.map { "\(($0.value * 100).rounded() / 100)" } ?? "–") : latest
            writer.line("\(name) \(shown)", at: Point(x: rect.minX, y: top), width: rect.width, color: PanelStyle.dimText)
            let plot = Rect(x: rect.minX, y: top + line + 1, width: rect.width, height: InspectorChartsLayout.stripHeight - line - 4)
            drawSeries(series, endingAt: end, scale: name == "pressure" ? 1 : max(peak, 1e-9), in: plot, color: color,
                       on: writer.cairo)
        }
    }

    /// A line through `series` over the last `InputCharts.window` seconds
    /// before `end`, its values from 0 at the bottom to `scale` at the top.
    private static func drawSeries(_ series: [(time: Double, value: Double)], endingAt end: Double, scale: Double,
                                   in plot: Rect, color: Color, on cairo: OpaquePointer) {
        Color(red: 1, green: 1, blue: 1, alpha: 0.08).set(on: cairo)
        cairo_rectangle(cairo, plot.minX, plot.minY, plot.width, plot.height)
        cairo_fill(cairo)
        guard !series.isEmpty else { return }
        let start = end - InputCharts.window
        // A point in from the top and bottom: a line at 0 or at the peak
        // stays whole inside the plot.
        let inset = 1.0
        func point(_ sample: (time: Double, value: Double)) -> Point {
            Point(x: plot.minX + max(0, sample.time - start) / InputCharts.window * plot.width,
                  y: plot.maxY - inset - min(1, max(0, sample.value / scale)) * (plot.height - 2 * inset))
        }
        color.set(on: cairo)
        // Two points: at least one whole row of pixels, in the line's colour.
        cairo_set_line_width(cairo, 2)
        let first = point(series[0])
        cairo_move_to(cairo, first.x, first.y)
        for sample in series.dropFirst() {
            let next = point(sample)
            cairo_line_to(cairo, next.x, next.y)
        }
        if series.count == 1 { cairo_line_to(cairo, first.x + 1, first.y) }
        cairo_stroke(cairo)
    }
}
