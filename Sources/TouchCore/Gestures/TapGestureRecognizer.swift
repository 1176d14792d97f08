import Timing

/// Recognizes one or more taps of one or more fingers (UITapGestureRecognizer).
/// Discrete: `possible → recognized` when the last required tap lifts.
///
/// A tap is `numberOfTouchesRequired` fingers down together (never more),
/// each moving at most `allowableMovement` points, all lifted within
/// `maximumPressDuration` of the first one going down, and (when
/// `maximumTouchDownSpread` is set) all down within that time of the first.
/// Each next tap must go down within `maximumIntervalBetweenTaps` of the
/// previous lift and within `allowableTapSeparation` of the first tap.
/// Anything else fails, so a recognizer waiting for this one
/// (`require(toFail:)`) can go ahead.
open class TapGestureRecognizer: GestureRecognizer {
    public var numberOfTapsRequired = 1
    public var numberOfTouchesRequired = 1
    /// How long after a lift the next tap may begin (seconds). UIKit does not
    /// document its value; 0.35 s feels like its double-tap window.
    var maximumIntervalBetweenTaps = 0.35
    /// How far a finger may drift during a tap (points). UIKit uses about
    /// 45 points.
    public var allowableMovement = 45.0
    /// How far later taps may land from the first (points). UIKit uses the
    /// same 45 points as for the drift; a view that keeps the drift small
    /// (so that short strokes are not taps) can still accept a second
    /// finger tap that lands a little off the first.
    var allowableTapSeparation = 45.0
    /// A press held longer than this (seconds) is not a tap.
    public var maximumPressDuration = 1.5
    /// How long after a tap's first finger the others may still go down
    /// (seconds); nil: until the press is over, as in UIKit. A two-finger
    /// tap that must tell itself from a finger drawing while another joins
    /// it later sets it (Procreate and Krita take about 150 ms).
    public var maximumTouchDownSpread: Double?

    private var completedTaps = 0
    /// Fingers down in the current tap, with where each went down (window).
    private var pressStarts: [Touch: Point] = [:]
    private var mostFingersInTap = 0
    /// Where the first tap went down (window), for the next taps.
    private var firstTapLocation: Point?
    private var timer: TimerHandle?
    /// Runs out `maximumTouchDownSpread` after a tap's first finger.
    private var spreadTimer: TimerHandle?

    open override func touchesBegan(_ touches: Set<Touch>, with event: Event) {
        guard state == .possible else { return }
        if pressStarts.isEmpty {
            // A new tap starts: the wait for it is over, the press clock runs.
            startTimer(after: maximumPressDuration)
            if let spread = maximumTouchDownSpread, numberOfTouchesRequired > 1 {
                spreadTimer = schedule(after: spread) { $0.touchDownSpreadEnded() }
            }
        }
        for touch in touches {
            let location = touch.location(in: nil)
            // The fingers of one tap may be far apart; later taps land near the first.
            if completedTaps > 0, let firstTapLocation, location.distance(to: firstTapLocation) > allowableTapSeparation {
                fail()
                return
            }
            pressStarts[touch] = location
        }
        mostFingersInTap = max(mostFingersInTap, pressStarts.count)
        if firstTapLocation == nil {
            firstTapLocation = centroid(of: pressStarts.values)
        }
        if pressStarts.count > numberOfTouchesRequired { fail() }
    }

    open override func touchesMoved(_ touches: Set<Touch>, with event: Event) {
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
        guard state == .possible else { return }
        for touch in touches { pressStarts[touch] = nil }
        guard pressStarts.isEmpty else { return }
        timer?.cancel()
        spreadTimer?.cancel()
        guard mostFingersInTap == numberOfTouchesRequired else {
            fail()
            return
        }
        completedTaps += 1
        mostFingersInTap = 0
        if completedTaps >= numberOfTapsRequired {
            state = .recognized
        } else {
            startTimer(after: maximumIntervalBetweenTaps)
        }
    }

    open override func touchesCancelled(_ touches: Set<Touch>, with event: Event) {
        fail()
    }

    open override func reset() {
        super.reset()
        timer?.cancel()
        timer = nil
        spreadTimer?.cancel()
        spreadTimer = nil
        completedTaps = 0
        // Its storage stays for the next gesture: rebuilding it from empty
        // allocated, and grew again for a second finger, each gesture.
        pressStarts.removeAll(keepingCapacity: true)
        mostFingersInTap = 0
        firstTapLocation = nil
    }

    /// One timer serves both limits: the press that lasts too long and the
    /// next tap that comes too late.
    private func startTimer(after delay: Double) {
        timer?.cancel()
        timer = schedule(after: delay) { $0.fail() }
    }

    /// The time for the tap's fingers to go down is over: fewer than
    /// required did.
    private func touchDownSpreadEnded() {
        if mostFingersInTap < numberOfTouchesRequired { fail() }
    }

    private func fail() {
        timer?.cancel()
        spreadTimer?.cancel()
        if state == .possible { state = .failed }
    }
}
