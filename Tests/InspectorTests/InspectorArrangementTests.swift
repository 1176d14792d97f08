@testable import Inspector
@testable import InspectorModel
@testable import Render
import Testing
import TestSupport
import TouchCore

/// `InspectorArrangement` over every canvas a window may give, from the
/// app's minimum (320 × 240 less its bar) to a large screen, with few or
/// many recognizers, devices and contacts: the panels never overlap and
/// stay inside the canvas, the charts show whenever the text keeps its
/// minimum of recognizers, and the text panel shows every row that fits.
@Suite struct InspectorArrangementTests {
    /// A timeline of `count` recognizers.
    private func timeline(_ count: Int) -> RecognizerTimeline {
        RecognizerTimeline(rows: (0..<count).map { .init(recognizer: "recognizer\($0)", state: .possible) })
    }

    /// Charts with a finger, and a pen and the mouse when `devices` is 3.
    private func charts(devices: Int) -> InputCharts {
        var charts = InputCharts()
        charts.receive(TouchFrame(changes: [down(1, 10, 10, at: 1)], timestamp: 1))
        if devices == 3 {
            charts.receive(TouchFrame(changes: [down(2, 50, 10, at: 1, on: InputDeviceID(seat: "seat0", kind: .pen))],
                                      timestamp: 1))
            charts.receive(TouchFrame(changes: [down(0, 90, 10, at: 1, on: mouse)], timestamp: 1))
        }
        return charts
    }

    @Test(arguments: [0, 2, 9, 14], [1, 3])
    func thePanelsNeverOverlapAndStayInsideTheCanvas(recognizers: Int, devices: Int) throws {
        let charts = charts(devices: devices)
        for width in stride(from: 320.0, through: 1920, by: 16) {
            for height in stride(from: 193.0, through: 1080, by: 16) {
                let canvas = Rect(x: 0, y: 47, width: width, height: height)
                let arrangement = InspectorArrangement(canvasFrame: canvas, timeline: timeline(recognizers),
                                                       charts: charts, histogramCount: 2)
                let text = arrangement.text
                let size = "\(width)×\(height)"
                #expect(canvas.contains(text.panel), "\(size): the text panel inside")
                #expect(text.timeline.maxY <= text.panel.maxY && (text.chartsNote.map { $0.maxY <= text.panel.maxY } ?? true))
                let all = min(recognizers, InspectorArrangement.minimumRows)
                switch arrangement.placement {
                case .beside:
                    #expect(width >= InspectorArrangement.besideWidth, "\(size)")
                case .below:
                    #expect(width < InspectorArrangement.besideWidth && text.shownRows >= all, "\(size)")
                case .hidden:
                    let noted = arrangement.charts == nil && text.chartsNote != nil
                    #expect(width < InspectorArrangement.besideWidth && noted, "\(size)")
                }
                if let layout = arrangement.charts {
                    #expect(canvas.contains(layout.panel), "\(size): the charts inside")
                    #expect(!layout.panel.insetBy(dx: -11, dy: -11).intersects(text.panel), "\(size): 12 points apart at least")
                    for part in [layout.title, layout.devices] + layout.histograms + layout.contacts {
                        #expect(layout.panel.contains(part), "\(size): \(part) in the charts")
                    }
                    #expect(arrangement.placement == .beside || !layout.contacts.isEmpty,
                            "\(size): below the text there is room for the finger's block")
                }
                // One row more would not have fitted.
                if text.shownRows < recognizers {
                    let bottom = arrangement.placement == .below ? try #require(arrangement.charts).panel.minY - 12 : canvas.maxY - 12
                    #expect(text.panel.maxY + RecognizerTimelinePainter.rowHeight > bottom, "\(size): as many rows as fit")
                }
            }
        }
    }

    @Test func theCanvasSizesThatDecide() {
        let nine = timeline(9), charts = charts(devices: 1)
        func placement(_ width: Double, _ height: Double) -> InspectorArrangement.Placement {
            InspectorArrangement(canvasFrame: Rect(x: 0, y: 0, width: width, height: height), timeline: nine,
                                 charts: charts, histogramCount: 2).placement
        }
        // Three 12-point margins, the text panel and the charts.
        #expect(InspectorArrangement.besideWidth == 582)
        #expect(placement(582, 193) == .beside && placement(581, 900) == .below)
        // Below: the text's lines, three recognizers, the charts' part that
        // is always there and a finger's block, with the margins.
        let text: Double = 12 + 6 + Double(InspectorLayout.textLines) * 13 + 12 + 3 * 26
        let chartsAndAFinger: Double = (12 + 2 * 13 + 2 * 43) + (13 + 2 * 27)
        let least = text + 12 + chartsAndAFinger + 12
        #expect(placement(400, least) == .below && placement(400, least - 1) == .hidden)
    }
}
