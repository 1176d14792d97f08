/// Routes a window's indirect gestures (touchpad pinches and swipes, wheel
/// bursts): turns their steps into sequences hit-tested where they begin,
/// chooses the recognizers that take each, and delivers every step to them
/// inside the gesture environment, which settles their states as for
/// touches.
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
                deliver(lost)
            }
            let hit = window.hitTest(gesture.location, with: .hitTesting(.pointer, at: gesture.timestamp))
            window.touchDidHit(hit)
            let sequence = IndirectGestureSequence(gesture, view: hit)
            running.append(sequence)
            deliver(sequence)
        case .changed:
            guard let index, running[index].kind == gesture.kind else { return }
            running[index].latest = gesture
            deliver(running[index])
        case .ended, .cancelled:
            guard let index, running[index].kind == gesture.kind else { return }
            let sequence = running.remove(at: index)
            sequence.latest = gesture
            deliver(sequence)
        }
    }

    /// Delivers the latest step of an indirect gesture: at its `began` the
    /// recognizers that accept it are chosen (as for a new touch: on its
    /// hit view and the view's ancestors, deepest first), and after its end
    /// they let go of it, going back to possible when done.
    private func deliver(_ sequence: IndirectGestureSequence) {
        environment.perform {
            let gesture = sequence.latest
            if gesture.phase == .began { chooseReceivers(of: sequence) }
            var cancelledRecipients: [GestureRecognizer] = []
            for recognizer in sequence.receivers
            where recognizer.indirectSequence === sequence && environment.isReceivingTouches(recognizer) {
                if let tracer = environment.tracer {
                    tracer(.indirectGesture(gesture.phase, kind: gesture.kind, source: gesture.source,
                                            receiver: recognizer.traceName))
                }
                switch gesture.phase {
                case .began: recognizer.indirectGestureBegan(gesture)
                case .changed: recognizer.indirectGestureChanged(gesture)
                case .ended: recognizer.indirectGestureEnded(gesture)
                case .cancelled:
                    recognizer.indirectGestureCancelled(gesture)
                    cancelledRecipients.append(recognizer)
                }
            }
            environment.endGestures(of: cancelledRecipients)
            guard gesture.phase == .ended || gesture.phase == .cancelled else { return }
            for recognizer in sequence.receivers where recognizer.indirectSequence === sequence {
                recognizer.noteCentroid()
                recognizer.indirectSequence = nil
            }
            sequence.receivers = []
        }
    }

    /// The recognizers that take a new indirect gesture: enabled, accepting
    /// its kind, possible, free of touches and of other indirect gestures,
    /// and let by their delegate.
    private func chooseReceivers(of sequence: IndirectGestureSequence) {
        let gesture = sequence.latest
        var view = sequence.view
        while let current = view {
            for recognizer in current.gestureRecognizers
            where recognizer.isEnabled && recognizer.pendingState == nil && recognizer.currentState == .possible
                && recognizer.trackedTouches.isEmpty && recognizer.indirectSequence == nil
                && recognizer.acceptsIndirectGesture(gesture.kind) {
                guard recognizer.delegate?.gestureRecognizer(recognizer, shouldReceive: gesture) ?? true else { continue }
                recognizer.indirectSequence = sequence
                sequence.receivers.append(recognizer)
                environment.activate(recognizer)
            }
            view = current.superview
        }
    }
}
