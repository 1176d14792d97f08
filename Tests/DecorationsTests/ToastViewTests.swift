@testable import Decorations
import Testing
import TestSupport
import Timing
import TouchCore

/// The toast's view on a core window alone: where the bar sits, that its
/// button is finger-sized and pressed as a button is (released over it),
/// and what it paints.
@Suite struct ToastViewTests {
    final class Fixture {
        let timers = TimerQueue(clock: ManualClock())
        let window: Window
        let overlay: ToastOverlay
        let view: ToastView
        var pressed = 0

        init(width: Double = 400, height: Double = 300) {
            window = Window(size: Size(width: width, height: height), timers: timers)
            overlay = ToastOverlay(timers: timers)
            view = ToastView(overlay: overlay, measurer: FixedWidthTextMeasurer())
            window.addSubview(view)
            view.place(in: Rect(x: 0, y: 40, width: width, height: height - 40))
            overlay.onEvent = { [unowned self] _ in view.update() }
        }

        func showUndo() {
            overlay.show(Toast("Drawing cleared", button: "Undo") { [unowned self] in pressed += 1 })
        }

        func send(_ phase: RawTouch.Phase, _ point: Point, at time: Double) {
            let change = RawTouch(device: InputDeviceID(seat: "seat0", kind: .finger), id: 1,
                                  phase: phase, location: point, timestamp: time)
            window.handle(TouchFrame(changes: [change], timestamp: time))
        }

        var buttonCentre: Point { view.convert(view.buttonFrame!.center, to: nil) }
    }

    @Test func theBarSitsCentredAtTheBottomWithAFingerSizedButton() throws {
        let fixture = Fixture()
        #expect(fixture.view.isHidden)
        fixture.showUndo()
        let frame = fixture.view.frame
        #expect(!fixture.view.isHidden)
        #expect(abs(frame.midX - 200) < 0.5 && frame.maxY == 300 - ToastView.margin)
        let button = try #require(fixture.view.buttonFrame)
        #expect(button.height >= AdwaitaStyle.minimumHitSide && button.width >= AdwaitaStyle.minimumHitSide)
        #expect(frame.insetBy(dx: -0.01, dy: -0.01).contains(fixture.view.convert(button, to: nil)))
        // 15 characters of title at 8 points each fit beside the button.
        #expect(button.minX >= 18 + 15 * 8)
        fixture.overlay.dismiss(.stroke)
        #expect(fixture.view.isHidden)
    }

    @Test func aNarrowWindowKeepsTheBarInsideIt() {
        let fixture = Fixture(width: 120)
        fixture.overlay.show(Toast("A title much longer than the window is wide", button: "Undo") {})
        #expect(fixture.view.frame.minX >= ToastView.margin && fixture.view.frame.maxX <= 120 - ToastView.margin)
    }

    @Test func releasingOverTheButtonPressesItOnce() {
        let fixture = Fixture()
        fixture.showUndo()
        fixture.send(.down, fixture.buttonCentre, at: 1)
        fixture.send(.up, fixture.buttonCentre, at: 1.1)
        #expect(fixture.pressed == 1)
        #expect(fixture.overlay.current == nil && fixture.view.isHidden)
    }

    @Test func aPressThatSlidesOffTheButtonDoesNothingAndThePressOnTheBarDrawsNothingBelow() {
        let fixture = Fixture()
        fixture.showUndo()
        let centre = fixture.buttonCentre
        fixture.send(.down, centre, at: 1)
        fixture.send(.move, Point(x: centre.x, y: centre.y - 60), at: 1.1)
        fixture.send(.up, Point(x: centre.x, y: centre.y - 60), at: 1.2)
        #expect(fixture.pressed == 0 && fixture.overlay.current != nil)
        // The title's part of the bar is the toast's too, and pressing it does nothing.
        let title = fixture.view.convert(Point(x: 30, y: fixture.view.bounds.midY), to: nil)
        #expect(fixture.window.hitTest(title, with: nil) === fixture.view)
        fixture.send(.down, title, at: 2)
        fixture.send(.up, title, at: 2.1)
        #expect(fixture.pressed == 0 && fixture.overlay.current != nil)
    }

    @Test func itPaintsADarkRoundedBarWithTheTitleAndTheButtonsLabel() {
        let fixture = Fixture()
        fixture.showUndo()
        let context = RecordingDrawingContext()
        fixture.view.draw(fixture.view.bounds, in: context)
        #expect(context.texts.contains("Drawing cleared") && context.texts.contains("Undo"))
        let bar = context.fills.first
        #expect(bar?.color == ToastView.background)
        #expect(abs((bar?.rect.width ?? 0) - fixture.view.bounds.width) < 1)
        #expect(abs((bar?.rect.height ?? 0) - ToastView.height) < 1)
    }
}
