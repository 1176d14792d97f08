import Canvas
import TestCompositor
import Testing
import TestSupport
import TouchCore
@testable import TouchTrackerApp

/// Ink first (issue 11) through the whole stack: the first buffer the app
/// commits after a press shows the dot under it, and short strokes are
/// saved.
@Suite struct InkEndToEndTests {
    static let leftButton: UInt32 = 0x110

    /// Runs `press` on the compositor and lets the app answer without
    /// completing any frame callback: the commit that follows is the first
    /// one the compositor allows after the press.
    private func firstCommit(after press: () -> Void, in app: AppHarness) throws -> CommitRecord {
        #expect(app.surface.pendingFrameCount == 0, "idle: no frame callback outstanding")
        let before = app.surface.commits.count
        press()
        try app.settle()
        #expect(app.surface.commits.count == before + 1, "the press is committed in the same dispatch")
        return try #require(app.surface.commits.dropFirst(before).first { $0.attachedBuffer })
    }

    @Test func theFirstCommitAfterATouchDownShowsTheDot() throws {
        let app = try AppHarness()
        let commit = try firstCommit(after: {
            app.seat.touchDown(on: app.surface.resource, id: 1, x: 120, y: 90, time: app.time)
            app.seat.touchFrame()
        }, in: app)
        #expect(commit.pixel(x: 120, y: 130) == Colour.red, "a red dot under the finger")
        #expect(commit.pixel(x: 123, y: 132) == Colour.red, "round, about 10 pt across")
        #expect(commit.pixel(x: 120, y: 150) == Colour.white)
        let damaged = commit.bufferDamage.contains { (rect: DamageRect) -> Bool in
            rect.x <= 120 && 120 < rect.x + rect.width && rect.y <= 130 && 130 < rect.y + rect.height
        }
        #expect(damaged, "only around the dot is repainted")
    }

    @Test func theFirstCommitAfterAPointerPressShowsTheDot() throws {
        let app = try AppHarness()
        try app.pointerEnter(200, 150)
        try app.frame()
        let commit = try firstCommit(after: {
            app.seat.pointerButton(Self.leftButton, pressed: true, time: app.time)
            app.seat.pointerFrame()
        }, in: app)
        #expect(commit.pixel(x: 200, y: 190) == Colour.red)
    }

    @Test func aTwelvePointStrokeIsSavedAndATapIsNot() throws {
        let app = try AppHarness()
        try app.stroke(from: Point(x: 100, y: 100), to: Point(x: 112, y: 100), steps: 3)
        #expect(try app.savedLines() == [line(100, 100, 112, 100)])
        #expect(app.pixel(106, 100) == Colour.black)

        try app.down(2, 250, 200)
        #expect(app.pixel(250, 200) == Colour.red, "the tap's dot shows while it is down")
        try app.up(2)
        try app.wait(0.5)
        #expect(app.pixel(250, 200) == Colour.white, "and goes when the tap recognizes")
        #expect(try app.savedLines() == [line(100, 100, 112, 100)])
    }

    @Test func aShortMouseStrokeIsSaved() throws {
        let app = try AppHarness()
        try app.pointerEnter(60, 80)
        try app.pointerButton(Self.leftButton, pressed: true)
        try app.pointerMotion(66, 84)
        try app.pointerMotion(72, 88)
        try app.pointerButton(Self.leftButton, pressed: false)
        #expect(try app.savedLines() == [line(60, 80, 72, 88)])
    }

    @Test func theFinishedLineIsOnScreenBeforeItIsSaved() throws {
        let app = try AppHarness()
        var savedAtDraw: [Int] = []
        let watched = WatchedFrames(app.session.firstWindow) { _ in
            savedAtDraw.append((try? app.savedLines().count) ?? 0)
        }
        app.session.firstWindow.toplevel.frameSource = watched
        try app.stroke(from: Point(x: 50, y: 50), to: Point(x: 150, y: 50), steps: 2)
        #expect(savedAtDraw.last == 0, "the frame of the lift was painted before the save")
        #expect(app.pixel(100, 50) == Colour.black)
        #expect(try app.savedLines() == [line(50, 50, 150, 50)], "and saved right after")
        withExtendedLifetime(watched) {}
    }
}
