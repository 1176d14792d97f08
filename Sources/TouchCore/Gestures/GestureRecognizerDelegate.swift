/// Lets another object tune how a recognizer interacts with touches and with
/// other recognizers (UIGestureRecognizerDelegate). Every method is optional:
/// the defaults here are UIKit's.
public protocol GestureRecognizerDelegate: AnyObject {
    /// Asked when `gestureRecognizer` is about to leave `possible` (to begin
    /// or to be recognized). No → it fails instead.
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool

    /// Asked before `gestureRecognizer` sees a new touch. No → it never sees
    /// that touch (and does not delay or cancel its delivery to the view).
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool

    /// Asked before `gestureRecognizer` receives an indirect gesture of a
    /// kind it accepts (a touchpad pinch or swipe, a wheel burst), at its
    /// `began`. No → it never sees that gesture.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive gesture: IndirectGesture) -> Bool

    /// Whether both may recognize at once when they share touches (or an
    /// indirect gesture). Either
    /// side's delegate saying yes is enough.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool

    /// Whether `gestureRecognizer` must wait for `other` to fail, as if
    /// `gestureRecognizer.require(toFail: other)` had been called.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldRequireFailureOf other: GestureRecognizer) -> Bool

    /// Whether `other` must wait for `gestureRecognizer` to fail.
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                           shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool
}

extension GestureRecognizerDelegate {
    public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool {
        true
    }

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldReceive gesture: IndirectGesture) -> Bool {
        true
    }

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith other: GestureRecognizer) -> Bool {
        false
    }

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldRequireFailureOf other: GestureRecognizer) -> Bool {
        false
    }

    public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer,
                                  shouldBeRequiredToFailBy other: GestureRecognizer) -> Bool {
        false
    }
}
