/// Turns a window's indirect gesture steps into sequences hit-tested where
/// they begin, and hands each step to the gesture environment.
///
/// Imperfect input, as for touches: a `changed`, `ended` or `cancelled`
/// with no gesture of its device, source and kind running is ignored; a
/// `began` while one runs ends that one as cancelled first (its end was
/// lost).
final class IndirectGestureDispatcher {
    private unowned let window: Window
    private let environment: GestureEnvironment
    /// The gestures running, one per device and source at most.
    private var running: [IndirectGestureSequence] = []

    init(window: Window, environment: GestureEnvironment) {
        self.window = window
        self.environment = environment
    }

    func handle(_ gesture: IndirectGesture) {
        let index = running.firstIndex { $0.device == gesture.device && $0.source == gesture.source }
        switch gesture.phase {
        case .began:
            if let index {
                let lost = running.remove(at: index)
                lost.latest.phase = .cancelled
                lost.latest.timestamp = gesture.timestamp
                environment.deliver(lost)
            }
            let hit = window.hitTest(gesture.location, with: .hitTesting(.pointer, at: gesture.timestamp))
            window.touchDidHit(hit)
            let sequence = IndirectGestureSequence(gesture, view: hit)
            running.append(sequence)
            environment.deliver(sequence)
        case .changed:
            guard let index, running[index].kind == gesture.kind else { return }
            running[index].latest = gesture
            environment.deliver(running[index])
        case .ended, .cancelled:
            guard let index, running[index].kind == gesture.kind else { return }
            let sequence = running.remove(at: index)
            sequence.latest = gesture
            environment.deliver(sequence)
        }
    }
}
