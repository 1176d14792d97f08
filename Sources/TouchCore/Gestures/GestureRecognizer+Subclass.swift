/// What only a recognizer's own code may do, for recognizers written outside
/// TouchCore: the counterpart of UIKit's `UIGestureRecognizerSubclass.h`,
/// which makes `state` writable only where it is imported. Code that imports
/// TouchCore plainly sees `state` read-only; a file that writes a recognizer
/// imports it with `@_spi(GestureRecognizerSubclass) import TouchCore`.
@_spi(GestureRecognizerSubclass)
extension GestureRecognizer {
    /// Sets `state` from the recognizer's own touch methods or timers, with
    /// the same rules as inside TouchCore (illegal transitions trap in debug
    /// builds).
    public func setState(_ newState: State) {
        state = newState
    }
}
