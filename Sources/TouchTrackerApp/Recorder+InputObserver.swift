import Instruments

/// The recorder watches the window's input beside the scene (`--record`).
extension Recorder: InputObserver {}
