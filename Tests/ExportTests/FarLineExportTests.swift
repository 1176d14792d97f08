import CCairo
import Canvas
import Export
import Render
import RenderTestSupport
import Testing
import TestSupport
import TouchCore

/// A line far beyond the page, within the drawing file's limits, exports
/// what shows of it, as it paints on screen (`FarLineRenderingTests`):
/// Cairo's fixed-point rasterizer lost such a line, so far segments are
/// clipped in floating point first.
@Suite struct FarLineExportTests {
    @Test func aPNGExportOfAFarLineHasItsDiagonal() throws {
        let directory = try TemporaryDirectory(prefix: "touchtracker-far-export")
        func exported(_ line: Line) throws -> [UInt32] {
            let path = directory.path + "/line.png"
            try Exporter.export(Drawing(lines: [line]), to: path, size: Size(width: 200, height: 100))
            let surface = cairo_image_surface_create_from_png(path)
            defer { cairo_surface_destroy(surface) }
            let buffer = PixelBuffer(data: UnsafeMutableRawPointer(cairo_image_surface_get_data(surface)!), width: 200,
                                     height: 100, stride: Int(cairo_image_surface_get_stride(surface)), scale: 1)
            return (0..<100).flatMap { y in (0..<200).map { x in buffer.pixel(x: x, y: y) } }
        }
        let far = try exported(line(-100_000, -100_000, 100_000, 100_000))
        #expect(far[50 * 200 + 50] == Pixel.black.value)
        #expect(far[50 * 200 + 150] == Pixel.white.value)
        let near = try exported(line(-20, -20, 300, 300))
        #expect(zip(far, near).allSatisfy { abs(Int($0 & 0xFF) - Int($1 & 0xFF)) <= 2 }, "as the same diagonal drawn near")
    }
}
