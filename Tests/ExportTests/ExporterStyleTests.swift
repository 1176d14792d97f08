import CCairo
import Canvas
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Export
import Render
import RenderTestSupport
import Testing
import TestSupport
import TouchCore

/// Each line's colour and width in exports (issue 22 §3): PNG by its
/// pixels, SVG by its `stroke`, `stroke-width` and `fill` attributes.
@Suite final class ExporterStyleTests {
    private let temporary: TemporaryDirectory
    private let redThick = StrokeStyle(color: .red, width: StrokeWidth(points: 20)!)

    init() throws {
        temporary = try TemporaryDirectory(prefix: "touchtracker-export-style")
    }

    @Test func aRedThickLineIsRedAndTwentyPointsWideInThePNG() throws {
        let path = temporary.path + "/red.png"
        let drawing = Drawing(lines: [Line(begin: Point(x: 20, y: 50), end: Point(x: 180, y: 50), style: redThick),
                                      line(20, 120, 180, 120)])
        try Exporter.export(drawing, to: path, size: Size(width: 200, height: 200))
        let surface = cairo_image_surface_create_from_png(path)
        defer { cairo_surface_destroy(surface) }
        let data = try #require(cairo_image_surface_get_data(surface))
        let buffer = PixelBuffer(data: UnsafeMutableRawPointer(data), width: 200, height: 200,
                                 stride: Int(cairo_image_surface_get_stride(surface)), scale: 1)
        func inked(from top: Int, to bottom: Int) -> Int { (top...bottom).count { buffer.at(100, $0) != .white } }
        #expect(buffer.at(100, 50) == .paletteRed)
        #expect(buffer.at(100, 41) == .paletteRed && buffer.at(100, 58) == .paletteRed, "solid 9 pt either side")
        #expect(inked(from: 20, to: 80) == 20, "20 pixels across")
        #expect(inked(from: 100, to: 140) == 10, "the standard line beside it: 10")
        #expect(buffer.at(100, 120) == .black)
    }

    @Test func thePDFSetsEachLinesColourAndWidth() throws {
        let path = temporary.path + "/styled.pdf"
        let drawing = Drawing(lines: [line(0, 0, 10, 10),
                                      Line(begin: Point(x: 20, y: 100), end: Point(x: 180, y: 100), style: redThick),
                                      Line(begin: Point(x: 20, y: 120), end: Point(x: 180, y: 120), style: redThick)])
        try Exporter.export(drawing, to: path)
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        let setRedThick = "0.753 0.11 0.157 RG 0.753 0.11 0.157 rg\n20 w\n"
        #expect(text.contains("10 w\n0 0 m 10 10 l S\n" + setRedThick + "20 100 m 180 100 l S\n20 120 m"),
                "black and 10 pt first, then red and 20 pt, set once for both red lines: \(text)")
    }

    @Test func svgPathsCarryStrokeAndStrokeWidth() throws {
        let path = temporary.path + "/styled.svg"
        let blueThin = StrokeStyle(color: .blue, width: StrokeWidth(points: 4)!)
        let even = Line(freehand: [FreehandPoint(x: 10, y: 10), FreehandPoint(x: 50, y: 20)], style: blueThin)
        let pressed = Line(freehand: [FreehandPoint(x: 10, y: 60, pressure: 0.2), FreehandPoint(x: 50, y: 60)],
                           style: StrokeStyle(color: .green, width: StrokeWidth(points: 20)!))
        let drawing = Drawing(lines: [Line(begin: Point(x: 20, y: 100), end: Point(x: 180, y: 100), style: redThick),
                                      even, pressed, line(0, 0, 10, 10)])
        try Exporter.export(drawing, to: path, size: Size(width: 200, height: 200))
        final class Paths: NSObject, XMLParserDelegate {
            var found: [[String: String]] = []
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
                        qualifiedName: String?, attributes: [String: String]) {
                if name == "path" { found.append(attributes) }
            }
        }
        let parser = XMLParser(data: try Data(contentsOf: URL(fileURLWithPath: path)))
        let paths = Paths()
        parser.delegate = paths
        #expect(parser.parse())
        let found = paths.found
        #expect(found.count == 4)
        #expect(found[0]["stroke"] == "#c01c28" && found[0]["stroke-width"] == "20")
        #expect(found[1]["stroke"] == "#3584e4" && found[1]["stroke-width"] == "4", "an even freehand line, stroked")
        #expect(found[2]["fill"] == "#2ec27e" && found[2]["stroke"] == nil, "a pressed one, filled")
        #expect(found[3]["stroke"] == "#000000" && found[3]["stroke-width"] == "10")
    }
}
