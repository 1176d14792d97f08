extension GestureRecognizer {
    /// A move of a continuous gesture (pinch, rotation), by fingers or an
    /// indirect gesture alike: while still possible it begins once it has
    /// gone past its hysteresis, so a wobble is no pinch; in progress,
    /// every move is a change.
    func continuousGestureMoved(pastHysteresis: @autoclosure () -> Bool) {
        if state == .possible {
            if pastHysteresis() { state = .began }
        } else if state.isInProgress {
            state = .changed
        }
    }
}
