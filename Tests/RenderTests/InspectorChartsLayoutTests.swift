import Render
import Testing
import TestSupport
import TouchCore

/// `InspectorChartsLayout`: the charts show only while contacts are down,
/// inside the canvas, a block per contact below the devices and histograms.
@Suite struct InspectorChartsLayoutTests {
    let canvas = Rect(x: 0, y: 0, width: 800, height: 600)

    @Test func noContactNoPanel() {
        var charts = InputCharts()
        #expect(InspectorChartsLayout(canvasFrame: canvas, charts: charts, histogramCount: 2).panel.isNull)
        charts.receive(TouchFrame(changes: [down(1, 10, 10, at: 1)], timestamp: 1))
        charts.receive(TouchFrame(changes: [up(1, at: 1.1)], timestamp: 1.1))
        let layout = InspectorChartsLayout(canvasFrame: canvas, charts: charts, histogramCount: 2)
        #expect(layout.panel.isNull, "lifted: gone again")
        #expect(layout.contacts.isEmpty && layout.histograms.isEmpty)
    }

    @Test func aBlockPerContactStackedInsideTheCanvassCorner() throws {
        var charts = InputCharts()
        let pen = InputDeviceID(seat: "seat0", kind: .pen)
        charts.receive(TouchFrame(changes: [down(1, 10, 10, at: 1), down(2, 50, 10, at: 1)], timestamp: 1))
        charts.receive(TouchFrame(changes: [down(7, 90, 10, at: 1.01, on: pen)], timestamp: 1.01))
        let layout = InspectorChartsLayout(canvasFrame: canvas, charts: charts, histogramCount: 2)
        #expect(canvas.contains(layout.panel))
        #expect(layout.panel.maxX == canvas.maxX - 8 && layout.panel.maxY == canvas.maxY - 8)
        #expect(layout.contacts.count == 3)
        #expect(layout.devices.maxY <= layout.histograms[0].minY)
        #expect(layout.histograms[0].maxY <= layout.histograms[1].minY)
        #expect(layout.histograms[1].maxY <= layout.contacts[0].minY)
        #expect(zip(layout.contacts, layout.contacts.dropFirst()).allSatisfy { $0.maxY <= $1.minY })
        #expect(layout.contacts[2].height > 1.9 * layout.contacts[0].height - PanelStyle.lineHeight,
                "a pen's block has pressure and tilt too")
        #expect(layout.panel.contains(try #require(layout.contacts.last)))
    }
}
