/// The abstract base of gesture recognizers (UIGestureRecognizer).
///
/// A recognizer observes the touches of its view (and of the view's
/// subviews); it is not part of the responder chain. Subclasses override the
/// touch methods, set `state`, and clear their own state in `reset()`.
open class GestureRecognizer {
    /// The recognizer's state machine (SPEC §5).
    public enum State: Hashable, Sendable {
        case possible
        case began
        case changed
        case ended
        case cancelled
        case failed

        /// A discrete gesture recognizes by ending.
        public static var recognized: State { .ended }
    }

    /// The view this recognizer is attached to; set by
    /// `View.addGestureRecognizer(_:)` and `View.removeGestureRecognizer(_:)`.
    public internal(set) weak var view: View?

    /// A disabled recognizer receives no touches.
    public var isEnabled = true

    public var state: State = .possible

    public init() {}

    open func touchesBegan(_ touches: Set<Touch>, with event: Event) {}

    open func touchesMoved(_ touches: Set<Touch>, with event: Event) {}

    open func touchesEnded(_ touches: Set<Touch>, with event: Event) {}

    open func touchesCancelled(_ touches: Set<Touch>, with event: Event) {}

    /// Clears per-gesture state once the recognizer is back to `possible`.
    open func reset() {}
}
