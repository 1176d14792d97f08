import Timing
@testable import TouchCore

func makeWindow(width: Double = 400, height: Double = 300) -> Window {
    Window(size: Size(width: width, height: height), timers: TimerQueue(clock: ManualClock()))
}

extension Window {
    /// Sends one frame holding `changes`, timestamped with the last change.
    func send(_ changes: RawTouch...) {
        handle(TouchFrame(changes: changes, timestamp: changes.last?.timestamp ?? 0))
    }
}

/// A shared, ordered record of what responders received.
final class Log {
    var entries: [String] = []
}

/// One touch message a `RecordingView` received.
struct TouchCall {
    let phase: Touch.Phase
    let touches: Set<Touch>
}

/// A view that records its touch messages (into its own list and, by name,
/// into a shared log) and optionally passes them on along the chain.
final class RecordingView: View {
    let name: String
    let log: Log
    var forwards = false
    private(set) var calls: [TouchCall] = []

    init(_ name: String, frame: Rect, log: Log = Log()) {
        self.name = name
        self.log = log
        super.init(frame: frame)
        // It records every touch; tests of one touch at a time say so.
        isMultipleTouchEnabled = true
    }

    var phases: [Touch.Phase] { calls.map(\.phase) }

    override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        record(.began, touches)
        if forwards { super.touchesBegan(touches, with: event) }
    }

    override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        record(.moved, touches)
        if forwards { super.touchesMoved(touches, with: event) }
    }

    override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        record(.ended, touches)
        if forwards { super.touchesEnded(touches, with: event) }
    }

    override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        record(.cancelled, touches)
        if forwards { super.touchesCancelled(touches, with: event) }
    }

    private func record(_ phase: Touch.Phase, _ touches: Set<Touch>) {
        calls.append(TouchCall(phase: phase, touches: touches))
        log.entries.append("\(name) \(phase)")
    }
}

func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
    Rect(x: x, y: y, width: width, height: height)
}

/// Whether two points are equal up to rounding.
func close(_ lhs: Point, _ rhs: Point, tolerance: Double = 1e-9) -> Bool {
    abs(lhs.x - rhs.x) <= tolerance && abs(lhs.y - rhs.y) <= tolerance
}
