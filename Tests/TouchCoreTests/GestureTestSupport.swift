import TestSupport
import Timing
@testable import TouchCore

/// Records a recognizer's action messages: the state at each, in order.
final class ActionRecorder {
    private(set) var states: [GestureRecognizer.State] = []
    private let log: Log?
    private let name: String

    /// Adds itself as a target of `recognizer`, also writing "<name> action
    /// <state>" into `log` when given.
    init(_ recognizer: GestureRecognizer, name: String = "", log: Log? = nil) {
        self.name = name
        self.log = log
        recognizer.addTarget(self, action: Action("record")) { recorder, recognizer in
            recorder.states.append(recognizer.state)
            recorder.log?.entries.append("\(recorder.name) action \(recognizer.state)")
        }
    }

    var count: Int { states.count }
}

/// A tap recognizer that writes "<name> <hook>" into a log for each touch
/// message, so tests can check the order of deliveries.
final class LoggingTap: TapGestureRecognizer {
    let log: Log

    init(_ name: String, log: Log) {
        self.log = log
        super.init()
        self.name = name
    }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        log.entries.append("\(traceName) touchesBegan")
        super.touchesBegan(touches, with: event)
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        log.entries.append("\(traceName) touchesMoved")
        super.touchesMoved(touches, with: event)
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        log.entries.append("\(traceName) touchesEnded")
        super.touchesEnded(touches, with: event)
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        log.entries.append("\(traceName) touchesCancelled")
        super.touchesCancelled(touches, with: event)
    }
}

/// A delegate whose answers tests choose.
final class ConfigurableDelegate: GestureRecognizerDelegate {
    var shouldBegin = true
    var shouldReceive: (Touch) -> Bool = { _ in true }
    var shouldReceiveIndirect: (IndirectGesture) -> Bool = { _ in true }
    var simultaneous: (GestureRecognizer) -> Bool = { _ in false }
    var requireFailureOf: (GestureRecognizer) -> Bool = { _ in false }
    var beRequiredToFailBy: (GestureRecognizer) -> Bool = { _ in false }
    private(set) var shouldBeginAsked = 0

    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
        shouldBeginAsked += 1
        return shouldBegin
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        shouldReceive(touch)
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive gesture: IndirectGesture) -> Bool {
        shouldReceiveIndirect(gesture)
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        simultaneous(other)
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        requireFailureOf(other)
    }

    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
        beRequiredToFailBy(other)
    }
}

/// A window with one full-size recording view, the usual test stage.
struct GestureStage {
    let window: Window
    let view: RecordingView
    let log: Log

    init(width: Double = 400, height: Double = 300) {
        log = Log()
        window = makeWindow(width: width, height: height)
        view = RecordingView("view", frame: rect(0, 0, width, height), log: log)
        window.addSubview(view)
    }

    var timers: TimerQueue { window.timers }

    /// A finger that goes down and up at the same place.
    func tap(_ id: Int32 = 1, at x: Double, _ y: Double, time: Double = 0) {
        window.send(down(id, x, y, at: time))
        window.send(up(id, at: time))
    }
}

extension RecordingView {
    /// Every touch whose messages started with began and ended with ended or
    /// cancelled, against every touch the view saw.
    var touchesStillHeld: Set<Touch> {
        var held: Set<Touch> = []
        for call in calls {
            switch call.phase {
            case .began: held.formUnion(call.touches)
            case .ended, .cancelled: held.subtract(call.touches)
            case .moved, .stationary: break
            }
        }
        return held
    }
}

/// Records a value a recognizer's targets would read (its scale, its
/// rotation…) at each of its actions, with the state: what is read after the
/// gesture is gone, since a recognizer resets once its gesture is over.
final class ValueRecorder {
    private(set) var values: [(state: GestureRecognizer.State, value: Double)] = []

    init(_ recognizer: GestureRecognizer, _ read: @escaping (GestureRecognizer) -> Double) {
        recognizer.addTarget(self, action: Action("value")) { recorder, recognizer in
            recorder.values.append((recognizer.state, read(recognizer)))
        }
    }

    /// The value at the latest action.
    var last: Double? { values.last?.value }
}
