import Timing

/// Recognizes fingers held still (UILongPressGestureRecognizer). Continuous:
/// `began` when the press has lasted `minimumPressDuration`, `changed` as
/// the fingers move afterwards, `ended` when a finger lifts.
///
/// Before it begins, the press fails if a finger drifts more than
/// `allowableMovement` points, if more than `numberOfTouchesRequired`
/// fingers go down, or if a finger lifts. With `numberOfTapsRequired` > 0,
/// that many quick taps (each shorter than `minimumPressDuration`, each
/// starting within `maximumIntervalBetweenTaps` of the previous lift) come
/// first, and the press is the next touch-down.
open class LongPressGestureRecognizer: GestureRecognizer {
    /// Seconds the fingers must stay down. Default 0.5 s.
    public var minimumPressDuration = 0.5
    /// Points a finger may move before the gesture begins. Default 10.
    public var allowableMovement = 10.0
    public var numberOfTouchesRequired = 1
    /// Taps before the press. Default 0.
    public var numberOfTapsRequired = 0
    /// Seconds between a tap's lift and the next touch-down, as for taps.
    var maximumIntervalBetweenTaps = 0.35

    private var completedTaps = 0
    private var pressStarts: [Touch: Point] = [:]
    private var mostFingersInPress = 0
    private var timer: TimerHandle?

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        if state.isInProgress {
            // The gesture is held by its own fingers; later ones are not part of it.
            for touch in touches { ignore(touch, for: event) }
            return
        }
        guard state == .possible else { return }
        timer?.cancel()
        for touch in touches { pressStarts[touch] = touch.location(in: nil) }
        mostFingersInPress = max(mostFingersInPress, pressStarts.count)
        if pressStarts.count > numberOfTouchesRequired {
            fail()
        } else if pressStarts.count == numberOfTouchesRequired {
            timer = schedule(after: minimumPressDuration) { $0.pressLasted() }
        }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
        if state.isInProgress {
            state = .changed
            return
        }
        guard state == .possible else { return }
        for touch in touches {
            guard let start = pressStarts[touch] else { continue }
            if touch.location(in: nil).distance(to: start) > allowableMovement {
                fail()
                return
            }
        }
    }

    open override func touchesEnded(_ touches: Set<Touch>, with event: Event) {
        if state.isInProgress {
            state = .ended
            return
        }
        guard state == .possible else { return }
        for touch in touches { pressStarts[touch] = nil }
        let wasQuickTap = completedTaps < numberOfTapsRequired && timer?.isActive == true
            && mostFingersInPress == numberOfTouchesRequired
        guard wasQuickTap else {
            fail()
            return
        }
        guard pressStarts.isEmpty else { return }
        timer?.cancel()
        completedTaps += 1
        mostFingersInPress = 0
        timer = schedule(after: maximumIntervalBetweenTaps) { $0.fail() }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        timer?.cancel()
        if state.isInProgress {
            state = .cancelled
        } else {
            fail()
        }
    }

    open override func reset() {
        super.reset()
        timer?.cancel()
        timer = nil
        completedTaps = 0
        // Its storage stays for the next gesture: rebuilding it from empty
        // allocated, and grew again for a second finger, each gesture.
        pressStarts.removeAll(keepingCapacity: true)
        mostFingersInPress = 0
    }

    private func pressLasted() {
        guard state == .possible else { return }
        if completedTaps == numberOfTapsRequired && pressStarts.count == numberOfTouchesRequired {
            state = .began
        } else {
            // A press that was meant to be a tap lasted too long.
            fail()
        }
    }

    private func fail() {
        timer?.cancel()
        if state == .possible { state = .failed }
    }
}
