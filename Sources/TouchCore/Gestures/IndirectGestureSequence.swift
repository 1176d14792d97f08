/// One indirect gesture from `began` to its end: what the recognizers
/// receiving it share, as they share a `Touch` (SPEC §5's rules between
/// recognizers hold for it as for touches).
final class IndirectGestureSequence {
    /// The view hit where it began; nil when nothing was.
    let view: View?
    /// Its latest step.
    var latest: IndirectGesture
    /// The recognizers chosen for it when it began, deepest view first.
    var receivers: [GestureRecognizer] = []

    init(_ gesture: IndirectGesture, view: View?) {
        latest = gesture
        self.view = view
    }

    var device: InputDeviceID { latest.device }
    var source: IndirectGesture.Source { latest.source }
    var kind: IndirectGesture.Kind { latest.kind }
}
