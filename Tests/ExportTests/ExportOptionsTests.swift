import CCairo
import Canvas
import Foundation
import Export
import Testing
import TestSupport
import TouchCore

/// The export's options (issue 36): a PNG's scale and background by its
/// pixels, a PDF's paper by its MediaBox and where the lines land on it.
@Suite final class ExportOptionsTests {
    private let temporary: TemporaryDirectory
    /// One horizontal line: 10 pt wide, from x 20 to 180 at y 50 (its ink
    /// reaches a point further: 14…186 × 44…56).
    private let drawing = Drawing(lines: [line(20, 50, 180, 50)])

    init() throws {
        temporary = try TemporaryDirectory(prefix: "touchtracker-export-options")
    }

    /// The PNG's pixels as 0xAARRGGBB, row by row, and its size.
    private func pixels(of path: String) throws -> (width: Int, height: Int, at: (Int, Int) -> UInt32) {
        let surface = cairo_image_surface_create_from_png(path)!
        defer { cairo_surface_destroy(surface) }
        try #require(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let copy = (0..<height * stride / 4).map { index in
            UnsafeRawPointer(data).load(fromByteOffset: index * 4, as: UInt32.self)
        }
        return (width, height, { x, y in copy[y * stride / 4 + x] })
    }

    /// How many pixels down column `x` are inked (not white, not transparent).
    private func inkedRun(_ at: (Int, Int) -> UInt32, x: Int, height: Int) -> Int {
        (0..<height).count { y in
            let pixel = at(x, y)
            return pixel >> 24 == 0xFF && pixel & 0x00FF_FFFF != 0x00FF_FFFF
        }
    }

    @Test func aTwiceScaledPNGIsTwiceAsLargeWithTwiceAsThickALine() throws {
        let single = temporary.path + "/single.png", double = temporary.path + "/double.png"
        try Exporter.export(drawing, to: single)
        try Exporter.export(drawing, to: double, options: ExportOptions(scale: 2))
        let one = try pixels(of: single), two = try pixels(of: double)
        #expect(two.width == 2 * one.width && two.height == 2 * one.height)
        let thickness = inkedRun(one.at, x: one.width / 2, height: one.height)
        #expect(thickness == 10)
        #expect(inkedRun(two.at, x: two.width / 2, height: two.height) == 2 * thickness)
    }

    @Test func aFourTimesScaledPNGIsFourTimesAsLarge() throws {
        let path = temporary.path + "/four.png"
        let summary = try Exporter.export(drawing, to: path, options: ExportOptions(scale: 4))
        let four = try pixels(of: path)
        #expect(four.width == Int(summary.page.width) * 4 && four.height == Int(summary.page.height) * 4)
        #expect(inkedRun(four.at, x: four.width / 2, height: four.height) == 40)
    }

    @Test func aWhitePNGIsOpaqueWhiteAroundTheLinesATransparentOneIsClear() throws {
        let white = temporary.path + "/white.png", clear = temporary.path + "/clear.png"
        try Exporter.export(drawing, to: white, options: ExportOptions(background: .white))
        try Exporter.export(drawing, to: clear, options: ExportOptions(background: .transparent))
        let opaque = try pixels(of: white), transparent = try pixels(of: clear)
        #expect(opaque.at(2, 2) == 0xFFFF_FFFF, "white paper in the corner")
        #expect(transparent.at(2, 2) >> 24 == 0, "nothing in the corner: alpha 0")
        // The line itself is opaque black on both.
        let middle = (opaque.width / 2, opaque.height / 2)
        #expect(opaque.at(middle.0, middle.1) == 0xFF00_0000)
        #expect(transparent.at(middle.0, middle.1) == 0xFF00_0000)
    }

    /// The MediaBox's width and height, and the placement matrix the
    /// content stream's third line sets (scale, x, y).
    private func pdf(_ name: String, page: ExportOptions.Page,
                     lines: Drawing? = nil) throws -> (box: [Double], placement: [Double], note: String?) {
        let path = temporary.path + "/" + name
        let summary = try Exporter.export(lines ?? drawing, to: path, options: ExportOptions(page: page))
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)).map { $0 < 0x80 ? $0 : 0x3F },
                          as: UTF8.self)
        let box = try #require(text.firstRange(of: "/MediaBox [")).upperBound
        let numbers = text[box...].prefix { $0 != "]" }.split(separator: " ").compactMap { Double($0) }
        let stream = try #require(text.firstRange(of: "stream\n")).upperBound
        let placement = text[stream...].split(separator: "\n")[2].split(separator: " ").compactMap { Double($0) }
        return (Array(numbers.suffix(2)), [placement[0], placement[4], placement[5]], summary.note)
    }

    @Test func pdfPagesHaveThePapersSizeInPoints() throws {
        #expect(try pdf("a4.pdf", page: .paper(.a4, .portrait)).box == [595, 842])
        #expect(try pdf("a4l.pdf", page: .paper(.a4, .landscape)).box == [842, 595])
        #expect(try pdf("letter.pdf", page: .paper(.letter, .portrait)).box == [612, 792])
        #expect(try pdf("letterl.pdf", page: .paper(.letter, .landscape)).box == [792, 612])
        // The drawing's own size: the line's 172 × 12 pt of ink and 20 pt around.
        #expect(try pdf("own.pdf", page: .drawing).box == [212, 52])
    }

    @Test func aSmallDrawingIsCentredOnThePaperAtItsOwnSize() throws {
        let (_, placement, note) = try pdf("centred.pdf", page: .paper(.a4, .portrait))
        // Ink 14…186 × 44…56: its centre (100, 50) lands on the page's (297.5, 421).
        #expect(placement == [1, 197.5, 371])
        #expect(note == nil)
    }

    @Test func aWideDrawingIsScaledDownToFitThePaperWithinItsMargin() throws {
        let wide = Drawing(lines: [line(0, 0, 2000, 0)])
        let (box, placement, note) = try pdf("wide.pdf", page: .paper(.letter, .landscape), lines: wide)
        #expect(box == [792, 612])
        // 2012 pt of ink (−6…2006) across 792 − 2 × 36 pt.
        let fit = placement[0]
        #expect(abs(fit - 720.0 / 2012) < 1e-9)
        let left = placement[1] + (-6) * fit
        #expect(abs(left - 36) < 1e-6, "the ink starts at the margin: \(left)")
        #expect(note?.contains("larger than Letter") == true)
    }

    @Test func pageArgumentsReadAsDocumented() {
        #expect(ExportOptions.Page(argument: "drawing") == .drawing)
        #expect(ExportOptions.Page(argument: "a4") == .paper(.a4, .portrait))
        #expect(ExportOptions.Page(argument: "a4-portrait") == .paper(.a4, .portrait))
        #expect(ExportOptions.Page(argument: "letter-landscape") == .paper(.letter, .landscape))
        for bad in ["A3", "a4-sideways", "", "drawing-landscape", "letter-"] {
            #expect(ExportOptions.Page(argument: bad) == nil, "\(bad)")
        }
    }
}
