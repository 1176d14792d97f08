@testable import Canvas
import Testing
import TestSupport
import TouchCore

/// Ink first (SPEC §6, issue 11): a press shows its dot at once, a press
/// that moves past the drag threshold or outlasts a tap is drawing, and a
/// tap, which is neither, leaves no mark.
@Suite struct CanvasInkTests {
    /// Both ways a user draws on the canvas.
    static let kinds: [Touch.Kind] = [.finger, .pointer]

    @Test(arguments: kinds, [9.0, 12, 20, 44])
    func aQuickShortStrokeIsAFinishedLine(kind: Touch.Kind, length: Double) {
        let h = CanvasHarness(kind: kind)
        h.send(h.down(1, 100, 100))
        h.send(h.move(1, 100 + length / 2, 100))
        h.send(h.move(1, 100 + length, 100))
        h.send(h.up(1))
        #expect(h.drawing.lines == [line(100, 100, 100 + length, 100)], "finished as the finger lifts")
        #expect(h.drawing.linesInProgress.isEmpty)
        #expect(h.changes == 1, "and saved")
        h.advance(by: 1)
        #expect(h.drawing.lines == [line(100, 100, 100 + length, 100)], "no gesture takes it back")
    }

    @Test(arguments: kinds, [9.0, 12, 20, 44])
    func aSlowShortStrokeIsAFinishedLine(kind: Touch.Kind, length: Double) {
        let h = CanvasHarness(kind: kind)
        h.send(h.down(1, 100, 100))
        // 1.5 s from down to up: longer than a tap, a long press and the
        // double-tap window together.
        for step in 1...10 {
            h.advance(by: 0.14)
            h.send(h.move(1, 100, 100 + length * Double(step) / 10))
        }
        h.send(h.up(1))
        #expect(h.drawing.lines == [line(100, 100, 100, 100 + length)])
        #expect(h.drawing.linesInProgress.isEmpty)
    }

    @Test(arguments: kinds)
    func theDotIsThereAtTheDownAndGoesWhenTheTapRecognizes(kind: Touch.Kind) {
        let h = CanvasHarness(kind: kind)
        _ = h.window.takeDamage()
        h.send(h.down(1, 150, 120))
        #expect(Array(h.drawing.linesInProgress.values) == [line(150, 120, 150, 120)], "a dot before any motion")
        #expect(h.window.takeDamage().contains { $0.contains(Point(x: 150, y: 120)) }, "and it is redrawn")

        h.send(h.move(1, 151, 120)) // a finger's jitter
        h.send(h.up(1))
        #expect(h.drawing.lines.isEmpty, "a tap is not a finished line")
        h.advance(by: 0.4) // the double tap gives up; the tap recognizes
        #expect(h.drawing.linesInProgress.isEmpty, "its dot is gone")
        #expect(h.drawing.lines.isEmpty)
        #expect(h.window.takeDamage().contains { $0.contains(Point(x: 150, y: 120)) }, "and erased from the screen")
        #expect(h.changes == 0)
    }

    @Test func aJitteryTapOnALineStillSelectsIt() throws {
        let h = CanvasHarness(lines: [line(100, 100, 300, 100)])
        h.send(h.down(9, 200, 110))
        h.send(h.move(9, 201, 111))
        h.send(h.up(9))
        h.advance(by: 0.5)
        let selected = try #require(h.drawing.selectedLineID)
        #expect(h.drawing[selected] == line(100, 100, 300, 100))
        #expect(h.menu.layout?.items.map(\.title) == ["Delete"])
        #expect(h.drawing.lines == [line(100, 100, 300, 100)], "and draws nothing")
        #expect(h.drawing.linesInProgress.isEmpty)
    }

    @Test func aTapOnEmptyPaperDeselectsAndLeavesNoMark() {
        let h = CanvasHarness(lines: [line(100, 100, 300, 100)])
        h.tap(200, 100)
        #expect(h.drawing.selectedLineID != nil)
        h.tap(50, 250)
        #expect(h.drawing.selectedLineID == nil)
        #expect(!h.menu.isMenuVisible)
        #expect(h.drawing.lines == [line(100, 100, 300, 100)])
        #expect(h.drawing.linesInProgress.isEmpty)
    }

    @Test(arguments: kinds)
    func aPressHeldStillForTwoSecondsIsADot(kind: Touch.Kind) {
        let h = CanvasHarness(kind: kind)
        h.send(h.down(1, 80, 60))
        h.advance(by: 2)
        h.send(h.up(1))
        #expect(h.drawing.lines == [line(80, 60, 80, 60)])
        #expect(h.changes == 1)
    }

    @Test func aPressJustLongerThanATapIsADot() {
        let h = CanvasHarness()
        h.send(h.down(1, 80, 60))
        h.advance(by: CanvasView.maximumTapDuration)
        h.send(h.up(1))
        h.advance(by: 0.5)
        #expect(h.drawing.lines == [line(80, 60, 80, 60)], "no tap took it")
    }

    @Test func aDoubleTapLeavesNoLineAndNoDot() {
        let h = CanvasHarness(lines: [line(100, 100, 300, 100)])
        h.send(h.down(9, 50, 50))
        h.send(h.up(9))
        h.send(h.down(9, 53, 52))
        #expect(!h.drawing.linesInProgress.isEmpty, "the second tap's dot shows too")
        h.send(h.up(9))
        #expect(h.drawing.lines.isEmpty, "cleared as the second tap lifts")
        #expect(h.drawing.linesInProgress.isEmpty, "with no dot left behind")
        h.advance(by: 1)
        #expect(h.drawing.lines.isEmpty)
        #expect(h.drawing.linesInProgress.isEmpty)
    }

    @Test func theSecondTapOfADoubleTapMayLandAFingerWidthAway() {
        let h = CanvasHarness(lines: [line(100, 100, 300, 100)])
        h.send(h.down(9, 50, 200))
        h.send(h.up(9))
        h.send(h.down(9, 75, 210))
        h.send(h.up(9))
        #expect(h.drawing.lines.isEmpty)
    }

    @Test func aPickedUpLinesDotDisappearsAndTheLineMovesByTheFingersTravel() throws {
        let original = line(100, 100, 300, 100)
        let h = CanvasHarness(lines: [original])
        h.send(h.down(1, 200, 104))
        #expect(h.drawing.linesInProgress.count == 1, "ink first, even on a line")
        h.advance(by: 0.6)
        let id = try #require(h.drawing.selectedLineID)
        #expect(h.drawing.linesInProgress.isEmpty, "picked up: the dot goes")
        h.send(h.move(1, 203, 110))
        h.send(h.move(1, 212, 139))
        h.send(h.up(1))
        #expect(h.drawing.lines == [original.translated(by: Vector(dx: 12, dy: 35))])
        #expect(h.drawing.selectedLineID == nil)
        _ = id
    }

    @Test func quickStrokesOneAfterAnotherAreAllKept() {
        // Handwriting: short strokes in quick succession, like the letters of a word.
        let h = CanvasHarness(kind: .pointer)
        var expected: [Line] = []
        for index in 0..<8 {
            let x = 20 + 30 * Double(index)
            h.send(h.down(1, x, 100))
            h.send(h.move(1, x + 6, 92))
            h.send(h.move(1, x + 12, 84))
            h.send(h.up(1))
            expected.append(line(x, 100, x + 12, 84))
        }
        h.advance(by: 1)
        #expect(h.drawing.lines == expected)
    }
}
