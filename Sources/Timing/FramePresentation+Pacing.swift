extension FramePresentation {
    /// How a frame that carried input was paced, kept with it until its
    /// feedback comes, so a recording tells whether commit for the latch
    /// engaged (the inspector's "paced:" says so only live).
    public enum Pacing: String, Equatable, Sendable, CaseIterable {
        /// Drawn for a predicted latch: at the deadline before it, or at
        /// once for sparse input aimed at it.
        case latch
        /// Drawn when the compositor's frame callback came (no latch
        /// predicted, `--frame-callback-pacing`, or a prompt draw).
        case frameCallback = "frame-callback"
    }

    public var isLatchPaced: Bool { pacing == .latch }
}
