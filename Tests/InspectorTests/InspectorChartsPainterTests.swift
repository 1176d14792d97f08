@testable import Inspector
@testable import InspectorModel
@testable import Render
import RenderTestSupport
import Testing
import TestSupport
import TouchCore

/// `InspectorChartsPainter`, read back from its pixels: a pen's four strips
/// in their colours, each column at its height, and only the damaged
/// columns painted.
@Suite struct InspectorChartsPainterTests {
    /// Wide enough for the charts beside the text panel.
    let canvas = Rect(x: 0, y: 0, width: 640, height: 400)
    let pen = InputDeviceID(seat: "seat0", kind: .pen)

    /// A pen stroke of 300 ms, an event every 10 ms: pressure rising from
    /// 0 to 0.6, tilt steady at 50° (30 and 40 on the axes).
    private func model() -> InspectorModel {
        var model = InspectorModel()
        for step in 0...30 {
            let time = 1 + 0.01 * Double(step)
            let change = RawTouch(device: pen, id: 4, phase: step == 0 ? .down : .move,
                                  location: Point(x: 100 + 3 * Double(step), y: 100), timestamp: time,
                                  pressure: 0.02 * Double(step), tilt: Tilt(x: 30, y: 40))
            model.charts.receive(TouchFrame(changes: [change], timestamp: time))
        }
        return model
    }

    /// Pixels of strip `strip`'s colour in column `position` of its plot.
    private func count(strip: Int, column position: Int, in image: OwnedPixelBuffer, block: Rect,
                       quantity: InputCharts.Quantity) -> (count: Int, top: Double?) {
        let plot = InspectorChartsLayout.plot(ofStrip: InspectorChartsLayout.strip(strip, in: block))
        let colour = InspectorChartsPainter.colour(of: quantity)
        let s = image.buffer.scale
        var count = 0, top: Double?
        let x = Int((plot.minX + Double(position) + 0.5) * s)
        for y in Int(plot.minY * s)..<Int(plot.maxY * s) {
            let pixel = image.buffer.at(x, y)
            let matches = abs(Double(pixel.red) - colour.red * 255) < 8 && abs(Double(pixel.green) - colour.green * 255) < 8
                && abs(Double(pixel.blue) - colour.blue * 255) < 8
            if matches {
                count += 1
                top = top ?? Double(y) / s
            }
        }
        return (count, top)
    }

    @Test(arguments: [1.0, 2.0])
    func aPensPressureAndTiltAreDrawnAtTheirHeights(scale: Double) throws {
        let image = OwnedPixelBuffer(width: Int(canvas.width * scale), height: Int(canvas.height * scale), scale: scale)
        let model = model()
        InspectorPainter.paint(model, now: 2, canvasFrame: canvas, into: image.buffer, damage: [canvas])
        let block = try #require(InspectorPainter.arrangement(model, canvasFrame: canvas).charts?.contacts.first)
        let contact = try #require(model.charts.contacts.first)
        #expect(contact.strips.map(\.quantity) == [.speed, .interval, .pressure, .tilt])
        // 300 ms: column 22 is the newest.
        let newest = try #require(contact.strips[2].chart.newestPosition)
        #expect(newest == 22)
        let pressurePlot = InspectorChartsLayout.plot(ofStrip: InspectorChartsLayout.strip(2, in: block))
        let early = count(strip: 2, column: 2, in: image, block: block, quantity: .pressure)
        let late = count(strip: 2, column: newest, in: image, block: block, quantity: .pressure)
        #expect(early.count > 0 && late.count > 0, "pressure drawn at its start and its newest column")
        #expect((late.top ?? .infinity) < (early.top ?? 0) - 5, "rising: higher at the newest column")
        // 0.6 of the plot's height above its bottom (inside a point's inset).
        let expected = pressurePlot.maxY - 1 - 0.6 * (pressurePlot.height - 2)
        #expect(abs((late.top ?? 0) - (expected - 1)) <= 1.5, "at 0.6: \(late.top ?? -1) against \(expected)")
        let tilt = count(strip: 3, column: 10, in: image, block: block, quantity: .tilt)
        #expect(tilt.count > 0, "the tilt's line")
        #expect(count(strip: 3, column: newest + 2, in: image, block: block, quantity: .tilt).count == 0, "the sweep's gap")
        #expect(count(strip: 3, column: 60, in: image, block: block, quantity: .tilt).count == 0, "not swept yet")
    }

    @Test func onlyTheDamagedColumnsArePainted() throws {
        let image = OwnedPixelBuffer(width: Int(canvas.width), height: Int(canvas.height))
        let model = model()
        let block = try #require(InspectorPainter.arrangement(model, canvasFrame: canvas).charts?.contacts.first)
        let columns = InspectorChartsLayout.columns(5..<7, in: block, strips: 4)
        let heading = (x: Int(block.minX) + 2, y: Int(block.minY) + 5)
        let before = image.buffer.at(heading.x, heading.y)
        InspectorPainter.paint(model, now: 2, canvasFrame: canvas, into: image.buffer, damage: [columns])
        #expect(count(strip: 3, column: 5, in: image, block: block, quantity: .tilt).count > 0)
        #expect(count(strip: 2, column: 6, in: image, block: block, quantity: .pressure).count > 0)
        #expect(count(strip: 3, column: 9, in: image, block: block, quantity: .tilt).count == 0, "outside the damage")
        #expect(image.buffer.at(heading.x, heading.y) == before, "the heading was not painted")
    }
}
