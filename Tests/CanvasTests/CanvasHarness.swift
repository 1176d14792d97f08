import Canvas
import TestSupport
import Timing
import TouchCore

/// A canvas in a real window with the real recognizers, driven by
/// synthetic touches and keys on a fake clock.
final class CanvasHarness {
    let clock = ManualClock()
    let window: Window
    let canvas: CanvasView
    private(set) var changes = 0
    private let device: InputDeviceID

    /// `kind`: what the synthetic touches come from (a finger, or the
    /// pointer with its button held).
    init(lines: [Line] = [], kind: Touch.Kind = .finger) {
        device = InputDeviceID(seat: "seat0", kind: kind)
        window = Window(size: Size(width: 400, height: 300), timers: TimerQueue(clock: clock))
        canvas = CanvasView(frame: window.bounds, drawing: Drawing(lines: lines))
        window.addSubview(canvas)
        canvas.onChange = { [unowned self] in changes += 1 }
    }

    var drawing: Drawing { canvas.drawing }
    var menu: MenuController { window.menuController }

    // The shared builders, stamped with the fake clock's time and this
    // harness's device.
    func down(_ id: Int32, _ x: Double, _ y: Double) -> RawTouch {
        TestSupport.down(id, x, y, at: clock.now, on: device)
    }

    func move(_ id: Int32, _ x: Double, _ y: Double) -> RawTouch {
        TestSupport.move(id, x, y, at: clock.now, on: device)
    }

    func up(_ id: Int32) -> RawTouch {
        TestSupport.up(id, at: clock.now, on: device)
    }

    func cancel(_ id: Int32) -> RawTouch {
        TestSupport.cancel(id, at: clock.now, on: device)
    }

    /// Sends one frame of changes, then lets 10 ms pass.
    func send(_ changes: RawTouch...) {
        window.handle(TouchFrame(changes: changes, timestamp: clock.now))
        advance(by: 0.01)
    }

    func advance(by seconds: Double) {
        window.timers.advance(by: seconds)
    }

    /// A quick tap, then long enough for a double tap to have failed.
    func tap(_ x: Double, _ y: Double) {
        send(down(9, x, y))
        send(up(9))
        advance(by: 0.5)
    }

    func doubleTap(_ x: Double, _ y: Double) {
        send(down(9, x, y))
        send(up(9))
        send(down(9, x, y))
        send(up(9))
        advance(by: 0.5)
    }

    /// One finger drawing a straight stroke in `steps` moves.
    func stroke(from start: Point, to end: Point, steps: Int = 6) {
        send(down(1, start.x, start.y))
        for step in 1...steps {
            let t = Double(step) / Double(steps)
            send(move(1, start.x + (end.x - start.x) * t, start.y + (end.y - start.y) * t))
        }
        send(up(1))
    }

    @discardableResult
    func key(_ key: Key, _ modifiers: KeyModifiers = []) -> Bool {
        window.handle(KeyPress(key, modifiers: modifiers))
    }
}
