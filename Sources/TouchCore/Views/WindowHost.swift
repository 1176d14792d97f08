/// What shows a `Window` on screen: the session's Wayland window, or a
/// test. The core asks it for frames and never learns what a frame is.
public protocol WindowHost: AnyObject {
    /// The window went from no damage to some: ask for a frame (once until
    /// the damage is taken).
    func windowNeedsDisplay(_ window: Window)
    /// A display link started running (added, or unpaused): call
    /// `runDisplayLinks(at:)` once per frame for as long as
    /// `needsAnimationFrame` holds.
    func windowNeedsAnimationFrame(_ window: Window)
}
