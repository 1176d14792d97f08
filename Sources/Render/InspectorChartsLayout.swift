import TouchCore

/// Where the inspector's charts go (`InputCharts`), in logical points of
/// the window: a panel at the canvas's bottom-right corner with a line per
/// device, the latency histograms, then a block of strip charts per
/// contact (speed and event interval; for pens pressure and tilt too).
/// Its size follows what it shows, so the app damages the old and the new
/// panel when a contact or a device comes or goes. It shows only while a
/// contact is down: with none, every rectangle is `Rect.null` and the
/// inspector paints no more than its own panel.
public struct InspectorChartsLayout: Equatable, Sendable {
    public let panel: Rect
    /// The title line.
    public var title: Rect { Rect(x: panel.minX, y: panel.minY, width: panel.width, height: devices.minY - panel.minY) }
    /// The devices' lines.
    public let devices: Rect
    /// One rectangle per histogram (`InspectorChartsPainter.histograms`).
    public let histograms: [Rect]
    /// One block per contact shown, in the order of `InputCharts.contacts`.
    public let contacts: [Rect]

    public static let width = 250.0
    /// Contacts beyond this many get no charts (the panel would outgrow
    /// the window).
    public static let contactLimit = 3
    static let margin = 8.0
    /// A strip chart: its label line and its plot.
    static let stripHeight = PanelStyle.lineHeight + 18
    static let histogramHeight = PanelStyle.lineHeight + 30

    public init(canvasFrame: Rect, charts: InputCharts, histogramCount: Int) {
        guard !charts.contacts.isEmpty else {
            panel = .null
            devices = .null
            histograms = []
            contacts = []
            return
        }
        let line = PanelStyle.lineHeight, padding = PanelStyle.padding
        let shown = charts.contacts.prefix(Self.contactLimit)
        let blockHeights = shown.map { line + Double(Self.strips(for: $0)) * Self.stripHeight }
        let height = 2 * padding + line * Double(1 + charts.devices.count)
            + Double(histogramCount) * Self.histogramHeight + blockHeights.reduce(0, +)
        let left = canvasFrame.maxX - Self.margin - Self.width
        let top = max(canvasFrame.minY + Self.margin, canvasFrame.maxY - Self.margin - height)
        panel = Rect(x: left, y: top, width: Self.width, height: height)
        let inner = left + padding, innerWidth = Self.width - 2 * padding
        var y = top + padding + line
        devices = Rect(x: inner, y: y, width: innerWidth, height: line * Double(charts.devices.count))
        y = devices.maxY
        var histograms: [Rect] = []
        for _ in 0..<histogramCount {
            histograms.append(Rect(x: inner, y: y, width: innerWidth, height: Self.histogramHeight))
            y += Self.histogramHeight
        }
        self.histograms = histograms
        contacts = blockHeights.map { blockHeight in
            defer { y += blockHeight }
            return Rect(x: inner, y: y, width: innerWidth, height: blockHeight)
        }
    }

    /// How many strip charts a contact gets: speed and interval, and for
    /// pens pressure and tilt.
    static func strips(for contact: InputCharts.ContactSeries) -> Int { contact.isPen ? 4 : 2 }
}
