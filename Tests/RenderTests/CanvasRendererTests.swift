import Canvas
@testable import Render
import RenderTestSupport
import SampleDrawings
import Testing
import TestSupport
import TouchCore

@Suite struct CanvasRendererTests {
    /// A 10 pt line along y = 50 covers y in [45, 55]: at every scale the
    /// whole device rows inside are black and the rows outside are white.
    @Test(arguments: [1.0, 1.5, 2.0])
    func aLineLandsOnTheRightPixelsWithTheRightThickness(scale: Double) {
        let drawing = Drawing(lines: [line(20, 50, 180, 50)])
        let image = OwnedPixelBuffer(width: Int(200 * scale), height: Int(100 * scale), scale: scale)
        CanvasRenderer().renderAll(drawing, into: image.buffer)
        let buffer = image.buffer
        let column = Int(100 * scale)
        let top = Int((45 * scale).rounded(.up)), bottom = Int((55 * scale).rounded(.down))
        for row in top..<bottom { #expect(buffer.at(column, row) == .black, "row \(row)") }
        #expect(bottom - top == Int(10 * scale) - (scale == 1.5 ? 1 : 0))
        #expect(buffer.at(column, top - 2) == .white)
        #expect(buffer.at(column, bottom + 1) == .white)
        #expect(buffer.at(column, Int(30 * scale)) == .white)
        // Ends: round caps reach 5 pt beyond the end points, no further.
        #expect(buffer.at(Int(16 * scale), Int(50 * scale)) == .black)
        #expect(buffer.at(Int(13 * scale), Int(50 * scale)) == .white)
    }

    @Test func capsAreRound() {
        let drawing = Drawing(lines: [line(50, 50, 150, 50)])
        let image = OwnedPixelBuffer(width: 200, height: 100)
        CanvasRenderer().renderAll(drawing, into: image.buffer)
        // Inside the cap's half disc.
        #expect(image.buffer.at(46, 50) == .black)
        // Inside a square cap's corner but outside the round one.
        #expect(image.buffer.at(45, 45).red > 0xC0)
        #expect(image.buffer.at(45, 54).red > 0xC0)
    }

    @Test func lineColoursFollowTheirState() {
        final class Finger {}
        let finger = Finger()
        let drawing = Drawing()
        drawing.add(line(20, 20, 180, 20))
        let selected = drawing.add(line(20, 50, 180, 50))
        drawing.selectedLineID = selected
        drawing.beginLine(for: ObjectIdentifier(finger), at: Point(x: 20, y: 80))
        drawing.extendLine(for: ObjectIdentifier(finger), to: Point(x: 180, y: 80))
        let image = OwnedPixelBuffer(width: 200, height: 100)
        CanvasRenderer().renderAll(drawing, into: image.buffer)
        #expect(image.buffer.at(100, 20) == .black)
        // Selected: the line as it is, a white gap, then the accent ring.
        #expect(image.buffer.at(100, 50) == .black)
        #expect(image.buffer.at(100, 55) == .white)
        #expect(image.buffer.at(100, 58) == .accent)
        #expect(image.buffer.at(100, 42) == .accent)
        #expect(image.buffer.at(100, 80) == .red)
        #expect(image.buffer.at(100, 35) == .white)
        #expect(image.buffer.at(100, 27) == .white, "an unselected line has no ring")
    }

    @Test func pixelsOutsideTheDamageAreUntouched() {
        let drawing = Drawing(lines: [line(0, 0, 200, 100)])
        let image = OwnedPixelBuffer(width: 200, height: 100, scale: 1)
        image.fill(Pixel.sentinel.value)
        CanvasRenderer().render(drawing, into: image.buffer, damage: [Rect(x: 10, y: 10, width: 30, height: 20)])
        for y in 0..<100 {
            for x in 0..<200 {
                let inside = x >= 10 && x < 40 && y >= 10 && y < 30
                if inside {
                    #expect(image.buffer.at(x, y) != .sentinel)
                } else if image.buffer.at(x, y) != .sentinel {
                    Issue.record("pixel (\(x), \(y)) outside the damage was drawn")
                    return
                }
            }
        }
        #expect(image.buffer.at(20, 10) == .black)
    }

    @Test func aMovingFingerDoesNotRepaintTheFinishedLines() {
        final class Finger {}
        let finger = ObjectIdentifier(Finger())
        let drawing = Drawing(lines: SampleLines.random(count: 10_000, in: Rect(x: 0, y: 0, width: 800, height: 600)))
        let image = OwnedPixelBuffer(width: 800, height: 600)
        let renderer = CanvasRenderer()
        renderer.renderAll(drawing, into: image.buffer)
        #expect(renderer.lastFrame.rebuiltCache)

        drawing.beginLine(for: finger, at: Point(x: 100, y: 100))
        for step in 1...5 {
            let (old, new) = drawing.extendLine(for: finger, to: Point(x: 100 + 10 * Double(step), y: 100))!
            renderer.render(drawing, into: image.buffer, damage: [old.paintedBounds.union(new.paintedBounds)])
            // The line's reach each side: half its width, the room for a selection ring, antialiasing.
            let side = Int(2 * CanvasMetrics.paintReach(for: new))
            #expect(renderer.lastFrame == CanvasRenderer.FrameStatistics(pixelsCopied: side * (side + 10 * step)))
        }
        #expect(image.buffer.at(140, 100) == .red)
    }

    /// After every step of a sequence of edits, the cache brought up to
    /// date piece by piece holds exactly the pixels of a drawing rendered
    /// from scratch.
    @Test(arguments: [1.0, 1.5])
    func incrementalCacheMatchesAFullRedraw(scale: Double) {
        let area = Rect(x: 0, y: 0, width: 600, height: 300)
        let drawing = Drawing()
        let incremental = OwnedPixelBuffer(width: Int(600 * scale), height: Int(300 * scale), scale: scale)
        let renderer = CanvasRenderer()
        renderer.renderAll(drawing, into: incremental.buffer)

        var ids: [LineID] = []
        var cacheWork: [CanvasRenderer.FrameStatistics] = []
        func frame(_ step: String) {
            renderer.renderAll(drawing, into: incremental.buffer)
            cacheWork.append(renderer.lastFrame)
            let fresh = OwnedPixelBuffer(width: incremental.buffer.width, height: incremental.buffer.height, scale: scale)
            CanvasRenderer().renderAll(drawing, into: fresh.buffer)
            #expect(incremental.buffer.samePixels(as: fresh.buffer), "after \(step)")
        }
        for batch in 0..<4 {
            for line in SampleLines.random(count: 40, in: area, seed: UInt64(batch + 10)) { ids.append(drawing.add(line)) }
            frame("batch \(batch)")
        }
        drawing.remove(ids[3])
        drawing.move(ids[40], by: Vector(dx: 25, dy: -10))
        frame("delete and move")
        drawing.selectedLineID = ids[50]
        frame("select")
        drawing.move(ids[50], by: Vector(dx: -30, dy: 12))
        frame("move the selected line")
        drawing.selectedLineID = ids[60]
        frame("select another")
        drawing.undo() // the move of ids[50]
        drawing.undo() // the move of ids[40]
        drawing.undo() // the delete of ids[3]: brought back under newer lines
        frame("undo")
        #expect(!cacheWork.contains { $0.rebuiltCache }, "every step was incremental")
        #expect(cacheWork.contains { $0.cacheTilesRepainted > 0 })
        #expect(cacheWork.contains { $0.linesAppendedToCache == 40 })
    }

    @Test func aClearAndANewSizeRebuildTheCache() {
        let drawing = Drawing(lines: [line(20, 50, 180, 50)])
        let renderer = CanvasRenderer()
        let small = OwnedPixelBuffer(width: 200, height: 100)
        renderer.renderAll(drawing, into: small.buffer)
        drawing.clear()
        renderer.renderAll(drawing, into: small.buffer)
        #expect(renderer.lastFrame.rebuiltCache)
        #expect(small.buffer.at(100, 50) == .white)
        drawing.undo()
        let large = OwnedPixelBuffer(width: 400, height: 200, scale: 2)
        renderer.renderAll(drawing, into: large.buffer)
        #expect(renderer.lastFrame.rebuiltCache)
        #expect(large.buffer.at(200, 100) == .black)
    }
}
