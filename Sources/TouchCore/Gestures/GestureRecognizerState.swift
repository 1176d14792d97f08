extension GestureRecognizer {
    /// Where a recognizer is in recognizing its gesture (UIGestureRecognizer.State).
    ///
    /// Discrete gestures (tap, swipe) go `possible → ended` (recognized) or
    /// `possible → failed`. Continuous gestures (long press, pan, pinch,
    /// rotation) go `possible → began → changed* → ended | cancelled`, or
    /// `possible → failed`. Only the gesture environment moves a recognizer
    /// back to `possible`, once all its touches are gone.
    public enum State: Hashable, Sendable, CustomStringConvertible {
        case possible
        case began
        case changed
        case ended
        case cancelled
        case failed

        /// A discrete gesture was recognized; the same state as `ended`.
        public static let recognized = State.ended

        /// Whether a recognizer may go from `self` to `next` by setting its
        /// `state`. `possible` is never a legal target: reset does that.
        func canTransition(to next: State) -> Bool {
            switch (self, next) {
            case (.possible, .began), (.possible, .ended), (.possible, .failed):
                return true
            case (.began, .changed), (.began, .ended), (.began, .cancelled):
                return true
            case (.changed, .changed), (.changed, .ended), (.changed, .cancelled):
                return true
            case (.possible, _), (.began, _), (.changed, _),
                 (.ended, _), (.cancelled, _), (.failed, _):
                return false
            }
        }

        /// True in `began` and `changed`: a continuous gesture in progress.
        var isInProgress: Bool {
            switch self {
            case .began, .changed: return true
            case .possible, .ended, .cancelled, .failed: return false
            }
        }

        /// True once the recognizer has nothing left to do until reset.
        var isFinished: Bool {
            switch self {
            case .ended, .cancelled, .failed: return true
            case .possible, .began, .changed: return false
            }
        }

        public var description: String {
            switch self {
            case .possible: return "possible"
            case .began: return "began"
            case .changed: return "changed"
            case .ended: return "ended"
            case .cancelled: return "cancelled"
            case .failed: return "failed"
            }
        }
    }
}
