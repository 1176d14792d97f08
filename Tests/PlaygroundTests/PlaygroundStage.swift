@testable import Playground
import TestSupport
import Timing
import TouchCore

/// A window holding the playground, on a fake clock that touches and
/// timers share: `send` stamps each frame with the clock's time, `advance`
/// moves the clock (firing timers), `frame` runs the display links as the
/// app does once per frame.
final class PlaygroundStage {
    let clock = ManualClock(now: 100)
    let timers: TimerQueue
    let window: Window
    let playground: PlaygroundView
    var sounds: [PlaygroundSound] = []
    var exits = 0

    init(width: Double = 900, height: Double = 600) {
        timers = TimerQueue(clock: clock)
        window = Window(size: Size(width: width, height: height), timers: timers)
        playground = PlaygroundView(frame: window.bounds)
        window.addSubview(playground)
        playground.onSound = { [unowned self] in sounds.append($0) }
        playground.onExit = { [unowned self] in exits += 1 }
        window.tracer = { [unowned self] record in playground.record(record, at: clock.now) }
    }

    var now: Double { clock.now }
    var pictures: PicturesPage { playground.pictures }
    var monkey: PictureView { pictures.monkey }
    var banana: PictureView { pictures.banana }

    /// `point` of `view` in window coordinates.
    func point(_ point: Point, of view: View) -> Point { view.convert(point, to: nil) }
    func centre(of view: View) -> Point { view.convert(Point(x: view.bounds.midX, y: view.bounds.midY), to: nil) }

    /// One frame of changes at the clock's time.
    func send(_ changes: [(phase: RawTouch.Phase, id: Int32, at: Point)]) {
        let raw = changes.map { RawTouch(device: fingers, id: $0.id, phase: $0.phase, location: $0.at, timestamp: now) }
        window.handle(TouchFrame(changes: raw, timestamp: now))
    }

    func down(_ id: Int32, _ point: Point) { send([(.down, id, point)]) }
    func move(_ id: Int32, _ point: Point) { send([(.move, id, point)]) }
    func up(_ id: Int32) { send([(.up, id, .zero)]) }

    func advance(_ seconds: Double) { timers.advance(by: seconds) }

    /// Runs the display links for frames every 1/60 s until none runs,
    /// for at most `limit` seconds; returns how many frames ran.
    @discardableResult
    func runFrames(limit: Double = 5, each: () -> Void = {}) -> Int {
        var frames = 0
        while window.needsAnimationFrame, Double(frames) / 60 < limit {
            advance(1.0 / 60)
            window.runDisplayLinks(at: now)
            frames += 1
            each()
        }
        return frames
    }
}

/// The state each action of a recognizer found, in order.
final class StateLog {
    private(set) var states: [GestureRecognizer.State] = []

    init(_ recognizer: GestureRecognizer) {
        recognizer.addTarget(self, action: Action("log")) { log, recognizer in log.states.append(recognizer.state) }
    }

    var began: Bool { states.contains(.began) }
}
