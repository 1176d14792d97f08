import InspectorModel
import TouchCore

/// Where the inspector's charts go (`InputCharts`), in logical points of
/// the window: a panel at the bottom-right corner of the area
/// `InspectorArrangement` gives them. Its bottom part is always there
/// while the charts show: a title line, a line per device (one saying there
/// is none yet before the first) and the latency histograms. Above it, a
/// block per contact charted (a heading line, then a strip per quantity:
/// its name and value on the left, its plot on the right), the first
/// nearest the title, so a contact coming or going only adds or takes away
/// a block at the top and moves nothing else.
///
/// A plot has one point per column of its `StripChart`, so the columns a
/// motion changed are a sliver of it (`columns(_:in:strips:)`).
public struct InspectorChartsLayout: Equatable, Sendable {
    public let panel: Rect
    /// The title line.
    public let title: Rect
    /// The devices' lines.
    public let devices: Rect
    /// One rectangle per histogram (`InspectorModel.histograms`).
    public let histograms: [Rect]
    /// One block per contact shown, in the order of `InputCharts.contacts`,
    /// stacked upwards.
    public let contacts: [Rect]

    public static let width = 250.0
    /// Contacts beyond this many get no charts (nor those that would
    /// leave the area).
    static let contactLimit = 3
    static let line = PanelStyle.lineHeight
    /// A strip: its name line and value line beside its plot.
    static let stripHeight = 2 * line + 1
    static let histogramHeight = line + 30
    /// The name and value column left of the plots.
    static let textWidth = width - 2 * PanelStyle.padding - Double(InputCharts.columnCount) - 4

    /// - Parameter area: where the panel may go (window points): it sits
    ///   at its bottom-right corner, as tall as its contacts' blocks that
    ///   fit in it make it.
    init(area: Rect, charts: InputCharts, histogramCount: Int) {
        let padding = PanelStyle.padding
        let left = area.maxX - Self.width
        let inner = left + padding, innerWidth = Self.width - 2 * padding
        var y = area.maxY - padding - Double(histogramCount) * Self.histogramHeight
        histograms = (0..<histogramCount).map { index in
            Rect(x: inner, y: y + Double(index) * Self.histogramHeight, width: innerWidth, height: Self.histogramHeight)
        }
        let deviceLines = Double(max(1, charts.devices.count))
        devices = Rect(x: inner, y: y - deviceLines * Self.line, width: innerWidth, height: deviceLines * Self.line)
        title = Rect(x: inner, y: devices.minY - Self.line, width: innerWidth, height: Self.line)
        y = title.minY
        var contacts: [Rect] = []
        for contact in charts.contacts.prefix(Self.contactLimit) {
            let height = Self.blockHeight(strips: contact.strips.count)
            guard y - height - padding >= area.minY else { break }
            y -= height
            contacts.append(Rect(x: inner, y: y, width: innerWidth, height: height))
        }
        self.contacts = contacts
        panel = Rect(x: left, y: y - padding, width: Self.width, height: area.maxY - (y - padding))
    }

    /// The height of the panel's part that is always there, with
    /// `devices` devices' lines and `histograms` histograms.
    static func fixedHeight(devices: Int, histograms: Int) -> Double {
        2 * PanelStyle.padding + Double(1 + max(1, devices)) * line + Double(histograms) * histogramHeight
    }

    /// The height of a contact's block of `strips` strips.
    static func blockHeight(strips: Int) -> Double {
        line + Double(strips) * stripHeight
    }

    /// Strip `index` of the contact whose block is `block`: its name and
    /// value column and its plot.
    public static func strip(_ index: Int, in block: Rect) -> Rect {
        Rect(x: block.minX, y: block.minY + line + Double(index) * stripHeight, width: block.width, height: stripHeight)
    }

    /// Where a strip's name and value go.
    public static func text(ofStrip strip: Rect) -> Rect {
        Rect(x: strip.minX, y: strip.minY, width: textWidth, height: 2 * line)
    }

    /// A strip's plot: one point per column.
    static func plot(ofStrip strip: Rect) -> Rect {
        Rect(x: strip.maxX - Double(InputCharts.columnCount), y: strip.minY + 1,
             width: Double(InputCharts.columnCount), height: stripHeight - 3)
    }

    /// The columns `positions` of all `strips` strips of a block, top to
    /// bottom: what an event changes in their plots.
    public static func columns(_ positions: Range<Int>, in block: Rect, strips: Int) -> Rect {
        let top = plot(ofStrip: strip(0, in: block)), bottom = plot(ofStrip: strip(strips - 1, in: block))
        return Rect(x: top.minX + Double(positions.lowerBound), y: top.minY, width: Double(positions.count),
                    height: bottom.maxY - top.minY)
    }

    /// The value lines of all `strips` strips of a block: what an event
    /// changes in their text.
    public static func values(in block: Rect, strips: Int) -> Rect {
        let top = strip(0, in: block), bottom = strip(strips - 1, in: block)
        return Rect(x: block.minX, y: top.minY + line, width: textWidth, height: bottom.minY + 2 * line - top.minY - line)
    }

    /// The plot of a histogram at `rect`, below its title line.
    static func plot(ofHistogram rect: Rect) -> Rect {
        Rect(x: rect.minX, y: rect.minY + line + 2, width: rect.width, height: rect.height - line - 6)
    }

    /// The bars `bins` of the histogram at `rect`, with the axis under them.
    static func bars(_ bins: ClosedRange<Int>, inHistogram rect: Rect) -> Rect {
        let plot = plot(ofHistogram: rect), width = plot.width / Double(LatencyHistogram.binCount)
        return Rect(x: plot.minX + width * Double(bins.lowerBound), y: plot.minY, width: width * Double(bins.count),
                    height: plot.height + 1)
    }

    /// The title line of the histogram at `rect`.
    public static func title(ofHistogram rect: Rect) -> Rect {
        Rect(x: rect.minX, y: rect.minY, width: rect.width, height: line)
    }
}
