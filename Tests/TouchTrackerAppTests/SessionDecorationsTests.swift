import CWaylandServerProtocols
import Canvas
@testable import Decorations
import Document
import Foundation
import Render
import Testing
import TestCompositor
import TestSupport
import Timing
import TouchCore
@testable import TouchTrackerApp
import WaylandClient

/// The whole app against the scripted compositor: with no server-side
/// decorations it draws its own header bar, and the bar moves, resizes,
/// maximizes, minimizes and closes the window through `xdg_toplevel`; with
/// them, a toolbar.
@Suite struct SessionDecorationsTests {
    static let leftButton: UInt32 = 0x110

    /// A session in a 400 × 300 window of a `TestCompositor` with one seat,
    /// both driven from the test's thread.
    final class Running {
        let compositor: TestCompositor
        let seat: TestSeat
        // The session goes before the display it uses: its seats and window
        // release their proxies on a live connection.
        let session: Session
        let display: Display
        let toplevel: TestToplevel
        /// The session's home: the drawing, emergency copies and exports go in it.
        let home: TemporaryDirectory
        let documentPath: String
        /// Where the settings are kept, with `keepsSettings`.
        let settingsPath: String
        /// What the session told the user.
        var reports: [String] { reportLog.lines }
        private let reportLog = ReportLog()
        final class ReportLog { var lines: [String] = [] }
        private var time: UInt32 = 1000

        /// `decorationMode`: nil for a compositor without
        /// `zxdg_decoration_manager_v1` (weston), else its reply (1 client
        /// side, 2 server side). `keepsSettings`: the session reads and
        /// writes `settingsPath` (else it keeps no settings).
        init(decorationMode: UInt32?, states: [xdg_toplevel_state] = [XDG_TOPLEVEL_STATE_ACTIVATED],
             lines: [Line] = [], keepsSettings: Bool = false) throws {
            compositor = decorationMode == nil ? TestCompositor(omitting: ["zxdg_decoration_manager_v1"]) : TestCompositor()
            if let decorationMode { compositor.decorationModeReply = decorationMode }
            seat = compositor.addSeat()
            display = try Display.connect(fd: compositor.connectClient())
            let connecting = EventLoop(display: display, clock: ManualClock(now: 0))
            for _ in 0..<50 where !display.initialGlobalsReceived {
                compositor.dispatch()
                try connecting.runOnce(timeout: 0)
            }
            home = try TemporaryDirectory(prefix: "decorations")
            documentPath = home.path + "/drawing.json"
            settingsPath = home.path + "/settings.conf"
            if !lines.isEmpty { try Document.save(lines, to: documentPath) }
            let log = reportLog
            session = try Session(display: display, configuration: Session.Configuration(
                drawing: .path(documentPath), clock: ManualClock(now: 1000),
                environment: ["HOME": home.path, "XDG_STATE_HOME": home.path + "/state",
                              "XDG_RUNTIME_DIR": home.path + "/runtime"],
                report: { message in
                    log.lines.append(message)
                    // Only an export, which a test asks for, has something to say.
                    if !message.hasPrefix("exported the drawing to ") { Issue.record("unexpected report: \(message)") }
                }, settingsPath: keepsSettings ? home.path + "/settings.conf" : nil))
            let compositor = compositor
            try Self.pump(compositor, session) { compositor.toplevels.first?.surface.commits.isEmpty == false }
            toplevel = compositor.toplevels[0]
            configure(states: states)
        }

        /// Sends a configure of 400 × 300 and waits for the frame that answers it.
        func configure(width: Int32 = 400, height: Int32 = 300, states: [xdg_toplevel_state]) {
            let serial = toplevel.configure(width: width, height: height, states: states)
            try? pump { self.toplevel.ackedSerials.contains(serial) }
            try? settle()
        }

        static func pump(_ compositor: TestCompositor, _ session: Session, until condition: () -> Bool) throws {
            for _ in 0..<200 {
                if condition() { return }
                compositor.dispatch()
                try session.loop.runOnce(timeout: 0)
            }
            #expect(condition(), "the condition never held")
        }

        func pump(until condition: () -> Bool) throws {
            try Self.pump(compositor, session, until: condition)
        }

        /// Lets both sides handle everything, with frame callbacks answered
        /// so every pending draw reaches the compositor.
        func settle() throws {
            for _ in 0..<6 {
                compositor.completeFrames()
                compositor.dispatch()
                try session.loop.runOnce(timeout: 0)
            }
        }

        var surface: UnsafeMutablePointer<wl_resource> { toplevel.surface.resource }
        var lastPixels: CommitRecord? { toplevel.surface.commits.last { $0.attachedBuffer } }

        func tick() -> UInt32 {
            time += 50
            return time
        }

        /// Moves the pointer onto the window at (`x`, `y`).
        func pointerEnter(_ x: Double, _ y: Double) throws {
            seat.pointerEnter(surface, x: x, y: y)
            seat.pointerFrame()
            try settle()
        }

        /// Presses the left button where the pointer is; returns the serial.
        @discardableResult
        func press() throws -> UInt32 {
            let serial = seat.pointerButton(SessionDecorationsTests.leftButton, pressed: true, time: tick())
            seat.pointerFrame()
            try settle()
            return serial
        }

        func release() throws {
            seat.pointerButton(SessionDecorationsTests.leftButton, pressed: false, time: tick())
            seat.pointerFrame()
            try settle()
        }

        func pointerMove(_ x: Double, _ y: Double) throws {
            seat.pointerMotion(x: x, y: y, time: tick())
            seat.pointerFrame()
            try settle()
        }

        func click(_ x: Double, _ y: Double) throws {
            try pointerMove(x, y)
            try press()
            try release()
        }

        /// Runs the session's own loop (`run()`) until it returns, with the
        /// compositor served between iterations; returns false when it was
        /// still running after `limit` iterations (the test then stops it).
        func runUntilTheSessionEnds(limit: Int = 100) throws -> Bool {
            var iterations = 0
            var gaveUp = false
            let compositor = compositor
            let loop = session.loop
            loop.add(.present) {
                iterations += 1
                if iterations > limit && !gaveUp {
                    gaveUp = true
                    loop.stop()
                }
                // Something to read every time, so the loop never sleeps.
                compositor.ping()
                compositor.dispatch()
            }
            try session.run()
            return !gaveUp
        }
    }

    /// Whether `pixel` (0xAARRGGBB) is `colour`, give or take rounding.
    static func matches(_ pixel: UInt32?, _ colour: Color) -> Bool {
        guard let pixel else { return false }
        func channel(_ shift: UInt32, _ value: Double) -> Bool {
            abs(Int(pixel >> shift & 0xFF) - Int((value * 255).rounded())) <= 1
        }
        return pixel >> 24 == 0xFF && channel(16, colour.red) && channel(8, colour.green) && channel(0, colour.blue)
    }

    static let white: UInt32 = 0xFFFF_FFFF

    // MARK: Drawing

    @Test func withoutServerSideDecorationsTheBufferHasTheBar() throws {
        let app = try Running(decorationMode: nil)
        let commit = try #require(app.lastPixels)
        #expect(commit.bufferWidth == 400 && commit.bufferHeight == 300)
        for (x, y) in [(2, 2), (130, 5), (2, 44), (110, 44)] {
            #expect(Self.matches(commit.pixel(x: x, y: y), AdwaitaStyle.headerBarBackground), "(\(x), \(y))")
        }
        #expect(commit.pixel(x: 2, y: 47) == Self.white)
        // Left of the empty drawing's page (issue 36), which says how to draw.
        #expect(commit.pixel(x: 12, y: 150) == Self.white)
        #expect(commit.pixel(x: 399, y: 299) == Self.white)
        // The title is written in the middle of the bar, dark on light.
        let title = (150..<250).flatMap { x in (12..<34).compactMap { commit.pixel(x: x, y: $0) } }
        #expect(title.contains { $0 & 0xFF < 0x60 })
        #expect(app.session.firstWindow.canvas.frame == Rect(x: 0, y: 47, width: 400, height: 253))
    }

    @Test func theBarFollowsTheActivatedState() throws {
        let app = try Running(decorationMode: nil, states: [])
        #expect(Self.matches(app.lastPixels?.pixel(x: 2, y: 2), AdwaitaStyle.headerBarBackdrop))
        app.configure(states: [XDG_TOPLEVEL_STATE_ACTIVATED])
        #expect(Self.matches(app.lastPixels?.pixel(x: 2, y: 2), AdwaitaStyle.headerBarBackground))
    }

    @Test func strokesStayInCanvasCoordinates() throws {
        let app = try Running(decorationMode: nil)
        app.seat.touchDown(on: app.surface, id: 1, x: 100, y: 100, time: app.tick())
        app.seat.touchFrame()
        app.seat.touchMotion(id: 1, x: 200, y: 100, time: app.tick())
        app.seat.touchFrame()
        app.seat.touchUp(id: 1, time: app.tick())
        app.seat.touchFrame()
        try app.settle()
        let line = try #require(app.session.firstWindow.canvas.drawing.lines.first)
        #expect(line.begin == Point(x: 100, y: 53) && line.end == Point(x: 200, y: 53))
        // Drawn where the finger was on the window.
        #expect(app.lastPixels?.pixel(x: 150, y: 100) == 0xFF00_0000)
        #expect(app.lastPixels?.pixel(x: 150, y: 53) == Self.white)
    }

    @Test func withServerSideDecorationsAToolbarRunsAlongTheTop() throws {
        let app = try Running(decorationMode: 2)
        #expect(app.toplevel.requestedDecorationMode == 2)
        #expect(app.session.firstWindow.toplevel.decorationMode == .serverSide)
        #expect(app.session.firstWindow.canvas.frame == Rect(x: 0, y: 40, width: 400, height: 260))
        #expect(Self.matches(app.lastPixels?.pixel(x: 150, y: 2), AdwaitaStyle.headerBarBackground))
        #expect(app.lastPixels?.pixel(x: 200, y: 41) == Self.white)
        // No title and no window buttons: the compositor draws those.
        #expect(app.session.firstWindow.headerBar.style == .toolbar)
        #expect(app.session.firstWindow.headerBar.windowButtons.allSatisfy { $0.isHidden })
        // A drag on the toolbar neither moves the window nor draws.
        try app.pointerEnter(200, 10)
        try app.press()
        try app.pointerMove(260, 12)
        try app.release()
        #expect(app.toplevel.moveRequests.isEmpty)
        #expect(app.session.firstWindow.canvas.drawing.count == 0)
    }

    @Test func aChangeOfModeAtRunTimeAddsOrRemovesTheBar() throws {
        let app = try Running(decorationMode: 2)
        app.toplevel.configureDecoration(mode: 1)
        try app.settle()
        #expect(app.session.firstWindow.canvas.frame.minY == 47)
        #expect(!app.session.firstWindow.headerBar.windowButtons[2].isHidden)
        app.toplevel.configureDecoration(mode: 2)
        try app.settle()
        #expect(app.session.firstWindow.canvas.frame.minY == 40)
        #expect(app.lastPixels?.pixel(x: 2, y: 42) == Self.white)
    }

    @Test func aFullscreenWindowHasTheToolbarInstead() throws {
        let app = try Running(decorationMode: nil, states: [XDG_TOPLEVEL_STATE_FULLSCREEN, XDG_TOPLEVEL_STATE_ACTIVATED])
        #expect(app.session.firstWindow.canvas.frame == Rect(x: 0, y: 40, width: 400, height: 260))
        #expect(app.session.firstWindow.headerBar.style == .toolbar)
    }

    @Test func atScaleTwoTheBarIsNinetyFourPixelsHigh() throws {
        let app = try Running(decorationMode: nil)
        let output = app.compositor.addOutput(name: "HiDPI", scale: 2)
        try app.settle()
        app.toplevel.surface.enter(output)
        try app.settle()
        let commit = try #require(app.lastPixels)
        #expect(commit.bufferWidth == 800 && commit.bufferScale == 2)
        #expect(Self.matches(commit.pixel(x: 4, y: 91), AdwaitaStyle.headerBarBackground))
        #expect(commit.pixel(x: 4, y: 94) == Self.white)
    }

    // MARK: Input

    @Test func pressAndDragOnTheBarMovesWithThatPressSerial() throws {
        let app = try Running(decorationMode: nil)
        let other = app.compositor.addSeat(name: "seat1", capabilities: .touch)
        try app.settle()
        try app.pointerEnter(100, 16)
        let serial = try app.press()
        #expect(app.toplevel.moveRequests.isEmpty, "no move before the drag")
        // Another seat's finger going down in between must not lend its serial.
        let otherSerial = other.touchDown(on: app.surface, id: 0, x: 200, y: 200, time: app.tick())
        other.touchFrame()
        try app.settle()
        #expect(app.session.seats.latestPress?.serial == otherSerial)
        try app.pointerMove(120, 18)
        try app.pump { !app.toplevel.moveRequests.isEmpty }
        #expect(app.toplevel.moveRequests.map(\.serial) == [serial])
        #expect(app.toplevel.moveRequests.first?.seat != nil)
        #expect(app.session.firstWindow.canvas.drawing.count == 0, "no stroke from the bar")
    }

    @Test func aTouchDragOnTheBarMovesWithTheTouchSerial() throws {
        let app = try Running(decorationMode: nil)
        let serial = app.seat.touchDown(on: app.surface, id: 4, x: 150, y: 10, time: app.tick())
        app.seat.touchFrame()
        try app.settle()
        app.seat.touchMotion(id: 4, x: 180, y: 12, time: app.tick())
        app.seat.touchFrame()
        try app.settle()
        #expect(app.toplevel.moveRequests.map(\.serial) == [serial])
    }

    @Test func palmRejectionLeavesTheBarToFingers() throws {
        let app = try Running(decorationMode: nil)
        app.compositor.addTabletManager()
        let tablet = app.seat.addTablet()
        let pen = app.seat.addTabletTool()
        try app.settle()
        pen.proximityIn(tablet: tablet, surface: app.surface)
        pen.motion(x: 200, y: 200)
        pen.frame(time: app.tick())
        try app.settle()
        app.seat.touchDown(on: app.surface, id: 5, x: 50, y: 150, time: app.tick())
        app.seat.touchFrame()
        app.seat.touchMotion(id: 5, x: 150, y: 150, time: app.tick())
        app.seat.touchFrame()
        app.seat.touchUp(id: 5, time: app.tick())
        app.seat.touchFrame()
        try app.settle()
        #expect(app.session.firstWindow.canvas.drawing.count == 0, "the palm on the canvas drew nothing")
        let serial = app.seat.touchDown(on: app.surface, id: 4, x: 150, y: 10, time: app.tick())
        app.seat.touchFrame()
        try app.settle()
        app.seat.touchMotion(id: 4, x: 180, y: 12, time: app.tick())
        app.seat.touchFrame()
        try app.settle()
        #expect(app.toplevel.moveRequests.map(\.serial) == [serial], "a finger on the bar still moves the window")
    }

    @Test func aPenDragOnTheBarMovesWithThePensDownSerial() throws {
        let app = try Running(decorationMode: nil)
        app.compositor.addTabletManager()
        let tablet = app.seat.addTablet()
        let pen = app.seat.addTabletTool()
        try app.settle()
        pen.proximityIn(tablet: tablet, surface: app.surface)
        pen.motion(x: 150, y: 10)
        pen.frame(time: app.tick())
        let serial = pen.down()
        pen.frame(time: app.tick())
        try app.settle()
        pen.motion(x: 180, y: 12)
        pen.frame(time: app.tick())
        try app.settle()
        #expect(app.toplevel.moveRequests.map(\.serial) == [serial])
        #expect(app.session.firstWindow.canvas.drawing.count == 0, "no stroke from the bar")
    }

    @Test func aPressAtTheBottomRightCornerResizes() throws {
        let app = try Running(decorationMode: nil)
        try app.pointerEnter(398, 298)
        let serial = try app.press()
        try app.pump { !app.toplevel.resizeRequests.isEmpty }
        #expect(app.toplevel.resizeRequests.map(\.serial) == [serial])
        #expect(app.toplevel.resizeRequests.first?.edges == XDG_TOPLEVEL_RESIZE_EDGE_BOTTOM_RIGHT.rawValue)
        #expect(app.session.firstWindow.canvas.drawing.linesInProgress.isEmpty)
    }

    @Test func aFingerAtTheEdgeDrawsInsteadOfResizing() throws {
        let app = try Running(decorationMode: nil)
        app.seat.touchDown(on: app.surface, id: 1, x: 2, y: 150, time: app.tick())
        app.seat.touchFrame()
        app.seat.touchMotion(id: 1, x: 80, y: 150, time: app.tick())
        app.seat.touchFrame()
        app.seat.touchUp(id: 1, time: app.tick())
        app.seat.touchFrame()
        try app.settle()
        #expect(app.toplevel.resizeRequests.isEmpty)
        #expect(app.session.firstWindow.canvas.drawing.count == 1)
    }

    @Test func aMaximizedWindowIsNotResizedFromItsBorder() throws {
        let app = try Running(decorationMode: nil, states: [XDG_TOPLEVEL_STATE_MAXIMIZED, XDG_TOPLEVEL_STATE_ACTIVATED])
        try app.pointerEnter(398, 298)
        try app.press()
        try app.release()
        #expect(app.toplevel.resizeRequests.isEmpty)
    }

    // MARK: Pointer image

    @Test func thePointerShowsTheResizeShapeOverTheBorderOnly() throws {
        let app = try Running(decorationMode: nil)
        let serial = app.seat.pointerEnter(app.surface, x: 200, y: 150)
        app.seat.pointerFrame()
        try app.settle()
        #expect(app.session.seats.cursorShape(seat: "seat0") == .crosshair, "over the canvas")
        #expect(app.seat.cursorRequests.count == 1)

        try app.pointerMove(398, 298)
        #expect(app.session.seats.cursorShape(seat: "seat0") == .resize(.bottomRight))
        #expect(app.seat.cursorRequests.count == 2)
        let corner = try #require(app.seat.cursorRequests.last)
        #expect(corner.serial == serial)
        let crosshair = app.seat.cursorRequests[0]
        #expect((corner.hotspotX, corner.hotspotY) != (crosshair.hotspotX, crosshair.hotspotY), "another image")

        try app.pointerMove(397, 297)
        try app.pointerMove(399, 299)
        #expect(app.seat.cursorRequests.count == 2, "no set_cursor while the shape stays the same")

        try app.pointerMove(200, 150)
        #expect(app.session.seats.cursorShape(seat: "seat0") == .crosshair)
        #expect(app.seat.cursorRequests.count == 3)
        let back = try #require(app.seat.cursorRequests.last)
        #expect((back.hotspotX, back.hotspotY) == (crosshair.hotspotX, crosshair.hotspotY))

        // The bar's edges too, in the bar's own coordinates.
        try app.pointerMove(200, 2)
        #expect(app.session.seats.cursorShape(seat: "seat0") == .resize(.top))
        try app.pointerMove(1, 150)
        #expect(app.session.seats.cursorShape(seat: "seat0") == .resize(.left))
    }

    @Test func withServerSideDecorationsThePointerShowsNoResizeShape() throws {
        let app = try Running(decorationMode: 2)
        try app.pointerEnter(398, 298)
        var shapes = [app.session.seats.cursorShape(seat: "seat0")]
        for (x, y) in [(1.0, 1.0), (200, 1), (1, 150), (399, 299), (200, 150)] {
            try app.pointerMove(x, y)
            shapes.append(app.session.seats.cursorShape(seat: "seat0"))
        }
        // The toolbar along the top shows the arrow, the canvas the crosshair.
        #expect(shapes == [.crosshair, .arrow, .arrow, .crosshair, .crosshair, .crosshair])
    }

    @Test func aMaximizedWindowShowsNoResizeShape() throws {
        let app = try Running(decorationMode: nil, states: [XDG_TOPLEVEL_STATE_MAXIMIZED, XDG_TOPLEVEL_STATE_ACTIVATED])
        try app.pointerEnter(398, 298)
        try app.pointerMove(1, 150)
        #expect(app.session.seats.cursorShape(seat: "seat0") == .crosshair)
        #expect(app.seat.cursorRequests.count == 1)
    }

    @Test func doubleClickOnTheBarTogglesMaximize() throws {
        let app = try Running(decorationMode: nil)
        try app.pointerEnter(100, 16)
        try app.click(100, 16)
        try app.click(101, 16)
        try app.pump { app.toplevel.maximizeRequests == 1 }
        #expect(app.toplevel.moveRequests.isEmpty)
        app.configure(width: 800, height: 600, states: [XDG_TOPLEVEL_STATE_MAXIMIZED, XDG_TOPLEVEL_STATE_ACTIVATED])
        try app.pointerMove(300, 16)
        try app.click(300, 16)
        try app.click(300, 16)
        try app.pump { app.toplevel.unmaximizeRequests == 1 }
        #expect(app.toplevel.maximizeRequests == 1)
    }

    @Test func theMaximizeAndMinimizeButtons() throws {
        let app = try Running(decorationMode: nil)
        try app.pointerEnter(336, 23)
        try app.click(336, 23)
        try app.pump { app.toplevel.maximizeRequests == 1 }
        try app.click(296, 23)
        try app.pump { app.toplevel.minimizeRequests == 1 }
        // A press on a button released elsewhere does nothing.
        try app.pointerMove(296, 23)
        try app.press()
        try app.pointerMove(200, 16)
        try app.release()
        try app.settle()
        #expect(app.toplevel.minimizeRequests == 1)
        #expect(app.toplevel.moveRequests.isEmpty)
    }

    @Test func theCloseButtonSavesAndEndsTheSession() throws {
        let app = try Running(decorationMode: nil)
        // Draw a line, then close.
        app.seat.touchDown(on: app.surface, id: 1, x: 50, y: 100, time: app.tick())
        app.seat.touchFrame()
        app.seat.touchMotion(id: 1, x: 150, y: 120, time: app.tick())
        app.seat.touchFrame()
        app.seat.touchUp(id: 1, time: app.tick())
        app.seat.touchFrame()
        try app.settle()
        try app.pointerEnter(376, 23)
        let released = try #require(app.lastPixels?.pixel(x: 376, y: 14))
        try app.press()
        let pressed = try #require(app.lastPixels?.pixel(x: 376, y: 14))
        #expect(pressed & 0xFF < released & 0xFF, "pressed look: darker")
        app.seat.pointerButton(Self.leftButton, pressed: false, time: app.tick())
        app.seat.pointerFrame()
        #expect(try app.runUntilTheSessionEnds())
        let saved = try Document.load(from: app.documentPath)
        #expect(saved.count == 1)
        #expect(saved.first?.begin == Point(x: 50, y: 53))
    }

    @Test func withoutTheCloseButtonTheSessionKeepsRunning() throws {
        let app = try Running(decorationMode: nil)
        try app.pointerEnter(200, 16)
        try app.press()
        app.seat.pointerButton(Self.leftButton, pressed: false, time: app.tick())
        app.seat.pointerFrame()
        #expect(try !app.runUntilTheSessionEnds(limit: 20))
    }
}
