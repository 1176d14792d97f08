import Canvas
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp
#if canImport(Glibc)
import Glibc
#endif

/// A drawing too big to rasterize in one frame: the window shows at once
/// and the lines fill in over the next frames, paced by frame callbacks.
@Suite struct LargeDrawingEndToEndTests {
    @Test func aHugeDrawingAppearsAtOnceAndFillsInOverTheNextFrames() throws {
        // Horizontal lines 2 pt apart cover the whole window: far more strokes than 8 ms allow.
        var lines: [Line] = []
        for round in 0..<40 {
            for row in 0..<150 {
                let y = Double(row * 2) + Double(round % 2)
                lines.append(line(Double(round), y, 400 - Double(round), y))
            }
        }
        let app = try AppHarness(lines: lines)
        #expect(app.session.firstWindow.isRenderingDrawing, "the first frame came before every line was drawn")
        var frames = 0
        while app.session.firstWindow.isRenderingDrawing && frames < 5_000 {
            try app.frame()
            frames += 1
        }
        #expect(!app.session.firstWindow.isRenderingDrawing, "filled in after \(frames) frames")
        for (x, y) in [(200.0, 10.0), (50.0, 150.0), (350.0, 290.0), (200.0, 299.0)] {
            #expect(app.pixel(x, y) == Colour.black, "(\(x), \(y)) is covered by lines")
        }
        // Once filled in, the loop asks for no more frames: it sleeps.
        let commits = app.surface.commits.count
        try app.frame()
        try app.frame()
        #expect(app.surface.commits.count == commits)
    }
}
