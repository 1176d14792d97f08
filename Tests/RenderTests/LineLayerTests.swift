import Canvas
@testable import Render
import RenderTestSupport
import SampleDrawings
import Testing
import TestSupport
import TouchCore

/// The line cache left out what cannot show and rasterizes a drawing being
/// opened ahead, on two threads, and neither changes a pixel: each is
/// compared with the same lines stroked one by one on a complete cache.
@Suite struct LineLayerTests {
    static let width = 600, height = 300
    let area = Rect(x: 0, y: 0, width: Double(Self.width), height: Double(Self.height))

    /// Black ink that buries every tile, a blue line on it, then black
    /// lines again (which must cover the blue one where they cross it).
    var buried: [Line] {
        SampleLines.random(count: 9_000, in: area, seed: 5)
            + [Line(begin: Point(x: 10, y: 150), end: Point(x: 590, y: 140), style: StrokeStyle(color: .blue))]
            + SampleLines.random(count: 1_500, in: area, seed: 6)
    }

    /// The pixels of `layer`.
    private func pixels(of layer: LineLayer) -> OwnedPixelBuffer {
        let image = OwnedPixelBuffer(width: Self.width, height: Self.height)
        _ = layer.copy(PixelRect(x: 0, y: 0, width: Self.width, height: Self.height), to: image.buffer)
        return image
    }

    /// `lines` added to a complete, empty cache: each stroked where it
    /// lands, none left out.
    private func strokedOneByOne(_ lines: [Line]) -> OwnedPixelBuffer {
        let drawing = Drawing()
        let layer = LineLayer(width: Self.width, height: Self.height, scale: 1)
        layer.update(from: drawing)
        layer.renderUnfinished(drawing, until: nil)
        var rebuilt = false
        for line in lines {
            drawing.add(line)
            layer.update(from: drawing)
            rebuilt = rebuilt || layer.statistics.rebuilt
        }
        #expect(!rebuilt && layer.strokesLeftOut == 0, "every line stroked as it came")
        return pixels(of: layer)
    }

    @Test func linesUnderInkOfTheirColourAreLeftOutWithThePixelsUnchanged() {
        let lines = buried
        let drawing = Drawing(lines: lines)
        let layer = LineLayer(width: Self.width, height: Self.height, scale: 1)
        layer.update(from: drawing)
        layer.renderUnfinished(drawing, until: nil)
        #expect(layer.strokesLeftOut > lines.count / 2, "\(layer.strokesLeftOut) of \(lines.count) left out")
        let image = pixels(of: layer), reference = strokedOneByOne(lines)
        withExtendedLifetime((image, reference)) {
            #expect(image.buffer.samePixels(as: reference.buffer))
            #expect(image.buffer.at(300, 145) == .black, "the black lines after the blue one cover it")
        }
    }

    @Test func onlyAnOpaqueColourWithChannelsOfNoneOrAllIsLeftUnchanged() {
        #expect(LineLayer.unchangedPixelValue(of: PaletteColor.black.color) == 0xFF00_0000)
        #expect(LineLayer.unchangedPixelValue(of: Color(red: 1, green: 1, blue: 1)) == 0xFFFF_FFFF)
        #expect(LineLayer.unchangedPixelValue(of: PaletteColor.blue.color) == nil)
        #expect(LineLayer.unchangedPixelValue(of: Color(red: 0, green: 0, blue: 0, alpha: 0.5)) == nil)
    }

    @Test func aDrawingRasterizedAheadOnTwoThreadsHasThePixelsOfOneStrokedLineByLine() {
        let lines = buried + SampleStrokes.random(count: 30, points: 40, in: area)
        let layer = LineLayer.rendered(lines, width: Self.width, height: Self.height, scale: 1)
        let image = pixels(of: layer), reference = strokedOneByOne(lines)
        withExtendedLifetime((image, reference)) {
            #expect(image.buffer.samePixels(as: reference.buffer))
        }
    }

    /// A drawing opens with its cache rasterized ahead while strokes are
    /// drawn on the empty canvas; the renderer takes the cache over, the
    /// strokes on top, and shows what a full redraw of the merged drawing
    /// shows, at once. A cache of another size is refused.
    @Test func theRendererTakesOverACacheRasterizedWhileTheDrawingOpened() {
        let canvas = Drawing()
        let renderer = CanvasRenderer()
        let image = OwnedPixelBuffer(width: Self.width, height: Self.height)
        renderer.render(canvas, into: image.buffer, damage: [area])
        canvas.add(line(20, 20, 580, 280))
        renderer.render(canvas, into: image.buffer, damage: [area])
        let size = try! #require(renderer.lineCacheSize)
        let opened = SampleLines.random(count: 2_000, in: area, seed: 9)
        let prepared = PreparedLineCache(opened, size: size)
        #expect(!renderer.adopt(PreparedLineCache(opened, size: LineCacheSize(width: 300, height: 300, scale: 1)),
                                showing: canvas), "made for another size")
        canvas.takeLines(of: Drawing(lines: opened))
        #expect(renderer.adopt(prepared, showing: canvas))
        renderer.render(canvas, into: image.buffer, damage: [area])
        #expect(renderer.unfinishedArea.isEmpty, "every line is there in the first frame")
        #expect(!renderer.lastFrame.rebuiltCache)
        let fresh = OwnedPixelBuffer(width: Self.width, height: Self.height)
        CanvasRenderer().renderAll(canvas, into: fresh.buffer)
        withExtendedLifetime((image, fresh)) {
            #expect(image.buffer.samePixels(as: fresh.buffer))
        }
    }
}
