@testable import Playground
import Testing
import TestSupport
import TouchCore

/// The touch-events guide's EventInfo (issues 26 and 41), on a fake clock:
/// every message logged as the guide logs it, `touches.count` and then
/// every touch of `event.allTouches`, newest first or in the guide's order.
@Suite struct EventInfoTests {
    private func eventInfo() -> (PlaygroundStage, EventInfoPage) {
        let stage = PlaygroundStage()
        stage.playground.showPage(stage.playground.pages.firstIndex { $0 === stage.playground.eventInfo }!)
        return (stage, stage.playground.eventInfo)
    }

    @Test func aTouchIsListedInThePagesAndTheWindowsCoordinatesToThreeDecimals() throws {
        let (stage, page) = eventInfo()
        let nested = page.nested
        let inWindow = stage.point(Point(x: 10.25, y: 20), of: nested)
        let inPage = page.convert(inWindow, from: nil)
        #expect(inPage.x > 100, "the nested view is far from the page's corner: \(inPage)")
        stage.down(1, inWindow)
        let began = try #require(page.entries.first)
        #expect(began.method == .touchesBegan && began.touchesCount == 1)
        let touch = try #require(began.allTouches.first)
        #expect(touch.viewName == "nested", "bound to the view it began in")
        #expect(touch.inSelf == inPage, "locationInView(self): the page's coordinates, as the guide's view")
        #expect(touch.inWindow == inWindow)
        #expect(began.lines == ["touchesBegan: touches.count 1, allTouches 1",
                                "  finger 1 in nested: phase 0 began, tapCount 1",
                                "    locationInView(self) \(EventInfoEntry.format(inPage))",
                                "    locationInView(nil)  \(EventInfoEntry.format(inWindow))"])
        #expect(began.lines[2].hasSuffix(".250, \(Int(inPage.y)).000}"))
    }

    @Test func aFingerHeldStillIsListedStationaryWhileAnotherMoves() throws {
        let (stage, page) = eventInfo()
        let a = stage.point(Point(x: 30, y: 200), of: page)
        let b = stage.point(Point(x: 80, y: 220), of: page)
        stage.down(1, a)
        stage.advance(0.02)
        stage.down(2, b)
        stage.advance(0.02)
        stage.move(2, b + Vector(dx: 5, dy: 0))
        let moved = try #require(page.entries.first)
        #expect(moved.method == .touchesMoved)
        #expect(moved.touchesCount == 1, "the message is about the moving finger")
        #expect(moved.allTouches.map(\.touch.id) == [1, 2], "the event's touches, in the order they began")
        #expect(moved.allTouches.map(\.phase) == [.stationary, .moved])
        #expect(moved.lines[1] == "  finger 1 in view: phase 2 stationary, tapCount 1")
        #expect(moved.lines[4] == "  finger 2 in view: phase 1 moved, tapCount 1")
    }

    @Test func everyMethodIsListedNewestFirstWithBothCounts() {
        let (stage, page) = eventInfo()
        let a = stage.point(Point(x: 30, y: 200), of: page)
        let b = stage.point(Point(x: 80, y: 220), of: page)
        stage.down(1, a)
        stage.advance(0.02)
        stage.down(2, b)
        stage.advance(0.02)
        stage.send([(.move, 1, a + Vector(dx: 5, dy: 0)), (.move, 2, b + Vector(dx: 5, dy: 0))])
        stage.advance(0.02)
        stage.send([(.up, 1, .zero), (.up, 2, .zero)])
        stage.down(3, a)
        stage.send([(.cancel, 3, .zero)])
        #expect(page.entries.map(\.method) == [.touchesCancelled, .touchesBegan, .touchesEnded, .touchesMoved,
                                               .touchesBegan, .touchesBegan])
        #expect(page.entries.map(\.touchesCount) == [1, 1, 2, 2, 1, 1])
        #expect(page.entries.map(\.allTouches.count) == [1, 1, 2, 2, 2, 1])
        #expect(page.entries[2].allTouches.map(\.phase) == [.ended, .ended])
        #expect(page.entries[4].allTouches.map(\.phase) == [.stationary, .began])
        #expect(page.entries[0].lines[1] == "  finger 3 in view: phase 4 cancelled, tapCount 2", "a quick second tap where the first was")
    }

    @Test func touchesBoundToTheNestedViewComeInAMessageOfTheirOwn() {
        let (stage, page) = eventInfo()
        let a = stage.point(Point(x: 30, y: 200), of: page)
        let b = stage.point(Point(x: 10, y: 10), of: page.nested)
        stage.send([(.down, 1, a), (.down, 2, b)])
        // One touchesBegan per view the touches are bound to, both reaching
        // the page (the nested view's by the responder chain), each listing
        // the event's two touches.
        #expect(page.entries.map(\.method) == [.touchesBegan, .touchesBegan])
        #expect(page.entries.map(\.touchesCount) == [1, 1])
        #expect(page.entries.map { $0.allTouches.map(\.viewName) } == [["view", "nested"], ["view", "nested"]])
    }

    @Test func everyFingerOnTheNestedViewReachesThePage() {
        let (stage, page) = eventInfo()
        stage.down(1, stage.point(Point(x: 10, y: 10), of: page.nested))
        stage.advance(0.02)
        stage.down(2, stage.point(Point(x: 40, y: 10), of: page.nested))
        #expect(page.entries.map(\.method) == [.touchesBegan, .touchesBegan])
        #expect(page.entries.first?.allTouches.map(\.phase) == [.stationary, .began])
    }

    @Test func aSecondQuickTapListsTapCountTwo() {
        let (stage, page) = eventInfo()
        let point = stage.point(Point(x: 30, y: 200), of: page)
        stage.down(1, point)
        stage.advance(0.05)
        stage.up(1)
        stage.advance(0.1)
        stage.down(2, point + Vector(dx: 2, dy: 1))
        #expect(page.entries.first?.lines.dropFirst().first == "  finger 2 in view: phase 0 began, tapCount 2")
    }

    @Test func theListKeepsTheNewestMessagesOnly() {
        let (stage, page) = eventInfo()
        let point = stage.point(Point(x: 30, y: 200), of: page)
        stage.down(1, point)
        for step in 1...(EventInfoPage.capacity + 10) {
            stage.advance(0.01)
            stage.move(1, point + Vector(dx: Double(step % 7), dy: 0))
        }
        #expect(page.entries.count == EventInfoPage.capacity)
        #expect(page.entries.allSatisfy { $0.method == .touchesMoved }, "the first, oldest, went")
    }

    @Test func numbersAreWrittenAsTheGuidesPercentTwoPointThreeF() {
        #expect(EventInfoEntry.format(12.3456) == "12.346")
        #expect(EventInfoEntry.format(0.5) == "0.500")
        #expect(EventInfoEntry.format(100) == "100.000")
        #expect(EventInfoEntry.format(-3.25) == "-3.250")
        #expect(EventInfoEntry.format(-0.0004) == "-0.000", "C keeps the sign")
        #expect(EventInfoEntry.format(Point(x: 1, y: 2.0625)) == "{1.000, 2.063}")
    }

    @Test func theSwitchShowsTheMessagesInTheGuidesOrder() throws {
        let (stage, page) = eventInfo()
        let point = stage.point(Point(x: 30, y: 200), of: page)
        stage.down(1, point)
        stage.advance(0.05)
        stage.up(1)
        #expect(page.visibleLines.first == "touchesEnded: touches.count 1, allTouches 1")
        // A tap on the switch: the guide's order, oldest first, as its console.
        let switchCentre = stage.centre(of: page.newestFirstSwitch)
        stage.advance(1)
        stage.down(2, switchCentre)
        stage.advance(0.05)
        stage.up(2)
        #expect(page.listsNewestFirst == false)
        #expect(page.entries.count == 2, "the switch's own touches are not the page's")
        #expect(page.visibleLines.first == "touchesBegan: touches.count 1, allTouches 1")
        #expect(page.visibleLines.last == "    locationInView(nil)  \(EventInfoEntry.format(point))")
        page.listsNewestFirst = true
        #expect(page.newestFirstSwitch.isOn)
    }

    /// A session of two fingers, the first held still while the second
    /// moves, then both lifting: the log, in the guide's order, is the
    /// golden file's, line by line.
    @Test func aTwoFingerSessionWithOneFingerStillLogsAsTheGoldenFile() throws {
        let (stage, page) = eventInfo()
        page.listsNewestFirst = false
        let first = stage.point(Point(x: 40.5, y: 180), of: page)
        let second = stage.point(Point(x: 120, y: 210.125), of: page)
        stage.down(1, first)
        stage.advance(0.03)
        stage.down(2, second)
        for step in 1...3 {
            stage.advance(0.016)
            stage.move(2, second + Vector(dx: 7.5 * Double(step), dy: -2 * Double(step)))
        }
        stage.advance(0.03)
        stage.up(2)
        stage.advance(0.03)
        stage.up(1)
        let log = page.entries.reversed().flatMap(\.lines)
        try GoldenFile.expect(log, toMatch: "eventinfo-two-fingers-one-still.txt")
    }
}
