import Canvas
@testable import Inspector
import Render
@testable import Scene
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// The inspector overlay through the whole stack: opened by F12 and from
/// the canvas menu on the scripted compositor, read back from the pixels
/// the session presents and from the damage it sends.
@Suite struct InspectorEndToEndTests {
    private func isRingBlue(_ pixel: UInt32) -> Bool {
        let r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF
        return b > 0xC0 && r < 0x60 && (0x50...0xA0).contains(g)
    }

    private func isPanelDark(_ pixel: UInt32) -> Bool {
        let r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF
        return pixel >> 24 == 0xFF && r < 0x40 && g < 0x40 && b < 0x40
    }

    /// Where the inspector's panels lie, in the harness's canvas coordinates.
    private func arrangement(_ app: AppHarness) -> InspectorArrangement {
        InspectorPainter.arrangement(app.session.firstWindow.inspector.model, canvasFrame: app.canvas.frame.inCanvas)
    }

    /// Where the inspector's text panel draws.
    private func layout(_ app: AppHarness) -> InspectorLayout { arrangement(app).text }

    /// A point inside the panel that no text covers: its bottom-left corner.
    private func panelCorner(_ app: AppHarness) -> (Double, Double) {
        let panel = layout(app).panel
        return (panel.minX + 2, panel.maxY - 2)
    }

    private func pressF12(_ app: AppHarness) throws {
        try app.press(EvdevKey.f12)
    }

    @Test func f12ShowsRingsAndThePanelOverTheDrawingAndTakesThemAwayAgain() throws {
        let app = try AppHarness(lines: [line(300, 60, 300, 280)])
        try app.focusKeyboard()
        let before = try #require(app.presented.pixels)
        let (cornerX, cornerY) = panelCorner(app)
        #expect(app.pixel(cornerX, cornerY) == Colour.white)

        try pressF12(app)
        #expect(app.session.firstWindow.inspector.isOpen)
        #expect(isPanelDark(app.pixel(cornerX, cornerY)), "the panel is shown")
        #expect(app.session.firstWindow.window.tracer != nil, "the overlay follows the recognizers through the tracer")

        try app.down(1, 350, 150)
        #expect(isRingBlue(app.pixel(350 + InspectorLayout.ringRadius, 150)), "a ring around the finger")
        let model = app.session.firstWindow.inspector.model
        #expect(model.contacts.map(\.id) == [1])
        #expect(model.contacts.first?.device == InputDeviceID(seat: "seat0", kind: .finger))

        // The first motion makes the taps and the long press fail (their
        // rows change); the next one repaints its line, the ring and label
        // where they were and are, and lines of the panel: a bounded
        // region, never the whole window.
        try app.move(1, 360, 160)
        #expect(isRingBlue(app.pixel(360 + InspectorLayout.ringRadius, 160)))
        #expect(!isRingBlue(app.pixel(350 - InspectorLayout.ringRadius, 150)), "the old ring is gone")
        try app.move(1, 366, 164)
        let canvasFrame = app.canvas.frame.inCanvas
        let moved = InspectorLayout.contactBounds(at: [Point(x: 360, y: 160)], in: canvasFrame)[0]
            .union(InspectorLayout.contactBounds(at: [Point(x: 366, y: 164)], in: canvasFrame)[0])
            .union(line(360, 160, 366, 164).paintedBounds)
        // Damage is the window's: the canvas's, moved down by the toolbar.
        // This window has no room for the charts beside or below the text
        // (InspectorChartsEndToEndTests checks their damage in a larger one).
        #expect(arrangement(app).placement == .hidden)
        let allowed = [moved, layout(app).panel].map { $0.offsetBy(dx: 0, dy: AppHarness.canvasTop).insetBy(dx: -1, dy: -1) }
        let damage = app.presented.bufferDamage
        #expect(!damage.isEmpty)
        for rect in damage {
            let bounds = Rect(x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height))
            #expect(allowed.contains { $0.contains(bounds) }, "\(rect) is the contact's or the panel's")
        }
        let area = damage.reduce(0) { $0 + Double($1.width) * Double($1.height) }
        // The frames' lines and the label are as wide as 11-point text needs.
        #expect(area < Double(AppHarness.width) * Double(AppHarness.height) * 0.4, "\(damage) is not the window")

        try app.up(1)
        #expect(!isRingBlue(app.pixel(360 + InspectorLayout.ringRadius, 160)), "lifted: no ring")
        #expect(app.session.firstWindow.inspector.model.contacts.isEmpty)
        #expect(try app.savedLines() == [line(300, 60, 300, 280), line(350, 150, 366, 164)],
                "the overlay drew nothing into the drawing")

        try pressF12(app)
        #expect(!app.session.firstWindow.inspector.isOpen)
        #expect(app.session.firstWindow.window.tracer == nil, "closed, it costs nothing")
        let after = try #require(app.presented.pixels)
        let stroke = Rect(x: 340, y: 140 + AppHarness.canvasTop, width: 35, height: 35)
        // The toolbar's Undo, enabled by the new stroke, changed too.
        let undo = app.session.firstWindow.scene.chrome.undoButton
        let undoFace = undo.convert(undo.bounds, to: nil)
        var differences = 0
        let width = Int(AppHarness.width)
        for (index, pixel) in after.enumerated() where pixel != before[index] {
            let point = Point(x: Double(index % width) + 0.5, y: Double(index / width) + 0.5)
            if !stroke.contains(point) && !undoFace.contains(point) { differences += 1 }
        }
        #expect(differences == 0, "closed, the window is as it was but for the new stroke and Undo")
    }

    @Test func theCanvasMenuShowsAndHidesTheInspector() throws {
        let app = try AppHarness()
        let (cornerX, cornerY) = panelCorner(app)
        for title in ["Show Inspector", "Hide Inspector"] {
            try app.pointerEnter(350, 250)
            try app.pointerButton(InputTranslator.rightButton, pressed: true)
            try app.pointerButton(InputTranslator.rightButton, pressed: false)
            let item = try #require(try app.menuItemFrame(title), "\(title) is in the menu")
            try app.down(5, item.midX, item.midY)
            try app.up(5)
            try app.wait(0.5)
            #expect(app.session.firstWindow.inspector.isOpen == (title == "Show Inspector"))
            #expect(!app.menu.isMenuVisible)
        }
        #expect(app.pixel(cornerX, cornerY) == Colour.white, "hidden again")
        #expect(try app.savedLines().isEmpty, "choosing in the menu drew nothing")
    }

    @Test func theRecognizersDecisionsAndTheFramesShowLive() throws {
        let app = try AppHarness()
        try app.focusKeyboard()
        try pressF12(app)
        let timeline = app.session.firstWindow.inspector.model.timeline
        #expect(timeline.rows.map(\.recognizer) == ["doubleTap", "tap", "tapAfterTap", "twoFingerTap", "threeFingerTap", "longPress", "move",
                                                      "holdToStraighten", "navigatePan", "navigatePinch", "selectionPinch",
                                                      "selectionRotation"])
        #expect(timeline.rows.allSatisfy { $0.state == .possible && $0.transitions.isEmpty })
        let rowFrame = try #require(layout(app).timelineRow(1))
        let rowBefore = pixels(app, in: rowFrame)

        try app.tap(350, 250)
        let rows = app.session.firstWindow.inspector.model.timeline.rows
        #expect(rows[0].transitions.map(\.to) == [.failed, .possible], "the double tap failed")
        #expect(rows[1].transitions.map(\.to) == [.ended, .possible], "then the tap recognized")
        #expect(rows[1].transitions[0].time > rows[0].transitions[0].time - 1e-9)
        #expect(pixels(app, in: rowFrame) != rowBefore, "the tap's row was repainted")

        // Two fingers in one wl_touch.frame are one line of the frames.
        try app.send {
            app.seat.touchDown(on: app.surface.resource, id: 2, x: 330, y: 200, time: app.time)
            app.seat.touchDown(on: app.surface.resource, id: 3, x: 370, y: 120, time: app.time)
            app.seat.touchFrame()
        }
        let frame = try #require(app.session.firstWindow.inspector.model.frames.last)
        #expect(frame.changes == [.init(id: 2, phase: .down), .init(id: 3, phase: .down)])
        #expect(app.session.firstWindow.inspector.model.contacts.map(\.frame) == [frame.serial, frame.serial])
        for (x, y) in [(330.0, 200.0), (370.0, 120.0)] {
            #expect(isRingBlue(app.pixel(x + InspectorLayout.ringRadius, y)), "a ring at \(x), \(y)")
        }
    }

    @Test func theLatencyIsFromTheEventTimeToTheCommit() throws {
        let app = try AppHarness()
        try app.focusKeyboard()
        try pressF12(app)
        // The down and a first move find no frame pending and are
        // committed at once (the overlay asks for no frame of its own); a
        // second move, before the compositor's frame callback, waits 10 ms
        // for it.
        try app.down(1, 350, 150)
        app.seat.touchMotion(id: 1, x: 355, y: 150, time: app.time)
        app.seat.touchFrame()
        try app.settle()
        app.seat.touchMotion(id: 1, x: 360, y: 150, time: app.time)
        app.seat.touchFrame()
        try app.settle()
        app.advance(by: 0.01)
        try app.frame()
        let latency = app.session.firstWindow.inspector.model.latency
        #expect(latency.samples == [0, 0, 0.01])
        #expect(latency.unrelatedClockDifference == nil, "the scripted compositor stamps events with our clock")
    }

    /// A frame of the overlay's own would hold the frame callback the next
    /// input waits for: what changes without input is painted with the
    /// next frame of input, or by the overlay's tick once input stops.
    @Test func theOverlayAsksForNoFrameOfItsOwnWhileInputComes() throws {
        let app = try AppHarness()
        try app.focusKeyboard()
        try pressF12(app)
        try app.down(1, 350, 150)
        try app.move(1, 355, 150)
        let commits = app.surface.commits.count
        try app.frame()
        try app.frame()
        #expect(app.surface.commits.count == commits, "no frame for the new latency alone")

        try app.move(1, 360, 150)
        let latency = layout(app).latency.offsetBy(dx: 0, dy: AppHarness.canvasTop)
        #expect(app.presented.bufferDamage.contains { rect in
            Rect(x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height))
                .insetBy(dx: -1, dy: -1).contains(latency)
        }, "the latency line is repainted with the motion")

        let afterInput = app.surface.commits.count
        try app.wait(InspectorOverlay.refreshInterval + 0.01)
        #expect(app.surface.commits.count > afterInput, "once input stops, the tick shows the last figures")
    }

    @Test func theTraceGoesOnWithTheOverlayOpenAndAfterItCloses() throws {
        let app = try AppHarness(trace: true)
        try app.focusKeyboard()
        try pressF12(app)
        app.clearLog()
        try app.tap(350, 250)
        #expect(app.logLines.contains(#"{"trace":"state","recognizer":"tap","from":"possible","to":"ended"}"#))
        try pressF12(app)
        app.clearLog()
        try app.tap(350, 250)
        #expect(app.logLines.contains(#"{"trace":"state","recognizer":"tap","from":"possible","to":"ended"}"#))
    }

    private func pixels(_ app: AppHarness, in rect: Rect) -> [UInt32] {
        var result: [UInt32] = []
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) { result.append(app.pixel(Double(x), Double(y))) }
        }
        return result
    }
}
