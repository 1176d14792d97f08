@testable import Decorations
import Testing
import Timing
import TouchCore

/// The header buttons' tooltips on a core window and a fake clock: a
/// resting pointer or pen shows one after half a second, leaving or
/// pressing puts it away, and a finger held on a button shows it without
/// pressing the button.
@Suite struct TooltipControllerTests {
    typealias Fixture = HeaderBarViewTests.Fixture

    /// The header bar fixture with tooltips on Undo and the menu.
    private func makeFixture(width: Double = 600) -> (Fixture, TooltipController) {
        let fixture = Fixture(width: width)
        let tooltips = TooltipController(window: fixture.window, measurer: FixedWidthTextMeasurer())
        for button in [fixture.undo, fixture.menu] {
            button.tooltip = "\(button.command.title) (Ctrl+Z)"
            button.tooltips = tooltips
        }
        return (fixture, tooltips)
    }

    private func centre(of button: HeaderButton) -> Point {
        button.convert(button.bounds.center, to: nil)
    }

    @Test func aPointerRestingHalfASecondOnAButtonShowsItsNameAndKeyUnderIt() {
        let (fixture, tooltips) = makeFixture()
        tooltips.hover(at: centre(of: fixture.undo))
        fixture.window.timers.advance(by: TooltipController.delay - 0.01)
        #expect(tooltips.view.isHidden, "not before half a second")
        fixture.window.timers.advance(by: 0.02)
        #expect(!tooltips.view.isHidden && tooltips.shownFor === fixture.undo)
        #expect(tooltips.view.text == "Undo (Ctrl+Z)")
        #expect(tooltips.view.superview === fixture.window)
        let button = fixture.undo.convert(fixture.undo.bounds, to: nil)
        let tip = tooltips.view.frame
        #expect(tip.minY >= button.maxY, "below the button")
        #expect(tip.minX >= 0 && tip.maxX <= fixture.window.bounds.width)
        tooltips.hover(at: Point(x: 300, y: 200))
        #expect(tooltips.view.isHidden && tooltips.view.superview == nil, "gone when the pointer leaves the button")
    }

    @Test func movingOnTheSameButtonKeepsTheWaitAndAnotherButtonStartsItAgain() {
        let (fixture, tooltips) = makeFixture()
        tooltips.hover(at: centre(of: fixture.undo))
        fixture.window.timers.advance(by: 0.3)
        tooltips.hover(at: Point(x: centre(of: fixture.undo).x + 3, y: centre(of: fixture.undo).y + 1))
        fixture.window.timers.advance(by: 0.25)
        #expect(tooltips.shownFor === fixture.undo, "small moves on one button do not restart the wait")
        tooltips.hover(at: centre(of: fixture.menu))
        #expect(tooltips.view.isHidden)
        fixture.window.timers.advance(by: TooltipController.delay)
        #expect(tooltips.shownFor === fixture.menu)
        tooltips.hover(at: nil)
        #expect(tooltips.view.isHidden, "the pointer left the window")
    }

    @Test func aPressPutsItAwayUntilThePointerLeavesTheButton() {
        let (fixture, tooltips) = makeFixture()
        tooltips.hover(at: centre(of: fixture.undo))
        fixture.window.timers.advance(by: TooltipController.delay)
        let point = centre(of: fixture.undo)
        fixture.click(point.x, point.y, at: 10)
        #expect(tooltips.view.isHidden, "a click hides it")
        #expect(fixture.canvas.performed == [HeaderBarViewTests.undo], "and presses the button as usual")
        fixture.window.timers.advance(by: 2)
        #expect(tooltips.view.isHidden, "and it does not come back while the pointer stays")
    }

    @Test func aButtonWithoutATooltipShowsNone() {
        let (fixture, tooltips) = makeFixture()
        tooltips.hover(at: centre(of: fixture.redo))
        fixture.window.timers.advance(by: 2)
        #expect(tooltips.view.isHidden)
    }

    @Test func nearTheWindowsEndTheTooltipStaysInside() {
        let (fixture, tooltips) = makeFixture(width: 360)
        fixture.menu.tooltip = "A long name for the main menu (F10)"
        tooltips.hover(at: centre(of: fixture.menu))
        fixture.window.timers.advance(by: TooltipController.delay)
        let tip = tooltips.view.frame
        #expect(tip.maxX <= 360 - TooltipView.margin, "\(tip)")
        #expect(tip.minX >= TooltipView.margin)
    }

    @Test func aFingerHeldOnAButtonShowsTheTooltipAndItsReleasePressesNothing() {
        let (fixture, tooltips) = makeFixture()
        let point = centre(of: fixture.undo)
        fixture.send(.down, point.x, point.y, at: 1, kind: .finger)
        fixture.window.timers.advance(by: TooltipController.delay - 0.01)
        #expect(tooltips.view.isHidden)
        #expect(fixture.undo.isPressed, "pressed until the tooltip shows")
        fixture.window.timers.advance(by: 0.02)
        #expect(tooltips.shownFor === fixture.undo)
        #expect(!fixture.undo.isPressed, "a held finger only asks what the button is")
        fixture.send(.up, point.x, point.y, at: 2, kind: .finger)
        #expect(fixture.canvas.performed.isEmpty, "lifting it does not press the button")
        #expect(tooltips.view.isHidden, "and the tooltip goes with the finger")
        fixture.click(point.x, point.y, at: 3, kind: .finger)
        #expect(fixture.canvas.performed == [HeaderBarViewTests.undo], "a quick tap still presses it")
    }

    @Test func aFingerThatSlidesOffBeforeTheTooltipShowsNone() {
        let (fixture, tooltips) = makeFixture()
        let point = centre(of: fixture.undo)
        fixture.send(.down, point.x, point.y, at: 1, kind: .finger)
        fixture.send(.move, point.x, point.y + 100, at: 1.1, kind: .finger)
        fixture.window.timers.advance(by: 1)
        #expect(tooltips.view.isHidden)
    }
}
