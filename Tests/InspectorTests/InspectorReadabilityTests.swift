import Canvas
import CCairo
@testable import Inspector
@testable import InspectorModel
@testable import Render
import RenderTestSupport
import Testing
import TestSupport
import TouchCore

/// Issue 36: the inspector is readable: its text is at least 11 points at
/// scale 1, a contact's label never covers another contact's ring (it
/// moves aside), and the charts keep a margin from the window's edges.
@Suite struct InspectorReadabilityTests {
    let canvasFrame = Rect(x: 0, y: 46, width: 800, height: 554)

    /// The panel font's size in points of the window at scale 1, as Pango
    /// lays it out (a size in typographic points is 96/72 as many).
    @Test func thePanelsTextIsAtLeastElevenPointsAtScaleOne() {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 8, 8)
        let cairo = cairo_create(surface)!
        defer {
            cairo_destroy(cairo)
            cairo_surface_destroy(surface)
        }
        let layout = PangoText.makeLayout("f1 seat0 finger", font: PanelStyle.font, on: cairo)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let description = pango_layout_get_font_description(layout)
        let size = Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE)
        let resolution = pango_cairo_context_get_resolution(pango_layout_get_context(layout))
        let points = pango_font_description_get_size_is_absolute(description) != 0
            ? size : size * (resolution > 0 ? resolution : 96) / 72
        #expect(points >= 11, "\(PanelStyle.font) is \(points) points")
        let lineHeight = PangoText.size(of: layout).height
        #expect(lineHeight <= PanelStyle.lineHeight, "lines of \(lineHeight) points do not run into each other")
    }

    /// A contact's longest lines fit its label at that size.
    @Test func aContactsLinesFitItsLabel() {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 8, 8)
        let cairo = cairo_create(surface)!
        defer {
            cairo_destroy(cairo)
            cairo_surface_destroy(surface)
        }
        for text in ["seat0 #1234 eraser", "cancel 12.3s 120Hz f4567"] {
            let layout = PangoText.makeLayout(text, font: PanelStyle.font, on: cairo)
            #expect(PangoText.size(of: layout).width <= InspectorLayout.labelSize.width - 6, "\(text) is not cut")
            g_object_unref(UnsafeMutableRawPointer(layout))
        }
    }

    /// Fingers close together: a row, a square, a cluster, a row at the
    /// canvas's right edge and one along its bottom.
    static let gatherings: [[Point]] = [
        [Point(x: 200, y: 300), Point(x: 250, y: 300), Point(x: 300, y: 300), Point(x: 350, y: 300)],
        [Point(x: 300, y: 300), Point(x: 350, y: 300), Point(x: 300, y: 350), Point(x: 350, y: 350)],
        [Point(x: 400, y: 300), Point(x: 445, y: 290), Point(x: 470, y: 335), Point(x: 425, y: 370),
         Point(x: 380, y: 345)],
        [Point(x: 700, y: 200), Point(x: 750, y: 200), Point(x: 775, y: 250)],
        [Point(x: 100, y: 580), Point(x: 150, y: 585), Point(x: 200, y: 580)],
    ]

    @Test(arguments: gatherings)
    func noLabelCoversAnotherContactsRing(_ locations: [Point]) {
        let labels = InspectorLayout.labelFrames(at: locations, in: canvasFrame)
        #expect(labels.count == locations.count)
        for (index, label) in labels.enumerated() {
            #expect(canvasFrame.contains(label), "label \(index) inside the canvas")
            for (other, location) in locations.enumerated() where other != index {
                #expect(!InspectorLayout.ringBounds(at: location).intersects(label),
                        "label \(index) \(label) clear of ring \(other) at \(location)")
            }
        }
    }

    @Test func aLoneContactsLabelStaysToTheRightOfItsRing() {
        let label = InspectorLayout.labelFrames(at: [Point(x: 300, y: 300)], in: canvasFrame)[0]
        #expect(label.minX > 300 + InspectorLayout.ringRadius)
        #expect(label.minY < 300 && label.maxY > 300, "level with the finger")
    }

    /// What a person sees: four fingers in a row, and every ring shows
    /// whole in the rendered frame, none under a neighbour's label.
    @Test(arguments: [1.0, 2.0])
    func everyRingOfFingersCloseTogetherIsPainted(scale: Double) {
        let size = (width: 800.0, height: 600.0)
        let image = OwnedPixelBuffer(width: Int(size.width * scale), height: Int(size.height * scale), scale: scale)
        CanvasRenderer().renderAll(Drawing(), into: image.buffer)
        var model = InspectorModel()
        let locations = Self.gatherings[0]
        for (index, location) in locations.enumerated() {
            _ = model.receive(TouchFrame(changes: [down(Int32(index + 1), location.x, location.y, at: 1)], timestamp: 1),
                              at: 1)
        }
        InspectorPainter.paint(model, now: 1.1, canvasFrame: canvasFrame, into: image.buffer, damage: [canvasFrame])
        let r = InspectorLayout.ringRadius
        for location in locations {
            for (dx, dy) in [(r, 0.0), (-r, 0), (0, r), (0, -r)] {
                let pixel = image.buffer.at(Int((location.x + dx) * scale), Int((location.y + dy) * scale))
                #expect(pixel.blue > 0xC0 && pixel.red < 0x60, "the ring at \(location) shows at (\(dx), \(dy))")
            }
        }
    }

    /// The charts sit in the canvas's bottom-right corner, `margin` (12
    /// points) inside it from every edge, at the window sizes people use.
    @Test(arguments: [(360.0, 640.0), (1280, 800), (800, 600), (1920, 1080)])
    func theChartsKeepAMarginFromTheWindowsEdges(width: Double, height: Double) throws {
        var charts = InputCharts()
        charts.receive(TouchFrame(changes: [down(1, 10, 10, at: 1)], timestamp: 1))
        let canvas = Rect(x: 0, y: 46, width: width, height: height - 46)
        let arrangement = InspectorArrangement(canvasFrame: canvas, timeline: RecognizerTimeline(rows: []),
                                               charts: charts, histogramCount: 2)
        let panel = try #require(arrangement.charts?.panel, "\(width)×\(height) shows the charts")
        let margin = 12.0
        #expect(canvas.insetBy(dx: margin, dy: margin).contains(panel), "\(panel) in \(canvas)")
        #expect(canvas.insetBy(dx: margin, dy: margin).contains(arrangement.text.panel))
        if arrangement.placement == .beside {
            #expect(panel.maxX == canvas.maxX - margin && panel.maxY == canvas.maxY - margin, "in the corner")
        }
    }
}
