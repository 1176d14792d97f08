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
        /// Drawn as soon as the input came, no frame being outstanding
        /// (the compositor had taken the last one: its frame callback
        /// came) and no latch predicted that the compositor will repaint
        /// at: before its grid is known, or while it is idle (weston
        /// starts repainting from the commit). Only with latch pacing
        /// allowed; under `--frame-callback-pacing` such frames are
        /// `frameCallback`, the discipline they were drawn under.
        case atOnce = "at-once"
    }

    public var isLatchPaced: Bool { pacing == .latch }
}
