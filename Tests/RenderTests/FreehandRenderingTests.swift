@testable import Canvas
import Foundation
@testable import Render
import RenderTestSupport
import SampleDrawings
import Testing
import TestSupport
import TouchCore

/// Freehand lines on screen: as wide as pressed at each point, smooth (no
/// gaps or notches at the joins), drawn in progress by the new pieces
/// alone, and the same pixels however a frame came about. Exports:
/// `FreehandExportTests`.
@Suite final class FreehandRenderingTests {
    private final class Finger {}

    /// A line along y = 100 from x = 20 to 380, its pressure rising from 0 to 1.
    private let ramp = Line(freehand: (0...36).map { FreehandPoint(x: 20 + 10 * Double($0), y: 100, pressure: Double($0) / 36) })

    private func rendered(_ drawing: Drawing, width: Int = 400, height: Int = 200, scale: Double = 1) -> OwnedPixelBuffer {
        let image = OwnedPixelBuffer(width: Int(Double(width) * scale), height: Int(Double(height) * scale), scale: scale)
        CanvasRenderer().renderAll(drawing, into: image.buffer)
        return image
    }

    @Test func theWidthFollowsThePressure() {
        let image = rendered(Drawing(lines: [ramp]))
        let heights = stride(from: 40, through: 360, by: 40).map { image.buffer.inkHeight(x: $0) }
        #expect(heights == heights.sorted(), "never narrower further along: \(heights)")
        #expect(heights.first! <= 3 && heights.last! >= 9, "from about 1 pt to about 10: \(heights)")
        let expected = CanvasMetrics.freehandWidth(pressure: 340.0 / 360)
        #expect(abs(Double(image.buffer.inkHeight(x: 360)) - expected) <= 1.5)
    }

    @Test func joinsAreRoundAndLeaveNoGap() {
        // A sharp zigzag of full width: every pixel within 4 pt of the
        // polyline is ink, none farther than 6.
        let zigzag = Line(freehand: [(40, 40), (120, 160), (200, 40), (280, 160), (360, 40)].map { FreehandPoint(x: $0.0, y: $0.1) })
        let image = rendered(Drawing(lines: [zigzag]))
        for y in 0..<200 {
            for x in 0..<400 {
                let distance = zigzag.distance(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                let pixel = image.buffer.at(x, y)
                if distance < 4, pixel != .black { Issue.record("(\(x), \(y)) is \(pixel), \(distance) from the line"); return }
                if distance > 6, pixel != .white { Issue.record("(\(x), \(y)) is \(pixel), \(distance) from the line"); return }
            }
        }
    }

    @Test func aLineOfOnePointIsADotOfItsWidth() {
        let dot = Line(freehand: [FreehandPoint(x: 100, y: 100, pressure: 0.5)])
        let image = rendered(Drawing(lines: [dot]))
        #expect(image.buffer.at(100, 100) == .black)
        #expect(abs(Double(image.buffer.inkHeight(x: 100)) - CanvasMetrics.freehandWidth(pressure: 0.5)) <= 1)
        #expect(image.buffer.at(110, 100) == .white)
    }

    @Test func aLineInProgressIsPaintedByItsNewPiecesAndMatchesAFullRedraw() throws {
        // A scribble that crosses itself over many finished lines: each
        // frame's damage is just the new piece, and the result equals a
        // full redraw of the same state, in progress (red) and finished.
        let area = Rect(x: 0, y: 0, width: 300, height: 200)
        let drawing = Drawing(lines: SampleLines.random(count: 150, in: area) + SampleStrokes.random(count: 30, points: 40, in: area))
        let renderer = CanvasRenderer()
        let incremental = OwnedPixelBuffer(width: 300, height: 200)
        renderer.renderAll(drawing, into: incremental.buffer)
        let finger = ObjectIdentifier(Finger())
        let points = (0..<400).map { step -> FreehandPoint in
            let angle = Double(step) / 9
            return FreehandPoint(x: 150 + (60 + Double(step) / 8) * cos(angle), y: 100 + 60 * sin(angle * 1.3),
                                 pressure: 0.3 + 0.7 * Double(step % 50) / 50)
        }
        renderer.render(drawing, into: incremental.buffer, damage: [drawing.beginFreehand(for: finger, at: points[0])])
        for point in points.dropFirst() {
            let damage = try #require(drawing.extendFreehand(for: finger, to: point))
            renderer.render(drawing, into: incremental.buffer, damage: [damage])
            #expect(renderer.lastFrame.pixelsCopied <= Int((damage.width + 2) * (damage.height + 2)), "only the new piece")
        }
        let full = OwnedPixelBuffer(width: 300, height: 200)
        CanvasRenderer().renderAll(drawing, into: full.buffer)
        // In progress, antialiased edge pixels may be a few levels off (see
        // CanvasRenderer.paintFreehandInProgress); every other pixel is exact.
        var differing = 0, edge = 0
        for y in 0..<200 {
            for x in 0..<300 {
                let a = incremental.buffer.at(x, y), b = full.buffer.at(x, y)
                if a.red != 0xFF && a.red != 0 || a.green != a.blue { edge += 1 }
                guard a != b else { continue }
                differing += 1
                let worst = max(abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue))
                if worst > 16 { Issue.record("(\(x), \(y)): \(a) instead of \(b)") }
                if b == .red || b == .white || b == .black { Issue.record("(\(x), \(y)): \(a) instead of \(b)") }
            }
        }
        #expect(differing < edge / 10, "\(differing) of \(edge) edge pixels differ a little")

        let id = try #require(drawing.finishLine(for: finger))
        renderer.render(drawing, into: incremental.buffer, damage: [drawing[id]!.paintedBounds])
        #expect(renderer.lastFrame.linesAppendedToCache == 1)
        let finished = OwnedPixelBuffer(width: 300, height: 200)
        CanvasRenderer().renderAll(drawing, into: finished.buffer)
        #expect(incremental.buffer.samePixels(as: finished.buffer), "finished")
        #expect(incremental.buffer.at(Int(points[10].x), Int(points[10].y)) == .black)
    }

    @Test(arguments: [1.0, 2.0])
    func movingSelectingAndUndoingFreehandLinesEndInTheirFullRedraw(scale: Double) throws {
        let area = Rect(x: 0, y: 0, width: 300, height: 200)
        let drawing = Drawing(lines: SampleStrokes.random(count: 60, points: 80, in: area) + SampleLines.random(count: 60, in: area))
        let renderer = CanvasRenderer()
        let image = OwnedPixelBuffer(width: Int(300 * scale), height: Int(200 * scale), scale: scale)
        renderer.renderAll(drawing, into: image.buffer)
        let whole = [Rect(x: 0, y: 0, width: 300, height: 200)]
        let ids = drawing.store.ids
        drawing.selectedLineID = ids[3]
        renderer.render(drawing, into: image.buffer, damage: whole)
        #expect(renderer.lastFrame.cacheTilesRepainted > 0)
        drawing.selectedLineID = nil
        drawing.move(ids[5], by: Vector(dx: 40.25, dy: -13))
        drawing.remove(ids[7])
        drawing.undo()
        drawing.move(ids[9], by: Vector(dx: -3, dy: 70))
        renderer.render(drawing, into: image.buffer, damage: whole)
        let fresh = OwnedPixelBuffer(width: Int(300 * scale), height: Int(200 * scale), scale: scale)
        CanvasRenderer().renderAll(drawing, into: fresh.buffer)
        #expect(image.buffer.samePixels(as: fresh.buffer))
    }

    @Test func theSelectedFreehandLineIsRingedInsideTheDamage() {
        let drawing = Drawing(lines: [ramp])
        drawing.selectedLineID = drawing.store.ids[0]
        let image = OwnedPixelBuffer(width: 400, height: 200)
        CanvasRenderer().render(drawing, into: image.buffer, damage: [Rect(x: 300, y: 80, width: 40, height: 40)])
        #expect(image.buffer.at(320, 100) == .black)
        // The ring follows the line's full width: 7 to 10 pt from its centre line.
        #expect(image.buffer.at(320, 91) == .accent)
        #expect(image.buffer.at(200, 100) == Pixel(value: 0), "outside the damage: untouched")
    }
}
