/// What paints a window's frames, set once on the `ToplevelWindow`
/// (`frameSource`): the window decides when a frame is due (a frame
/// callback, a latch deadline) and hands the source a buffer to paint.
public protocol FrameSource: AnyObject {
    /// Paints the frame `target` holds (at least its damage), on the loop's
    /// thread; the window commits it once this returns.
    func draw(into target: DrawTarget)
}
