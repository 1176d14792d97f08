import Canvas
@testable import Decorations
import Render
@testable import Scene
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// An empty drawing says how to draw (issue 36), through the whole stack:
/// the page's pixels on the scripted compositor, the strokes that draw
/// through it, and its words whole in a phone-sized window.
@Suite struct EmptyStateEndToEndTests {
    /// The page's pieces in the harness's canvas coordinates, as Pango lays them out.
    private func placed(_ app: AppHarness) -> (icon: Rect?, title: Rect, lines: [Rect]) {
        let page = app.session.firstWindow.scene.emptyState
        let measurer = PangoTextMeasurer()
        let layout = page.layout { measurer.size(of: $0, font: $1, wrappedTo: $2) }
        func inCanvas(_ rect: Rect) -> Rect { page.convert(rect, to: nil).inCanvas }
        return (layout.icon.map(inCanvas), inCanvas(layout.title), layout.lines.map(inCanvas))
    }

    /// How many presented pixels of `rect` (canvas coordinates) are not the paper's white.
    private func markedPixels(_ app: AppHarness, in rect: Rect) -> Int {
        var count = 0
        for y in stride(from: rect.minY, to: rect.maxY, by: 1) {
            for x in stride(from: rect.minX, to: rect.maxX, by: 1) where app.pixel(x, y) != Colour.white {
                count += 1
            }
        }
        return count
    }

    private func screenshot(_ app: AppHarness, _ name: String) {
        let commit = app.presented
        guard let pixels = commit.pixels else { return }
        Screenshot.save(pixels, width: Int(commit.bufferWidth), height: Int(commit.bufferHeight), name: name)
    }

    @Test func anEmptyWindowSaysHowToDrawAndTheFirstStrokeTakesItAway() throws {
        let app = try AppHarness()
        let page = placed(app)
        #expect(!app.session.firstWindow.scene.emptyState.isHidden)
        #expect(markedPixels(app, in: page.title) > 50, "the title is painted")
        for line in page.lines { #expect(markedPixels(app, in: line) > 20, "each hint is painted") }
        let icon = try #require(page.icon)
        #expect(markedPixels(app, in: icon) > 200, "the app's icon is painted")
        // Light grey, not ink: no painted pixel of the title is darker than mid grey.
        let title = page.title
        let darkest = stride(from: title.minY, to: title.maxY, by: 1).flatMap { y in
            stride(from: title.minX, to: title.maxX, by: 1).map { app.pixel($0, y) & 0xFF }
        }.min() ?? 0
        #expect(darkest > 0x80, "light grey, darkest \(darkest)")
        screenshot(app, "empty-state-400x340")

        // A stroke straight through the title draws, and the page goes.
        try app.stroke(1, from: Point(x: title.minX + 10, y: title.midY), to: Point(x: title.maxX - 10, y: title.midY))
        try app.frame()
        #expect(try app.savedLines().count == 1, "a touch on the page draws")
        #expect(app.session.firstWindow.scene.emptyState.isHidden)
        #expect(markedPixels(app, in: page.lines[0]) == 0, "the hints are gone with the first stroke")
        #expect(markedPixels(app, in: icon) == 0, "the icon too")
    }

    @Test func itComesBackWhenTheDrawingIsEmptyAgain() throws {
        let app = try AppHarness()
        try app.stroke(1, from: Point(x: 20, y: 20), to: Point(x: 120, y: 20))
        try app.frame()
        let hint = placed(app).lines[0]
        #expect(markedPixels(app, in: hint) == 0)
        try app.focusKeyboard()
        try app.press(EvdevKey.z, modifiers: ModifierMask.control)
        try app.frame()
        #expect(try app.savedLines().isEmpty)
        #expect(markedPixels(app, in: hint) > 20, "undoing the only line empties the drawing: the page is back")
    }

    @Test func itIsNeverDrawnOverADrawingThatHasLines() throws {
        let app = try AppHarness(lines: [line(20, 250, 380, 250)])
        #expect(app.session.firstWindow.scene.emptyState.isHidden)
        #expect(markedPixels(app, in: placed(app).title) == 0)
    }

    @Test func itsWordsAreWholeInAPhoneSizedWindow() throws {
        let app = try AppHarness()
        try app.resize(width: 360, height: 640)
        let page = placed(app)
        let canvas = app.canvas.frame.inCanvas
        let measurer = PangoTextMeasurer()
        let oneLine = measurer.size(of: CanvasScene.emptyStateTitle, font: Font(size: 16, bold: true),
                                    wrappedTo: .infinity)
        #expect(oneLine.width > page.title.width, "the title needs two lines here")
        #expect(page.title.height >= 2 * oneLine.height - 1, "and gets them: wrapped, not cut")
        for box in [page.title] + page.lines {
            #expect(box.minX >= canvas.minX && box.maxX <= canvas.maxX && box.maxY <= canvas.maxY, "\(box) in \(canvas)")
        }
        #expect(markedPixels(app, in: Rect(x: 0, y: page.title.minY, width: page.title.minX, height: page.title.height)) == 0,
                "nothing runs off the title's box to the left")
        #expect(markedPixels(app, in: Rect(x: page.title.minX, y: page.title.midY, width: page.title.width,
                                           height: page.title.height / 2)) > 50, "the title's second line is painted")
        screenshot(app, "empty-state-360x640")
        try app.resize(width: 1280, height: 800)
        #expect(placed(app).icon?.width == StatusPageView.largeIconSide, "a large window has the large icon")
        screenshot(app, "empty-state-1280x800")
    }
}
