import Canvas
import Render
import RenderTestSupport
import SampleDrawings
import Testing
import TestSupport
import TouchCore

/// A frame budget lets a huge drawing appear at once and fill in over the
/// next frames; edits made meanwhile still end in exactly the pixels of a
/// drawing rendered in one go.
@Suite struct ProgressiveRenderingTests {
    let area = Rect(x: 0, y: 0, width: 600, height: 300)

    /// Renders the unfinished area frame after frame until nothing is left;
    /// returns how many frames that took.
    private func finish(_ drawing: Drawing, with renderer: CanvasRenderer, into image: OwnedPixelBuffer) -> Int {
        var frames = 0
        while !renderer.unfinishedArea.isEmpty && frames < 10_000 {
            renderer.render(drawing, into: image.buffer, damage: renderer.unfinishedArea)
            frames += 1
        }
        return frames
    }

    private func fresh(_ drawing: Drawing) -> OwnedPixelBuffer {
        let image = OwnedPixelBuffer(width: 600, height: 300)
        CanvasRenderer().renderAll(drawing, into: image.buffer)
        return image
    }

    @Test func theFirstFrameComesBeforeEveryLineIsDrawnAndTheRestFollows() {
        let drawing = Drawing(lines: SampleLines.random(count: 3_000, in: area, seed: 7))
        let image = OwnedPixelBuffer(width: 600, height: 300)
        let renderer = CanvasRenderer()
        // A budget of nothing: each frame strokes the minimum slice.
        renderer.frameBudget = 0
        renderer.render(drawing, into: image.buffer, damage: [area])
        #expect(!renderer.unfinishedArea.isEmpty, "the first frame did not wait for 3,000 lines")
        let complete = fresh(drawing)
        #expect(!image.buffer.samePixels(as: complete.buffer), "the first frame shows only part of the drawing")
        let frames = finish(drawing, with: renderer, into: image)
        #expect(frames > 1)
        #expect(renderer.unfinishedArea.isEmpty)
        #expect(image.buffer.samePixels(as: complete.buffer), "the slices add up to the whole drawing")
        withExtendedLifetime(complete) {}
    }

    @Test func editsWhileFillingInEndInThePixelsOfAFullRedraw() {
        let drawing = Drawing(lines: SampleLines.random(count: 1_500, in: area, seed: 3))
        let image = OwnedPixelBuffer(width: 600, height: 300)
        let renderer = CanvasRenderer()
        renderer.frameBudget = 0
        renderer.render(drawing, into: image.buffer, damage: [area])
        let ids = drawing.store.ids
        let edits: [() -> Void] = [
            { drawing.add(line(10, 10, 590, 290)) },
            { drawing.remove(ids[5]) },
            { drawing.move(ids[700], by: Vector(dx: 40, dy: -20)) },
            { drawing.selectedLineID = ids[900] },
            { drawing.add(line(590, 10, 10, 290)) },
            { drawing.undo() },
        ]
        for edit in edits {
            edit()
            renderer.render(drawing, into: image.buffer, damage: renderer.unfinishedArea + [area])
        }
        finish(drawing, with: renderer, into: image)
        // The selected line is drawn green on top in every frame; compare
        // with it deselected on both sides.
        drawing.selectedLineID = nil
        renderer.frameBudget = nil
        renderer.render(drawing, into: image.buffer, damage: [area])
        let complete = fresh(drawing)
        #expect(image.buffer.samePixels(as: complete.buffer))
        withExtendedLifetime(complete) {}
    }

    @Test func withoutABudgetEveryFrameIsComplete() {
        let drawing = Drawing(lines: SampleLines.random(count: 500, in: area, seed: 1))
        let image = OwnedPixelBuffer(width: 600, height: 300)
        let renderer = CanvasRenderer()
        renderer.render(drawing, into: image.buffer, damage: [area])
        #expect(renderer.unfinishedArea.isEmpty)
        let complete = fresh(drawing)
        #expect(image.buffer.samePixels(as: complete.buffer))
        withExtendedLifetime(complete) {}
    }
}
