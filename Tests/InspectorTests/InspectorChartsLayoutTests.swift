@testable import Inspector
import InspectorModel
import Render
import Testing
import TestSupport
import TouchCore

/// `InspectorChartsLayout`: the charts' panel at the bottom-right corner of
/// its area (here the canvas within the panels' margin), its fixed part at the bottom, a block per contact stacked
/// upwards, so a contact coming adds a block and moves nothing else.
@Suite struct InspectorChartsLayoutTests {
    let canvas = Rect(x: 0, y: 0, width: 800, height: 600)

    private func layout(_ charts: InputCharts, in canvas: Rect? = nil) -> InspectorChartsLayout {
        InspectorChartsLayout(area: (canvas ?? self.canvas).insetBy(dx: 8, dy: 8), charts: charts, histogramCount: 2)
    }

    @Test func withoutContactsTheDevicesAndHistogramsShow() {
        let layout = layout(InputCharts())
        #expect(layout.panel.maxX == canvas.maxX - 8 && layout.panel.maxY == canvas.maxY - 8)
        #expect(layout.contacts.isEmpty)
        #expect(layout.devices.height == PanelStyle.lineHeight, "a line saying no touch came yet")
        #expect(layout.title.maxY == layout.devices.minY && layout.devices.maxY == layout.histograms[0].minY)
        #expect(layout.histograms[0].maxY == layout.histograms[1].minY)
        #expect(layout.panel.contains(layout.histograms[1]) && layout.panel.contains(layout.title))
    }

    @Test func aBlockPerContactStackedUpwardsAboveTheTitle() throws {
        var charts = InputCharts()
        let pen = InputDeviceID(seat: "seat0", kind: .pen)
        charts.receive(TouchFrame(changes: [down(1, 10, 10, at: 1), down(2, 50, 10, at: 1)], timestamp: 1))
        charts.receive(TouchFrame(changes: [down(7, 90, 10, at: 1.01, on: pen)], timestamp: 1.01))
        let layout = layout(charts)
        #expect(canvas.contains(layout.panel))
        #expect(layout.contacts.count == 3)
        #expect(layout.contacts[0].maxY == layout.title.minY, "the first contact nearest the title")
        #expect(zip(layout.contacts, layout.contacts.dropFirst()).allSatisfy { $0.minY == $1.maxY })
        #expect(layout.contacts[2].height > 1.9 * layout.contacts[0].height - PanelStyle.lineHeight,
                "a pen's block has pressure and tilt too")
        #expect(layout.panel.contains(try #require(layout.contacts.last)))
        #expect(layout.devices.height == 2 * PanelStyle.lineHeight, "fingers and the pen")
    }

    @Test func aContactComingAddsABlockAtTheTopAndMovesNothingElse() throws {
        var charts = InputCharts()
        charts.receive(TouchFrame(changes: [down(1, 10, 10, at: 1)], timestamp: 1))
        let one = layout(charts)
        charts.receive(TouchFrame(changes: [down(2, 50, 10, at: 1.1)], timestamp: 1.1))
        let two = layout(charts)
        #expect(two.title == one.title && two.devices == one.devices && two.histograms == one.histograms)
        #expect(two.contacts[0] == one.contacts[0])
        #expect(two.panel.maxY == one.panel.maxY)
        #expect(one.panel.minY - two.panel.minY == two.contacts[1].height)
    }

    @Test func blocksThatWouldLeaveTheCanvasAreLeftOut() {
        var charts = InputCharts()
        let pen = InputDeviceID(seat: "seat0", kind: .pen)
        charts.receive(TouchFrame(changes: [down(1, 10, 10, at: 1, on: pen)], timestamp: 1))
        charts.receive(TouchFrame(changes: [down(2, 10, 10, at: 1, on: pen)], timestamp: 1))
        let short = Rect(x: 0, y: 0, width: 400, height: 300)
        let layout = layout(charts, in: short)
        #expect(layout.contacts.count == 1)
        #expect(short.contains(layout.panel))
    }

    @Test func aStripsPlotHasAPointPerColumnAndAnEventsColumnsSpanTheBlocksPlots() throws {
        var charts = InputCharts()
        charts.receive(TouchFrame(changes: [down(1, 10, 10, at: 1)], timestamp: 1))
        let block = try #require(layout(charts).contacts.first)
        let first = InspectorChartsLayout.strip(0, in: block), second = InspectorChartsLayout.strip(1, in: block)
        #expect(first.minY == block.minY + PanelStyle.lineHeight && second.maxY == block.maxY)
        let plot = InspectorChartsLayout.plot(ofStrip: first)
        #expect(plot.width == Double(InputCharts.columnCount) && plot.maxX == block.maxX)
        #expect(InspectorChartsLayout.text(ofStrip: first).maxX < plot.minX, "the name and value beside the plot")
        let columns = InspectorChartsLayout.columns(3..<5, in: block, strips: 2)
        #expect(columns.minX == plot.minX + 3 && columns.width == 2)
        #expect(columns.minY == plot.minY && columns.maxY == InspectorChartsLayout.plot(ofStrip: second).maxY)
        let values = InspectorChartsLayout.values(in: block, strips: 2)
        #expect(values.maxX < plot.minX && values.minY == first.minY + PanelStyle.lineHeight)
        #expect(values.maxY == second.minY + 2 * PanelStyle.lineHeight)
    }
}
