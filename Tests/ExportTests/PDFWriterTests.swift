import CCairo
import Canvas
import Foundation
@testable import Export
import Testing
import TestSupport
import TouchCore

/// The PDF export, written by `PDFWriter` a line at a time: a well-formed
/// file (every cross-reference lands on its object, the stream's length is
/// right), whose page, painted operator by operator with Cairo, has the
/// pixels of the PNG export of the same drawing.
@Suite final class PDFWriterTests {
    private let temporary: TemporaryDirectory
    var directory: String { temporary.path }

    init() throws {
        temporary = try TemporaryDirectory(prefix: "touchtracker-pdf")
    }

    let drawing = Drawing(lines: [
        line(20, 30, 180, 30),
        line(50, 60, 50, 160),
        // Of one width: its polyline is stroked.
        Line(freehand: [FreehandPoint(x: 70, y: 120, pressure: 0.5), FreehandPoint(x: 120, y: 90, pressure: 0.5),
                        FreehandPoint(x: 170, y: 140, pressure: 0.5)]),
        // Of varying width, moved: its capsules are filled.
        Line(freehand: [FreehandPoint(x: 80, y: 60, pressure: 0.1), FreehandPoint(x: 130, y: 70, pressure: 1),
                        FreehandPoint(x: 160, y: 100, pressure: 0.3)], offset: Vector(dx: 5, dy: 2)),
        // One point: a disc.
        Line(freehand: [FreehandPoint(x: 30, y: 150, pressure: 0.8)]),
    ])

    private func export(_ name: String) throws -> (text: String, summary: ExportSummary) {
        let path = directory + "/" + name
        let summary = try Exporter.export(drawing, to: path)
        // Every byte of the file is ASCII but the binary marker on line 2:
        // read as "?", one character a byte, so offsets into the text are the file's.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path)).map { $0 < 0x80 ? $0 : UInt8(ascii: "?") }
        return (String(decoding: bytes, as: UTF8.self), summary)
    }

    @Test func everyCrossReferenceLandsOnItsObjectAndTheLengthIsRight() throws {
        let (text, summary) = try export("drawing.pdf")
        let bytes = Array(text.utf8)
        func at(_ offset: Int, _ prefix: String) -> Bool {
            offset >= 0 && offset < bytes.count && bytes[offset...].starts(with: Array(prefix.utf8))
        }
        #expect(text.hasPrefix("%PDF-1.4\n"))
        #expect(text.hasSuffix("%%EOF\n"))
        let startxref = try #require(text.components(separatedBy: "startxref\n").last?.split(separator: "\n").first)
        let table = try #require(Int(startxref))
        #expect(at(table, "xref\n0 6\n"))
        let entries = String(decoding: bytes[table...], as: UTF8.self).split(separator: "\n").dropFirst(3).prefix(5)
        for (number, entry) in zip(1..., entries) {
            let offset = try #require(Int(entry.prefix(10)))
            #expect(at(offset, "\(number) 0 obj\n"), "object \(number) at \(offset)")
        }
        let streamStart = try #require(text.range(of: "stream\n")).upperBound
        let streamEnd = try #require(text.range(of: "endstream\n")).lowerBound
        let length = text.utf8.distance(from: streamStart, to: streamEnd)
        #expect(text.contains("5 0 obj\n\(length)\nendobj\n"), "the stream's /Length object")
        #expect(text.contains("/MediaBox [0 0 \(SVGWriter.number(summary.page.width)) "
                              + "\(SVGWriter.number(summary.page.height))]"))
        #expect(text.contains("20 30 m 180 30 l S\n"), "a straight line as it is in the drawing")
    }

    @Test func thePageHasThePixelsOfThePNGExport() throws {
        let (text, summary) = try export("drawing.pdf")
        let png = directory + "/drawing.png"
        try Exporter.export(drawing, to: png)
        let expected = cairo_image_surface_create_from_png(png)!
        defer { cairo_surface_destroy(expected) }
        let width = Int(summary.page.width), height = Int(summary.page.height)
        #expect(Int(cairo_image_surface_get_width(expected)) == width)
        let painted = try paint(contentOf: text, width: width, height: height)
        defer { cairo_surface_destroy(painted) }
        cairo_surface_flush(expected)
        cairo_surface_flush(painted)
        var inked = 0, differing = 0
        for y in 0..<height {
            for x in 0..<width {
                let a = pixel(expected, x, y), b = pixel(painted, x, y)
                if a < 0x80 { inked += 1 }
                // Antialiased edges may differ a little: the arcs are Bézier curves here.
                if abs(a - b) > 0x60 { differing += 1 }
            }
        }
        #expect(inked > 1000, "the drawing is there")
        #expect(differing * 1000 < width * height, "\(differing) of \(width * height) pixels differ")
    }

    /// The green channel of pixel (x, y) of an image surface.
    private func pixel(_ surface: OpaquePointer, _ x: Int, _ y: Int) -> Int {
        let data = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        let value = data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        return Int((value >> 8) & 0xFF)
    }

    struct UnknownOperator: Error {
        let name: String
    }

    /// Paints the page's content stream with Cairo: the operators
    /// `PDFWriter` writes, each as PDF defines it, in PDF's space (y up).
    private func paint(contentOf text: String, width: Int, height: Int) throws -> OpaquePointer {
        let start = try #require(text.range(of: "stream\n")).upperBound
        let end = try #require(text.range(of: "endstream\n")).lowerBound
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
        let cairo = cairo_create(surface)!
        defer { cairo_destroy(cairo) }
        cairo_set_source_rgb(cairo, 0.5, 0.5, 0.5)
        cairo_paint(cairo)
        // PDF's default space: y grows upwards from the bottom.
        var flip = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: -1, x0: 0, y0: Double(height))
        cairo_transform(cairo, &flip)
        var operands: [Double] = []
        var stroke = (0.0, 0.0, 0.0), fill = (0.0, 0.0, 0.0)
        for token in text[start..<end].split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            if let value = Double(token) {
                operands.append(value)
                continue
            }
            let o = operands
            switch token {
            case "m": cairo_move_to(cairo, o[0], o[1])
            case "l": cairo_line_to(cairo, o[0], o[1])
            case "c": cairo_curve_to(cairo, o[0], o[1], o[2], o[3], o[4], o[5])
            case "h": cairo_close_path(cairo)
            case "re": cairo_rectangle(cairo, o[0], o[1], o[2], o[3])
            case "S":
                cairo_set_source_rgb(cairo, stroke.0, stroke.1, stroke.2)
                cairo_stroke(cairo)
            case "f":
                cairo_set_source_rgb(cairo, fill.0, fill.1, fill.2)
                cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
                cairo_fill(cairo)
            case "w": cairo_set_line_width(cairo, o[0])
            case "J": cairo_set_line_cap(cairo, o[0] == 1 ? CAIRO_LINE_CAP_ROUND : CAIRO_LINE_CAP_BUTT)
            case "j": cairo_set_line_join(cairo, o[0] == 1 ? CAIRO_LINE_JOIN_ROUND : CAIRO_LINE_JOIN_MITER)
            case "M": cairo_set_miter_limit(cairo, o[0])
            case "RG": stroke = (o[0], o[1], o[2])
            case "rg": fill = (o[0], o[1], o[2])
            case "q": cairo_save(cairo)
            case "Q": cairo_restore(cairo)
            case "cm":
                var matrix = cairo_matrix_t(xx: o[0], yx: o[1], xy: o[2], yy: o[3], x0: o[4], y0: o[5])
                cairo_transform(cairo, &matrix)
            default: throw UnknownOperator(name: String(token))
            }
            operands = []
        }
        return surface
    }
}
