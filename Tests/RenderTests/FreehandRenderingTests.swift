import CCairo
import Canvas
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import Render
import SampleDrawings
import Testing
import TestSupport
import TouchCore

/// Freehand lines on screen and in exports: as wide as pressed at each
/// point, smooth (no gaps or notches at the joins), drawn in progress by
/// the new pieces alone, and the same pixels however a frame came about.
@Suite final class FreehandRenderingTests {
    private final class Finger {}

    /// A line along y = 100 from x = 20 to 380, its pressure rising from 0 to 1.
    private let ramp = Line(freehand: (0...36).map { FreehandPoint(x: 20 + 10 * Double($0), y: 100, pressure: Double($0) / 36) })

    /// How many pixels of column `x` are ink (darker than mid grey) in `buffer`.
    private func inkHeight(_ buffer: PixelBuffer, x: Int) -> Int {
        (0..<buffer.height).filter { buffer.at(x, $0).red < 128 && buffer.at(x, $0).alpha == 255 }.count
    }

    private func rendered(_ drawing: Drawing, width: Int = 400, height: Int = 200, scale: Double = 1) -> OwnedPixelBuffer {
        let image = OwnedPixelBuffer(width: Int(Double(width) * scale), height: Int(Double(height) * scale), scale: scale)
        CanvasRenderer().renderAll(drawing, into: image.buffer)
        return image
    }

    @Test func theWidthFollowsThePressure() {
        let image = rendered(Drawing(lines: [ramp]))
        let heights = stride(from: 40, through: 360, by: 40).map { inkHeight(image.buffer, x: $0) }
        #expect(heights == heights.sorted(), "never narrower further along: \(heights)")
        #expect(heights.first! <= 3 && heights.last! >= 9, "from about 1 pt to about 10: \(heights)")
        let expected = CanvasMetrics.freehandWidth(pressure: 340.0 / 360)
        #expect(abs(Double(inkHeight(image.buffer, x: 360)) - expected) <= 1.5)
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
        #expect(abs(Double(inkHeight(image.buffer, x: 100)) - CanvasMetrics.freehandWidth(pressure: 0.5)) <= 1)
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

    // MARK: Exports

    private let temporary: TemporaryDirectory
    init() throws {
        temporary = try TemporaryDirectory(prefix: "touchtracker-freehand-export")
    }

    @Test func pngAndPDFKeepTheWidths() throws {
        let path = temporary.path + "/ramp.png"
        try Exporter.export(Drawing(lines: [ramp]), to: path, size: Size(width: 400, height: 200))
        // Read the PNG back through Cairo.
        let surface = cairo_image_surface_create_from_png(path)
        defer { cairo_surface_destroy(surface) }
        let data = cairo_image_surface_get_data(surface)!
        let rowBytes = Int(cairo_image_surface_get_stride(surface))
        let buffer = PixelBuffer(data: UnsafeMutableRawPointer(data), width: 400, height: 200, stride: rowBytes, scale: 1)
        let onScreen = rendered(Drawing(lines: [ramp]))
        for x in stride(from: 40, through: 360, by: 40) {
            #expect(inkHeight(buffer, x: x) == inkHeight(onScreen.buffer, x: x), "as on screen at x = \(x)")
        }
        let pdf = temporary.path + "/ramp.pdf"
        try Exporter.export(Drawing(lines: [ramp]), to: pdf)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: pdf))
        #expect(bytes.starts(with: Data("%PDF-".utf8)))
    }

    /// The `d` and `style` of every `<path>` of an SVG file.
    private func svgPaths(_ path: String) throws -> [(d: String, style: String, fill: String?, strokeWidth: String?)] {
        final class Paths: NSObject, XMLParserDelegate {
            var found: [(d: String, style: String, fill: String?, strokeWidth: String?)] = []
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                        qualifiedName: String?, attributes: [String: String]) {
                if name == "path" {
                    found.append((attributes["d"] ?? "", attributes["style"] ?? "", attributes["fill"],
                                  attributes["stroke-width"]))
                }
            }
        }
        let parser = XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: path)))
        let paths = Paths()
        parser.delegate = paths
        #expect(parser.parse())
        return paths.found
    }

    @Test func svgFillsAVaryingWidthCapsuleByCapsuleAndStrokesAnEvenOne() throws {
        let even = Line(freehand: [FreehandPoint(x: 10, y: 10), FreehandPoint(x: 50, y: 20), FreehandPoint(x: 90, y: 10)])
        let dot = Line(freehand: [FreehandPoint(x: 30, y: 50, pressure: 0)])
        let path = temporary.path + "/freehand.svg"
        try Exporter.export(Drawing(lines: [line(0, 0, 10, 10), ramp, even, dot]), to: path,
                            size: Size(width: 400, height: 200))
        let paths = try svgPaths(path)
        #expect(paths.count == 4, "one path per line")
        #expect(paths[0].d == "M 0 0 L 10 10 ")
        #expect(paths[1].fill == "#000000" && paths[1].style.contains("stroke:none"))
        #expect(paths[1].d.components(separatedBy: "Z").count - 1 == ramp.segmentCount, "a closed sub-path per capsule")
        #expect(paths[2].strokeWidth == "10" && paths[2].style.contains("stroke-linecap:round;stroke-linejoin:round"))
        #expect(paths[2].d == "M 10 10 L 50 20 L 90 10 ")
        #expect(paths[3].d.hasPrefix("M 30.5 50 A 0.5 0.5 0 1 1 29.5 50 A 0.5 0.5 0 1 1 30.5 50 Z"), "\(paths[3].d)")
    }

    @Test func svgOfALineLongerThanAChunkIsWrittenAChunkAtATime() throws {
        let samples = (0..<Drawing.strokePointLimit).map { (index: Int) -> FreehandPoint in
            FreehandPoint(x: Double(index % 400), y: Double(index / 400), pressure: Double(index % 7) / 7)
        }
        let long = Line(freehand: samples)
        let path = temporary.path + "/long.svg"
        try Exporter.export(Drawing(lines: [long]), to: path)
        let paths = try svgPaths(path)
        #expect(paths.count == 1)
        #expect(paths[0].d.components(separatedBy: "Z").count - 1 == long.segmentCount)
    }
}
