@testable import Canvas
import Decorations
@testable import Instruments
@testable import Scene
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// Moving around the canvas through the whole stack (issue 23): fingers
/// after a pen, the touchpad, the wheel and the keys of the scripted
/// compositor, the presented pixels and the saved file of the real session.
@Suite struct NavigationEndToEndTests {
    /// How many pixels of column `x` between `y0` and `y1` show ink.
    private func inkRun(_ app: AppHarness, x: Double, from y0: Double, to y1: Double) -> Int {
        stride(from: y0, to: y1, by: 1).filter { app.pixel(x, $0) != Colour.white }.count
    }

    @Test func afterAPenStrokeTwoFingersPinchALineToTwiceItsWidth() throws {
        let app = try AppHarness(tablets: true)
        let pen = try Pen(app)
        try pen.stroke(from: Point(x: 50, y: 150), to: Point(x: 350, y: 150))
        try pen.leave()
        try app.wait(1)
        #expect(app.canvas.navigation.fingersNavigate, "the pen has taken over drawing")
        let before = inkRun(app, x: 200, from: 100, to: 200)
        #expect(before == 10, "a medium line is 10 points wide")
        // Two fingers either side of the line's middle spread to twice their distance.
        try app.down(1, 150, 150)
        try app.down(2, 250, 150)
        for step in 1...5 {
            let spread = 50 + 10 * Double(step)
            try app.move(1, 200 - spread, 150)
            try app.move(2, 200 + spread, 150)
        }
        try app.up(1)
        try app.up(2)
        // The zoom's percentage showed over the middle, and went.
        #expect(app.canvas.zoomIndicator.text == "200 %" && !app.canvas.zoomIndicator.isHidden)
        try app.wait(ZoomIndicatorView.shownFor + 0.1)
        #expect(app.canvas.zoomIndicator.isHidden)
        #expect(abs(app.canvas.viewport.zoom - 2) < 0.01)
        let after = inkRun(app, x: 200, from: 100, to: 200)
        #expect(abs(after - 2 * before) <= 1, "\(after) pixels after, \(before) before")
        #expect(try app.savedLines() == [line(50, 150, 350, 150)], "navigating changed nothing in the file")
    }

    @Test func oneFingerPansALineByItsTravel() throws {
        let app = try AppHarness(lines: [line(100, 100, 300, 100)], settings: "fingers = navigate\n")
        try app.frame()
        #expect(app.pixel(200, 100) == Colour.black)
        try app.down(1, 200, 200)
        for step in 1...5 { try app.move(1, 200 - 6 * Double(step), 200 + 10 * Double(step)) }
        try app.wait(0.3)
        try app.up(1)
        try app.wait(0.5)
        // The finger moved (−30, +50): so did the line.
        #expect(app.pixel(200, 100) == Colour.white)
        #expect(app.pixel(170, 150) == Colour.black)
        #expect(try app.savedLines() == [line(100, 100, 300, 100)])
    }

    @Test func aLongPanShowsTheLinesItUncoversBeforeTheFingerLifts() throws {
        let app = try AppHarness(lines: [line(100, 100, 300, 100), line(100, 400, 300, 400)],
                                 settings: "fingers = navigate\n")
        try app.frame()
        #expect(inkRun(app, x: 200, from: 0, to: 300) == 10, "only the first line is in view")
        // Up 160 points in 40 motion events, each a frame: the second line
        // comes to y 240, in view while the finger is still down.
        try app.down(1, 200, 280)
        for step in 1...40 { try app.move(1, 200, 280 - 4 * Double(step)) }
        #expect(app.canvas.navigation.isMoving)
        #expect(app.canvas.viewport.origin == Point(x: 0, y: 160))
        // The frames showed the cache scaled, redrawn sharp every few of
        // them: the line uncovered is drawn, not left as paper.
        #expect(inkRun(app, x: 200, from: 220, to: 260) == 10)
        try app.wait(0.3)
        try app.up(1)
    }

    @Test func ctrlWheelZoomsAboutThePointer() throws {
        let app = try AppHarness(lines: [line(100, 100, 300, 100)])
        try app.focusKeyboard()
        try app.pointerEnter(300, 100)
        try app.send {
            app.seat.modifiers(depressed: ModifierMask.control)
            app.seat.pointerAxisSource(.wheel)
            app.seat.pointerAxis(.vertical, value: -15, time: app.time)
            app.seat.pointerAxisSteps(.vertical, steps: -1)
            app.seat.pointerFrame()
        }
        try app.send {
            app.seat.pointerAxis(.vertical, value: -15, time: app.time)
            app.seat.pointerAxisSteps(.vertical, steps: -1)
            app.seat.pointerFrame()
        }
        try app.wait(0.5)
        #expect(abs(app.canvas.viewport.zoom - 1.21) < 1e-6)
        // The line's right end stays under the pointer; its left end moved left.
        #expect(app.pixel(296, 100) == Colour.black)
        #expect(app.pixel(100 - 0.21 * 200 + 4, 100) == Colour.black)
        #expect(app.pixel(100 - 0.21 * 200 - 8, 100) == Colour.white)
    }

    @Test func theWheelPansAndShiftWheelPansSideways() throws {
        let app = try AppHarness(lines: [line(100, 100, 300, 100)])
        try app.focusKeyboard()
        try app.pointerEnter(200, 200)
        try app.send {
            app.seat.pointerAxisSource(.wheel)
            app.seat.pointerAxis(.vertical, value: 15, time: app.time)
            app.seat.pointerAxisSteps(.vertical, steps: 1)
            app.seat.pointerFrame()
        }
        try app.wait(0.5)
        #expect(app.canvas.viewport.origin == Point(x: 0, y: InputTranslator.panPerClick))
        #expect(app.pixel(200, 100 - InputTranslator.panPerClick) == Colour.black)
        try app.send {
            app.seat.modifiers(depressed: ModifierMask.shift)
            app.seat.pointerAxisSource(.wheel)
            app.seat.pointerAxis(.vertical, value: -15, time: app.time)
            app.seat.pointerAxisSteps(.vertical, steps: -1)
            app.seat.pointerFrame()
        }
        try app.wait(0.5)
        #expect(app.canvas.viewport.origin == Point(x: -InputTranslator.panPerClick, y: InputTranslator.panPerClick))
    }

    @Test func aLeftDragWithSpaceHeldPansAndWithoutItDraws() throws {
        let app = try AppHarness(lines: [line(100, 100, 300, 100)])
        try app.focusKeyboard()
        try app.pointerEnter(200, 200)
        func drag() throws {
            try app.pointerButton(InputTranslator.leftButton, pressed: true)
            for step in 1...5 { try app.pointerMotion(200 - 6 * Double(step), 200 + 10 * Double(step)) }
            try app.pointerButton(InputTranslator.leftButton, pressed: false)
            try app.pointerMotion(200, 200)
        }
        try app.send { app.seat.key(EvdevKey.space, pressed: true, time: app.time) }
        try drag()
        try app.send { app.seat.key(EvdevKey.space, pressed: false, time: app.time) }
        try app.wait(0.5)
        // The pointer moved (−30, +50): so did the line, and nothing was drawn.
        #expect(app.canvas.viewport.origin == Point(x: 30, y: -50))
        #expect(app.pixel(200, 100) == Colour.white)
        #expect(app.pixel(170, 150) == Colour.black)
        #expect(try app.savedLines() == [line(100, 100, 300, 100)])
        // Space let go, the same drag draws a line where the pointer went.
        try drag()
        try app.wait(0.5)
        #expect(app.canvas.viewport.origin == Point(x: 30, y: -50))
        #expect(try app.savedLines().count == 2)
    }

    @Test func ctrlZeroFitsADrawingThatWasOffScreen() throws {
        let app = try AppHarness(lines: [line(2000, 1500, 2600, 1500)])
        try app.focusKeyboard()
        #expect(!app.canvasPixels.contains { $0 != Colour.white }, "nothing in view")
        try app.press(EvdevKey.zero, modifiers: ModifierMask.control)
        try app.wait(ZoomIndicatorView.shownFor + 0.1)
        let shown = app.canvas.viewport.viewRect(fromDrawing: Rect(x: 2000, y: 1500, width: 600, height: 0))
        #expect(shown.minX >= CanvasViewport.fitMargin && shown.maxX <= 400 - CanvasViewport.fitMargin)
        #expect(app.pixel(shown.midX, shown.midY) == Colour.black)
        try app.press(EvdevKey.one, modifiers: ModifierMask.control)
        try app.wait(ZoomIndicatorView.shownFor + 0.1)
        #expect(app.canvas.viewport.zoom == 1)
        #expect(app.pixel(200, 150) == Colour.black, "100 % about the centre, where the line was")
    }

    @Test func aTapSelectsALineAtThreeHundredPercent() throws {
        let app = try AppHarness(lines: [line(100, 100, 200, 100), line(100, 115, 200, 115)])
        app.canvas.viewport = CanvasViewport(zoom: 3, origin: Point(x: 80, y: 70))
        try app.frame()
        // At 300 % the lines are 45 points apart: a tap 15 points under the
        // first selects it, though 15 points are only 5 on the drawing.
        try app.tap(150, (100 - 70) * 3 + 15)
        #expect(app.canvas.drawing.selectedLine == line(100, 100, 200, 100))
        // Ringed, the ring as zoomed as the line: 15 + 6 + 9 points out from its centre line.
        // (The menu stands above the finger, over the line's upper half.)
        #expect(app.pixel(150, 100) == Colour.black && app.pixel(150, 90 + 15 + 6 + 4) == Colour.accent)
    }

    @Test func drawingAtHalfSizeSavesTheCoordinatesMeant() throws {
        let app = try AppHarness()
        app.canvas.viewport = CanvasViewport(zoom: 0.5, origin: Point(x: 1000, y: 2000))
        try app.stroke(from: Point(x: 50, y: 50), to: Point(x: 250, y: 50))
        try app.wait(0.5)
        #expect(try app.savedLines() == [line(1100, 2100, 1500, 2100)])
        #expect(app.pixel(150, 50) == Colour.black)
        // 47.5 to 52.5: five pixels of ink, six touched.
        #expect((5...6).contains(inkRun(app, x: 150, from: 30, to: 70)), "a 10 point line shows 5 points wide")
    }

    @Test func fingersNavigateInTheMainMenuIsRemembered() throws {
        let first = try AppHarness()
        first.session.firstWindow.application.sendAction(CanvasController.toggleFingersNavigate, to: nil, from: nil)
        #expect(first.canvas.navigation.fingersNavigate)
        try first.stroke(from: Point(x: 50, y: 50), to: Point(x: 250, y: 50))
        #expect(first.canvas.drawing.count == 0, "fingers navigate")
        let second = try AppHarness(documentName: "second.json", sharing: first.temporaryDirectory)
        #expect(second.canvas.navigation.fingersNavigate)
    }
}

/// A recording of moving around replays to the same view (issue 23).
@Suite struct NavigationReplayTests {
    @Test func theReplayEndsInTheSameView() throws {
        let app = try AppHarness(lines: [line(100, 100, 300, 100)], settings: "fingers = navigate\n", record: true)
        // A flick that glides on, to its end.
        try app.down(1, 100, 200)
        for step in 1...4 { try app.move(1, 100 + 30 * Double(step), 200) }
        try app.up(1)
        for _ in 0..<100 where app.canvas.navigation.isMoving { try app.wait(0.05) }
        #expect(!app.canvas.navigation.isMoving)
        // A pinch, then the wheel.
        try app.down(1, 150, 150)
        try app.down(2, 250, 150)
        for step in 1...3 {
            try app.move(1, 150 - 10 * Double(step), 150)
            try app.move(2, 250 + 10 * Double(step), 150)
        }
        try app.up(1)
        try app.up(2)
        try app.pointerEnter(200, 200)
        try app.send {
            app.seat.pointerAxisSource(.wheel)
            app.seat.pointerAxis(.vertical, value: 15, time: app.time)
            app.seat.pointerAxisSteps(.vertical, steps: 1)
            app.seat.pointerFrame()
        }
        try app.wait(0.5)
        let live = app.canvas.viewport
        #expect(live.zoom > 1.5 && live.origin.x < -100, "\(live)")
        app.session.quit()
        let recording = try Recording.read(path: app.recordingPath)
        #expect(recording.fingersNavigate)
        let replay = Replay(recording, report: { _ in })
        #expect(replay.run().lines == [line(100, 100, 300, 100)])
        let replayed = replay.scene.canvas.viewport
        #expect(abs(replayed.zoom - live.zoom) < 1e-9)
        #expect(abs(replayed.origin.x - live.origin.x) < 1e-6 && abs(replayed.origin.y - live.origin.y) < 1e-6,
                "\(replayed) replayed, \(live) live")
    }
}

/// Each drawing opens where it was last seen (issue 23).
@Suite struct RememberedViewTests {
    @Test func aDrawingOpensWhereItWasLastSeenAndAnotherAtItsOrigin() throws {
        let temporary = try TemporaryDirectory(prefix: AppHarness.temporaryPrefix)
        let path = temporary.path + "/drawing.json"
        let seen: CanvasViewport
        do {
            let app = try AppHarness(lines: [line(100, 100, 300, 100)], documentPath: path, sharing: temporary)
            try app.focusKeyboard()
            try app.press(EvdevKey.equal, modifiers: ModifierMask.control)
            app.canvas.navigation.scroll(by: Vector(dx: -40, dy: 25))
            seen = app.canvas.viewport
            app.session.quit()
            let settings = String(decoding: AppHarness.read(app.settingsPath) ?? [], as: UTF8.self)
            #expect(settings.contains("\(SettingsFormat.viewKey(forDrawingAt: path)) = 1.25 "), "\(settings)")
        }
        let next = try AppHarness(documentPath: path, sharing: temporary)
        #expect(next.canvas.viewport == seen)
        let other = try AppHarness(documentName: "other.json", sharing: temporary)
        #expect(other.canvas.viewport == .actualSize)
    }

    @Test func aMalformedViewIsReported() {
        #expect(throws: SettingsFormat.Malformed(line: 1, reason: "view-00ff must be a zoom and a point, '1.5 120 -40', not '2 x'")) {
            try SettingsFormat.parse("view-00ff = 2 x")
        }
    }
}

/// The header bar's zoom readout (issue 23).
@Suite struct ZoomReadoutTests {
    @Test func theReadoutShowsTheZoomAndOffersFitAnd100() throws {
        let app = try AppHarness(lines: [line(2000, 1500, 2600, 1500)])
        let chrome = app.session.firstWindow.scene.chrome
        try app.frame()
        #expect(chrome.zoomButton.command.value as? String == "100%")
        try app.focusKeyboard()
        try app.press(EvdevKey.equal, modifiers: ModifierMask.control)
        #expect(chrome.zoomButton.command.value as? String == "125%")
        // Tapped (the toolbar is above the canvas: negative canvas y), it offers Fit Drawing and 100 %.
        let face = chrome.zoomButton.convert(chrome.zoomButton.bounds, to: nil)
        try app.tap(face.midX, face.midY - AppHarness.canvasTop)
        let menu = try #require(chrome.zoomOptions?.contentView as? PopoverMenuView)
        #expect(menu.commands.map(\.title) == [WindowChrome.fitTitle, WindowChrome.actualSizeTitle])
        app.session.firstWindow.application.sendAction(CanvasView.zoomToFitAction, to: nil, from: nil)
        let shown = app.canvas.viewport.viewRect(fromDrawing: Rect(x: 2000, y: 1500, width: 600, height: 0))
        #expect(shown.minX >= 0 && shown.maxX <= 400)
        app.session.firstWindow.application.sendAction(CanvasView.zoomToActualSizeAction, to: nil, from: nil)
        #expect(app.canvas.viewport.zoom == 1)
    }
}
