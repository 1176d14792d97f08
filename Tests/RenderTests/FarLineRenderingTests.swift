import Canvas
@testable import Render
import RenderTestSupport
import Testing
import TestSupport
import TouchCore

/// Lines far beyond the window, within the drawing file's limits, paint
/// what shows of them: Cairo's fixed-point rasterizer lost such a line
/// (the diagonal from (−100,000, −100,000) to (100,000, 100,000) painted
/// nothing), so far segments are clipped in floating point first.
@Suite struct FarLineRenderingTests {
    /// Every pixel of `a` within `tolerance` levels of `b`'s.
    private func nearlySame(_ a: PixelBuffer, _ b: PixelBuffer, tolerance: Int = 2) -> Bool {
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.at(x, y), q = b.at(x, y)
                if abs(p.red - q.red) > tolerance || abs(p.green - q.green) > tolerance
                    || abs(p.blue - q.blue) > tolerance { return false }
            }
        }
        return true
    }

    private func rendered(_ lines: [Line], scale: Double = 1) -> OwnedPixelBuffer {
        let image = OwnedPixelBuffer(width: Int(200 * scale), height: Int(100 * scale), scale: scale)
        CanvasRenderer().renderAll(Drawing(lines: lines), into: image.buffer)
        return image
    }

    @Test(arguments: [1.0, 2.0])
    func aFarDiagonalPaintsAsTheSameDiagonalDrawnNear(scale: Double) {
        let far = rendered([line(-100_000, -100_000, 100_000, 100_000)], scale: scale)
        let near = rendered([line(-20, -20, 300, 300)], scale: scale)
        #expect(far.buffer.at(Int(50 * scale), Int(50 * scale)) == .black)
        #expect(far.buffer.at(Int(95 * scale), Int(95 * scale)) == .black)
        #expect(far.buffer.at(Int(150 * scale), Int(50 * scale)) == .white)
        #expect(nearlySame(far.buffer, near.buffer))
    }

    @Test func theFileLimitsFarthestLinePaintsToo() {
        let far = rendered([line(-1_000_000, 50, 1_000_000, 50), line(100, 1_000_000, 100, -1_000_000)])
        let near = rendered([line(-20, 50, 300, 50), line(100, 200, 100, -100)])
        #expect(far.buffer.at(30, 50) == .black)
        #expect(far.buffer.at(100, 80) == .black)
        #expect(nearlySame(far.buffer, near.buffer))
    }

    @Test func aFarLineThatMissesTheWindowPaintsNothing() {
        let far = rendered([line(-100_000, 100_000, 100_000, 100_200)])
        let empty = rendered([])
        #expect(nearlySame(far.buffer, empty.buffer, tolerance: 0))
    }

    @Test func aFreehandLineWithFarPointsPaintsItsVisiblePieces() {
        let points = [FreehandPoint(x: -100_000, y: -100_000, pressure: 0.5),
                      FreehandPoint(x: 100_000, y: 100_000, pressure: 0.5)]
        let far = rendered([Line(freehand: points)])
        let nearPoints = [FreehandPoint(x: -20, y: -20, pressure: 0.5), FreehandPoint(x: 300, y: 300, pressure: 0.5)]
        let near = rendered([Line(freehand: nearPoints)])
        #expect(far.buffer.at(50, 50) == .black)
        #expect(nearlySame(far.buffer, near.buffer))
    }
}
