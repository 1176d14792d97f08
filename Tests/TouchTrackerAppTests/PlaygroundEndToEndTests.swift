#if canImport(Glibc)
import Glibc
#endif
@testable import Playground
@testable import Scene
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// The gesture playground through the whole stack (issue 16): `wl_touch`
/// events from the test compositor, the real session, and the pixels of
/// the buffers it presents.
@Suite struct PlaygroundEndToEndTests {
    /// A session showing the playground; `sounds` collects what it asked to play.
    final class Sounds { var played: [PlaygroundSound] = [] }

    private func playground() throws -> (AppHarness, Sounds) {
        let app = try AppHarness()
        let sounds = Sounds()
        app.session.onPlaygroundSound = { sounds.played.append($0) }
        app.session.firstWindow.showPlayground()
        try app.frame()
        return (app, sounds)
    }

    /// The box, in window points, of the presented pixels within `tolerance`
    /// of `colour` (0xRRGGBB), and how many there are.
    private func region(of colour: UInt32, in app: AppHarness, tolerance: Int = 12) -> (box: Rect, count: Int) {
        var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min, count = 0
        for y in 0..<Int(AppHarness.height) {
            for x in 0..<Int(AppHarness.width) {
                let pixel = app.pixel(Double(x), Double(y))
                let close = [16, 8, 0].allSatisfy { shift in
                    abs(Int(pixel >> UInt32(shift) & 0xFF) - Int(colour >> UInt32(shift) & 0xFF)) <= tolerance
                }
                guard close else { continue }
                count += 1
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        guard count > 0 else { return (.null, 0) }
        return (Rect(x: Double(minX), y: Double(minY), width: Double(maxX - minX + 1), height: Double(maxY - minY + 1)),
                count)
    }

    /// The banana's peel yellow.
    static let peel: UInt32 = 0xFAD633

    @Test func aTwoFingerPinchAndRotateDrawsThePictureScaledAndRotated() throws {
        let (app, _) = try playground()
        #expect(app.session.firstWindow.isShowingPlayground)
        let banana = app.session.firstWindow.playground.pictures.banana
        let before = region(of: Self.peel, in: app)
        #expect(before.count > 500, "the banana is drawn (\(before.count) px)")
        #expect(before.box.width > before.box.height * 1.3, "lying: \(before.box)")

        let centre = banana.convert(Point(x: banana.bounds.midX, y: banana.bounds.midY), to: nil).inCanvas
        func fingers(_ t: Double) -> (Point, Point) {
            let radius = 20 + 10 * t, angle = .pi / 2 * t
            let offset = Vector(dx: radius * cos(angle), dy: radius * sin(angle))
            return (centre + offset, centre - offset)
        }
        let (a, b) = fingers(0)
        try app.send {
            app.seat.touchDown(on: app.surface.resource, id: 1, x: a.x, y: a.y, time: app.time)
            app.seat.touchDown(on: app.surface.resource, id: 2, x: b.x, y: b.y, time: app.time)
            app.seat.touchFrame()
        }
        for step in 1...10 {
            let (a, b) = fingers(Double(step) / 10)
            try app.send {
                app.seat.touchMotion(id: 1, x: a.x, y: a.y, time: app.time)
                app.seat.touchMotion(id: 2, x: b.x, y: b.y, time: app.time)
                app.seat.touchFrame()
            }
        }
        try app.send {
            app.seat.touchUp(id: 1, time: app.time)
            app.seat.touchUp(id: 2, time: app.time)
            app.seat.touchFrame()
        }
        #expect(abs(banana.scale - 1.5) < 0.05)
        #expect(abs(banana.angle - .pi / 2) < 0.05)
        let after = region(of: Self.peel, in: app)
        // Turned a quarter: standing up; half as large again each way.
        #expect(after.box.height > after.box.width * 1.3, "standing: \(after.box)")
        #expect(abs(after.box.height / before.box.width - 1.5) < 0.15, "\(after.box) from \(before.box)")
        let ratio = Double(after.count) / Double(before.count)
        #expect(ratio > 1.9 && ratio < 2.6, "about 1.5² as many peel pixels (\(ratio))")
        // About the same center: the fingers' centroid stayed put.
        #expect(after.box.center.distance(to: before.box.center) < 12)
    }

    @Test func aTouchpadPinchScalesAndRotatesThePictureUnderThePointer() throws {
        let app = try AppHarness(pointerGestures: true)
        app.session.firstWindow.showPlayground()
        try app.frame()
        let banana = app.session.firstWindow.playground.pictures.banana
        let before = region(of: Self.peel, in: app)
        let centre = banana.convert(Point(x: banana.bounds.midX, y: banana.bounds.midY), to: nil).inCanvas
        try app.pointerEnter(centre.x, centre.y)
        try app.send {
            app.seat.gestureBegin(.pinch, on: app.surface.resource, fingers: 2, time: app.time)
            app.seat.pinchUpdate(scale: 1.2, rotation: 45, time: app.time)
        }
        try app.send { app.seat.pinchUpdate(scale: 1.5, rotation: 45, time: app.time) }
        try app.send { app.seat.gestureEnd(.pinch, time: app.time) }
        #expect(abs(banana.scale - 1.5) < 0.01, "\(banana.scale)")
        #expect(abs(banana.angle - .pi / 2) < 0.01, "\(banana.angle)")
        let after = region(of: Self.peel, in: app)
        #expect(after.box.height > after.box.width * 1.3, "standing: \(after.box)")
        let ratio = Double(after.count) / Double(before.count)
        #expect(ratio > 1.9 && ratio < 2.6, "about 1.5² as many peel pixels (\(ratio))")
        #expect(after.box.center.distance(to: before.box.center) < 12, "about the pointer")
    }

    @Test func aTapAsksForTheChompAndADragDoesNot() throws {
        let (app, sounds) = try playground()
        let monkey = app.session.firstWindow.playground.pictures.monkey
        let start = monkey.convert(Point(x: monkey.bounds.midX, y: monkey.bounds.midY), to: nil)
        // A slow drag: 30 points in half a second.
        try app.down(1, start.x, start.y)
        for step in 1...10 {
            app.advance(by: 0.04)
            try app.move(1, start.x + 3 * Double(step), start.y)
        }
        try app.up(1)
        try app.wait(1)
        #expect(sounds.played.isEmpty, "no sound for a drag")
        #expect(monkey.center.x > start.x - 32 + 25, "the drag moved the monkey")

        let centre = monkey.convert(Point(x: monkey.bounds.midX, y: monkey.bounds.midY), to: nil).inCanvas
        try app.down(2, centre.x, centre.y)
        try app.up(2)
        #expect(sounds.played == [.chomp], "a tap asks for the chomp")
        // Its visual cue: a white bubble above the monkey.
        let cue = app.session.firstWindow.playground.pictures.cue
        #expect(!cue.isHidden)
        let bubble = cue.convert(Point(x: cue.bounds.minX + 10, y: cue.bounds.midY - 4), to: nil).inCanvas
        #expect(app.pixel(bubble.x, bubble.y) == Colour.white)
        try app.wait(1)
        #expect(cue.isHidden, "and it goes")
        #expect(app.pixel(bubble.x, bubble.y) != Colour.white)
    }

    @Test func aFlungPictureGlidesFramePacedAndTheLoopSleepsAtRest() throws {
        let (app, _) = try playground()
        let monkey = app.session.firstWindow.playground.pictures.monkey
        let start = monkey.convert(Point(x: monkey.bounds.midX, y: monkey.bounds.midY), to: nil)
        try app.down(1, start.x, start.y)
        for step in 1...3 {
            try app.move(1, start.x + 15 * Double(step), start.y)
        }
        let released = monkey.center
        try app.up(1)
        #expect(monkey.isGliding)
        var commits = app.surface.commits.count
        var positions: [Double] = []
        for _ in 0..<90 where monkey.isGliding {
            try app.wait(1.0 / 60)
            positions.append(monkey.center.x)
        }
        #expect(!monkey.isGliding, "it came to rest")
        #expect((positions.first ?? 0) > released.x)
        #expect(app.surface.commits.count - commits >= positions.count / 2, "one frame per step, about")
        // At rest (once the frame showing where it stopped is drawn): no
        // timer, no frame.
        try app.frame()
        #expect(app.session.loop.timers.nextDeadline == nil, "nothing to wake up for")
        commits = app.surface.commits.count
        try app.wait(1)
        #expect(app.surface.commits.count == commits)
    }

    @Test func theTraceAndTheSidePanelBothSeeThePagesRecognizers() throws {
        let app = try AppHarness(trace: true)
        app.session.firstWindow.showPlayground()
        try app.frame()
        let banana = app.session.firstWindow.playground.pictures.banana
        let centre = banana.convert(Point(x: banana.bounds.midX, y: banana.bounds.midY), to: nil).inCanvas
        app.clearLog()
        try app.down(1, centre.x, centre.y)
        try app.up(1)
        #expect(app.logLines.contains { $0.contains("banana.tap") }, "--trace still prints")
        let tap = app.session.firstWindow.playground.panel.timeline.rows.first { $0.recognizer == "banana.tap" }
        #expect(tap?.transitions.map(\.to).contains(.ended) == true, "the panel saw the tap recognize")
        // Back on the drawing, the panel is no longer fed; --trace still is.
        app.session.firstWindow.showDrawing()
        let before = app.session.firstWindow.playground.panel.timeline
        try app.tap(200, 150)
        #expect(app.session.firstWindow.playground.panel.timeline == before)
        #expect(app.logLines.contains { $0.contains("\"doubleTap\"") })
    }

    /// PinchZoom's robot metal grey.
    static let metal: UInt32 = 0xB3BDCC

    /// How many presented pixels inside `box` (window points) are within
    /// `tolerance` of `colour`.
    private func count(of colour: UInt32, in box: Rect, app: AppHarness, tolerance: Int = 8) -> Int {
        var count = 0
        for y in Int(box.minY)..<Int(box.maxY) {
            for x in Int(box.minX)..<Int(box.maxX) {
                let pixel = app.pixel(Double(x), Double(y))
                if [16, 8, 0].allSatisfy({ abs(Int(pixel >> UInt32($0) & 0xFF) - Int(colour >> UInt32($0) & 0xFF)) <= tolerance }) {
                    count += 1
                }
            }
        }
        return count
    }

    @Test func pinchZoomShrinksTheRobotByAPinchInAndGrowsItByADoubleClick() throws {
        let (app, _) = try playground()
        let playground = app.session.firstWindow.playground
        // The page bar sits under the app's bar and answers a finger (the
        // harness speaks the canvas's coordinates, which the playground
        // shares).
        let button = playground.pageButtons[2]
        let onBar = button.convert(Point(x: button.bounds.midX, y: button.bounds.midY), to: nil).inCanvas
        try app.tap(onBar.x, onBar.y)
        #expect(playground.currentPage === playground.pinchZoom, "the bar's button shows PinchZoom")
        let robot = playground.pinchZoom.robot
        let box = robot.convert(robot.bounds, to: nil)
        let before = count(of: Self.metal, in: box, app: app)
        #expect(before > 2000, "the robot is drawn (\(before) px)")

        // Two fingers 120 points apart pinch in to 60: the zoom is 1 − 60/120.
        let centre = Point(x: box.midX, y: box.midY)
        try app.send {
            app.seat.touchDown(on: app.surface.resource, id: 1, x: centre.x - 60, y: centre.y, time: app.time)
            app.seat.touchDown(on: app.surface.resource, id: 2, x: centre.x + 60, y: centre.y, time: app.time)
            app.seat.touchFrame()
        }
        try app.send {
            app.seat.touchMotion(id: 1, x: centre.x - 30, y: centre.y, time: app.time)
            app.seat.touchMotion(id: 2, x: centre.x + 30, y: centre.y, time: app.time)
            app.seat.touchFrame()
        }
        try app.send {
            app.seat.touchUp(id: 1, time: app.time)
            app.seat.touchUp(id: 2, time: app.time)
            app.seat.touchFrame()
        }
        try app.wait(1)
        let pinched = count(of: Self.metal, in: box, app: app)
        #expect(abs(playground.pinchZoom.zoom - 0.5) < 1e-9)
        let shrunk = Double(pinched) / Double(before)
        #expect(shrunk > 0.18 && shrunk < 0.32, "about 0.5² as much robot (\(shrunk))")

        // A double click by the mouse, its second click's tapCount 2: +0.4.
        try app.pointerEnter(box.midX, box.maxY - 5)
        for _ in 0..<2 {
            try app.pointerButton(272, pressed: true)
            try app.pointerButton(272, pressed: false)
        }
        try app.wait(1)
        #expect(abs(playground.pinchZoom.zoom - 0.9) < 1e-9)
        let grown = Double(count(of: Self.metal, in: box, app: app)) / Double(before)
        #expect(grown > 0.7 && grown < 0.92, "about 0.9² as much robot (\(grown))")
    }

    @Test func theCanvasMenuOpensThePlaygroundAndTheBarComesBack() throws {
        let app = try AppHarness()
        try app.pointerEnter(200, 150)
        try app.pointerButton(273, pressed: true)
        try app.pointerButton(273, pressed: false)
        let item = try #require(try app.menuItemFrame("Gesture Playground"))
        try app.pointerMotion(item.midX, item.midY)
        try app.pointerButton(272, pressed: true)
        try app.pointerButton(272, pressed: false)
        #expect(app.session.firstWindow.isShowingPlayground)
        #expect(app.session.firstWindow.canvas.isHidden)
        // The header's "‹ Drawing" goes back.
        let back = app.session.firstWindow.scene.chrome.drawingButton
        let point = back.convert(Point(x: back.bounds.midX, y: back.bounds.midY), to: nil).inCanvas
        try app.pointerMotion(point.x, point.y)
        try app.pointerButton(272, pressed: true)
        try app.pointerButton(272, pressed: false)
        #expect(!app.session.firstWindow.isShowingPlayground)
        #expect(app.pixel(200, 150) == Colour.white, "the canvas is back")
    }
}
