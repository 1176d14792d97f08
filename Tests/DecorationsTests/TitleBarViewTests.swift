@testable import Decorations
import Testing
import Timing
import TouchCore

/// The title bar's hit areas and what presses on them ask for, on a core
/// window alone (no compositor).
@Suite struct TitleBarViewTests {
    private static let fingers = InputDeviceID(seat: "seat0", kind: .finger)
    private static let mouse = InputDeviceID(seat: "seat0", kind: .pointer)

    /// A 400 × 300 window: a view filling it (the canvas) under a 32-point bar.
    private final class Fixture {
        let window = Window(size: Size(width: 400, height: 300), timers: TimerQueue(clock: ManualClock()))
        let canvas = View(frame: Rect(x: 0, y: 32, width: 400, height: 268))
        let bar = TitleBarView(title: "TouchTracker")
        var presses = 0
        var requests: [TitleBarView.Request] = []

        init() {
            window.addSubview(canvas)
            window.addSubview(bar)
            bar.frame = Rect(x: 0, y: 0, width: 400, height: 32)
            bar.onPress = { [unowned self] in presses += 1 }
            bar.onRequest = { [unowned self] in requests.append($0) }
        }

        func send(_ phase: RawTouch.Phase, _ x: Double, _ y: Double, at time: Double, pointer: Bool = true, id: Int32 = 0) {
            let change = RawTouch(device: pointer ? TitleBarViewTests.mouse : TitleBarViewTests.fingers, id: id,
                                  phase: phase, location: Point(x: x, y: y), timestamp: time)
            window.handle(TouchFrame(changes: [change], timestamp: time))
        }

        func click(_ x: Double, _ y: Double, at time: Double) {
            send(.down, x, y, at: time)
            send(.up, x, y, at: time + 0.05)
        }
    }

    @Test func buttonsSitAtTheRightEndRightToLeft() {
        let fixture = Fixture()
        #expect(fixture.bar.buttonFrames.map(\.button) == [.close, .maximize, .minimize])
        #expect(fixture.bar.buttonFrames.map(\.frame) == [Rect(x: 368, y: 0, width: 32, height: 32),
                                                          Rect(x: 336, y: 0, width: 32, height: 32),
                                                          Rect(x: 304, y: 0, width: 32, height: 32)])
        #expect(fixture.bar.appearance.buttons.map(\.frame) == fixture.bar.buttonFrames.map(\.frame))
    }

    @Test func partsUnderAPointer() {
        let fixture = Fixture()
        let bar = fixture.bar
        #expect(bar.part(at: Point(x: 200, y: 16), pointer: true) == .dragArea)
        #expect(bar.part(at: Point(x: 384, y: 16), pointer: true) == .button(.close))
        #expect(bar.part(at: Point(x: 352, y: 16), pointer: true) == .button(.maximize))
        #expect(bar.part(at: Point(x: 320, y: 16), pointer: true) == .button(.minimize))
        // The buttons win over the border they overlap.
        #expect(bar.part(at: Point(x: 398, y: 1), pointer: true) == .button(.close))
        #expect(bar.part(at: Point(x: 200, y: 3), pointer: true) == .resizeBorder(.top))
        #expect(bar.part(at: Point(x: 2, y: 2), pointer: true) == .resizeBorder(.topLeft))
        #expect(bar.part(at: Point(x: 2, y: 12), pointer: true) == .resizeBorder(.topLeft), "near the corner")
        #expect(bar.part(at: Point(x: 2, y: 20), pointer: true) == .resizeBorder(.left))
        #expect(bar.part(at: Point(x: 2, y: 150), pointer: true) == .resizeBorder(.left))
        #expect(bar.part(at: Point(x: 397, y: 150), pointer: true) == .resizeBorder(.right))
        #expect(bar.part(at: Point(x: 200, y: 296), pointer: true) == .resizeBorder(.bottom))
        #expect(bar.part(at: Point(x: 399, y: 299), pointer: true) == .resizeBorder(.bottomRight))
        #expect(bar.part(at: Point(x: 390, y: 297), pointer: true) == .resizeBorder(.bottomRight), "near the corner")
        #expect(bar.part(at: Point(x: 3, y: 290), pointer: true) == .resizeBorder(.bottomLeft))
        #expect(bar.part(at: Point(x: 200, y: 150), pointer: true) == nil, "the canvas's")
        #expect(bar.part(at: Point(x: 200, y: 300), pointer: true) == nil, "outside the window")
    }

    @Test func fingersDoNotResize() {
        let fixture = Fixture()
        let bar = fixture.bar
        #expect(bar.part(at: Point(x: 2, y: 150), pointer: false) == nil)
        #expect(bar.part(at: Point(x: 200, y: 296), pointer: false) == nil)
        #expect(bar.part(at: Point(x: 2, y: 2), pointer: false) == .dragArea)
        #expect(bar.part(at: Point(x: 384, y: 16), pointer: false) == .button(.close))
    }

    @Test func aMaximizedWindowHasNoResizeBorder() {
        let fixture = Fixture()
        let bar = fixture.bar
        bar.isMaximized = true
        #expect(bar.part(at: Point(x: 2, y: 150), pointer: true) == nil)
        #expect(bar.part(at: Point(x: 200, y: 3), pointer: true) == .dragArea)
        #expect(bar.part(at: Point(x: 399, y: 299), pointer: true) == nil)
    }

    @Test func theWindowHitTestsTheBorderOnlyForThePointer() {
        let fixture = Fixture()
        let pointer = Event.hitTesting(.pointer), finger = Event.hitTesting(.finger)
        #expect(fixture.window.hitTest(Point(x: 2, y: 150), with: pointer) === fixture.bar)
        #expect(fixture.window.hitTest(Point(x: 200, y: 150), with: pointer) === fixture.canvas)
        #expect(fixture.window.hitTest(Point(x: 2, y: 150), with: finger) === fixture.canvas)
        #expect(fixture.window.hitTest(Point(x: 200, y: 10), with: finger) === fixture.bar)
        #expect(fixture.window.hitTest(Point(x: 2, y: 150), with: nil) === fixture.canvas, "no event: not a pointer")
        fixture.bar.isHidden = true
        #expect(fixture.window.hitTest(Point(x: 200, y: 10), with: finger) === fixture.window)
    }

    @Test func dragOnTheBarMovesOnceBeyondTheThreshold() {
        let fixture = Fixture()
        fixture.send(.down, 100, 16, at: 1)
        #expect(fixture.presses == 1)
        fixture.send(.move, 102, 17, at: 1.01)
        #expect(fixture.requests.isEmpty, "a trembling click is no drag")
        fixture.send(.move, 110, 20, at: 1.02)
        fixture.send(.move, 150, 40, at: 1.03)
        #expect(fixture.requests == [.move])
    }

    @Test func aFingerDragMovesToo() {
        let fixture = Fixture()
        fixture.send(.down, 100, 16, at: 1, pointer: false)
        fixture.send(.move, 140, 16, at: 1.1, pointer: false)
        #expect(fixture.requests == [.move])
    }

    @Test func aDoubleClickOrDoubleTapTogglesMaximize() {
        let fixture = Fixture()
        fixture.click(100, 16, at: 1)
        fixture.click(101, 16, at: 1.2)
        #expect(fixture.requests == [.toggleMaximize])
        fixture.send(.down, 100, 16, at: 3, pointer: false)
        fixture.send(.up, 100, 16, at: 3.05, pointer: false)
        fixture.send(.down, 100, 16, at: 3.2, pointer: false)
        #expect(fixture.requests == [.toggleMaximize, .toggleMaximize])
        fixture.send(.up, 100, 16, at: 3.25, pointer: false)
        // Clicks far apart in time are two single clicks.
        fixture.click(100, 16, at: 10)
        fixture.click(100, 16, at: 11)
        #expect(fixture.requests.count == 2)
    }

    @Test(arguments: [(384.0, TitleBarView.Request.close), (352.0, .toggleMaximize), (320.0, .minimize)])
    func buttonsActOnReleaseInside(x: Double, request: TitleBarView.Request) {
        let fixture = Fixture()
        fixture.send(.down, x, 16, at: 1)
        #expect(fixture.requests.isEmpty)
        #expect(fixture.bar.pressedButton != nil)
        fixture.send(.up, x, 16, at: 1.1)
        #expect(fixture.requests == [request])
        #expect(fixture.bar.pressedButton == nil)
    }

    @Test func releasingOutsideAButtonDoesNothing() {
        let fixture = Fixture()
        fixture.send(.down, 384, 16, at: 1)
        #expect(fixture.bar.pressedButton == .close)
        fixture.send(.move, 384, 60, at: 1.1)
        #expect(fixture.bar.pressedButton == nil, "drawn released while outside")
        #expect(fixture.requests.isEmpty, "pressing a button never moves the window")
        fixture.send(.move, 385, 15, at: 1.2)
        #expect(fixture.bar.pressedButton == .close)
        fixture.send(.move, 200, 15, at: 1.3)
        fixture.send(.up, 200, 15, at: 1.4)
        #expect(fixture.requests.isEmpty)
    }

    @Test func aPointerPressOnTheBorderResizesAtOnce() {
        let fixture = Fixture()
        fixture.send(.down, 399, 299, at: 1)
        #expect(fixture.presses == 1)
        #expect(fixture.requests == [.resize(.bottomRight)])
        fixture.send(.cancel, 399, 299, at: 1.5)
        fixture.send(.down, 1, 150, at: 2)
        #expect(fixture.requests == [.resize(.bottomRight), .resize(.left)])
    }

    @Test func aPressAfterAHandedOverTouchThatNeverEndedStillWorks() {
        let fixture = Fixture()
        fixture.send(.down, 100, 16, at: 1, pointer: false, id: 1)
        fixture.send(.move, 150, 16, at: 1.1, pointer: false, id: 1)
        // The compositor moved the window and kept the rest of touch 1.
        fixture.send(.down, 384, 16, at: 5, pointer: false, id: 2)
        fixture.send(.up, 384, 16, at: 5.1, pointer: false, id: 2)
        #expect(fixture.requests == [.move, .close])
    }

    @Test func stateChangesAskForARedraw() {
        let fixture = Fixture()
        _ = fixture.window.takeDamage()
        fixture.bar.isActive = true
        #expect(fixture.window.takeDamage() == [Rect(x: 0, y: 0, width: 400, height: 32)])
        fixture.bar.isActive = true
        #expect(!fixture.window.hasDamage, "no change, no redraw")
        fixture.send(.down, 384, 16, at: 1)
        #expect(fixture.window.takeDamage() == [Rect(x: 0, y: 0, width: 400, height: 32)])
        #expect(fixture.bar.appearance.pressedButton == .close)
    }
}
