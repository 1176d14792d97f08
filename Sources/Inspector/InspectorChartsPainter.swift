import CCairo
import InspectorModel
import TouchCore

/// Paints the inspector's charts (`InputCharts` at `InspectorChartsLayout`'s
/// places) as part of the inspector overlay: each device's median event
/// rate and events per frame, histograms of latency, and each contact's
/// strip charts. Only what lies in the damage is laid out and painted: a
/// motion's damage is a few columns of a contact's plots and its values.
enum InspectorChartsPainter {
    /// The histograms' titles, in the order of `InspectorModel.histograms`:
    /// to our commit (`LatencyReadout`) and to the screen
    /// (`PresentationStatistics`), or its estimate from frame callbacks
    /// while the compositor gives no feedback.
    static func histogramTitles(_ model: InspectorModel) -> [String] {
        ["input → commit", model.presentation.showsEstimate ? "≈ input → composited" : "input → presented"]
    }

    static func colour(of quantity: InputCharts.Quantity) -> Color {
        switch quantity {
        case .speed: Color(red: 0.21, green: 0.52, blue: 0.89)
        case .interval: Color(red: 0.90, green: 0.38, blue: 0.0)
        case .pressure: Color(red: 0.20, green: 0.82, blue: 0.48)
        case .tilt: Color(red: 0.75, green: 0.38, blue: 0.80)
        }
    }

    static let plotBackground = Color(red: 1, green: 1, blue: 1, alpha: 0.08)
    static let histogramColor = colour(of: .speed)

    /// Paints the parts of the charts inside `damage`.
    static func draw(_ model: InspectorModel, layout: InspectorChartsLayout, damage: [Rect],
                     with writer: PanelStyle.Writer) {
        func isDamaged(_ rect: Rect) -> Bool { damage.contains { $0.intersects(rect) } }
        PanelStyle.fill(layout.panel, on: writer.cairo)
        let x = layout.title.minX, width = layout.title.width
        if isDamaged(layout.title) {
            writer.line("charts, the last \(Int(InputCharts.window)) s; median rates", at: Point(x: x, y: layout.title.minY),
                        width: width, color: PanelStyle.dimText)
        }
        if isDamaged(layout.devices) {
            let lines = model.charts.devices.isEmpty ? ["no touch yet"] : model.charts.devices.map(deviceText)
            for (index, text) in lines.enumerated() {
                writer.line(text, at: Point(x: x, y: layout.devices.minY + Double(index) * PanelStyle.lineHeight),
                            width: width, color: PanelStyle.text)
            }
        }
        let titles = histogramTitles(model)
        for (index, rect) in layout.histograms.enumerated() where isDamaged(rect) && index < model.histograms.count {
            drawHistogram(titles[index], model.histograms[index], in: rect, damage: damage, with: writer)
        }
        for (rect, contact) in zip(layout.contacts, model.charts.contacts) where isDamaged(rect) {
            drawBlock(contact, in: rect, damage: damage, with: writer)
        }
    }

    /// A device's line: its median event rate and events per frame.
    static func deviceText(_ device: InputCharts.DeviceSeries) -> String {
        let rate = device.medianRate.map { "\(Int($0.rounded())) Hz" } ?? "– Hz"
        let perFrame = device.eventsPerFrame.map { "\(($0 * 10).rounded() / 10)" } ?? "–"
        return "\(device.device.seat) \(InspectorPainter.name(of: device.device.kind)): \(rate), \(perFrame) per frame"
    }

    /// A histogram's title line.
    static func histogramText(_ title: String, _ histogram: LatencyHistogram) -> String {
        "\(title): " + (histogram.median.map { "median \(Int($0.rounded())) ms of \(histogram.count)" } ?? "none yet")
    }

    private static func drawHistogram(_ title: String, _ histogram: LatencyHistogram, in rect: Rect, damage: [Rect],
                                      with writer: PanelStyle.Writer) {
        let titleLine = InspectorChartsLayout.title(ofHistogram: rect)
        if damage.contains(where: { $0.intersects(titleLine) }) {
            writer.line(histogramText(title, histogram), at: titleLine.origin, width: rect.width, color: PanelStyle.dimText)
        }
        let axis = InspectorChartsLayout.bars(0...(LatencyHistogram.binCount - 1), inHistogram: rect)
        let cairo = writer.cairo
        PanelStyle.dimText.set(on: cairo)
        cairo_rectangle(cairo, axis.minX, axis.maxY - 1, axis.width, 1)
        cairo_fill(cairo)
        histogramColor.set(on: cairo)
        let height = axis.height - 1
        for (index, count) in histogram.bins.enumerated() where count > 0 {
            let bar = InspectorChartsLayout.bars(index...index, inHistogram: rect)
            let barHeight = Double(min(count, histogram.scale)) / Double(histogram.scale) * height
            cairo_rectangle(cairo, bar.minX, bar.minY + height - barHeight, bar.width - 1, barHeight)
        }
        cairo_fill(cairo)
    }

    private static func drawBlock(_ contact: InputCharts.ContactSeries, in block: Rect, damage: [Rect],
                                  with writer: PanelStyle.Writer) {
        func isDamaged(_ rect: Rect) -> Bool { damage.contains { $0.intersects(rect) } }
        let heading = Rect(x: block.minX, y: block.minY, width: block.width, height: PanelStyle.lineHeight)
        if isDamaged(heading) {
            writer.line("\(contact.device.seat) #\(contact.id) \(InspectorPainter.name(of: contact.device.kind))"
                            + (contact.isEnded ? ", ended" : ""),
                        at: heading.origin, width: block.width, color: contact.isEnded ? PanelStyle.dimText : PanelStyle.text)
        }
        for (index, strip) in contact.strips.enumerated() {
            let rect = InspectorChartsLayout.strip(index, in: block)
            guard isDamaged(rect) else { continue }
            let text = InspectorChartsLayout.text(ofStrip: rect)
            if isDamaged(text) {
                let lines = stripText(strip)
                writer.line(lines.name, at: text.origin, width: text.width, color: PanelStyle.dimText)
                writer.line(lines.value, at: Point(x: text.minX, y: text.minY + PanelStyle.lineHeight), width: text.width,
                            color: contact.isEnded ? PanelStyle.dimText : PanelStyle.text)
            }
            drawPlot(strip, in: InspectorChartsLayout.plot(ofStrip: rect), damage: damage, on: writer.cairo)
        }
    }

    /// A strip's two lines: what it shows and the top of its scale, then
    /// its newest value.
    ///
    ///     speed ≤2000
    ///     1250 pt/s
    static func stripText(_ strip: InputCharts.Strip) -> (name: String, value: String) {
        let chart = strip.chart, unit = strip.quantity.unit
        let name = strip.quantity == .pressure ? "pressure" : "\(strip.quantity.name) ≤\(Int(chart.scale))\(unit == "°" ? unit : "")"
        let value: String
        switch (strip.quantity, chart.latest) {
        case (_, nil): value = "–"
        case (.pressure, let latest?): value = "\((latest * 100).rounded() / 100)"
        case (.interval, let latest?): value = "\((latest * 10).rounded() / 10) ms"
        case (.tilt, let latest?): value = "\(Int(latest.rounded()))°"
        case (.speed, let latest?): value = "\(Int(latest.rounded())) \(unit)"
        }
        return (name, value)
    }

    /// The columns of a strip's plot inside `damage`: each a point wide,
    /// its line's span from the bottom (0) to the top (the scale), at least
    /// two points tall so a flat line shows.
    private static func drawPlot(_ strip: InputCharts.Strip, in plot: Rect, damage: [Rect], on cairo: OpaquePointer) {
        let chart = strip.chart
        // The columns a damage rectangle touches, with a column either side
        // for the device pixels a fractional scale shares between them.
        var first = chart.columnCount, last = -1
        for rect in damage where rect.intersects(plot) {
            first = min(first, max(0, Int((rect.minX - plot.minX).rounded(.down)) - 1))
            last = max(last, min(chart.columnCount - 1, Int((rect.maxX - plot.minX).rounded(.up))))
        }
        guard first <= last else { return }
        plotBackground.set(on: cairo)
        cairo_rectangle(cairo, plot.minX + Double(first), plot.minY, Double(last - first + 1), plot.height)
        cairo_fill(cairo)
        colour(of: strip.quantity).set(on: cairo)
        let inset = 1.0, height = plot.height - 2 * inset
        func y(_ value: Double) -> Double { plot.maxY - inset - min(1, max(0, value / chart.scale)) * height }
        for position in first...last {
            guard let column = chart.columns[position] else { continue }
            let top = y(column.high), bottom = y(column.low)
            let middle = (top + bottom) / 2, span = max(2, bottom - top)
            cairo_rectangle(cairo, plot.minX + Double(position), middle - span / 2, 1, span)
        }
        cairo_fill(cairo)
    }
}
