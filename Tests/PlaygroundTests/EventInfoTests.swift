@testable import Playground
import Testing
import TestSupport
import TouchCore

/// The touch-events guide's EventInfo (issue 26), on a fake clock: every
/// message listed, newest first, with each touch's coordinates in its view
/// and in the window through a nested view.
@Suite struct EventInfoTests {
    private func eventInfo() -> (PlaygroundStage, EventInfoPage) {
        let stage = PlaygroundStage()
        stage.playground.showPage(stage.playground.pages.firstIndex { $0 === stage.playground.eventInfo }!)
        return (stage, stage.playground.eventInfo)
    }

    @Test func aTouchInTheNestedViewListsItsOwnAndTheWindowsCoordinates() throws {
        let (stage, page) = eventInfo()
        let nested = page.nested
        let inWindow = stage.point(Point(x: 10, y: 20), of: nested)
        #expect(inWindow.x > 100 && inWindow.y > 60, "the nested view is far from the window's corner: \(inWindow)")
        stage.down(1, inWindow)
        let began = try #require(page.entries.first)
        #expect(began.method == .touchesBegan)
        #expect(began.allTouchesCount == 1)
        let touch = try #require(began.touches.first)
        #expect(touch.viewName == "nested", "bound to the view it began in")
        #expect(touch.inView == Point(x: 10, y: 20))
        #expect(touch.inWindow == inWindow)
        #expect(touch.phase == .began && touch.tapCount == 1)
        #expect(began.lines == ["touchesBegan  allTouches 1", "  finger 1 began tap 1",
                                "    nested (10, 20)  window \(EventInfoEntry.format(inWindow))"])

        // It moves out of the nested view: still bound to it, its
        // coordinates go negative.
        stage.advance(0.02)
        stage.move(1, stage.point(Point(x: -30, y: 25.5), of: nested))
        let moved = try #require(page.entries.first?.touches.first)
        #expect(page.entries.first?.method == .touchesMoved)
        #expect(moved.viewName == "nested" && moved.inView == Point(x: -30, y: 25.5))
        #expect(page.entries.first?.lines.last?.contains("nested (-30, 25.5)") == true)
    }

    @Test func aTouchOnThePageItselfListsThePagesCoordinates() throws {
        let (stage, page) = eventInfo()
        let inWindow = stage.point(Point(x: 30, y: 200), of: page)
        stage.down(1, inWindow)
        let touch = try #require(page.entries.first?.touches.first)
        #expect(touch.viewName == "view")
        #expect(touch.inView == Point(x: 30, y: 200))
        #expect(touch.inWindow == inWindow)
        #expect(touch.inWindow.y - touch.inView.y == PlaygroundView.barHeight, "the page sits below the bar")
    }

    @Test func everyMethodIsListedNewestFirstWithAllTouchesCounted() {
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
        #expect(page.entries.map(\.allTouchesCount) == [1, 1, 2, 2, 2, 1])
        #expect(page.entries.map(\.touches.count) == [1, 1, 2, 2, 1, 1])
        #expect(page.entries[2].touches.map(\.phase) == [.ended, .ended])
        #expect(page.entries[2].touches.map(\.touch.id) == [1, 2], "in the order they began")
        #expect(page.entries[0].touches.first?.phase == .cancelled)
    }

    @Test func touchesBoundToTheNestedViewComeInAMessageOfTheirOwn() {
        let (stage, page) = eventInfo()
        let a = stage.point(Point(x: 30, y: 200), of: page)
        let b = stage.point(Point(x: 10, y: 10), of: page.nested)
        stage.send([(.down, 1, a), (.down, 2, b)])
        // One touchesBegan per view the touches are bound to, both
        // reaching the page (the nested view's by the responder chain).
        #expect(page.entries.map(\.method) == [.touchesBegan, .touchesBegan])
        #expect(Set(page.entries.map { $0.touches.map(\.viewName) }) == [["view"], ["nested"]])
        #expect(page.entries.map(\.allTouchesCount) == [2, 2])
    }

    @Test func aSecondQuickTapListsTapCountTwo() {
        let (stage, page) = eventInfo()
        let point = stage.point(Point(x: 30, y: 200), of: page)
        stage.down(1, point)
        stage.advance(0.05)
        stage.up(1)
        stage.advance(0.1)
        stage.down(2, point + Vector(dx: 2, dy: 1))
        #expect(page.entries.first?.touches.first?.tapCount == 2)
        #expect(page.entries.first?.lines.dropFirst().first == "  finger 2 began tap 2")
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

    @Test func pointsAreWrittenToATenth() {
        #expect(EventInfoEntry.format(Point(x: 12.46, y: -0.04)) == "(12.5, 0)")
        #expect(EventInfoEntry.format(Point(x: -3.25, y: 100)) == "(-3.3, 100)")
    }
}
