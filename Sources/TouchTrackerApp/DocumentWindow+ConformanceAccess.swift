import Decorations
import WaylandClient

/// What the conformance runner (the Conformance target, above this one)
/// reads and sets on the session's first window. The hooks and the layout
/// stay internal where DocumentWindow declares them; this is the one door
/// to them from outside.
extension DocumentWindow {
    /// Adds `observer` to `inputObservers`: it sees every input batch as it arrives.
    package func observeInput(_ observer: any InputObserver) {
        inputObservers.append(observer)
    }

    /// Sets `onFramePainted`: sees each frame once painted, before it is committed.
    package func observePaintedFrames(_ observer: @escaping (DrawTarget) -> Void) {
        onFramePainted = observer
    }

    /// The window's layout as a recording writes it.
    package var layout: WindowLayout { windowLayout }

    /// Whether palm rejection drops a resting palm's fingers.
    package var isPalmRejectionEnabled: Bool { palmRejection.isEnabled }
}
