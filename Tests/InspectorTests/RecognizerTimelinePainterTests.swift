@testable import Inspector
@testable import InspectorModel
@testable import Render
import RenderTestSupport
import Testing
import TouchCore

/// `RecognizerTimelinePainter`: the timeline's panel, read back from its pixels.
@Suite struct RecognizerTimelinePainterTests {
    private func timeline() -> RecognizerTimeline {
        var timeline = RecognizerTimeline(rows: [
            RecognizerTimeline.Row(recognizer: "tap", state: .possible),
            RecognizerTimeline.Row(recognizer: "longPress", state: .possible),
        ])
        timeline.record(.state(recognizer: "longPress", from: .possible, to: .began), at: 1.0)
        timeline.record(.state(recognizer: "longPress", from: .began, to: .changed), at: 1.016)
        return timeline
    }

    @Test func theHistoryNamesEachStateWithTheTimeSinceTheOneBefore() {
        let row = timeline().rows[1]
        #expect(RecognizerTimelinePainter.history(of: row) == "possible →began →changed +16ms")
        #expect(RecognizerTimelinePainter.history(of: timeline().rows[0]) == "no transitions yet")
    }

    @Test func rowsStackInTwoLinesEach() {
        let frame = Rect(x: 10, y: 20, width: 200, height: 100)
        let first = RecognizerTimelinePainter.rowFrame(0, in: frame)
        let second = RecognizerTimelinePainter.rowFrame(1, in: frame)
        #expect(first.minY == 20 + PanelStyle.padding)
        #expect(second.minY == first.maxY)
        #expect(first.height == 2 * PanelStyle.lineHeight)
        #expect(RecognizerTimelinePainter.height(rows: timeline().rows.count) == 2 * PanelStyle.padding + 2 * first.height)
    }

    /// Pixels of light text in `rect` (device pixels) of `buffer`.
    private func textPixels(in buffer: PixelBuffer, x: Range<Int>, y: Range<Int>) -> Int {
        var count = 0
        for py in y { for px in x where buffer.at(px, py).green > 0x90 { count += 1 } }
        return count
    }

    @Test(arguments: [1.0, 2.0])
    func itPaintsTextOnADarkPanelAndNothingOutsideIt(scale: Double) {
        let image = OwnedPixelBuffer(width: Int(300 * scale), height: Int(120 * scale), scale: scale)
        image.fill(0xFFFF_FFFF)
        let frame = Rect(x: 20, y: 10, width: 240, height: RecognizerTimelinePainter.height(rows: timeline().rows.count))
        RecognizerTimelinePainter.paint(timeline(), in: frame, into: image.buffer,
                                        damage: [Rect(x: 0, y: 0, width: 300, height: 120)])
        let buffer = image.buffer
        let s = Int(scale)
        #expect(buffer.at(22 * s, 12 * s).red < 0x40, "the panel is dark")
        #expect(buffer.at(10 * s, 50 * s) == .white, "outside the panel, untouched")
        #expect(buffer.at(270 * s, 50 * s) == .white)
        #expect(buffer.at(100 * s, Int(frame.maxY + 2) * s) == .white)
        for index in 0..<2 {
            let row = RecognizerTimelinePainter.rowFrame(index, in: frame)
            let nameLine = textPixels(in: buffer, x: 26 * s..<100 * s,
                                      y: Int(row.minY) * s..<Int(row.minY + PanelStyle.lineHeight) * s)
            let historyLine = textPixels(in: buffer, x: 26 * s..<250 * s,
                                         y: Int(row.minY + PanelStyle.lineHeight) * s..<Int(row.maxY) * s)
            #expect(nameLine > 10 * s * s, "row \(index) names its recognizer")
            #expect(historyLine > 10 * s * s, "row \(index) has its history line")
        }
    }

    @Test func aChangedStateShowsInItsColour() {
        let image = OwnedPixelBuffer(width: 300, height: 80)
        image.fill(0xFFFF_FFFF)
        let frame = Rect(x: 0, y: 0, width: 300, height: 80)
        RecognizerTimelinePainter.paint(timeline(), in: frame, into: image.buffer, damage: [frame])
        let row = RecognizerTimelinePainter.rowFrame(1, in: frame)
        var blue = 0
        for y in Int(row.minY)..<Int(row.minY + PanelStyle.lineHeight) {
            for x in 0..<300 {
                let pixel = image.buffer.at(x, y)
                if pixel.blue > 0xC0 && pixel.red < 0x90 { blue += 1 }
            }
        }
        #expect(blue > 10, "the gesture in progress (changed) is blue")
    }

    @Test func onlyTheDamageIsPainted() {
        let image = OwnedPixelBuffer(width: 300, height: 80)
        image.fill(0xFFFF_FFFF)
        let frame = Rect(x: 0, y: 0, width: 300, height: 80)
        let row = RecognizerTimelinePainter.rowFrame(1, in: frame)
        RecognizerTimelinePainter.paint(timeline(), in: frame, into: image.buffer, damage: [row])
        #expect(image.buffer.at(150, Int(row.minY) - 2) == .white, "above the damaged row")
        #expect(image.buffer.at(299, Int(row.midY)).red < 0x40, "the row itself")
    }
}
