import WaylandClient
import WaylandInput

/// Watches every input batch a window handles, beside the scene that acts
/// on it: the recorder, `--log-input`, `check --live`'s guide and the
/// conformance runner. The window keeps them in one list
/// (`DocumentWindow.inputObservers`) and shows each batch to them in order
/// before its scene handles it.
package protocol InputObserver: AnyObject {
    func observe(_ event: InputEvent, origin: InputOrigin)
}
