import CCairo
import Canvas
import Export
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Render
import RenderTestSupport
import Testing
import TestSupport
import TouchCore

/// Freehand lines in exports: as wide as pressed at each point, as on
/// screen (`FreehandRenderingTests`); in SVG, a varying width filled
/// capsule by capsule.
@Suite final class FreehandExportTests {
    /// A line along y = 100 from x = 20 to 380, its pressure rising from 0 to 1.
    private let ramp = Line(freehand: (0...36).map { FreehandPoint(x: 20 + 10 * Double($0), y: 100, pressure: Double($0) / 36) })

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
        let onScreen = OwnedPixelBuffer(width: 400, height: 200, scale: 1)
        CanvasRenderer().renderAll(Drawing(lines: [ramp]), into: onScreen.buffer)
        for x in stride(from: 40, through: 360, by: 40) {
            #expect(buffer.inkHeight(x: x) == onScreen.buffer.inkHeight(x: x), "as on screen at x = \(x)")
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
