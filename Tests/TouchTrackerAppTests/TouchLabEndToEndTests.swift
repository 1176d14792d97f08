@testable import Playground
@testable import Scene
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp
@testable import WaylandClient

/// The playground's EventInfo and Recognizer Lab pages (issue 26) through
/// the whole stack: `wl_touch` and `wl_pointer` events from the test
/// compositor, the real session and its trace, and the presented pixels.
@Suite struct TouchLabEndToEndTests {
    /// `inDefaultWindow`: the window at its default size
    /// (`WindowSizing.defaultSize`), as a person first sees the page.
    private func showing(_ page: (PlaygroundView) -> PlaygroundPage, inDefaultWindow: Bool = false) throws -> AppHarness {
        let app = try AppHarness()
        if inDefaultWindow {
            let size = WindowSizing.defaultSize
            app.toplevel.configure(width: Int32(size.width), height: Int32(size.height))
            try app.frame()
        }
        app.session.firstWindow.showPlayground()
        let playground = app.session.firstWindow.playground
        let shown = page(playground)
        playground.showPage(try #require(playground.pages.firstIndex { $0 === shown }))
        try app.frame()
        return app
    }

    /// With `TOUCHTRACKER_SCREENSHOTS=DIR`, saves the window there as `name`.png.
    private func screenshot(_ app: AppHarness, _ name: String) {
        let commit = app.presented
        guard let pixels = commit.pixels else { return }
        Screenshot.save(pixels, width: Int(commit.bufferWidth), height: Int(commit.bufferHeight), name: name)
    }

    /// `rect` of `view` in the harness's canvas coordinates.
    private func canvasRect(_ rect: Rect, of view: View) -> Rect { view.convert(rect, to: nil).inCanvas }

    private func canvasPoint(_ point: Point, of view: View) -> Point { view.convert(point, to: nil).inCanvas }

    /// The presented pixels inside `box`, row by row.
    private func pixels(in box: Rect, _ app: AppHarness) -> [UInt32] {
        var pixels: [UInt32] = []
        for y in Int(box.minY)..<Int(box.maxY) {
            for x in Int(box.minX)..<Int(box.maxX) { pixels.append(app.pixel(Double(x), Double(y))) }
        }
        return pixels
    }

    /// How many pixels in `box` are ink of the pages' text (dark on their light ground).
    private func textPixels(in box: Rect, _ app: AppHarness) -> Int {
        pixels(in: box, app).filter { pixel in [16, 8, 0].allSatisfy { (pixel >> UInt32($0)) & 0xFF < 0x90 } }.count
    }

    /// How many pixels in `box` are the rings' orange.
    private func ringPixels(in box: Rect, _ app: AppHarness) -> Int {
        pixels(in: box, app).filter { pixel in
            let red = Int(pixel >> 16 & 0xFF), green = Int(pixel >> 8 & 0xFF), blue = Int(pixel & 0xFF)
            return abs(red - 0xE6) < 16 && abs(green - 0x61) < 20 && blue < 24
        }.count
    }

    @Test func eventInfoByTouchListsTheMessageAndRingsTheFinger() throws {
        let app = try showing(\.eventInfo)
        let page = app.session.firstWindow.playground.eventInfo
        let list = canvasRect(page.listRect, of: page)
        #expect(list.height > 60)
        #expect(textPixels(in: list, app) == 0, "nothing listed yet")
        let point = canvasPoint(Point(x: 20, y: 30), of: page.nested)
        try app.down(1, point.x, point.y)
        #expect(page.entries.first?.allTouches.first?.viewName == "nested")
        #expect(page.entries.first?.allTouches.first?.inSelf == page.nested.convert(Point(x: 20, y: 30), to: page))
        #expect(textPixels(in: list, app) > 80, "the message is listed")
        let around = Rect(x: point.x - 20, y: point.y - 20, width: 40, height: 40)
        #expect(ringPixels(in: around, app) > 40, "a ring at the finger, over the nested view")
        screenshot(app, "event-info")
        let listed = pixels(in: list, app)
        try app.move(1, point.x + 30, point.y + 5)
        #expect(pixels(in: list, app) != listed, "the move is listed too")
        try app.up(1)
        #expect(page.entries.map(\.method).prefix(3) == [.touchesEnded, .touchesMoved, .touchesBegan])
        #expect(ringPixels(in: canvasRect(page.bounds, of: page), app) == 0, "no ring once the finger is up")
    }

    @Test func eventInfoByMouseListsThePointersTouch() throws {
        let app = try showing(\.eventInfo)
        let page = app.session.firstWindow.playground.eventInfo
        let list = canvasRect(page.listRect, of: page)
        let point = canvasPoint(Point(x: 40, y: page.listRect.minY + 20), of: page)
        try app.pointerEnter(point.x, point.y)
        try app.pointerButton(272, pressed: true)
        #expect(ringPixels(in: Rect(x: point.x - 20, y: point.y - 20, width: 40, height: 40), app) > 40)
        try app.pointerButton(272, pressed: false)
        #expect(page.entries.map(\.method) == [.touchesEnded, .touchesBegan])
        #expect(page.entries.first?.allTouches.first?.touch.kind == .pointer)
        #expect(page.entries.first?.lines.dropFirst().first == "  mouse in view: phase 3 ended, tapCount 1")
        #expect(page.entries.first?.lines.dropFirst(2).first?.hasPrefix("    locationInView(self) {40.000, ") == true)
        #expect(textPixels(in: list, app) > 80, "listed")
    }

    /// The lab opens on the reference's nested views: a finger's tap on
    /// View2 prints the reference's first lines, and the log is drawn.
    @Test func recognizerLabOpensOnTheNestedViewsAndLogsATapByTouch() throws {
        let app = try showing(\.recognizerLab, inDefaultWindow: true)
        let lab = app.session.firstWindow.playground.recognizerLab
        #expect(lab.currentPanel === lab.nestedViews)
        let panel = lab.nestedViews
        let log = canvasRect(panel.logRect, of: panel)
        #expect(log.height >= 48, "room for a few lines: \(log)")
        #expect(textPixels(in: log, app) == 0)
        let point = canvasPoint(Point(x: panel.inner.bounds.midX, y: panel.inner.bounds.midY), of: panel.inner)
        try app.down(1, point.x, point.y)
        try app.up(1)
        try app.wait(1)
        #expect(panel.log.prefix(3) == ["KT1 touchesBegan", "KT2 touchesBegan", "View2 touchesBegan"])
        #expect(panel.log.suffix(3) == ["View2 tapAction", "View2 touchesCancelled", "View touchesCancelled"])
        #expect(textPixels(in: log, app) > 150, "the log is drawn")
        screenshot(app, "recognizer-lab-nested-views")
    }

    /// The lab's second panel, reached by a finger on its button.
    private func showingTapPair() throws -> (AppHarness, TapPairPanel) {
        let app = try showing(\.recognizerLab, inDefaultWindow: true)
        let lab = app.session.firstWindow.playground.recognizerLab
        let button = canvasPoint(Point(x: lab.panelButtons[1].bounds.midX, y: lab.panelButtons[1].bounds.midY),
                                 of: lab.panelButtons[1])
        try app.down(9, button.x, button.y)
        try app.up(9)
        try app.frame()
        #expect(lab.currentPanel === lab.tapPair)
        return (app, lab.tapPair)
    }

    @Test func recognizerLabByTouchLogsTheOrderOfMessages() throws {
        let (app, page) = try showingTapPair()
        let log = canvasRect(page.logRect, of: page)
        #expect(log.height >= 48, "room for a few lines: \(log)")
        #expect(textPixels(in: log, app) == 0)
        let point = canvasPoint(Point(x: page.target.bounds.width * 0.75, y: page.target.bounds.midY), of: page.target)
        try app.down(1, point.x, point.y)
        try app.up(1)
        try app.wait(1)
        #expect(page.target.singleTaps == 1)
        #expect(page.log.prefix(3) == ["singleTap touchesBegan", "doubleTap touchesBegan", "view touchesBegan"])
        #expect(page.log.contains("view touchesCancelled"))
        #expect(textPixels(in: log, app) > 150, "the log is drawn")
        screenshot(app, "recognizer-lab")
    }

    @Test func recognizerLabByMouseFlipsASwitchAndTheViewGetsNothing() throws {
        let (app, page) = try showingTapPair()
        let delays = page.delaysTouchesBegan
        let pill = canvasPoint(Point(x: delays.pill.midX, y: delays.pill.midY), of: delays)
        let grey = app.pixel(pill.x, pill.y)
        try app.pointerEnter(pill.x, pill.y)
        try app.pointerButton(272, pressed: true)
        try app.pointerButton(272, pressed: false)
        try app.wait(1)
        #expect(page.singleTap.delaysTouchesBegan)
        #expect(app.pixel(pill.x, pill.y) == Colour.accent, "the switch shows on (was \(grey))")
        page.clearLog()
        let point = canvasPoint(Point(x: page.target.bounds.width * 0.75, y: page.target.bounds.midY), of: page.target)
        try app.pointerMotion(point.x, point.y)
        try app.pointerButton(272, pressed: true)
        try app.pointerButton(272, pressed: false)
        try app.wait(1)
        #expect(page.target.singleTaps == 1)
        #expect(page.log.contains("singleTap action handleSingleTap:"))
        #expect(!page.log.contains { $0.hasPrefix("view ") }, "delaysTouchesBegan: the view gets nothing: \(page.log)")
    }
}
